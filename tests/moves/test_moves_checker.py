"""The 2D move checker: the seven reference cases, reasons in words, and the HTTP contract."""

from __future__ import annotations

import pytest

from tablebase.core.fen import BoardPosition
from tablebase.core.geometry import parse_square
from tablebase.core.rules import CHESS_RULES
from tablebase.errors import ChessInputError
from tablebase.moves.forms import parse_pieces, parse_question, parse_uci, pieces_list
from tablebase.moves.rule import check_move, check_uci

pins = CHESS_RULES.pins

BOARD_1 = [["B", "K", 3, 8], ["B", "Q", 1, 5], ["B", "N", 4, 7], ["B", "N", 7, 8], ["B", "B", 2, 4],
           ["B", "R", 4, 8], ["B", "R", 8, 8], ["B", "P", 1, 7], ["B", "P", 2, 7], ["B", "P", 3, 6],
           ["B", "P", 5, 6], ["B", "P", 6, 7], ["B", "P", 7, 7], ["B", "P", 8, 7], ["W", "K", 5, 1],
           ["W", "Q", 6, 3], ["W", "N", 3, 3], ["W", "B", 5, 2], ["W", "B", 6, 4], ["W", "R", 1, 1],
           ["W", "R", 8, 1], ["W", "P", 1, 3], ["W", "P", 2, 2], ["W", "P", 3, 2], ["W", "P", 4, 4],
           ["W", "P", 6, 2], ["W", "P", 7, 2], ["W", "P", 8, 3]]
BOARD_2 = [['B', 'K', 6, 8], ['B', 'Q', 1, 7], ['B', 'N', 1, 3], ['B', 'N', 7, 1], ['B', 'B', 8, 8],
           ['B', 'B', 2, 5], ['B', 'R', 4, 3], ['B', 'R', 1, 5], ['B', 'P', 5, 5], ['B', 'P', 7, 2],
           ['B', 'P', 5, 7], ['B', 'P', 5, 6], ['B', 'P', 4, 4], ['W', 'K', 7, 3], ['W', 'Q', 3, 2],
           ['W', 'N', 4, 8], ['W', 'N', 7, 5], ['W', 'B', 1, 1], ['W', 'B', 8, 1], ['W', 'R', 1, 8],
           ['W', 'R', 3, 7], ['W', 'P', 8, 2], ['W', 'P', 6, 3], ['W', 'P', 4, 2], ['W', 'P', 1, 4],
           ['W', 'P', 8, 7]]
BOARD_3 = [['B', 'K', 7, 3], ['B', 'Q', 2, 4], ['B', 'N', 5, 2], ['B', 'N', 1, 6], ['B', 'B', 7, 7],
           ['B', 'B', 1, 8], ['W', 'K', 7, 1], ['W', 'Q', 6, 1], ['W', 'N', 5, 6], ['W', 'N', 3, 3],
           ['W', 'B', 2, 2], ['W', 'B', 6, 5]]
BOARD_4 = [['B', 'K', 7, 6], ['B', 'Q', 8, 3], ['B', 'N', 7, 7], ['B', 'N', 8, 7], ['B', 'B', 2, 2],
           ['B', 'B', 3, 8], ['B', 'R', 1, 1], ['B', 'R', 1, 6], ['B', 'P', 8, 5], ['B', 'P', 4, 3],
           ['B', 'P', 8, 6], ['W', 'K', 7, 8], ['W', 'Q', 7, 2], ['W', 'N', 5, 1], ['W', 'N', 4, 6],
           ['W', 'B', 1, 2], ['W', 'B', 2, 6], ['W', 'R', 4, 4], ['W', 'R', 3, 6], ['W', 'P', 5, 2],
           ['W', 'P', 6, 2]]
BOARD_6 = [['B', 'K', 8, 3], ['B', 'Q', 6, 5], ['B', 'N', 7, 8], ['B', 'N', 3, 7], ['B', 'B', 4, 1],
           ['B', 'B', 1, 1], ['W', 'K', 7, 7], ['W', 'Q', 7, 1], ['W', 'N', 2, 2], ['W', 'N', 1, 3],
           ['W', 'B', 3, 5]]
BOARD_7 = [['B', 'K', 6, 1], ['B', 'Q', 6, 2], ['W', 'K', 8, 1]]

# The seven reference cases, with words the reason must contain.
REFERENCE_CASES = [
    (BOARD_1, ["W", "R", 8, 2], True, ["rook on h1", "h2"]),
    (BOARD_2, ["W", "N", 1, 5], False, ["no white knight reaches a5"]),
    (BOARD_3, ["B", "K", 8, 3], False, ["check", "bishop on f5"]),
    (BOARD_4, ["B", "N", 5, 8], False, ["in check from the queen on g2", "does not stop it"]),
    (BOARD_4, ["B", "N", 7, 5], True, ["knight on h7", "blocking the check from the queen on g2"]),
    (BOARD_6, ["B", "B", 2, 2], True, ["bishop on a1", "take the white knight on b2"]),
    (BOARD_7, ["B", "Q", 7, 1], True, ["queen on f2", "g1"]),
]


