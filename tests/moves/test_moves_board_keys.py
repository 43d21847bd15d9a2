"""Issue 17: the move checker's page reads no FEN. /api/2d/position answers ``board`` (the pieces
as the page keys them) for a FEN or a piece list, /api/2d/validate ``after_board`` for a valid
UCI move, and the page is sent its opening and start boards; checked against python-chess."""

from __future__ import annotations

import json
import re

import chess
import pytest


def chess_pieces(board: chess.Board) -> dict[str, str]:
    return {chess.square_name(s): ("w" if p.color else "b") + p.symbol().upper() for s, p in board.piece_map().items()}


@pytest.mark.parametrize("fen", ["4r1k1/8/8/8/8/8/4B3/4K2R", chess.STARTING_BOARD_FEN, "8/1P6/8/8/8/k7/8/K7"])
def test_position_gives_the_board_of_a_fen_or_a_list(client, fen):
    body = client.post("/api/2d/position", json={"fen": fen}).get_json()
    assert body["board"] == chess_pieces(chess.Board(fen))
    again = client.post("/api/2d/position", json={"pieces": body["pieces"]}).get_json()
    assert again["board"] == body["board"]


@pytest.mark.parametrize("fen, uci", [("4r1k1/8/8/8/8/8/4B3/4K2R", "h1h5"), ("8/1P6/8/8/8/k7/8/K7", "b7b8"),
                                      ("8/1P6/8/8/8/k7/8/K7", "b7b8n"), ("4r1k1/8/8/8/8/8/4B3/4K2R", "h1h8")])
def test_validate_gives_the_board_after_a_valid_move(client, fen, uci):
    body = client.post("/api/2d/validate", json={"fen": fen, "move": uci}).get_json()
    board = chess.Board(fen)
    move = chess.Move.from_uci(uci if len(uci) == 5 or not uci.startswith("b7b8") else uci + "q")
    assert body["valid"] == (move in board.pseudo_legal_moves and not board.is_into_check(move))
    if body["valid"]:
        board.push(move)
        assert body["after_board"] == chess_pieces(board)
    else:
        assert "after_board" not in body


def test_the_page_is_sent_its_boards(client):
    html = client.get("/moves?fen=8/1P6/8/8/8/k7/8/K7").get_data(as_text=True)
    sent = {name: json.loads(value.replace("&#34;", '"')) for name, value in re.findall(r"data-(board|start)='([^']*)'", html)}
    assert sent["board"] == chess_pieces(chess.Board("8/1P6/8/8/8/k7/8/K7"))
    assert sent["start"] == chess_pieces(chess.Board())
    refused = client.get("/moves?fen=not-a-fen").get_data(as_text=True)
    assert json.loads(re.search(r"data-board='([^']*)'", refused).group(1).replace("&#34;", '"')) == sent["start"]
