"""What the 2D answers give a page so it parses no FEN (tablebase/mates/board_facts.py): the probe's
``turn``, ``strong`` and ``pieces``, each move's ``fen`` and ``pieces`` after it, and the heat
map's key and strong side, checked against python-chess."""

from __future__ import annotations

import chess
import pytest
from tests.helpers.mates import NAMES, random_boards


def get(client, path: str, **params):
    response = client.get(path, query_string=params)
    assert response.is_json, response.data[:200]
    return response.status_code, response.get_json()


def chess_pieces(board: chess.Board) -> dict[str, str]:
    return {chess.square_name(s): ("w" if p.color else "b") + p.symbol().upper() for s, p in board.piece_map().items()}


def strong_of(board: chess.Board) -> str:
    men = {p.color for p in board.piece_map().values() if p.piece_type != chess.KING}
    return "b" if men == {chess.BLACK} else "w"


def assert_facts(body: dict, board: chess.Board) -> None:
    assert body["turn"] == ("w" if board.turn else "b")
    assert body["strong"] == strong_of(board)
    assert body["pieces"] == chess_pieces(board)
    assert {m["uci"] for m in body["moves"]} == {m.uci() for m in board.legal_moves}
    for move in body["moves"]:
        after = board.copy()
        after.push_uci(move["uci"])
        assert move["fen"] == after.fen(), move["uci"]
        uci = chess.Move.from_uci(move["uci"])
        assert (move["from"], move["to"]) == (chess.square_name(uci.from_square), chess.square_name(uci.to_square))
        assert move["pieces"] == chess_pieces(after)


@pytest.mark.parametrize("material", NAMES)
def test_probe_gives_the_position_and_each_position_after(client, material):
    for board in random_boards(material, 2, seed=7 + NAMES.index(material)):
        board.halfmove_clock, board.fullmove_number = 17, 23  # the clocks run on through the moves
        status, body = get(client, "/api/tablebase", fen=board.fen())
        assert status == 200, body
        assert_facts(body, board)


def test_black_holding_the_men_is_the_strong_side_whoever_moves(client):
    board = chess.Board("8/8/8/4K3/8/8/8/r3k3 w - - 4 9")
    status, body = get(client, "/standard", fen=board.fen())
    assert status == 200 and body["strong"] == "b" and body["turn"] == "w"
    assert_facts(body, board)


def test_kings_only_are_whites_and_a_capture_resets_the_clock(client):
    status, body = get(client, "/api/tablebase", fen="8/8/8/8/8/8/8/K1k5 w - - 0 1")
    assert status == 200 and body["strong"] == "w" and body["pieces"] == {"a1": "wK", "c1": "bK"}
    board = chess.Board("8/8/8/8/8/1Rk5/8/K7 b - - 31 40")  # the lone king takes the rook
    status, body = get(client, "/api/tablebase", fen=board.fen())
    taken = next(m for m in body["moves"] if m["uci"] == "c3b3")
    assert taken["fen"] == "8/8/8/8/8/1k6/8/K7 w - - 0 41"
    assert_facts(body, board)


@pytest.mark.parametrize("path, query", [
    ("/api/tablebase/random", {"material": "KRK", "min": 3, "max": 6, "seed": "1"}),
    ("/api/mates/lesson", {"lesson": 2, "seed": "1"}),
    ("/api/kbn/lesson", {"lesson": 1, "seed": "1"}),
])
def test_positions_the_server_draws_come_with_their_facts(client, path, query):
    status, body = get(client, path, **query)
    assert status == 200, body
    assert_facts(body, chess.Board(body["fen"]))


def test_heatmap_takes_the_position_as_it_stands_and_names_its_key(client):
    status, with_king = get(client, "/api/tablebase/heatmap", fen="8/8/8/3k4/8/8/8/R3K3 b - - 12 30")
    assert status == 200, with_king
    bare = get(client, "/api/tablebase/heatmap", fen="8/8/8/8/8/8/8/R3K3 w - - 0 1")[1]
    assert with_king["strong"] == bare["strong"] == "w"
    assert with_king["fen"] == bare["fen"] == "8/8/8/8/8/8/8/R3K3 w - - 0 1"
    assert with_king["squares"] == bare["squares"]
    status, black = get(client, "/api/tablebase/heatmap", fen="8/8/8/3K4/8/8/8/r3k3 w - - 0 1")
    assert status == 200 and black["strong"] == "b" and black["fen"] == "8/8/8/8/8/8/8/r3k3 b - - 0 1"


@pytest.mark.parametrize("fen", ["8/8/8/8/8/8/8/KBN5 w - - 0 1", "8/8/8/3k4/8/8/8/r3K3_b_-_-_12_30",
                                 "8/8/8/8/8/8/8/Kk6 b", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"])
def test_board_reads_any_fen_legal_or_not(client, fen):
    status, body = get(client, "/api/mates/board", fen=fen)
    board = chess.Board(fen.replace("_", " "))
    assert status == 200, body
    turn = "w" if board.turn else "b"
    assert body["fen"] == f"{board.board_fen()} {turn} - - {board.halfmove_clock} {board.fullmove_number}"
    assert body["pieces"] == chess_pieces(board) and body["turn"] == turn
    assert body["strong"] == strong_of(board)


def test_board_refuses_an_unreadable_fen_with_the_readers_reason(client):
    status, body = get(client, "/api/mates/board", fen="8/8/9/8")
    assert status == 400 and "8 ranks" in body["message"]