@pytest.mark.parametrize("pieces, move, valid, words", REFERENCE_CASES)
def test_seed_cases(pieces, move, valid, words):
    verdict = check_move(parse_pieces(pieces), parse_question(move))
    assert verdict.valid is valid
    for word in words:
        assert word in verdict.reason


def test_seed_example_moves_of_the_first_board():
    cells = parse_pieces(BOARD_1)
    assert check_move(cells, parse_question(["W", "B", 4, 3])).valid  # only the e2 bishop can
    verdict = check_move(cells, parse_question(["B", "R", 4, 1]))
    assert not verdict.valid
    assert "blocked by the black knight on d7" in verdict.reason


def _fen(fen: str, uci: str):
    return check_uci(BoardPosition.from_fen(fen).cells, parse_uci(uci))


def test_reasons_name_pins_paths_and_checks():
    pinned = _fen("4r1k1/8/8/8/8/8/4B3/4K3 w - - 0 1", "e2d3")
    assert not pinned.valid and pinned.reason.startswith("the bishop on e2 is pinned by the rook on e8")
    blocked = _fen("4k3/8/8/8/3N4/8/8/3RK3 w - - 0 1", "d1d8")
    assert not blocked.valid and "blocked by the white knight on d4" in blocked.reason
    into_check = _fen("4k3/8/8/8/7q/8/8/4K3 w - - 0 1", "e1f2")
    assert not into_check.valid and "would be in check on f2 from the queen on h4" in into_check.reason
    no_piece = _fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1", "e2e4")
    assert not no_piece.valid and "no piece on e2" in no_piece.reason


def test_pinned_piece_still_gives_check():
    # The black rook on e5 is pinned to its king by the white queen, yet it still attacks e1.
    verdict = _fen("4k3/8/8/4r3/8/8/8/3QK3 w - - 0 1", "e1e2")
    assert not verdict.valid and "rook on e5" in verdict.reason


def test_pawn_rules():
    fen = "4k3/8/8/8/8/4p3/3PP3/4K3 w - - 0 1"
    assert _fen(fen, "d2d4").valid
    assert "two squares" in _fen(fen, "d2d4").reason
    straight = _fen(fen, "e2e3")
    assert not straight.valid and "cannot capture straight ahead" in straight.reason
    assert _fen(fen, "d2e3").valid
    empty = _fen(fen, "e2d3")
    assert not empty.valid and "diagonally only to capture" in empty.reason
    assert not _fen("4k3/8/8/8/8/3p4/3P4/4K3 w - - 0 1", "d2d4").valid  # the first square is taken
    assert not _fen("4k3/8/8/8/8/3P4/8/4K3 w - - 0 1", "d3d5").valid  # two squares only from rank 2
    promotion = _fen("4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7a8q")
    assert promotion.valid and "promote" in promotion.reason
    assert _fen("4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7a8").valid  # the choice does not matter
    assert not _fen("4k3/8/8/8/8/8/P7/4K3 w - - 0 1", "a2a3q").valid
    black = _fen("4k3/8/8/8/8/8/p7/4K3 b - - 0 1", "a2a1")
    assert black.valid and "promote" in black.reason


