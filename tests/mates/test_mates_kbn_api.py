"""The tablebase HTTP API (/api/tablebase, /mainline, /random, /heatmap): lichess's JSON contract
on both sides and colours, mates, stalemates, capture draws, every error class; checked against
the engine and, as an independent oracle, the published Gaviota table (python-chess, tests only)."""

from __future__ import annotations

import chess
import chess.gaviota
import pytest
from tests.helpers.kbnk import random_kbnk_boards
from tests.helpers.mates import lichess_fields
from tests.helpers.reference_tables import reference_tables

from tablebase import mates
from tests.helpers.errors import is_error

FIELDS = {"category", "dtm", "mate_in", "checkmate", "stalemate", "insufficient_material", "check", "moves",
          "halfmove_clock", "fifty_move_draw", "fifty_move_plies_left", "fifty_move_count",
          "fifty_move_moves_left", "fifty_move_draws_first"}
MOVE_FIELDS = {"uci", "san", "category", "dtm", "mate_in", "checkmate", "stalemate", "insufficient_material",
               "check", "zeroing", "halfmove_clock", "fifty_move_draw"}
LONGEST = "8/8/8/8/8/8/2k5/KNB5 w - - 0 1"  # White mates in 33
STALEMATE = "k7/8/1K6/4B3/8/8/8/7N b - - 0 1"  # b6 king and e5 bishop box in the a8 king


def get(client, path: str, **params):
    response = client.get(path, query_string=params)
    assert response.is_json, response.data[:200]
    return response.status_code, response.get_json()


def probe_api(client, fen: str) -> dict:
    status, body = get(client, "/api/tablebase", fen=fen)
    assert status == 200, body
    return lichess_fields(body)  # the page's fields: test_mates_board_facts.py


@pytest.fixture(scope="module")
def gaviota():
    with chess.gaviota.open_tablebase(str(reference_tables() / "gaviota")) as tables:
        yield tables


def expected_from_gaviota(gaviota, board: chess.Board) -> tuple[str, int | None]:
    """(category, dtm) as lichess states them, from Gaviota's DTM (0 = draw or mate)."""
    if board.is_checkmate():
        return "loss", 0
    if len(board.piece_map()) < 4:
        return "draw", None
    dtm = gaviota.probe_dtm(board)
    if dtm == 0:
        return "draw", None
    return ("win" if dtm > 0 else "loss"), dtm


# ---- the contract -------------------------------------------------------------------------------


def test_fields_and_types_white_to_move(client):
    body = probe_api(client, LONGEST)
    assert set(body) == FIELDS
    assert (body["category"], body["dtm"]) == ("win", 65)
    assert body["checkmate"] is body["stalemate"] is body["insufficient_material"] is False
    assert len(body["moves"]) == len(list(chess.Board(LONGEST).legal_moves))
    for move in body["moves"]:
        assert set(move) == MOVE_FIELDS
        assert isinstance(move["dtm"], int) or move["dtm"] is None
    assert body["moves"][0]["category"] == "loss" and body["moves"][0]["dtm"] == -64


def test_black_to_move_is_dtm_after_each_reply(client):
    fen = "8/8/8/8/8/2k5/8/KBN5 b - - 0 1"
    body = probe_api(client, fen)
    assert body["category"] == "loss" and body["dtm"] < 0 and body["dtm"] % 2 == 0
    board = chess.Board(fen)
    assert {m["uci"] for m in body["moves"]} == {m.uci() for m in board.legal_moves}
    for move in body["moves"]:
        assert move["category"] == "win" and move["dtm"] > 0 and move["dtm"] % 2 == 1
    # Black's best reply is the most stubborn one, and it sets the position's value.
    assert body["moves"][0]["dtm"] == max(m["dtm"] for m in body["moves"]) == -body["dtm"] - 1


