"""Issue 30: the move checker's boxes as the user typed them, read by the server (pieces_text,
move_text of /api/2d/position and /api/2d/validate; tablebase/moves/forms.py reads them): the same
answers as the JSON forms, and a 400 that quotes what it cannot read."""

from __future__ import annotations

import pytest

from tablebase.errors import BoardSyntaxError
from tablebase.moves.forms import MAX_LIST_TEXT, read_list_text

BOARD = [["W", "K", 5, 1], ["W", "R", 8, 1], ["B", "K", 5, 8], ["B", "P", 8, 7]]
TYPED = "[['W', 'K', 5, 1], ['W', 'R', 8, 1],\n ['B', 'K', 5, 8], [\"B\", \"P\", 8, 7],]"


@pytest.mark.parametrize("text, read", [
    (TYPED, BOARD),
    ('[["W","K",5,1]]', [["W", "K", 5, 1]]),
    ("  [ ]  ", []),
    ("['W', 'R', 8, 2]", ["W", "R", 8, 2]),
    ('["a\'b", -3, +4]', ["a'b", -3, 4]),
])
def test_the_list_form_is_read_as_typed(text, read):
    assert read_list_text(text, "pieces", BoardSyntaxError) == read


@pytest.mark.parametrize("text, why", [
    ("", "does not start with '['"),
    ("W K 5 1", "'W K 5 1' at character 1 cannot be read"),
    ("[['W', 'K', 5, 1]", "']' is missing"),
    ("[['W' 'K', 5, 1]]", "comma is missing"),
    ("[['W', 'K', 5, 1]] x", "'x' at character 20 cannot be read"),
    ("[['W', 'K', 5, 1]] []", "more follows"),
    ("[[['W']]]", "two deep at most"),
    ("[1,,2]", "',' at character 4 is out of place"),
    ("[['W', 'K', 5.5, 1]]", "'.5, 1]]' at character 14 cannot be read"),
    ("[" + " " * MAX_LIST_TEXT + "]", "longer than any board's list"),
])
def test_what_cannot_be_read_is_named_with_the_text(text, why):
    with pytest.raises(BoardSyntaxError) as info:
        read_list_text(text, "pieces", BoardSyntaxError)
    message = str(info.value)
    assert why in message and "[['W', 'K', 5, 1], ...]" in message
    assert repr(text)[:40] in message


def test_pieces_text_answers_as_the_list_does(client):
    listed = client.post("/api/2d/position", json={"pieces": BOARD}).get_json()
    assert client.post("/api/2d/position", json={"pieces_text": TYPED}).get_json() == listed
    assert listed["fen"] == "4k3/7p/8/8/8/8/8/4K2R"


@pytest.mark.parametrize("typed, move", [("['W', 'R', 8, 7]", ["W", "R", 8, 7]),
                                         (' ["B","K",4,7] ', ["B", "K", 4, 7]), ("h1h7", "h1h7"), (" e1f2 ", "e1f2")])
def test_move_text_answers_as_move_does(client, typed, move):
    asked = client.post("/api/2d/validate", json={"pieces": BOARD, "move": move}).get_json()
    assert client.post("/api/2d/validate", json={"pieces_text": TYPED, "move_text": typed}).get_json() == asked
    assert asked["valid"] is True


@pytest.mark.parametrize("body, code, quoted", [
    ({"pieces_text": "[['W', 'K', 5, 1]", "move_text": "e1e2"}, "bad_board", repr("[['W', 'K', 5, 1]")),
    ({"pieces_text": "[['W', 'X', 5, 1]]"}, "bad_board", "'X'"),
    ({"pieces_text": "[['W', 'K', 5, 1], ['W', 'K', 1, 1]]"}, "illegal_position", "2 kings"),
    ({"pieces_text": TYPED, "move_text": "['W', 'R', 8 2]"}, "bad_move", "['W', 'R', 8 2]"),
    ({"pieces_text": TYPED, "move_text": "['W', 'R', 9, 2]"}, "bad_move", "9"),
    ({"pieces_text": TYPED, "move_text": "rook to h7"}, "illegal_move", "'rook to h7'"),
    ({"pieces_text": ["W", "K", 5, 1]}, "bad_request", "pieces_text"),
    ({"pieces_text": TYPED, "move_text": ["W", "R", 8, 2]}, "bad_request", "move_text"),
    ({"pieces_text": TYPED, "pieces": BOARD, "move": "e1e2"}, "bad_request", "'pieces' and 'pieces_text'"),
    ({"pieces_text": TYPED, "move_text": "e1e2", "uci": "e1e2"}, "bad_request", "move_text"),
])
def test_typed_text_that_cannot_be_read_is_a_400_quoting_it(client, body, code, quoted):
    route = "/api/2d/validate" if "move_text" in body or "move" in body else "/api/2d/position"
    answer = client.post(route, json=body)
    assert answer.status_code == 400, answer.get_json()
    assert answer.get_json()["error"] == code
    assert quoted in answer.get_json()["message"]
