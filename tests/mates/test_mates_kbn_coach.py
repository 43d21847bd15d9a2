"""The KBN coach (tablebase.mates.coach.kbn, GET /api/kbn/coach): its facts against python-chess's
attacks on random positions of both colours, its phases on hand-picked positions of each stage
and on the table's statistics, its advice, and the API's answers and errors."""

from __future__ import annotations

import random

import chess
import pytest
from tests.helpers.kbnk import random_kbnk_boards

from tablebase.errors import BoardSyntaxError, IllegalPositionError, OutOfTableError
from tablebase.mates import KBNK, probe, random_position, to_fen
from tablebase.mates.coach import kbn_coach as coach
from tablebase.mates.coach.kbn import PHASES

CORNERS = (chess.A1, chess.H1, chess.A8, chess.H8)


def expected_box(board: chess.Board, strong: chess.Color) -> set[str]:
    """The lone king's box as SPEC defines it, by python-chess: king steps over empty squares the
    strong side does not attack with the lone king lifted off, plus the king's own square unless
    it is attacked."""
    lone = board.king(not strong)
    lifted = board.copy()
    lifted.remove_piece_at(lone)
    seen, frontier = {lone}, [lone]
    while frontier:
        square = frontier.pop()
        for target in chess.SquareSet(chess.BB_KING_ATTACKS[square]):
            if target in seen or lifted.piece_at(target) or lifted.is_attacked_by(strong, target):
                continue
            seen.add(target)
            frontier.append(target)
    if lifted.is_attacked_by(strong, lone):
        seen.discard(lone)
    return {chess.square_name(s) for s in seen}


@pytest.mark.parametrize("strong", [chess.WHITE, chess.BLACK], ids=["white-pieces", "black-pieces"])
def test_facts_match_python_chess_on_random_positions(tables, strong):
    for board in random_kbnk_boards(300, seed=10 + strong, strong=strong):
        facts = coach(board.fen(), tables)
        bishop = board.pieces(chess.BISHOP, strong).pop()
        light = bool(chess.BB_LIGHT_SQUARES & chess.BB_SQUARES[bishop])
        corners = {chess.square_name(c) for c in CORNERS if bool(chess.BB_LIGHT_SQUARES & chess.BB_SQUARES[c]) == light}
        assert set(facts.mating_corners) == corners, board.fen()
        box = expected_box(board, strong)
        assert set(facts.region) <= box and facts.region_size == len(facts.region), board.fen()
        assert not facts.region or facts.region_size == len(box) <= 9  # shown only caught in a corner
        assert facts.lone_king == chess.square_name(board.king(not strong))
        assert facts.target_corner in corners
        assert facts.phase in (*PHASES, "drawn")
        assert facts.advice


def mirrored(fen: str) -> str:
    """The same position with the colours swapped and the board turned (Black holds the pieces)."""
    return chess.Board(fen).mirror().fen()


# One position of each stage, White holding the pieces; each also checked with Black holding them.
STAGES = [
    # The lone king in the middle: drive it to an edge.
    ("8/8/8/4k3/8/8/8/KBN5 w - - 0 1", "drive-to-edge"),
    ("8/8/2k5/8/3K4/8/8/1BN5 b - - 0 1", "drive-to-edge"),
    # On the 1st rank, in the half of the light bishop's corner h1, the strong king not yet at h1.
    ("8/8/8/8/8/3BK3/8/4k1N1 w - - 0 1", "drive-to-corner"),
    # By a1, a corner of the wrong colour for a light bishop: walk it out along the edge.
    ("8/8/8/8/8/3B4/k1K5/5N2 w - - 0 1", "w-manoeuvre"),
    ("8/8/8/8/8/8/3KB3/1k3N2 b - - 0 1", "w-manoeuvre"),
    # In the light corner a8 with the strong king in front of it.
    ("k7/8/1KN5/8/8/5B2/8/8 w - - 0 1", "mate-net"),
    ("1k6/8/2KN4/8/8/8/8/5B2 b - - 0 1", "mate-net"),
]


@pytest.mark.parametrize("fen,phase", STAGES)
def test_phase_of_hand_picked_positions(tables, fen, phase):
    assert coach(fen, tables).phase == phase
    assert coach(mirrored(fen), tables).phase == phase


def test_mate_net_positions_mate_soon_and_drive_positions_do_not(tables):
    for fen, phase in STAGES:
        dtm = abs(probe(tables, fen)["dtm"])  # plies
        moves = (dtm + 1) // 2
        if phase == "mate-net":
            assert 1 <= moves <= 5, (fen, moves)
        else:
            assert moves > 5, (fen, moves)