@pytest.mark.parametrize("fen", [LONGEST, "8/8/8/8/8/2k5/8/KBN5 b - - 0 1", "8/8/3k4/8/2B5/4N3/3K4/8 w - - 0 1"])
def test_colour_swapped_set_is_the_mirrored_answer(client, fen):
    white = probe_api(client, fen)
    mirrored = chess.Board(fen).mirror()
    black = probe_api(client, mirrored.fen())
    assert (black["category"], black["dtm"]) == (white["category"], white["dtm"])
    flip = {m["uci"]: m for m in black["moves"]}
    for move in white["moves"]:
        uci = chess.Move.from_uci(move["uci"])
        twin = flip[chess.Move(chess.square_mirror(uci.from_square), chess.square_mirror(uci.to_square)).uci()]
        assert (twin["category"], twin["dtm"]) == (move["category"], move["dtm"])


def test_light_and_dark_bishops_both_win(client):
    for bishop in ("c1", "b1"):  # c1 is dark, b1 light
        board = chess.Board("8/8/3k4/8/8/8/8/K3N3 w - - 0 1")
        board.set_piece_at(chess.parse_square(bishop), chess.Piece(chess.BISHOP, chess.WHITE))
        body = probe_api(client, board.fen())
        assert body["category"] == "win" and 1 <= body["dtm"] <= 65


def test_underscores_stand_for_spaces(client):
    assert probe_api(client, LONGEST.replace(" ", "_")) == probe_api(client, LONGEST)


def test_api_equals_engine(client, tables):
    boards = random_kbnk_boards(12, seed=3) + random_kbnk_boards(12, seed=4, strong=chess.BLACK)
    for board in boards:
        assert probe_api(client, board.fen()) == mates.probe(tables, board.fen())


# ---- against Gaviota --------------------------------------------------------------------------


@pytest.mark.parametrize("strong", [chess.WHITE, chess.BLACK], ids=["white-kbn", "black-kbn"])
def test_values_and_moves_match_gaviota(client, gaviota, strong):
    for board in random_kbnk_boards(40, seed=11 if strong else 12, strong=strong):
        body = probe_api(client, board.fen())
        assert (body["category"], body["dtm"]) == expected_from_gaviota(gaviota, board), board.fen()
        for move in body["moves"]:
            after = board.copy()
            after.push_uci(move["uci"])
            assert (move["category"], move["dtm"]) == expected_from_gaviota(gaviota, after), (board.fen(), move)
            assert move["checkmate"] == after.is_checkmate()
            assert move["stalemate"] == after.is_stalemate()
            assert move["insufficient_material"] == (len(after.piece_map()) < 4)
            assert move["san"] == board.san(chess.Move.from_uci(move["uci"]))
            assert move["check"] == after.is_check()
            assert move["zeroing"] == board.is_capture(chess.Move.from_uci(move["uci"]))
        assert body["check"] == board.is_check()


def test_moves_are_best_first(client):
    for board in random_kbnk_boards(20, seed=5):
        moves = probe_api(client, board.fen())["moves"]
        order = {"loss": 0, "draw": 1, "win": 2}
        keys = [(order[m["category"]], -(m["dtm"] or 0) if m["category"] != "draw" else 0) for m in moves]
        assert keys == sorted(keys), board.fen()


# ---- mates, stalemates, capture draws ------------------------------------------------------------


def test_mainline_reaches_checkmate(client, gaviota):
    status, body = get(client, "/api/tablebase/mainline", fen=LONGEST)
    assert status == 200
    line = body["mainline"]
    assert len(line) == 65
    board = chess.Board(LONGEST)
    for ply, step in enumerate(line):
        move = chess.Move.from_uci(step["uci"])
        assert move in board.legal_moves and board.san(move) == step["san"]
        board.push(move)
        assert abs(step["dtm"]) == 64 - ply
        assert step["dtm"] == expected_from_gaviota(gaviota, board)[1]
    assert board.is_checkmate() and line[-1]["san"].endswith("#")
    mated = probe_api(client, board.fen())
    assert mated["checkmate"] is True and (mated["category"], mated["dtm"]) == ("loss", 0)
    assert mated["moves"] == [] and mated["stalemate"] is False
    assert get(client, "/api/tablebase/mainline", fen=board.fen())[1]["mainline"] == []


