"""Issue 36: the heavy lane (webapp/edge/lane.py). Under the production server (gunicorn with
gunicorn.conf.py) with one worker, so that every request below meets the same one: a health probe
sent while heavy requests run is answered before the first of them; a heavy request past its time
limit is stopped in its thread and answered 503 ``out_of_time`` in JSON, and the lane answers the
next; a request over the lane's bound is answered 503 ``heavy_lane_full`` with Retry-After; every
heavy route runs in the lane's thread without touching gevent. In process, the lane's own checks."""

from __future__ import annotations

import http.client
import json
import logging
import os
import signal
import socket
import threading
import time

import gevent
import pytest

from tests.app.test_app_cost_before_lane import OVER_BOARD, OVER_GAME
from tests.app.test_app_gunicorn import _free_port, _start, _wait_healthy
from tests.app.test_app_time_limit import LONG_GAME
from webapp import create_app
from webapp.edge.lane import Lane, LaneFull, _Job, heavy

pytestmark = pytest.mark.slow  # starts the production server

HEAVY_ROUTES = {  # every route declared heavy, with a body it answers
    ("POST", "/api/3d/analyze"): {"board": "[##,#K],[k#,##]"},
    ("POST", "/api/3d/moves"): {"board": "[##,#K],[k#,##]", "from": [1, 1, 0]},
    ("POST", "/api/3d/position"): {"board": "[##,#K],[k#,##]"},
    ("POST", "/api/3d/attacks"): {"board": "[##,#K],[k#,##]"},
    ("POST", "/api/3d/game"): {"board": "[K##,###,###],[###,###,###],[###,###,##k]", "moves": [[[0, 0, 0], [1, 0, 0]]]},
    ("POST", "/api/3d/tablebase"): {"board": "[KU#,###,###],[###,###,###],[###,###,##k]", "pieces": {"U": "001*"}},
    ("GET", "/api/3d/endgames/position?material=KQK&n=3"): None,
    ("POST", "/api/3d/engine"): {"board": "[K##,###,###],[###,###,###],[#Q#,###,##k]", "level": 4},  # level 4 only
    ("POST", "/api/solitaire/solve"): {"board": "N..............N"},
    ("POST", "/api/solitaire/state"): {"board": "N..............N"},
    ("POST", "/api/solitaire/hint"): {"board": "N..............N"},
}


def _server(kbnk_table_path, folder, **env):
    table = folder / "kbnk.bin"
    table.write_bytes(kbnk_table_path.read_bytes())
    port = _free_port()
    process = _start(table, port, folder / "access.log", env={"WEB_CONCURRENCY": "1", **env})
    _wait_healthy(port, process)
    return port, process


def _stop(process) -> str:
    process.send_signal(signal.SIGTERM)
    output, _ = process.communicate(timeout=30)
    assert "WORKER TIMEOUT" not in output
    return output


@pytest.fixture(scope="module")
def lane(kbnk_table_path, tmp_path_factory):
    """One worker, its lane of one thread and one request waiting."""
    port, process = _server(kbnk_table_path, tmp_path_factory.mktemp("lane"), KBN_HEAVY_THREADS="1",
                            KBN_HEAVY_WAITING="1")
    found = {"port": port}
    yield found
    found["log"] = _stop(process)
    assert "used gevent in the heavy lane" not in found["log"]


def _post(port: int, path: str, body: str, answers: dict, key) -> None:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    connection.request("POST", path, body=body, headers={"Content-Type": "application/json"})
    response = connection.getresponse()
    answers[key] = (response.status, json.loads(response.read()), response.getheader("Retry-After"), time.monotonic())
    connection.close()


