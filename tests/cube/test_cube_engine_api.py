"""POST /api/3d/engine as SPEC says: the computer's move and its value, exact from a table file that
is here (never a build queued, on a table folder of the test's own), searched otherwise within the
level's seconds, also when requests come at once; bad input refused naming it."""

from __future__ import annotations

import random
import threading
import time

import pytest

from tablebase.core.atoms import parse_pieces
from tablebase.core.cube_notation import CubePosition
from tablebase.cube.engine import LEVELS
from tablebase.tables import TableId
from tests.cube.test_cube_engine import board_text, random_position
from webapp import create_app
from webapp.api_routes import ROUTES
import webapp.cube  # noqa: F401  (declares the engine's route)
from webapp.tables import store
from tests.helpers.errors import is_error

MATE_IN_ONE = "[###,#K#,###],[###,###,###],[k##,###,#Q#]"
SLACK = 1.0  # seconds a request may take past its level's, for reading, answering and a busy machine


def engine(client, **body):
    return client.post("/api/3d/engine", json=body)


def test_a_table_answers_exactly(client):
    board = board_text(4, {0: "K", 5: "Q", 63: "k"})
    answer = engine(client, board=board, level=1).get_json()
    probe = client.post("/api/3d/tablebase", json={"board": board}).get_json()
    best = probe["moves"][0]
    assert probe["category"] == "win" and answer["source"] == "table" and answer["score"] == {"mate": probe["mate_in"]}
    assert answer["move"] == {"from": best["from"], "to": best["to"]} and answer["notation"] == best["notation"]
    assert (answer["depth"], answer["nodes"]) == (0, 0)


def test_a_position_no_table_holds_is_searched_and_no_build_queued(app_config, fresh_tables):
    app = create_app({**app_config, "TABLES": str(fresh_tables), "TABLE_BUILDER": False})
    answer = app.test_client().post("/api/3d/engine", json={"board": MATE_IN_ONE, "level": 3}).get_json()
    assert answer == {"move": {"from": [1, 2, 2], "to": [0, 1, 1]}, "notation": "Qb1(I)-a2(II)#",
                      "score": {"mate": 1}, "depth": 1, "nodes": answer["nodes"], "source": "search"}
    with app.app_context():
        assert store().status(TableId.cube("KQK", 3)).state == "missing"


def test_custom_pieces_black_to_move_and_the_default_level(client):
    board = board_text(4, {0: "K", 63: "k", 21: "U", 42: "u", 5: "r"})
    answer = engine(client, board=board, turn="b", pieces={"U": "012"}).get_json()
    position = CubePosition.parse(board, parse_pieces({"U": "012"}))
    start, end = position.cube(answer["move"]["from"]), position.cube(answer["move"]["to"])
    assert position.cells[start].color == "b" and end in position.rules.legal_targets(position.cells, start)
    assert answer["source"] == "search" and answer["depth"] >= 1


def test_no_move_says_checkmate_or_stalemate(client):
    after = client.post("/api/3d/game", json={"board": MATE_IN_ONE, "moves": [[[1, 2, 2], [0, 1, 1]]]}).get_json()
    answer = engine(client, board=after["moves"][-1]["board"], turn="b").get_json()
    assert answer["move"] is None and answer["outcome"] == "checkmate" and answer["score"] == {"mate": 0}


@pytest.mark.parametrize("body, words", [
    ({"board": MATE_IN_ONE, "level": 5}, "field 'level' must be 1, 2, 3 or 4, not 5"),
    ({"board": MATE_IN_ONE, "level": "2"}, "field 'level' must be int"),
    ({"board": MATE_IN_ONE, "level": True}, "field 'level' must be int"),
    ({"level": 2}, "missing field 'board'"),
    ({"board": MATE_IN_ONE, "turn": "x"}, "the side to move must be 'w' or 'b'"),
    ({"board": "[K##,###,###],[###,###,###],[###,###,##Q]"}, "there is no black king"),
])
def test_bad_input_is_refused_naming_it(client, body, words):
    answer = engine(client, **body)
    assert answer.status_code == 400 and is_error(answer.get_json()) and words in answer.get_json()["message"]


def heavy(body: dict) -> bool:
    """Whether the engine's route declares this body heavy work (the heavy lane's)."""
    return next(route for route in ROUTES if route.path == "/api/3d/engine").heavy(body)


def test_only_level_four_is_heavy():
    assert [heavy({"level": level}) for level in (1, 2, 3, 4)] == [False, False, False, True]
    assert not heavy({})


def timed(client, body: dict, found: list) -> None:
    started = time.monotonic()
    answer = client.post("/api/3d/engine", json=body)
    found.append((body["level"], time.monotonic() - started, answer.status_code, answer.get_json()))


def test_the_levels_hold_their_seconds_under_concurrent_requests(app):
    rng = random.Random(3)
    boards = [random_position(rng, n, 6).notation() for n in (5, 8, 5, 8, 5, 6)]
    bodies = [{"board": board, "level": level, "pieces": {"U": "011*", "V": "012", "W": "111*,013", "X": "002*,112"}}
              for board, level in zip(boards, (1, 2, 3, 1, 2, 3))]
    found: list = []
    threads = [threading.Thread(target=timed, args=(app.test_client(), body, found)) for body in bodies]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(found) == len(bodies)
    for level, seconds, status, answer in found:
        assert status == 200 and answer["move"] is not None, answer
        assert seconds < LEVELS[level] + SLACK, (level, seconds)


def test_level_four_holds_its_seconds(client):
    board = random_position(random.Random(4), 8, 8).notation()
    started = time.monotonic()
    answer = engine(client, board=board, level=4, pieces={"U": "011*", "V": "012", "W": "111*,013", "X": "002*,112"})
    assert answer.status_code == 200 and time.monotonic() - started < LEVELS[4] + SLACK
    assert answer.get_json()["depth"] >= 2
