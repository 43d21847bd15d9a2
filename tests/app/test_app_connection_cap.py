"""Open connections per client address: one worker of 20 connections, at most 5 from one address.
25 sockets from 127.0.0.1 that stall in their bodies (a read timeout far off) hold 5; the other 20
are refused with a JSON 429 and Retry-After, at once; a client at another loopback address
(127.0.0.2) is answered within 1 s meanwhile. Without the cap the 25 filled the worker's 20 and
the health check waited for them."""

from __future__ import annotations

import json
import socket
import time

import pytest
from tests.app.test_app_gunicorn import _free_port, _start, _wait_healthy

pytestmark = pytest.mark.slow  # each test starts the production server

CAP, STALLED = 5, 25
STALL = (b"POST /api/3d/tablebase HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
         b"Content-Length: 100\r\n\r\n{")


@pytest.fixture(scope="module")
def port(kbnk_table_path, tmp_path_factory):
    folder = tmp_path_factory.mktemp("connection_cap")
    port = _free_port()
    process = _start(kbnk_table_path, port, folder / "access.log",
                     env={"KBN_TABLES": str(folder), "WEB_CONCURRENCY": "1", "KBN_CONNECTIONS": "20",
                          "KBN_CONNECTIONS_PER_ADDRESS": str(CAP), "KBN_READ_TIMEOUT": "60"})
    _wait_healthy(port, process)
    yield port
    process.terminate()
    process.wait(30)


def _answer(sock: socket.socket, wait: float) -> bytes:
    """What the server sends within ``wait`` seconds (b"" if nothing, or if it closed)."""
    sock.settimeout(wait)
    answer = b""
    try:
        while chunk := sock.recv(65536):
            answer += chunk
    except (TimeoutError, ConnectionResetError):
        pass
    return answer


def _health_from(address: str, port: int) -> tuple[bytes, float]:
    start = time.monotonic()
    with socket.create_connection(("127.0.0.1", port), timeout=5, source_address=(address, 0)) as s:
        s.sendall(b"GET /healthz HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
        return _answer(s, 5), time.monotonic() - start


def test_one_address_holds_at_most_its_cap_and_others_are_served(port):
    sockets = []
    try:
        for _ in range(STALLED):
            sockets.append(socket.create_connection(("127.0.0.1", port), timeout=5))
            sockets[-1].sendall(STALL)
        time.sleep(0.5)
        answers = [_answer(s, 0.2) for s in sockets]
        refused = [a for a in answers if a]
        assert len(refused) == STALLED - CAP, [a[:40] for a in answers]
        for answer in refused:
            head, _, body = answer.partition(b"\r\n\r\n")
            assert head.startswith(b"HTTP/1.1 429 "), head
            assert b"\r\nRetry-After: " in head and b"\r\nX-Content-Type-Options: nosniff" in head
            assert b"\r\nAccess-Control-Allow-Origin: *" in head  # a tablebase route
            error = json.loads(body)
            assert error["error"] == "too_many_connections" and str(CAP) in error["message"], error
        answer, took = _health_from("127.0.0.2", port)
        assert answer.startswith(b"HTTP/1.1 200") and took < 1.0, (answer[:100], took)
        assert _health_from("127.0.0.1", port)[0].startswith(b"HTTP/1.1 429 ")
    finally:
        for s in sockets:
            s.close()
    deadline = time.monotonic() + 5  # the held connections are let go once their clients leave
    while not _health_from("127.0.0.1", port)[0].startswith(b"HTTP/1.1 200"):
        assert time.monotonic() < deadline
        time.sleep(0.1)