def _at_once(port: int, count: int) -> dict:
    answers: dict = {}
    threads = [threading.Thread(target=_post, args=(port, "/api/3d/game", LONG_GAME, answers, i)) for i in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    return answers


def _probe_among_heavy_requests(port: int) -> tuple[float, dict]:
    """Two heavy requests sent at once, then a health probe while the first runs: (when the probe
    was answered, the heavy answers)."""
    answers: dict = {}
    heavy_requests = [threading.Thread(target=_post, args=(port, "/api/3d/game", LONG_GAME, answers, i))
                      for i in range(2)]
    for request in heavy_requests:
        request.start()
    time.sleep(0.05)  # the first heavy request is in the lane's thread: a tenth of a second of work at least
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    connection.request("GET", "/healthz")
    probe = connection.getresponse()
    assert probe.status == 200 and json.loads(probe.read())["status"] == "ok"
    probed = time.monotonic()
    for request in heavy_requests:
        request.join(60)
    assert [answers[i][0] for i in range(2)] == [200, 200]
    return probed, answers


def test_a_health_probe_is_answered_while_heavy_requests_run(lane):
    """Answered before any heavy answer: not queued behind one. On a loaded machine the probe's own
    few milliseconds may still come after the first heavy answer, a tenth of a second of work; a
    worker whose heavy work held its loop would answer it after one every time: three trials."""
    trials = []
    for _ in range(3):
        probed, answers = _probe_among_heavy_requests(lane["port"])
        trials.append(probed < min(answer[3] for answer in answers.values()))
        if trials[-1]:
            break
    assert trials[-1], trials


def test_a_request_over_the_lane_bound_is_refused_at_once_naming_it(lane):
    answers = _at_once(lane["port"], 4)  # one runs, one waits: the others are refused
    statuses = sorted(status for status, *_ in answers.values())
    assert statuses.count(200) >= 2 and set(statuses) <= {200, 503}
    refused = [(body, retry) for status, body, retry, _ in answers.values() if status == 503]
    assert refused, statuses
    for body, retry in refused:
        assert body["error"] == "heavy_lane_full" and retry == "1"
        assert "holds 2 requests, its limit (1 running and 1 waiting)" in body["message"]


def test_a_request_past_the_work_budget_is_refused_while_the_lane_is_full(lane):
    """Weighed where its body is read, in the worker's loop: refused at once, never queued behind
    the lane's requests (nor refused for the lane being full)."""
    answers: dict = {}
    filling = [threading.Thread(target=_post, args=(lane["port"], "/api/3d/game", LONG_GAME, answers, i))
               for i in range(2)]  # one runs, one waits: the lane (1 thread, 1 waiting) is full
    for request in filling:
        request.start()
    time.sleep(0.05)
    _post(lane["port"], "/api/3d/position", json.dumps({"board": "[##,#K],[k#,##]"}), answers, "within")
    _post(lane["port"], "/api/3d/position", json.dumps(OVER_BOARD), answers, "board")
    _post(lane["port"], "/api/3d/game", json.dumps(OVER_GAME), answers, "game")
    for request in filling:
        request.join(60)
    assert [answers[i][0] for i in range(2)] == [200, 200]
    assert answers["within"][0] == 503 and answers["within"][1]["error"] == "heavy_lane_full"  # the lane was full
    for kind in ("board", "game"):
        status, body, _, at = answers[kind]
        assert status == 400 and body["error"] == "too_hard" and f"this {kind} asks for" in body["message"]
        # Before the lane's last request was answered: one queued behind the lane would come after
        # it. (Not before the first: on a loaded machine the three requests above may take longer
        # than the running one's work, a tenth of a second.)
        assert at < max(answers[i][3] for i in range(2))


def test_every_heavy_route_answers_from_the_lane(lane, tmp_path):
    app = create_app({"TESTING": True, "TABLES": str(tmp_path), "TABLE_BUILDER": False})
    declared = {rule.rule for rule in app.url_map.iter_rules()
                if getattr(app.view_functions[rule.endpoint], "heavy", False)}
    assert declared == {path.split("?")[0] for _, path in HEAVY_ROUTES}
    for (method, path), body in HEAVY_ROUTES.items():
        connection = http.client.HTTPConnection("127.0.0.1", lane["port"], timeout=30)
        connection.request(method, path, body=None if body is None else json.dumps(body),
                           headers={"Content-Type": "application/json"} if body else {})
        response = connection.getresponse()
        assert response.status in (200, 202), (path, response.read())
        response.read()
        connection.close()


def test_a_heavy_request_past_its_time_is_stopped_in_the_lane(kbnk_table_path, tmp_path):
    port, process = _server(kbnk_table_path, tmp_path, KBN_HEAVY_THREADS="1", KBN_REQUEST_SECONDS="0.05")
    try:
        answers = _at_once(port, 3)  # one in the thread, two waiting for it: each answered at its limit
        for status, body, _, _ in answers.values():
            assert status == 503 and body["error"] == "out_of_time" and "0.05 s" in body["message"]
        later: dict = {}
        for attempt in range(10):  # the lane's thread answers a small request (within 0.05 s on a busy machine: some)
            _post(port, "/api/3d/position", json.dumps({"board": "[##,#K],[k#,##]"}), later, attempt)
            if later[attempt][0] == 200:
                break
        assert later[attempt][0] == 200, later
    finally:
        log = _stop(process)
    assert log.count("stopped at its time limit") == 3 + attempt


def _spin(seconds: float) -> str:
    until = time.monotonic() + seconds
    while time.monotonic() < until:
        pass
    return "done"


def test_in_process_a_job_stopped_before_its_thread_takes_it_does_not_run():
    ran = []
    job = _Job(lambda: ran.append(1))
    job.stop()
    assert job.run() == (False, None) and ran == []


def test_in_process_a_stopped_job_leaves_its_thread_clean():
    lane = Lane(1, 0)
    job = _Job(lambda: _spin(30))
    result = lane.pool.spawn(job.run)
    gevent.sleep(0.05)
    started = time.monotonic()
    job.stop()
    assert result.get(timeout=10) == (False, None) and time.monotonic() - started < 5
    assert lane.pool.spawn(_Job(lambda: _spin(0.01)).run).get(timeout=10) == (True, "done")  # no stop left over
    lane.pool.kill()


def test_in_process_the_lane_answers_and_refuses(caplog, tmp_path):
    app = create_app({"TESTING": True, "TABLES": str(tmp_path), "TABLE_BUILDER": False})
    lane = Lane(1, 0)
    with app.test_request_context("/"):
        assert lane.run(lambda: _spin(0.01), None, None) == "done"
        waiting = gevent.spawn(lane.run, lambda: _spin(0.3), None, None)
        gevent.sleep(0.01)
        with pytest.raises(LaneFull, match="holds 1 requests, its limit"):
            lane.run(lambda: "never", None, None)
        assert waiting.get(timeout=10) == "done"
        with caplog.at_level(logging.ERROR, logger="webapp.edge.lane"):
            assert lane.run(lambda: gevent.sleep(0) or "slept", None, None) == "slept"
        assert "used gevent in the heavy lane's thread" in caplog.text
    lane.pool.kill()


def test_without_a_lane_a_heavy_view_runs_where_it_is_called(tmp_path):
    app = create_app({"TESTING": True, "TABLES": str(tmp_path), "TABLE_BUILDER": False})
    where = heavy(lambda: threading.get_ident())
    with app.test_request_context("/"):
        assert where() == threading.get_ident()


def test_the_body_is_read_before_the_lane_takes_the_request(lane):
    """A chunked body (read off the client's socket by the loop, never by the lane's thread)."""
    body = json.dumps({"board": "[##,#K],[k#,##]"}).encode()
    with socket.create_connection(("127.0.0.1", lane["port"]), timeout=20) as client:
        client.sendall(b"POST /api/3d/position HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                       b"Transfer-Encoding: chunked\r\n\r\n" + b"%X\r\n" % len(body) + body + b"\r\n0\r\n\r\n")
        assert client.recv(65536).startswith(b"HTTP/1.1 200")


def test_in_process_the_lane_thread_runs_at_a_lower_priority():
    lane = Lane(1, 0, nice=3)
    here = os.getpriority(os.PRIO_PROCESS, threading.get_native_id())
    niceness = _Job(lambda: os.getpriority(os.PRIO_PROCESS, threading.get_native_id()), lane.nice)
    assert lane.pool.spawn(niceness.run).get(timeout=10) == (True, here + 3)
    again = _Job(lambda: os.getpriority(os.PRIO_PROCESS, threading.get_native_id()), lane.nice)
    assert lane.pool.spawn(again.run).get(timeout=10) == (True, here + 3)  # once per thread, not per request
    assert os.getpriority(os.PRIO_PROCESS, threading.get_native_id()) == here
    lane.pool.kill()
