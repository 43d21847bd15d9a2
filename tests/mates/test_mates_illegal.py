"""Why a move is illegal, in words (tablebase.mates.illegal, GET /api/mates/move): every refusal
the rules core knows, each checked against python-chess's legal moves on random boards."""

from __future__ import annotations

import chess
import pytest
from tests.helpers.mates import NAMES, random_boards

from tablebase.errors import ChessInputError
from tablebase.mates.illegal import explain_move

BOARD = "8/8/4k3/8/4K3/8/8/R3N3 w - - 0 1"


@pytest.mark.parametrize("start,end,reason", [
    ("e4", "e5", "The kings would stand side by side: a king never steps next to the other king, and e5 touches e6."),
    ("e4", "f5", "The kings would stand side by side: a king never steps next to the other king, and f5 touches e6."),
    ("e1", "e2", "The knight on e1 does not move that way to e2."),
    ("a1", "h1", "The path of the rook on a1 is blocked by the white knight on e1."),
    ("e4", "e6", "The king on e4 does not move that way to e6."),
    ("e6", "e7", "It is White's turn: the king on e6 is black's king."),
    ("c3", "c4", "There is no piece on c3."),
])
def test_each_refusal_in_words(start, end, reason):
    answer = explain_move(BOARD, start, end).as_dict()
    assert (answer["legal"], answer["reason"]) == (False, reason) and answer["reason_words"]["id"] == "%(sentence)s."


def test_a_king_left_in_check_is_named():
    said = explain_move("8/8/8/8/8/2k5/8/K1R5 b - - 0 1", "c3", "c2")
    assert not said.legal and said.reason == "The king would be in check on c2 from the rook on c1."


@pytest.mark.parametrize("material", NAMES)
def test_legal_exactly_where_python_chess_says(material):
    for board in random_boards(material, 12, seed=70 + NAMES.index(material)):
        legal = {(m.from_square, m.to_square) for m in board.legal_moves}
        for start in board.piece_map():
            for end in chess.SQUARES:
                said = explain_move(board.fen(), chess.square_name(start), chess.square_name(end))
                assert said.legal == ((start, end) in legal), (board.fen(), start, end, said)
                assert said.reason.endswith(".") and said.reason[0].isupper()


def test_bad_squares_are_refused():
    with pytest.raises(ChessInputError):
        explain_move(BOARD, "z9", "e5")


def test_the_route_answers_in_json(client):
    answer = client.get("/api/mates/move", query_string={"fen": BOARD.replace(" ", "_"), "from": "e4", "to": "e5"})
    assert answer.status_code == 200
    assert answer.get_json()["reason"].startswith("The kings would stand side by side")
    assert client.get("/api/mates/move", query_string={"fen": BOARD, "from": "e4"}).status_code == 400
    assert client.get("/api/mates/move", query_string={"fen": BOARD, "from": "x", "to": "e5"}).status_code == 400