def test_stalemate(client):
    body = probe_api(client, STALEMATE)
    assert chess.Board(STALEMATE).is_stalemate()
    assert body["stalemate"] is True and body["checkmate"] is False
    assert (body["category"], body["dtm"], body["moves"]) == ("draw", None, [])


def test_a_stalemating_move_is_marked(client):
    fen = "k7/8/1K6/8/3B4/8/8/7N w - - 0 1"  # Be5 takes b8, the last square of the a8 king
    body = probe_api(client, fen)
    stalemating = {m["uci"]: m for m in body["moves"] if m["stalemate"]}
    assert "d4e5" in stalemating
    for move in stalemating.values():
        assert (move["category"], move["dtm"], move["checkmate"]) == ("draw", None, False)
    assert body["category"] == "win" and body["moves"][-1]["category"] != "loss"


def test_capture_leaves_a_drawn_ending(client):
    fen = "8/8/8/8/8/8/2k5/K1BN4 b - - 0 1"  # the c2 king can take either piece
    body = probe_api(client, fen)
    board = chess.Board(fen)
    captures = [m for m in body["moves"] if board.is_capture(chess.Move.from_uci(m["uci"]))]
    assert captures, "the position must allow a capture"
    for move in captures:
        assert move["insufficient_material"] is True and (move["category"], move["dtm"]) == ("draw", None)
    assert body["category"] == "draw" and body["dtm"] is None
    assert body["moves"][0] in captures  # a draw is Black's best


@pytest.mark.parametrize("fen", ["8/8/8/8/8/2k5/8/KB6 w - - 0 1", "8/8/8/8/8/2k5/8/KN6 b - - 0 1",
                                 "8/8/8/8/8/2k5/8/K7 w - - 0 1", "kb6/8/8/8/8/8/8/6K1 b - - 0 1"])
def test_insufficient_material_is_a_draw(client, fen):
    body = probe_api(client, fen)
    assert body["insufficient_material"] is True
    assert (body["category"], body["dtm"]) == ("draw", None)
    assert all(m["category"] == "draw" and m["insufficient_material"] for m in body["moves"])
    assert {m["uci"] for m in body["moves"]} == {m.uci() for m in chess.Board(fen).legal_moves}


# ---- errors ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("path", ["/api/tablebase", "/api/tablebase/mainline", "/api/tablebase/heatmap"])
@pytest.mark.parametrize("fen,status,code", [
    (None, 400, "bad_request"),
    ("", 400, "bad_request"),
    ("not a fen", 400, "bad_board"),
    ("8/8/8/8/8/8/8/KBn4k w - - 0 1", 404, "not_in_table"),           # a piece on each side
    ("8/8/8/8/8/8/8/KBN5/8 w - - 0 1", 400, "bad_board"),             # nine ranks
    ("8/8/8/8/8/8/8/KBN5 x - - 0 1", 400, "bad_board"),               # side to move
    ("8/8/8/8/8/8/8/KBNQ4k w - - 0 1", 400, "bad_board"),             # nine files
    ("8/8/8/8/8/8/8/QBN4k w - - 0 1", 400, "illegal_position"),       # no White king
    ("8/8/8/8/8/8/8/KBNQ3k w - - 0 1", 404, "not_in_table"),          # a queen
    ("8/8/8/8/8/8/8/KBBN3k w - - 0 1", 404, "not_in_table"),          # two bishops
    ("8/8/8/8/8/8/p7/KBN4k w - - 0 1", 404, "not_in_table"),          # a black pawn
])
def test_error_classes(client, path, fen, status, code):
    params = {} if fen is None else {"fen": fen}
    got_status, body = get(client, path, **params)
    assert (got_status, body["error"]) == (status, code), body
    assert is_error(body) and body["message"]
    if fen:
        assert repr(fen) in body["message"] or fen in body["message"]


