"""Each move of a 3D probe carries the pieces after it (issue 17: the endgames page plays the
server's position instead of moving pieces itself), the same as the lab's report of the board
after the move (``/api/3d/position``), a capture by the lone king included."""

from __future__ import annotations

import pytest

from tablebase.core.cube_notation import CubePosition


def pieces_after(client, board: str, move: dict) -> dict:
    """The lab's pieces of ``board`` once ``move`` is played, the board rebuilt from its cells."""
    position = CubePosition.parse(board)
    cells = list(position.cells)
    start, end = position.cube(move["from"]), position.cube(move["to"])
    cells[end], cells[start] = cells[start], None
    after = CubePosition(position.n, tuple(cells)).url_form()
    r = client.post("/api/3d/position", json={"board": after})
    assert r.status_code == 200, r.get_json()
    return r.get_json()["pieces"]


@pytest.mark.parametrize("board, turn", [
    ("[###,###,###],[kQ#,###,###],[###,###,##K]", "b"),  # the lone king may take the queen
    ("[k##,###,###],[###,###,###],[#Q#,###,##K]", "w"),
])
def test_each_move_gives_the_pieces_after_it(client, board, turn):
    r = client.post("/api/3d/tablebase", json={"board": board, "turn": turn})
    if r.status_code == 404:  # a material beyond the server's limits
        pytest.skip(r.get_json()["message"])
    body = r.get_json()
    assert r.status_code == 200 and body["moves"], body
    for move in body["moves"]:
        assert move["pieces"] == pieces_after(client, board, move), move


def test_a_position_to_play_comes_with_the_pieces_after_each_move(client):
    r = client.get("/api/3d/endgames/position?material=KRRK&n=3&seed=4")
    assert r.status_code == 200, r.get_json()
    body = r.get_json()
    for move in body["moves"]:
        assert move["pieces"] == pieces_after(client, body["board"], move)
