"""Issue 36: no worker is ever killed by a request. A request that runs past its time limit
(``request_time_limit``, ``KBN_REQUEST_SECONDS``) is stopped inside the worker and answered 503
``out_of_time`` in JSON, on a connection that stays open, never closed unanswered; the worker
goes on answering. Under the production server (gunicorn with gunicorn.conf.py), with a limit far
below the request's work, and in process."""

from __future__ import annotations

import http.client
import json
import signal
import time

import pytest

from tests.app.test_app_gunicorn import _free_port, _get, _start, _wait_healthy
from webapp import create_app
from webapp.edge.time_limit import install

pytestmark = pytest.mark.slow  # starts the production server

# White's king steps to and fro on the 10x10x10 board, and Black's: 240 moves, accepted (within the
# work budget) and near a tenth of a second of work, past a limit of 20 ms.
KINGS = ",".join("[" + ",".join(("K" if z == 0 and y == 0 else "#") + "#" * 8 + ("k" if z == 9 and y == 9 else "#")
                                for y in range(10)) + "]" for z in range(10))
TO_AND_FRO = [[[0, 0, 0], [1, 0, 0]], [[9, 9, 9], [8, 9, 9]], [[1, 0, 0], [0, 0, 0]], [[8, 9, 9], [9, 9, 9]]]
LONG_GAME = json.dumps({"board": KINGS, "moves": TO_AND_FRO * 60})


@pytest.fixture(scope="module")
def limited(kbnk_table_path, tmp_path_factory):
    folder = tmp_path_factory.mktemp("time-limit")
    table = folder / "kbnk.bin"
    table.write_bytes(kbnk_table_path.read_bytes())
    port = _free_port()
    process = _start(table, port, folder / "access.log", env={"KBN_REQUEST_SECONDS": "0.02"})
    _wait_healthy(port, process)
    yield {"port": port, "process": process}
    process.send_signal(signal.SIGTERM)
    output, _ = process.communicate(timeout=30)
    assert "WORKER TIMEOUT" not in output


def test_a_request_past_its_time_is_answered_503_in_json_on_a_connection_kept_open(limited):
    connection = http.client.HTTPConnection("127.0.0.1", limited["port"], timeout=20)
    for _ in range(3):  # the same connection: each answer whole, the connection still open after it
        connection.request("POST", "/api/3d/game", body=LONG_GAME, headers={"Content-Type": "application/json"})
        response = connection.getresponse()
        body = json.loads(response.read())
        assert response.status == 503 and body["error"] == "out_of_time"
        assert "0.02 s" in body["message"]
        assert response.getheader("Connection", "").lower() != "close"
    connection.request("GET", "/healthz")
    answer = connection.getresponse()
    assert answer.status == 200 and json.loads(answer.read())["status"] == "ok"
    connection.close()


def test_short_requests_are_answered_as_ever_under_the_limit(limited):
    response, body = _get(limited["port"], "/api/3d/analyze")  # a GET on a POST route: 405, at once
    assert response.status == 405
    # A few milliseconds of work, in the lane's thread at a lower priority: on a loaded machine it
    # may yet miss the 20 ms, and is then answered as any request past its time. Never anything else,
    # and answered 200 within three tries: the limit of one request leaves nothing behind for the next.
    statuses = []
    for _ in range(3):
        started = time.monotonic()
        connection = http.client.HTTPConnection("127.0.0.1", limited["port"], timeout=20)
        connection.request("POST", "/api/3d/position", body=json.dumps({"board": "[##,#K],[k#,##]"}),
                           headers={"Content-Type": "application/json"})
        answer = connection.getresponse()
        body = json.loads(answer.read())
        assert time.monotonic() - started < 5
        assert answer.status == 200 or (answer.status, body["error"]) == (503, "out_of_time"), body
        statuses.append(answer.status)
        if answer.status == 200:
            break
    assert statuses[-1] == 200, statuses


def test_in_process_too_the_limit_answers_503_and_is_cleared_after(kbnk_table_path, tmp_path):
    app = create_app({"TESTING": True, "KBNK_TABLE": str(kbnk_table_path), "TABLES": str(tmp_path)})
    limit = install(app, 0.02)
    try:
        client = app.test_client()
        answer = client.post("/api/3d/game", data=LONG_GAME, content_type="application/json")
        assert answer.status_code == 503 and answer.get_json()["error"] == "out_of_time"
        assert client.post("/api/3d/position", json={"board": "[##,#K],[k#,##]"}).status_code == 200
        assert limit.deadlines == {} and signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0)
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, signal.SIG_DFL)