def test_the_longest_mate_is_no_mating_net_though_the_kings_stand_by_the_corner(tables):
    facts = coach("8/8/8/8/8/8/2k5/KNB5 w - - 0 1", tables)  # mate in 33: the pieces are tangled in a1
    assert facts.phase != "mate-net"
    assert "bishop on c1" in facts.advice  # nothing guards it, and the lone king stands beside it


@pytest.mark.slow
def test_phase_rules_hold_the_statistics_their_docstring_states(tables):
    """The mating net is what short mates by the right corner look like, and long mates are not."""
    rng = random.Random(7)
    short_near, short_net = 0, 0
    for _ in range(400):
        facts = coach(to_fen(random_position(tables, KBNK, 1, 3, rng=rng)), tables)
        near = max(abs(ord(facts.lone_king[0]) - ord(facts.target_corner[0])),
                   abs(int(facts.lone_king[1]) - int(facts.target_corner[1]))) <= 2
        short_near += near
        short_net += near and facts.phase == "mate-net"
    assert short_net >= 0.9 * short_near
    long = [coach(to_fen(random_position(tables, KBNK, 16, 33, rng=rng)), tables) for _ in range(400)]
    long_net = sum(facts.phase == "mate-net" for facts in long)
    assert long_net <= 0.1 * 400


def test_advice_names_the_corners_and_edges(tables):
    facts = coach("8/8/8/8/8/3B4/k1K5/5N2 w - - 0 1", tables)
    assert facts.mating_corners == ("a8", "h1")
    assert "a1" in facts.advice and "W-manoeuvre" in facts.advice
    assert facts.target_corner in facts.advice
    edge = coach("8/8/8/8/8/3BK3/8/4k1N1 w - - 0 1", tables)
    assert "1st rank" in edge.advice and "h1" in edge.advice
    flipped = coach(mirrored("8/8/8/8/8/3BK3/8/4k1N1 w - - 0 1"), tables)
    assert "8th rank" in flipped.advice and flipped.target_corner == "h8"


def test_checkmate_and_stalemate_are_told_as_such(tables):
    fen = "k7/3N4/1K6/3B4/8/8/8/8 b - - 0 1"  # the bishop checks along d5-a8, the knight takes b8
    assert chess.Board(fen).is_checkmate()
    mate = coach(fen, tables)
    assert mate.advice.startswith("Checkmate") and mate.phase == "mate-net"
    assert mate.region == () and mate.region_size == 0  # no box once the game is over
    stalemate = coach("k7/8/1K6/4B3/8/8/8/7N b - - 0 1", tables)
    assert chess.Board("k7/8/1K6/4B3/8/8/8/7N b - - 0 1").is_stalemate()
    assert stalemate.advice.startswith("Stalemate") and stalemate.phase == "drawn"


@pytest.mark.parametrize("fen,error", [
    ("not a fen", BoardSyntaxError),
    ("8/8/8/8/8/8/1k6/KBN5 w - - 0 1", IllegalPositionError),
    ("8/8/8/4k3/8/8/8/KB6 w - - 0 1", OutOfTableError),
    ("8/8/8/4k3/8/8/8/KBNQ4 w - - 0 1", OutOfTableError),
])
def test_bad_positions_raise_input_errors(tables, fen, error):
    with pytest.raises(error):
        coach(fen, tables)


# ---- the HTTP route ------------------------------------------------------------------------------


def test_api_answers_the_spec_fields_for_either_colour(client, tables):
    for fen in ("8/8/8/8/8/3B4/k1K5/5N2 w - - 0 1", mirrored("8/8/8/8/8/3B4/k1K5/5N2 w - - 0 1")):
        response = client.get("/api/kbn/coach", query_string={"fen": fen.replace(" ", "_")})
        assert response.status_code == 200
        body = response.get_json()
        assert {"mating_corners", "region", "region_size", "phase", "advice"} <= set(body)
        assert body == {"fen": fen.replace(" ", "_"), **coach(fen, tables).as_dict()}
        assert body["region_size"] == len(body["region"])


@pytest.mark.parametrize("query,status,code,quoted", [
    ({}, 400, "bad_request", "fen"),
    ({"fen": "  "}, 400, "bad_request", "fen"),
    ({"fen": "8/8/8/x"}, 400, "bad_board", "8/8/8/x"),
    ({"fen": "8/8/8/8/8/8/1k6/KBN5 w - - 0 1"}, 400, "illegal_position", "1k6/KBN5"),
    ({"fen": "8/8/8/4k3/8/8/8/KN6 w - - 0 1"}, 404, "not_in_table", "KN6"),
])
def test_api_errors_are_json_and_quote_the_input(client, query, status, code, quoted):
    response = client.get("/api/kbn/coach", query_string=query)
    assert response.status_code == status
    body = response.get_json()
    assert body["error"] == code
    assert quoted in body["message"]
