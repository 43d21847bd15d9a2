"""Three men against a lone king through POST /api/3d/tablebase: K+3R on 3x3x3, its file built
beforehand as the command line builds it (no server builds a three-man table on demand), each
short mate checked by a mate search written apart from the engine and the rules core; a server
without the file refuses it naming its limit; four men are refused."""

from __future__ import annotations

import random

import pytest

from tablebase.core.cube_notation import CubePosition
from tablebase.core.rules import BLACK, WHITE, Piece
from tablebase.retrograde import Material
from tablebase.tables import Limits, TableId, TableStore
from tests.helpers.mate_search import MateSearch
from webapp import create_app

ROOK = "001*"


@pytest.fixture(scope="module")
def three_men_client(tmp_path_factory, app_config):
    folder = tmp_path_factory.mktemp("three-men")
    TableStore(folder, Limits.everything(), background=False).build_now(TableId.cube(Material.parse("KRRRK"), 3))
    return create_app({**app_config, "TABLES": str(folder)}).test_client()


def board(n: int, king, rooks, lone) -> str:
    empty = CubePosition(n, (None,) * n ** 3)
    cells = [None] * n ** 3
    cells[empty.cube(king)] = Piece(WHITE, "K")
    cells[empty.cube(lone)] = Piece(BLACK, "K")
    for rook in rooks:
        cells[empty.cube(rook)] = Piece(WHITE, "R")
    return CubePosition(n, tuple(cells)).notation()


def placements(n: int, seed: int, count: int):
    """Random placements of the five men on distinct cubes, the kings apart."""
    rng = random.Random(seed)
    cubes = [(x, y, z) for z in range(n) for y in range(n) for x in range(n)]
    found = 0
    while found < count:
        king, lone, *rooks = rng.sample(cubes, 5)
        if max(abs(a - b) for a, b in zip(king, lone)) > 1:
            found += 1
            yield king, rooks, lone


def moves_to_mate(dtm: int, white: bool) -> int:
    """The API's plies as White's moves to mate: 2m - 1 White to move, -2m Black to move."""
    return (dtm + 1) // 2 if white else -dtm // 2


@pytest.mark.slow
def test_krrrk_values_agree_with_a_mate_search(three_men_client):
    search = MateSearch(3)
    checked = {"w": 0, "b": 0, "draw": 0}
    for king, rooks, lone in placements(3, seed=27, count=400):
        for turn in "wb":
            r = three_men_client.post("/api/3d/tablebase", json={"board": board(3, king, rooks, lone), "turn": turn})
            body = r.get_json()
            if r.status_code == 400:  # Black in check with White to move
                assert body["error"] == "illegal_position" and turn == "w"
                continue
            assert r.status_code == 200 and body["material"] == "KRRRK", body
            men = tuple((ROOK, search.index(c)) for c in rooks)
            place = (search.index(king), men, search.index(lone))
            if body["category"] == "draw":  # no mate at all, so none within two moves either
                assert not body["checkmate"]
                assert (search.white_mate_length(*place, most=2) is None if turn == "w"
                        else not search.black_lost_within(*place, 2))
                checked["draw"] += 1
                continue
            mate = moves_to_mate(body["dtm"], turn == "w")
            if mate > 3:
                continue
            checked[turn] += 1
            if turn == "w":
                assert body["category"] == "win"
                assert search.white_mate_length(*place, most=3) == mate, (board(3, king, rooks, lone), body["dtm"])
            else:
                assert body["category"] == "loss" and body["checkmate"] == (mate == 0)
                assert search.black_lost_within(*place, mate)
                assert mate == 0 or not search.black_lost_within(*place, mate - 1)
    assert checked["w"] >= 50 and checked["b"] >= 50, checked


def test_a_krrrk_moves_values_follow_one_another(three_men_client):
    """White's moves are the mate search's; the best one leads to a Black-to-move position one
    ply closer, whose value the API gives the same when asked."""
    position = "[k##,###,###],[###,###,###],[###,RRR,##K]"
    body = three_men_client.post("/api/3d/tablebase", json={"board": position}).get_json()
    assert body["category"] == "win" and body["material"] == "KRRRK"
    search = MateSearch(3)
    place = (search.index((2, 2, 2)), tuple((ROOK, search.index((x, 1, 2))) for x in range(3)), search.index((0, 0, 0)))
    expected = {moved(search, place, after) for after in search.white_moves(*place)}
    assert {(tuple(m["from"]), tuple(m["to"])) for m in body["moves"]} == expected
    best = body["moves"][0]
    parsed = CubePosition.parse(position)
    cells = list(parsed.cells)
    start, end = parsed.cube(best["from"]), parsed.cube(best["to"])
    cells[end], cells[start] = cells[start], None
    after = three_men_client.post("/api/3d/tablebase", json={"board": CubePosition(3, tuple(cells)).notation(),
                                                             "turn": "b"}).get_json()
    assert after["dtm"] == best["dtm"] == -(body["dtm"] - 1)


def test_a_three_man_table_not_built_is_refused_naming_the_limit(client):
    r = client.post("/api/3d/tablebase", json={"board": "[k##,###,###],[###,###,###],[###,RRR,##K]"})
    assert r.status_code == 404, r.get_json()
    assert r.get_json()["error"] == "not_in_table"
    assert "KRRRK on n = 3" in r.get_json()["message"] and "two of them for 3 <= n <= 3" in r.get_json()["message"]


def test_four_men_are_refused(three_men_client):
    r = three_men_client.post("/api/3d/tablebase", json={"board": "[k##,###,###],[##Q,###,###],[###,RRR,##K]"})
    assert r.status_code == 404 and "not 4: Q R R R" in r.get_json()["message"]


def moved(search: MateSearch, before, after) -> tuple:
    """(from, to) coordinates of the White move from ``before`` to ``after``."""
    squares = lambda p: {p[0], *(s for _, s in p[1])}
    (start,), (end,) = squares(before) - squares(after), squares(after) - squares(before)
    return search.cube.cells[start], search.cube.cells[end]
