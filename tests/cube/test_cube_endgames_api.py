"""POST /api/3d/tablebase and GET /api/3d/endgames as SPEC says, the build and position routes of
the endgames page, and every class of bad input (the app's tables: one man n <= 4, two men n = 3)."""

from __future__ import annotations

import numpy as np
import pytest

from tablebase.core.cube_notation import CubePosition
from tablebase.cube.endgames import ALL_MATERIALS, board_of, from_board, notation
from tablebase.tables import TablePosition
from tests.helpers.errors import is_error

MOVE_FIELDS = {"from", "to", "piece", "category", "dtm", "checkmate", "stalemate"}


def tablebase(client, board, turn="w"):
    return client.post("/api/3d/tablebase", json={"board": board, "turn": turn})


def longest(client, material, n):
    r = client.get(f"/api/3d/endgames/position?material={material}&n={n}&pick=longest&seed=1")
    assert r.status_code == 200, r.get_json()
    return r.get_json()


def test_a_won_position_and_every_move(client):
    start = longest(client, "KQK", 4)
    body = tablebase(client, start["board"]).get_json()
    assert body["category"] == "win" and body["dtm"] == start["dtm"] and body["dtm"] % 2 == 1
    assert {"category", "dtm", "checkmate", "stalemate", "moves"} <= set(body)
    assert all(set(m) >= MOVE_FIELDS for m in body["moves"])
    best = body["moves"][0]
    assert best["category"] == "loss" and best["dtm"] == -(body["dtm"] - 1)  # one ply closer
    losses = [m["dtm"] for m in body["moves"] if m["category"] == "loss"]
    assert losses == sorted(losses, reverse=True)  # quickest mate first
    # Every move agrees with the rules core, and the value after the best one agrees too.
    position = CubePosition.parse(start["board"])
    expected = sorted((list(position.coords(s)), list(position.coords(t))) for s, p in enumerate(position.cells)
                      if p and p.color == "w" for t in position.rules.legal_targets(position.cells, s))
    assert sorted((m["from"], m["to"]) for m in body["moves"]) == expected


def test_play_the_mate_out_against_the_most_stubborn_defence(client):
    """Best move, then the lone king's first (most stubborn) reply, until mate: each White move
    is one move closer, and the mate arrives exactly when the table said."""
    start = longest(client, "KRNK", 3)
    position = from_board(CubePosition.parse(start["board"]), "w")
    moves_to_mate = (start["dtm"] + 1) // 2
    for played in range(1, moves_to_mate + 1):
        answer = tablebase(client, notation(position), "w").get_json()
        assert answer["dtm"] == 2 * (moves_to_mate - played + 1) - 1
        best = answer["moves"][0]
        position = play(position, best)
        reply = tablebase(client, notation(position), "b").get_json()
        assert reply["dtm"] == best["dtm"]
        if played == moves_to_mate:
            assert reply["checkmate"] and reply["moves"] == []
            return
        position = play(position, reply["moves"][0])
    raise AssertionError("no mate")


def play(position: TablePosition, move: dict) -> TablePosition:
    board = board_of(position)
    cells = list(board.cells)
    start, end = board.cube(move["from"]), board.cube(move["to"])
    cells[end], cells[start] = cells[start], None
    return from_board(CubePosition(board.n, tuple(cells)), "b" if position.strong_to_move else "w")


def test_black_may_take_an_undefended_piece_and_kk_is_drawn(client):
    # Lone king a1(III) next to an undefended queen; the white king far away.
    board = "[###,###,###],[kQ#,###,###],[###,###,##K]"
    body = tablebase(client, board, "b").get_json()
    take = next(m for m in body["moves"] if m["to"] == [1, 0, 1])
    assert take["category"] == "draw" and take["dtm"] is None
    assert body["category"] == "draw" and body["moves"][0]["category"] == "draw"
    alone = "[k##,###,###],[###,###,###],[###,###,##K]"
    kings = tablebase(client, alone, "w").get_json()
    assert kings["category"] == "draw" and kings["material"] == "KK"
    assert sorted(m["to"] for m in kings["moves"]) == sorted(CubePosition.parse(alone).legal_destinations([2, 2, 2]))


