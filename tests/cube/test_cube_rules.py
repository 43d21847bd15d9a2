"""The 3D rules: every piece's movement against an independent distance-based description, blocking,
pins, checks and mates, and the ten reference cases."""

from itertools import product

import pytest

from tablebase.core.cube_notation import CubePosition
from tablebase.errors import BoardSyntaxError, ChessInputError

REFERENCE_CASES = [
    ("[###,n##,#rr],[#b#,###,###],[###,###,bRK]", True),
    ("[b#b,###,###],[###,###,RNR],[#q#,###,#K#]", False),
    ("[#q#,#b#,###],[n##,###,###],[#k#,###,#KB]", False),
    ("[####,####,r###,####],[####,#q##,####,####],[##r#,###b,####,BRnn],[####,####,#N##,#KQ#]", True),
    ("[###,##b,r#r],[###,###,###],[#k#,###,#K#]", False),
    ("[##k,###,r#K],[###,n##,#N#],[###,###,#Q#]", True),
    ("[###,###,##q],[###,###,###],[#k#,###,rNK]", True),
    ("[#q,##],[##,K#]", False),
    ("[rq,##],[##,K#]", True),
    ("[###,###,#q#],[###,###,###],[#k#,###,BKn]", False),
]


def board_with(n: int, pieces: dict) -> CubePosition:
    """A position from {(x, y, z): symbol}."""
    layers = []
    for z in range(n):
        rows = []
        for y in range(n):
            rows.append("".join(pieces.get((x, y, z), "#") for x in range(n)))
        layers.append("[" + ",".join(rows) + "]")
    return CubePosition.parse(",".join(layers))


def reaches_on_empty_board(kind: str, d: tuple) -> bool:
    """The variant's definition by absolute distances along the three axes."""
    a = sorted(abs(c) for c in d)
    if a == [0, 0, 0]:
        return False
    rook = a[0] == 0 and a[1] == 0
    bishop = a[0] == a[1] == a[2]
    return {
        "R": rook,
        "B": bishop,
        "Q": rook or bishop or (a[0] == 0 and a[1] == a[2]),
        "N": a == [0, 1, 2],
        "K": a[2] <= 1,
    }[kind]


@pytest.mark.parametrize("n", [2, 3, 4, 5])
@pytest.mark.parametrize("kind", "KQRBN")
def test_every_piece_moves_as_described_on_an_empty_board(n, kind):
    for start in product(range(n), repeat=3):
        position = board_with(n, {start: kind})
        got = sorted(map(tuple, position.legal_destinations(list(start))))
        want = sorted(
            cube for cube in product(range(n), repeat=3)
            if reaches_on_empty_board(kind, tuple(c - s for c, s in zip(cube, start)))
        )
        assert got == want, (kind, start)


def test_move_counts_from_the_centre_of_a_5_board():
    counts = {k: len(board_with(5, {(2, 2, 2): k}).legal_destinations([2, 2, 2])) for k in "KQRBN"}
    assert counts == {"K": 26, "Q": 26 * 2, "R": 6 * 2, "B": 8 * 2, "N": 24}


def test_sliders_are_blocked_and_capture_the_first_enemy():
    # Rook on (0,0,0) looking along +x: own knight at x=2 blocks, enemy rook along +z is taken.
    position = board_with(4, {(0, 0, 0): "R", (2, 0, 0): "N", (0, 0, 2): "r"})
    dests = sorted(map(tuple, position.legal_destinations([0, 0, 0])))
    assert (1, 0, 0) in dests and (2, 0, 0) not in dests and (3, 0, 0) not in dests
    assert (0, 0, 1) in dests and (0, 0, 2) in dests and (0, 0, 3) not in dests


def test_bishop_moves_only_on_triagonals_and_is_blocked():
    position = board_with(4, {(0, 0, 0): "B", (2, 2, 2): "n"})
    dests = sorted(map(tuple, position.legal_destinations([0, 0, 0])))
    assert dests == [(1, 1, 1), (2, 2, 2)]


def test_knight_jumps_over_pieces():
    pieces = {(1, 1, 1): "N"}
    pieces.update({c: "R" for c in product(range(3), repeat=3) if c != (1, 1, 1) and max(c) < 3 and c != (3, 3, 3)})
    position = board_with(4, pieces)
    dests = set(map(tuple, position.legal_destinations([1, 1, 1])))
    assert (3, 2, 1) in dests and (1, 3, 2) in dests


def test_a_king_is_never_a_destination():
    position = board_with(3, {(0, 0, 0): "R", (2, 0, 0): "k", (0, 2, 2): "K"})
    assert [2, 0, 0] not in position.legal_destinations([0, 0, 0])


def test_pinned_piece_may_only_move_along_the_pin():
    # White king (0,0,0), white rook (0,0,1), black rook (0,0,3): the rook is pinned along z.
    position = board_with(4, {(0, 0, 0): "K", (0, 0, 1): "R", (0, 0, 3): "r"})
    assert sorted(map(tuple, position.legal_destinations([0, 0, 1]))) == [(0, 0, 2), (0, 0, 3)]


def test_pieces_move_freely_without_their_own_king():
    position = board_with(3, {(0, 0, 0): "R", (2, 2, 2): "q"})
    assert len(position.legal_destinations([0, 0, 0])) == 6