def test_no_castling_no_en_passant_no_king_capture():
    assert not _fen("4k3/8/8/8/8/8/8/4K2R w K - 0 1", "e1g1").valid
    assert not _fen("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6").valid
    verdict = _fen("4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "a1a8")
    assert verdict.valid  # a8 is not e8: sanity check before the king-capture case
    capture_king = _fen("4k3/8/8/8/8/8/8/4K2R w - - 0 1", "h1h8")
    assert capture_king.valid
    king = _fen("4k3/8/8/8/8/8/8/4R1K1 w - - 0 1", "e1e8")
    assert not king.valid and "never captured" in king.reason


def test_either_colour_may_move_and_own_pieces_are_not_taken():
    cells = parse_pieces(BOARD_1)
    assert check_move(cells, parse_question(["B", "P", 1, 6])).valid
    own = check_move(cells, parse_question(["W", "R", 2, 1]))
    assert own.valid  # the a1 rook slides to b1
    blocked = check_move(cells, parse_question(["W", "Q", 7, 2]))
    assert not blocked.valid and "cannot take its own side's pawn on g2" in blocked.reason


def test_ambiguous_piece_type_is_valid_if_any_piece_can():
    verdict = check_move(parse_pieces([["W", "K", 1, 1], ["W", "N", 2, 1], ["W", "N", 7, 1],
                                       ["B", "K", 8, 8]]), parse_question(["W", "N", 8, 3]))
    assert verdict.valid and "knight on g1" in verdict.reason
    assert [p.valid for p in verdict.pieces] == [False, True]
    no_piece = check_move(parse_pieces([["W", "K", 1, 1]]), parse_question(["W", "Q", 1, 2]))
    assert not no_piece.valid and "no white queen" in no_piece.reason


def test_pins_lists_pinned_pieces_and_their_pinners():
    cells = BoardPosition.from_fen("4r1k1/8/8/b7/8/8/3PB3/4K3 w - - 0 1").cells
    assert sorted(pins(cells, "w")) == sorted([(parse_square("e2"), parse_square("e8")),
                                               (parse_square("d2"), parse_square("a5"))])


def test_pieces_list_round_trips():
    cells = parse_pieces(BOARD_1)
    assert parse_pieces(pieces_list(cells)) == cells
    assert sorted(map(tuple, pieces_list(cells))) == sorted(map(tuple, BOARD_1))


@pytest.mark.parametrize("pieces", [
    [["W", "K", 9, 1]],
    [["W", "K", 0, 1]],
    [["W", "X", 1, 1]],
    [["G", "K", 1, 1]],
    [["W", "K", 1, 1], ["B", "Q", 1, 1]],
    [["W", "K", 1.5, 1]],
    [["W", "K", "1", 1]],
    [["W", "K", True, 1]],
    [["W", "K", 1]],
    "W K 1 1",
    [["W", "K", 1, 1], ["W", "K", 3, 3]],
])
def test_malformed_boards_are_refused(pieces):
    with pytest.raises(ChessInputError) as info:
        parse_pieces(pieces)
    assert isinstance(info.value, ValueError)
    assert str(info.value) == str(info.value).lower() or "'" in str(info.value)


# --- HTTP ------------------------------------------------------------------------------------


def test_validate_api_seed_form(client):
    r = client.post("/api/2d/validate", json={"pieces": BOARD_1, "move": ["W", "R", 8, 2]})
    assert r.status_code == 200
    body = r.get_json()
    assert body["valid"] is True and "rook on h1" in body["reason"]
    assert body["move_words"] == "a white rook to h2"
    r = client.post("/api/2d/validate", json={"pieces": BOARD_2, "move": ["W", "N", 1, 5]})
    assert r.get_json()["valid"] is False


def test_validate_api_fen_and_uci(client):
    r = client.post("/api/2d/validate",
                    json={"fen": "4r1k1/8/8/8/8/8/4B3/4K3_w_-_-_0_1", "move": "e2d3"})
    assert r.status_code == 200
    assert r.get_json() ["valid"] is False
    assert "pinned by the rook on e8" in r.get_json()["reason"]
    assert r.get_json()["move_words"] == "the white bishop on e2 to d3"


@pytest.mark.parametrize("body, code", [
    ({"pieces": [["W", "K", 5, 1]], "move": ["W", "K", 9, 1]}, "bad_move"),
    ({"pieces": [["W", "K", 5, 1]], "move": ["W", "Z", 5, 2]}, "bad_move"),
    ({"pieces": [["W", "K", 5, 1]], "move": ["Q", "K", 5, 2]}, "bad_move"),
    ({"pieces": [["W", "K", 5, 1], ["B", "K", 5, 1]], "move": ["W", "K", 5, 2]}, "bad_board"),
    ({"pieces": [["W", "K", 5, 1]], "move": ["W", "K", "5", 2]}, "bad_move"),
    ({"pieces": "nope", "move": ["W", "K", 5, 2]}, "bad_request"),
    ({"pieces": [["W", "K", 5, 1]]}, "bad_request"),
    ({"move": ["W", "K", 5, 2]}, "bad_request"),
    ({"fen": "8/8/8", "move": "e2e4"}, "bad_board"),
    ({"fen": "8/8/8/8/8/8/8/4K3 w - - 0 1", "move": "e9e4"}, "illegal_move"),
    ({"fen": "8/8/8/8/8/8/8/4K3 w - - 0 1", "move": 7}, "bad_move"),
])
def test_validate_api_refuses_malformed_input(client, body, code):
    r = client.post("/api/2d/validate", json=body)
    assert r.status_code == 400
    assert r.get_json()["error"] == code
    assert r.get_json()["message"]


def test_position_api_marks_checks_pins_and_destinations(client):
    r = client.post("/api/2d/position", json={"fen": "4r1k1/8/8/8/7q/8/4B3/4K3 w - - 0 1"})
    assert r.status_code == 200
    body = r.get_json()
    assert body["fen"] == "4r1k1/8/8/8/7q/8/4B3/4K3"
    assert body["checkers"] == {"w": ["h4"], "b": []}
    assert body["pins"] == [{"square": "e2", "by": "e8"}]
    assert body["destinations"]["e2"] == []
    assert sorted(body["destinations"]["e1"]) == ["d1", "d2", "f1"]
    r = client.post("/api/2d/position", json={"pieces": body["pieces"]})
    assert r.get_json()["fen"] == body["fen"]


def test_moves_page_renders(client):
    html = client.get("/moves?fen=8/8/8/8/8/8/8/4K3").get_data(as_text=True)
    assert 'id="moves-app"' in html and "8/8/8/8/8/8/8/4K3" in html