def test_checkmate_and_stalemate_positions(client):
    # Black to move, mated: queen on b2(II) guarded by the king... found from the table's mates.
    start = longest(client, "KQK", 3)
    body = tablebase(client, start["board"]).get_json()
    mate = next(m for m in body["moves"] if m["checkmate"])
    assert mate["dtm"] == 0 and mate["category"] == "loss"
    stalemates = [m for m in body["moves"] if m["stalemate"]]
    assert all(m["category"] == "draw" and m["dtm"] is None for m in stalemates)


def test_endgames_lists_every_material_of_the_size(client, brute_force):
    body = client.get("/api/3d/endgames?n=3").get_json()
    assert body["n"] == 3 and [e["material"] for e in body["endgames"]] == [m.name for m in ALL_MATERIALS]
    rows = {e["material"]: e for e in body["endgames"]}
    values = brute_force(3).solve(("Q",))
    assert rows["KQK"]["won"] == int((values > 0).sum()) and rows["KQK"]["longest"] == int(values.max())
    assert rows["KRK"]["longest"] is None and rows["KRK"]["example"] is None and rows["KRK"]["won"] == 0
    brute_force(3).solve(("R", "N"))
    assert rows["KRNK"]["checkmates"] == brute_force(3).checkmates[("R", "N")] > 0
    assert rows["KRK"]["checkmates"] == 0 and rows["KQK"]["checkmates"] == brute_force(3).checkmates[("Q",)]
    for row in body["endgames"]:
        assert row["positions"] == row["won"] + row["drawn"] and sum(row["histogram"]) == row["won"]
        if row["longest"]:
            example = tablebase(client, row["example"]).get_json()
            assert example["dtm"] == 2 * row["longest"] - 1
    four = client.get("/api/3d/endgames?n=4").get_json()
    assert [e["material"] for e in four["endgames"]] == ["KQK", "KRK", "KBK", "KNK"]


@pytest.mark.parametrize("query, status, words", [
    ("", 400, "missing query parameter 'n'"),
    ("?n=abc", 400, "'abc'"),
    ("?n=2", 404, "n = 2"),
    ("?n=11", 404, "n = 11"),
    ("?n=7", 404, "3 <= n <= 4"),
])
def test_endgames_bad_sizes(client, query, status, words):
    r = client.get("/api/3d/endgames" + query)
    assert r.status_code == status and words in r.get_json()["message"]


@pytest.mark.parametrize("body, status, code, words", [
    ({"turn": "w"}, 400, "bad_request", "missing field 'board'"),
    ({"board": 3}, 400, "bad_request", "field 'board'"),
    ({"board": "[###,###,###],[###,#K#,###],[k##,###,###]", "turn": "x"}, 400, "bad_input", "'x'"),
    ({"board": "[###,###],[###]"}, 400, "bad_board", "expected"),
    ({"board": "[k##,#K#,###],[###,###,###],[###,###,###]"}, 400, "illegal_position", "side by side"),
    ({"board": "[k#R,###,###],[###,###,###],[###,###,##K]"}, 400, "illegal_position", "black is in check"),
    ({"board": "[k##,###,###],[###,###,###],[###,###,###]"}, 400, "illegal_position", "no white king"),
    ({"board": "[K##,###,###],[###,###,###],[###,###,###]"}, 400, "illegal_position", "no black king"),
    ({"board": "[k##,###,#q#],[###,###,###],[###,###,##K]"}, 404, "not_in_table", "1 black man: q"),
    ({"board": "[k##,###,###],[###,RN#,###],[###,###,#QK]"}, 404, "not_in_table", "KQRNK on n = 3: this server"),
    ({"board": "[k##,###,###],[###,RN#,###],[###,#B#,#QK]"}, 404, "not_in_table", "not 4: Q R B N"),
    ({"board": "[k###,####,####,####],[####,####,####,####],[####,#RN#,####,####],[####,####,####,###K]"},
     404, "not_in_table", "two of them for 3 <= n <= 3"),
    ({"board": "[k####,#####,#####,#####,#####],[#####,#####,#####,#####,#####],[#####,###Q#,#####,#####,#####],"
               "[#####,#####,#####,#####,#####],[#####,#####,#####,#####,####K]"}, 404, "not_in_table", "KQK on n = 5"),
])
def test_tablebase_bad_input(client, body, status, code, words):
    r = client.post("/api/3d/tablebase", json=body)
    answer = r.get_json()
    assert r.status_code == status, answer
    assert answer["error"] == code and words in answer["message"]