def test_king_may_not_step_along_the_checking_line():
    position = board_with(4, {(1, 0, 0): "K", (3, 0, 0): "r", (3, 3, 3): "k"})
    dests = set(map(tuple, position.legal_destinations([1, 0, 0])))
    assert (0, 0, 0) not in dests  # still on the rook's line, behind the king
    assert (2, 0, 0) not in dests  # attacked by the rook
    assert (1, 1, 0) in dests


def test_double_check_can_only_be_met_by_a_king_move():
    # Rook checks along x, knight checks; a white queen could take the rook but not both.
    position = board_with(4, {(0, 0, 0): "K", (3, 0, 0): "r", (1, 2, 0): "n", (3, 3, 0): "Q",
                              (3, 3, 3): "k"})
    result = position.analyze()
    assert result["check"] and len(result["checkers"]) == 2
    assert position.legal_destinations([3, 3, 0]) == []


def test_capture_to_escape_check():
    position = board_with(3, {(0, 0, 0): "K", (2, 0, 0): "r", (2, 1, 2): "N", (0, 2, 2): "r",
                              (1, 2, 2): "r", (2, 2, 2): "k"})
    # the knight (2,1,2) takes the checking rook on (2,0,0): a knight move (0,1,2)
    assert [2, 0, 0] in position.legal_destinations([2, 1, 2])
    assert position.analyze()["checkmate"] is False


def test_block_to_escape_check():
    # the third reference case: the bishop blocks the queen's line
    position = CubePosition.parse(REFERENCE_CASES[2][0])
    assert [1, 1, 1] in position.legal_destinations([2, 2, 2])


@pytest.mark.parametrize("board, mate", REFERENCE_CASES)
def test_seed_cases(board, mate):
    assert CubePosition.parse(board).analyze()["checkmate"] is mate


def test_seed_stalemate_is_not_checkmate():
    result = CubePosition.parse(REFERENCE_CASES[4][0]).analyze()
    assert result == {"n": 3, "check": False, "checkmate": False, "stalemate": True, "checkers": []}


@pytest.mark.parametrize("board", [case for case, _ in REFERENCE_CASES])
def test_notation_round_trips(board):
    assert CubePosition.parse(board).notation() == board


def test_array_forms_are_accepted():
    rows = [["###", "n##", "#rr"], ["#b#", "###", "###"], ["###", "###", "bRK"]]
    chars = [[list(row) for row in layer] for layer in rows]
    text = CubePosition.parse(REFERENCE_CASES[0][0])
    assert CubePosition.parse(rows) == text == CubePosition.parse(chars)


@pytest.mark.parametrize("board, words", [
    ("[##,##]", "between 2 and 10"),
    ("[###,###,###],[###,###],[###,###,###]", "layer 1 has 2 rows"),
    ("[###,##,###],[###,###,###],[###,###,###]", "row 1 of layer 0 has 2 cubes"),
    ("[#x,##],[##,K#]", "unknown character 'x'"),
    ("[#P,##],[##,K#]", "unknown character 'P'"),
    ("[K]", "between 2 and 10"),
    ("," .join(["[" + ",".join(["#" * 11] * 11) + "]"] * 11), "between 2 and 10"),
    ("[KK,##],[##,##]", "several white kings"),
    ("[kk,##],[##,K#]", "several black kings"),
    ("###,###", "expected layers"),
    ("", "empty"),
])
def test_bad_boards_are_named(board, words):
    with pytest.raises(ChessInputError) as err:
        CubePosition.parse(board)
    assert words in str(err.value)


def test_bad_from_cubes():
    position = CubePosition.parse(REFERENCE_CASES[0][0])
    for bad, words in [([3, 0, 0], "off the 3x3x3 board"), ([0, 0, 0], "is empty"),
                       ([0, 0], "three integers"), (["0", 0, 0], "three integers"),
                       ([True, 0, 0], "three integers")]:
        with pytest.raises(ChessInputError) as err:
            position.legal_destinations(bad)
        assert words in str(err.value)


def test_analyze_needs_a_white_king():
    with pytest.raises(ChessInputError, match="no white king"):
        CubePosition.parse("[#q,##],[##,##]").analyze()


def test_a_board_text_longer_than_any_board_is_refused_before_it_is_split(monkeypatch):
    from tablebase.core import cube_notation as notation

    def split(_text):
        raise AssertionError("a text over the bound was split")

    monkeypatch.setattr(notation, "_split_url_form", split)
    monkeypatch.setattr(notation, "_split_notation", split)
    for text in ("/" * (notation.MAX_TEXT + 1), "[" + "#" * notation.MAX_TEXT + "]"):
        with pytest.raises(BoardSyntaxError, match=f"has {len(text)} characters"):
            CubePosition.parse(text)
    with pytest.raises(BoardSyntaxError, match="has 11 layers"):
        CubePosition.parse([["#"]] * 11)


def test_the_largest_board_written_loosely_is_within_the_bound():
    row = " ".join("#" * 10)
    text = ",\n".join("[ " + " ,  ".join([row] * 10) + " ]" for _ in range(10))
    assert len(text) < 3000
    assert CubePosition.parse(text.replace("#", "K", 1)).n == 10
