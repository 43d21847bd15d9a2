"""Keep-alive connections in one gevent worker take turns. A client that has its next request in
before the worker reads again would otherwise keep the worker while other connections' requests
wait (under wrk: p50 1 ms, p99 in the hundreds of ms). Counted, not timed: over the same stretch,
four clients in processes of their own each get about the same number of answers."""

from __future__ import annotations

import multiprocessing
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow  # each test starts the production server

ROOT = Path(__file__).resolve().parents[2]
GUNICORN = Path(sys.executable).with_name("gunicorn")
REQUEST = b"GET /api/tablebase?fen=8/8/8/3k4/8/8/8/KBN5_w_-_-_0_1 HTTP/1.1\r\nHost: localhost\r\n\r\n"
CLIENTS, SECONDS = 4, 3.0


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _answer(sock: socket.socket, pending: bytearray) -> None:
    """Read one whole response (its Content-Length) off a keep-alive connection."""
    while b"\r\n\r\n" not in pending:
        pending += sock.recv(65536)
    head, _, rest = bytes(pending).partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 200"), head[:80]
    length = next(int(line.split(b":")[1]) for line in head.split(b"\r\n") if line.lower().startswith(b"content-length"))
    while len(rest) < length:
        rest += sock.recv(65536)
    pending[:] = rest[length:]


def _client(port: int, start, answered) -> None:
    """One keep-alive connection asking again as soon as it is answered, for SECONDS."""
    with socket.create_connection(("127.0.0.1", port), timeout=30) as sock:
        pending, count = bytearray(), 0
        start.wait()
        end = time.monotonic() + SECONDS
        while time.monotonic() < end:
            sock.sendall(REQUEST)
            _answer(sock, pending)
            count += 1
        answered.put(count)


def test_keep_alive_connections_in_one_worker_take_turns(kbnk_table_path):
    port = _free_port()
    env = {**os.environ, "KBNK_TABLE": str(kbnk_table_path), "KBN_TABLES": str(kbnk_table_path.parent),
           "WEB_CONCURRENCY": "1", "KBN_ACCESS_LOG": ""}
    server = subprocess.Popen([str(GUNICORN), "-c", "gunicorn.conf.py", "--bind", f"127.0.0.1:{port}",
                               "webapp.wsgi:app"], cwd=ROOT, env=env,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                assert time.monotonic() < deadline and server.poll() is None, "the server did not start"
                time.sleep(0.1)
        context = multiprocessing.get_context("fork")
        start, answered = context.Event(), context.Queue()
        clients = [context.Process(target=_client, args=(port, start, answered)) for _ in range(CLIENTS)]
        for client in clients:
            client.start()
        time.sleep(0.5)  # every connection open and waiting in the worker
        start.set()
        counts = sorted(answered.get(timeout=60) for _ in clients)
        for client in clients:
            client.join(30)
        assert counts[0] > 0 and counts[0] >= 0.6 * counts[-1], counts
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait(30)