@pytest.mark.parametrize("fen,reason", [
    ("8/8/8/8/8/8/1k6/KBN5 w - - 0 1", "kings touch"),
    ("k7/8/8/8/8/8/8/K1N4B w - - 0 1", "not to move is in check"),  # the h1 bishop sees a8
    ("8/8/8/8/3k4/8/1B6/K1N5 w - - 0 1", "not to move is in check"),  # the b2 bishop sees d4
    ("8/8/8/8/8/8/8/KBN2K1k w - - 0 1", "exactly one king"),
])
def test_illegal_positions_say_why(client, fen, reason):
    status, body = get(client, "/api/tablebase", fen=fen)
    assert (status, body["error"]) == (400, "illegal_position")
    assert reason in body["message"]


# ---- random positions -----------------------------------------------------------------------------


@pytest.mark.parametrize("low,high,bishop", [(1, 10, "light"), (11, 22, "dark"), (23, 33, "random"), (5, 5, None)])
def test_random_positions_in_range(client, low, high, bishop):
    for seed in range(6):
        params = {"min": low, "max": high, "seed": f"{seed}"}
        if bishop:
            params["bishop"] = bishop
        status, body = get(client, "/api/tablebase/random", **params)
        assert status == 200, body
        board = chess.Board(body["fen"])
        assert board.is_valid() and board.turn == chess.WHITE
        assert body["category"] == "win" and low <= (body["dtm"] + 1) // 2 <= high
        square = next(iter(board.pieces(chess.BISHOP, chess.WHITE)))
        light = (chess.square_file(square) + chess.square_rank(square)) % 2 == 1
        if bishop in ("light", "dark"):
            assert light == (bishop == "light")
        assert {k: v for k, v in lichess_fields(body).items() if k in FIELDS} == probe_api(client, body["fen"])


def test_random_seed_repeats(client):
    first = get(client, "/api/tablebase/random", min=11, max=22, seed="abc")[1]
    again = get(client, "/api/tablebase/random", min=11, max=22, seed="abc")[1]
    assert first["fen"] == again["fen"]


@pytest.mark.parametrize("params,code", [
    ({"min": "x"}, "bad_request"),
    ({"max": "1.5"}, "bad_request"),
    ({"bishop": "green"}, "bad_request"),
    ({"min": 0, "max": 5}, "bad_range"),
    ({"min": 9, "max": 3}, "bad_range"),
    ({"min": 40, "max": 50}, "bad_range"),
])
def test_random_errors(client, params, code):
    status, body = get(client, "/api/tablebase/random", **params)
    assert (status, body["error"]) == (400, code)
    assert is_error(body)


# ---- heat map ------------------------------------------------------------------------------------


def test_heatmap_needs_no_lone_king_but_a_strong_one(client):
    status, body = get(client, "/api/tablebase/heatmap", fen="8/8/8/8/8/8/8/KBN5 w - - 0 1")
    assert status == 200 and body["squares"]["h8"]["category"] == "loss"
    status, body = get(client, "/api/tablebase/heatmap", fen="8/8/8/8/8/8/8/1BN4k w - - 0 1")
    assert (status, body["error"]) == (400, "illegal_position")


def test_heatmap_endpoint_matches_probe(client):
    fen = "8/8/8/3K4/3BN3/8/8/8 w - - 0 1"
    status, body = get(client, "/api/tablebase/heatmap", fen=fen)
    assert status == 200 and set(body["squares"]) == {chess.square_name(s) for s in range(64)}
    for name in ("a1", "h8", "a8", "f5", "e7"):
        board = chess.Board(fen)
        board.set_piece_at(chess.parse_square(name), chess.Piece(chess.KING, chess.BLACK))
        board.turn = chess.BLACK
        value = probe_api(client, board.fen())
        assert body["squares"][name]["dtm"] == value["dtm"]
        assert body["squares"][name]["category"] == value["category"]
    for name in ("d5", "c6", "e4", "d4"):  # on a piece or next to the White king
        assert body["squares"][name]["category"] == "illegal"
