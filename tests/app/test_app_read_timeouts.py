"""The production server's reads: a request whose bytes stop coming (in its headers, a body of
known length, a chunked body) is answered 408 and closed once the read timeout passes, here set to
2 s; an idle keep-alive connection is closed without a word; a slow upload whose bytes keep coming
is read whole, however long it takes in all; a chunk size over the body limit is a 400 at once. The
server's own answers on tablebase routes carry the CORS header the app's own do."""

from __future__ import annotations

import json
import socket
import time

import pytest
from tests.app.test_app_gunicorn import _free_port, _get, _start, _wait_healthy
from tests.helpers.errors import is_error

pytestmark = pytest.mark.slow  # each test starts the production server and waits out a timeout

TIMEOUT = 2.0
MARGIN = 1.5
SECURITY = ("Content-Security-Policy", "X-Content-Type-Options", "X-Frame-Options", "Referrer-Policy")
BOARD = json.dumps({"board": "3,n2,1rr/1b1,3,3/3,3,bRK"}).encode()


@pytest.fixture(scope="module")
def port(kbnk_table_path, tmp_path_factory):
    folder = tmp_path_factory.mktemp("read_timeouts")
    port = _free_port()
    process = _start(kbnk_table_path, port, folder / "access.log",
                     env={"KBN_TABLES": str(folder), "WEB_CONCURRENCY": "1", "KBN_READ_TIMEOUT": str(TIMEOUT)})
    _wait_healthy(port, process)
    yield port
    process.terminate()
    process.wait(30)


def _until_closed(sock: socket.socket, limit: float) -> tuple[bytes, float]:
    """Everything the server sends until it closes the connection, and when it closed (seconds)."""
    start, answer = time.monotonic(), b""
    sock.settimeout(limit)
    try:
        while chunk := sock.recv(65536):
            answer += chunk
    except ConnectionResetError:
        pass
    return answer, time.monotonic() - start


def _sent_then_silent(port: int, data: bytes, limit: float = TIMEOUT + 10) -> tuple[bytes, float]:
    with socket.create_connection(("127.0.0.1", port), timeout=limit) as s:
        s.sendall(data)
        return _until_closed(s, limit)


def _json_answer(answer: bytes, status: int) -> tuple[dict, dict]:
    head, _, body = answer.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    assert lines[0].startswith(f"HTTP/1.1 {status} "), answer[:300]
    headers = dict(line.split(": ", 1) for line in lines[1:])
    assert headers["Content-Type"] == "application/json"
    for name in SECURITY:
        assert name in headers, name
    error = json.loads(body)
    assert is_error(error)
    return headers, error


def _cut_with_408(answer: bytes, took: float) -> dict:
    assert TIMEOUT - 0.5 <= took <= TIMEOUT + MARGIN, took
    headers, error = _json_answer(answer, 408)
    assert error["error"] == "request_timeout" and headers["Connection"] == "close", (error, headers)
    return headers


def test_a_stalled_body_of_known_length_is_cut_with_a_408(port):
    request = (b"POST /api/3d/analyze HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
               b"Content-Length: 100\r\n\r\n{")
    headers = _cut_with_408(*_sent_then_silent(port, request))
    assert "Access-Control-Allow-Origin" not in headers


def test_an_unfinished_chunked_body_is_cut_with_a_408(port):
    request = (b"POST /api/3d/analyze HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
               b"Transfer-Encoding: chunked\r\n\r\n10\r\n{")
    _cut_with_408(*_sent_then_silent(port, request))


def test_stalled_headers_are_cut_with_a_408(port):
    _cut_with_408(*_sent_then_silent(port, b"GET /healthz HTTP/1.1\r\nHost: localhost\r\n"))


def test_a_408_on_a_tablebase_route_is_readable_from_any_origin(port):
    request = (b"POST /api/3d/tablebase HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
               b"Content-Length: 100\r\n\r\n{")
    headers = _cut_with_408(*_sent_then_silent(port, request))
    assert headers["Access-Control-Allow-Origin"] == "*"


