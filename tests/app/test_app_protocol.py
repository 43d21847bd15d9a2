"""The production server (gunicorn as `./dev serve` runs it) at the protocol level: requests it
cannot parse get the JSON error shape and the security headers; chunked bodies that are broken or
too large are 400 and 413; clients that trickle their headers or bodies starve nobody; heavy
requests spread over the workers."""

from __future__ import annotations

import http.client
import json
import socket
import threading
import time

import pytest
from tests.app.test_app_gunicorn import _free_port, _get, _start, _wait_healthy
from tests.helpers.errors import is_error

pytestmark = pytest.mark.slow  # each test starts the production server

SECURITY = ("Content-Security-Policy", "X-Content-Type-Options", "X-Frame-Options", "Referrer-Policy")
# Near the solver's budget (bench/http_load.py).
HEAVY_BOARD = "......B..RP.Q.N........RK....................BQ...K..Q...B..Q..."


@pytest.fixture(scope="module")
def server(kbnk_table_path, tmp_path_factory):
    folder = tmp_path_factory.mktemp("protocol")
    port = _free_port()
    process = _start(kbnk_table_path, port, folder / "access.log",
                     ["--access-logformat", "%(p)s %(r)s %(s)s"], env={"KBN_TABLES": str(folder)})
    _wait_healthy(port, process)
    yield {"port": port, "log": folder / "access.log"}
    process.terminate()
    process.wait(30)


def _raw(port: int, data: bytes, timeout: float = 10) -> tuple[int, dict, bytes]:
    """Send bytes as they are; (status, headers, body) of the answer."""
    with socket.create_connection(("127.0.0.1", port), timeout=timeout) as s:
        s.sendall(data)
        answer = b""
        while chunk := s.recv(65536):
            answer += chunk
            if b"\r\n\r\n" in answer:
                head, _, body = answer.partition(b"\r\n\r\n")
                length = [int(line.split(b":")[1]) for line in head.split(b"\r\n")
                          if line.lower().startswith(b"content-length:")]
                if length and len(body) >= length[0]:
                    break
    head, _, body = answer.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    headers = dict(line.split(": ", 1) for line in lines[1:])
    return int(lines[0].split()[1]), headers, body


def _json_error(answer, status):
    code, headers, body = answer
    assert code == status, body[:300]
    for name in SECURITY:
        assert name in headers, name
    assert headers["Content-Type"] == "application/json"
    error = json.loads(body)
    assert is_error(error)
    return error


GARBAGE = [
    (b"get / HTTP/1.1\r\nHost: localhost\r\nAccept: application/json\r\n\r\n", 400, "method"),
    (b"GET /api/tablebase HTTP/1.1\r\nHost: localhost\r\nContent-Length: abc\r\n\r\n", 400, "content-length"),
    (b"POST /api/3d/analyze HTTP/1.1\r\nHost: localhost\r\nContent-Length: 2\r\nTransfer-Encoding: chunked\r\n\r\n"
     b"0\r\n\r\n", 400, "header"),
    (b"GET / HTTP/9.9\r\nHost: localhost\r\nAccept: application/json\r\n\r\n", 400, "version"),
    (b"GET /healthz HTTP/1.1\r\nBad Header: x\r\n\r\n", 400, "header"),
]


@pytest.mark.parametrize("request_bytes, status, word", GARBAGE)
def test_protocol_errors_are_json_with_the_security_headers(server, request_bytes, status, word):
    error = _json_error(_raw(server["port"], request_bytes), status)
    assert error["error"] == "bad_request" and word in error["message"].lower()


CHUNKED = (b"POST /api/3d/analyze HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
           b"Transfer-Encoding: chunked\r\n\r\n")


def test_a_bad_chunk_size_is_a_400(server):
    error = _json_error(_raw(server["port"], CHUNKED + b"zz\r\n{}\r\n0\r\n\r\n"), 400)
    assert "chunk" in error["message"]


def test_a_chunked_body_over_the_limit_is_a_413(server):
    chunk = b"x" * 65536
    body = b"".join(b"%x\r\n%s\r\n" % (len(chunk), chunk) for _ in range(5)) + b"0\r\n\r\n"
    error = _json_error(_raw(server["port"], CHUNKED + body), 413)
    assert error["error"] == "too_large" and "262144" in error["message"]


