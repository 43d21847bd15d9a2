"""Issue 36: a request's work is weighed where its body is read, in the worker's loop, before the
heavy lane (``cost=`` in a route's declaration, webapp/api_routes.py): a board or game past the
work budget is refused there with 400 ``too_hard`` naming the figure and the limit, and never
enters the lane; a board within it is read once, its handler in the lane getting the same value.
In process, with a lane that records what enters it; under the production server:
tests/app/test_app_heavy_lane.py (answered while the lane is full)."""

from __future__ import annotations

import json

import pytest

from tablebase.core.cube_work import WORK_BUDGET
from webapp import create_app

RIDERS_16 = "001*,011*,111*,012*,112*,122*,013*,023*,113*,123*,133*,223*,233*,014*,034*,114*"
TO_AND_FRO = [[[0, 0, 0], [1, 0, 0]], [[9, 9, 9], [8, 9, 9]], [[1, 0, 0], [0, 0, 0]], [[8, 9, 9], [9, 9, 9]]]


def crowded(men: int, letter: str = "A", n: int = 10) -> str:
    """The n×n×n board: White's king first, Black's last, ``men`` men of ``letter`` after White's
    king, every other one Black's."""
    cells = ["#"] * n ** 3
    cells[0], cells[-1] = "K", "k"
    for i in range(men):
        cells[1 + i] = letter.lower() if i % 2 else letter
    return ",".join("[" + ",".join("".join(cells[z * n * n + y * n:z * n * n + (y + 1) * n]) for y in range(n)) + "]"
                    for z in range(n))


# 16 men of 16 rider atoms on 10×10×10: about 44 million units of work, past the budget of 30 million.
OVER_BOARD = {"board": crowded(16), "pieces": {"A": RIDERS_16}}
# 8 such men (22 million) are within it, and 400 moves are not.
OVER_GAME = {"board": crowded(8), "pieces": {"A": RIDERS_16}, "moves": TO_AND_FRO * 100}
RECORD = (f'[Board "{crowded(8)}"] [Pieces "A={RIDERS_16}"] '
          + " ".join(["Ka10(X)-b10(X) Kj1(I)-i1(I) Kb10(X)-a10(X) Ki1(I)-j1(I)"] * 100))
OVER_BUDGET = [  # every route whose work a board or game sets, with a body past the budget
    ("/api/3d/analyze", OVER_BOARD), ("/api/3d/moves", {**OVER_BOARD, "from": [0, 0, 0]}),
    ("/api/3d/position", OVER_BOARD), ("/api/3d/attacks", OVER_BOARD), ("/api/3d/tablebase", OVER_BOARD),
    ("/api/3d/engine", {**OVER_BOARD, "level": 4}), ("/api/3d/game", OVER_GAME), ("/api/3d/game", {"moves": RECORD}),
]


class RecordingLane:
    """A heavy lane that runs what enters it where it is called, and records each request."""

    def __init__(self):
        self.entered: list[str] = []

    def run(self, call, seconds, deadline):
        from flask import request

        self.entered.append(request.path)
        return call()


@pytest.fixture()
def laned(app_config):
    app = create_app(app_config)
    app.extensions["heavy_lane"] = lane = RecordingLane()
    return app.test_client(), lane


@pytest.mark.parametrize(("path", "body"), OVER_BUDGET)
def test_a_request_past_the_budget_is_refused_before_the_lane(laned, path, body):
    client, lane = laned
    answer = client.post(path, data=json.dumps(body), content_type="application/json")
    assert answer.status_code == 400, answer.get_json()
    said = answer.get_json()
    assert said["error"] == "too_hard" and f"past the limit of {WORK_BUDGET:,} per request" in said["message"]
    assert ("this game asks for" if "game" in path else "this board asks for") in said["message"]
    assert lane.entered == []


def test_a_request_within_the_budget_enters_the_lane_and_is_read_once(laned, monkeypatch):
    from tablebase.core import cube_notation

    client, lane = laned
    parsed = []
    parse = cube_notation.CubePosition.parse.__func__
    monkeypatch.setattr(cube_notation.CubePosition, "parse",
                        classmethod(lambda cls, *args: parsed.append(1) or parse(cls, *args)))
    for path, body in (("/api/3d/position", {"board": crowded(8), "pieces": {"A": RIDERS_16}}),
                       ("/api/3d/game", {"board": crowded(0), "moves": TO_AND_FRO[:2]})):
        answer = client.post(path, data=json.dumps(body), content_type="application/json")
        assert answer.status_code == 200, answer.get_json()
        assert lane.entered[-1] == path and len(parsed) == 1, (path, parsed)
        parsed.clear()


def test_a_board_that_cannot_be_read_is_refused_before_the_lane_too(laned):
    client, lane = laned
    answer = client.post("/api/3d/position", data=json.dumps({"board": "[##,#Z],[k#,##]"}),
                         content_type="application/json")
    assert answer.status_code == 400 and answer.get_json()["error"] == "bad_board"
    assert lane.entered == []