def test_an_idle_keep_alive_connection_is_closed_without_an_answer(port):
    with socket.create_connection(("127.0.0.1", port), timeout=10) as s:
        s.sendall(b"GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n")
        answer = b""
        while b"\r\n\r\n" not in answer:
            answer += s.recv(65536)
        head, _, body = answer.partition(b"\r\n\r\n")
        length = int(next(line.split(b":")[1] for line in head.split(b"\r\n")
                          if line.lower().startswith(b"content-length:")))
        while len(body) < length:
            body += s.recv(65536)
        assert head.startswith(b"HTTP/1.1 200") and json.loads(body)
        rest, took = _until_closed(s, TIMEOUT + 10)
    assert rest == b"" and took <= TIMEOUT + MARGIN, (rest[:200], took)


def test_a_slow_upload_whose_bytes_keep_coming_is_read_whole(port):
    """Five pieces 0.7 s apart: about 3 s in all, longer than the timeout, but no wait is."""
    head = (b"POST /api/3d/analyze HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
            b"Connection: close\r\nContent-Length: %d\r\n\r\n" % len(BOARD))
    pieces = [BOARD[i:i + 8] for i in range(0, len(BOARD), (len(BOARD) + 4) // 5)]
    start = time.monotonic()
    with socket.create_connection(("127.0.0.1", port), timeout=20) as s:
        s.sendall(head)
        for piece in pieces:
            time.sleep(0.7)
            s.sendall(piece)
        answer, _ = _until_closed(s, 20)
    assert time.monotonic() - start > TIMEOUT + 1
    assert answer.startswith(b"HTTP/1.1 200"), answer[:300]
    assert "checkmate" in json.loads(answer.partition(b"\r\n\r\n")[2])


CHUNKED = (b"POST /api/3d/analyze HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
           b"Transfer-Encoding: chunked\r\n\r\n")


@pytest.mark.parametrize("size", [b"FFFFFFFFFFFFFFFFFFFFFFFF", b"40001"])  # 40001: one byte over 256 KiB
def test_a_chunk_size_over_the_body_limit_is_a_400_at_once(port, size):
    answer, took = _sent_then_silent(port, CHUNKED + size + b"\r\n{")
    assert took < 1.0, took
    _, error = _json_answer(answer, 400)
    assert error["error"] == "bad_request" and "chunk" in error["message"], error


def test_a_chunk_of_the_body_limit_is_still_read(port):
    """Exactly 256 KiB in one chunk is allowed (it is no JSON object, so the app's 400 says that)."""
    body = b"[" + b" " * (256 * 1024 - 2) + b"]"
    request = CHUNKED.replace(b"Host: localhost\r\n", b"Host: localhost\r\nConnection: close\r\n")
    answer, _ = _sent_then_silent(port, request + b"%x\r\n%s\r\n0\r\n\r\n" % (len(body), body))
    _, error = _json_answer(answer, 400)
    assert "must be a JSON object" in error["message"], error


def test_a_414_from_the_server_on_a_tablebase_route_is_readable_from_any_origin(port):
    response, body = _get(port, "/api/tablebase/standard?fen=" + "x" * 9000)
    assert response.status == 414 and json.loads(body)["error"] == "uri_too_long"
    assert response.getheader("Access-Control-Allow-Origin") == "*"


@pytest.mark.parametrize("path", ["/api/3d/analyze?x=", "/api/tablebasement?x=", "/standardx?x="])
def test_a_414_from_the_server_elsewhere_is_not(port, path):
    response, _ = _get(port, path + "x" * 9000)
    assert response.status == 414 and response.getheader("Access-Control-Allow-Origin") is None


@pytest.mark.parametrize("head, open_to_all", [
    (b"GET /api/tablebase/standard?fen=xx", True),
    (b"GET /api/3d/tablebase HTTP/1.1\r\n", True),
    (b"GET http://host/standard/mainline HTTP/1.1", True),
    (b"GET /api/%74ablebase HTTP/1.1", True),
    (b"GET /api/tablebase/st", True),  # cut short, but the rest cannot change the answer
    (b"GET /standard", False),  # cut short: might go on as /standardx
    (b"GET /standardx HTTP/1.1", False),
    (b"GET /api/3d/analyze HTTP/1.1", False),
    (b"", False),
])
def test_the_path_is_read_from_the_first_bytes_of_a_request_gunicorn_could_not_parse(head, open_to_all):
    from webapp.edge.protocol_errors import open_path

    assert open_path(head) is open_to_all