def test_a_good_chunked_body_is_read(server):
    body = json.dumps({"board": "3,n2,1rr/1b1,3,3/3,3,bRK"}).encode()
    code, _, answer = _raw(server["port"], CHUNKED + b"%x\r\n%s\r\n0\r\n\r\n" % (len(body), body))
    assert code == 200 and "checkmate" in json.loads(answer)


def _trickle(port: int, data: bytes, stop: threading.Event) -> None:
    with socket.create_connection(("127.0.0.1", port), timeout=10) as s:
        for byte in data:
            if stop.wait(0.3):
                return
            s.sendall(bytes([byte]))


def test_slow_clients_starve_nobody(server):
    """20 connections trickle headers and 5 trickle bodies, as many as the test server has worker
    slots several times over; quick requests meanwhile are all answered within a second."""
    port = server["port"]
    body = b'{"board": "' + b"." * 200 + b'"}'
    post = (b"POST /api/solitaire/state HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
            b"Content-Length: %d\r\n\r\n%s" % (len(body), body))
    stop = threading.Event()
    clients = [threading.Thread(target=_trickle, args=(port, b"GET /healthz HTTP/1.1\r\nHost: localhost\r\n" * 20, stop))
               for _ in range(20)]
    clients += [threading.Thread(target=_trickle, args=(port, post, stop)) for _ in range(5)]
    for client in clients:
        client.start()
    try:
        time.sleep(1.0)  # every slow client has connected and started
        took = []
        for path in ["/healthz", "/api/tablebase?fen=8/8/8/8/8/8/2k5/KNB5_w"] * 6:
            start = time.monotonic()
            assert _get(port, path)[0].status == 200
            took.append(time.monotonic() - start)
        assert max(took) < 1.0, took
    finally:
        stop.set()
        for client in clients:
            client.join()


def _workers_taking_four_heavy_requests(server) -> set[str]:
    """Four slow solves sent at once; the worker process ids that answered them (from the access log)."""
    body = json.dumps({"board": HEAVY_BOARD, "limit": 10}).encode()
    request = (b"POST /api/solitaire/solve HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
               b"Content-Length: %d\r\nX-Heavy: 1\r\n\r\n%s" % (len(body), body))
    before = server["log"].read_text().count("/api/solitaire/solve")
    answers: list[int] = []
    threads = [threading.Thread(target=lambda: answers.append(_raw(server["port"], request, 30)[0]))
               for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert answers == [200] * 4
    time.sleep(0.2)
    lines = [line for line in server["log"].read_text().splitlines() if "/api/solitaire/solve" in line]
    assert len(lines) == before + 4
    return {line.split()[0] for line in lines[before:]}


def test_heavy_requests_spread_over_the_workers(server):
    """Four slow solves at once on the two-worker test server: both workers take some. A worker
    whose lane is busy steps back from accepting for 10 ms; on a machine too loaded to schedule the
    other worker within it, one trial may go to one worker, so up to three trials are made."""
    taken = [_workers_taking_four_heavy_requests(server) for _ in range(1)]
    while len(taken[-1]) < 2 and len(taken) < 3:
        taken.append(_workers_taking_four_heavy_requests(server))
    assert len(taken[-1]) == 2, taken


def test_a_table_build_in_the_background_holds_up_no_request(kbnk_table_path, tmp_path):
    """One worker, a 3D table build queued in it: health checks on the same worker meanwhile are
    answered at once (the build runs in an operating-system thread, not in the worker's loop)."""
    port = _free_port()
    process = _start(kbnk_table_path, port, tmp_path / "access.log",
                     env={"WEB_CONCURRENCY": "1", "KBN_TABLES": str(tmp_path)})
    try:
        _wait_healthy(port, process)
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        connection.request("POST", "/api/3d/endgames/build", body=json.dumps({"n": 5, "material": "KQRK"}),
                           headers={"Content-Type": "application/json"})
        queued = connection.getresponse()
        assert queued.status == 202 and queued.read()
        took, states = [], set()
        for _ in range(12):
            start = time.monotonic()
            connection.request("GET", "/api/3d/endgames/status?n=5")
            answer = json.loads(connection.getresponse().read())
            took.append(time.monotonic() - start)
            states |= {t["state"] for t in answer["tables"] if t["material"] == "KQRK"}
            time.sleep(0.2)
        assert "building" in states or "queued" in states, states
        assert max(took) < 1.0, took
    finally:
        process.terminate()
        process.wait(30)