def test_tablebase_refuses_a_body_that_is_not_json(client):
    r = client.post("/api/3d/tablebase", data="not json", content_type="application/json")
    assert r.status_code == 400 and r.get_json()["error"] == "bad_request"


def test_build_and_status_routes(client):
    r = client.post("/api/3d/endgames/build", json={"n": 3, "material": "KBNK"})
    assert r.status_code in (200, 202)
    assert [t["material"] for t in r.get_json()["tables"]] == ["KBNK"]
    status = client.get("/api/3d/endgames/status?n=3").get_json()
    assert len(status["tables"]) == len(ALL_MATERIALS) and "3 <= n <= 4" in status["limits"]
    everything = client.get("/api/3d/endgames/status").get_json()["tables"]
    assert {t["n"] for t in everything} == set(range(3, 11))
    beyond = [t for t in everything if t["n"] == 5]
    assert all(t["state"] == "unavailable" for t in beyond)
    ready = next(t for t in everything if t["material"] == "KQK" and t["n"] == 3)
    assert ready["state"] == "ready" and ready["won"] == ready["positions"] > 0
    assert client.post("/api/3d/endgames/build", json={"n": 9, "material": "KQRK"}).status_code == 404
    assert client.post("/api/3d/endgames/build", json={"n": "3"}).status_code == 400
    assert client.post("/api/3d/endgames/build", json={"material": "KZK"}).status_code == 400


def test_position_route(client):
    a = client.get("/api/3d/endgames/position?material=KRRK&n=3&seed=4").get_json()
    b = client.get("/api/3d/endgames/position?material=KRRK&n=3&seed=4").get_json()
    assert a == b and a["category"] == "win" and a["turn"] == "w"
    assert CubePosition.parse(a["board"]).n == 3
    seen = {client.get(f"/api/3d/endgames/position?material=KRRK&n=3&seed={s}").get_json()["board"] for s in range(6)}
    assert len(seen) > 1
    for query, status in [("material=KRK&n=3", 404), ("material=KRRK&n=3&pick=odd", 400),
                          ("material=KRRRK&n=3", 404), ("material=KZK&n=3", 400), ("n=3", 400), ("material=KQK", 400),
                          ("material=KQRK&n=4", 404), ("material=KK&n=3", 404),
                          ("material=KRRK&n=3&seed=%C2%B2", 400), ("material=KRRK&n=3&seed=x", 400)]:
        r = client.get(f"/api/3d/endgames/position?{query}")
        assert r.status_code == status, (query, r.get_json())
        assert is_error(r.get_json())


def test_the_page_lists_every_material_and_size(client):
    html = client.get("/3d/endgames").get_data(as_text=True)
    assert all(f'data-material="{m.name}"' in html for m in ALL_MATERIALS)
    assert 'data-n="10"' in html and "cube_endgames.css" in html and "<script type=\"module\"" in html
    assert np.char.count(html, "<script").item() == 1  # no inline scripts


def test_random_positions_respect_a_minimum_length(client):
    longest = client.get("/api/3d/endgames?n=3").get_json()["endgames"]
    krnk = next(e for e in longest if e["material"] == "KRNK")["longest"]
    for seed in range(5):
        body = client.get(f"/api/3d/endgames/position?material=KRNK&n=3&min={krnk - 2}&seed={seed}").get_json()
        assert (body["dtm"] + 1) // 2 >= krnk - 2
    capped = client.get("/api/3d/endgames/position?material=KRNK&n=3&min=999&seed=1").get_json()
    assert (capped["dtm"] + 1) // 2 == krnk
    assert client.get("/api/3d/endgames/position?material=KRNK&n=3&min=x").status_code == 400
