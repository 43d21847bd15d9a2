"""The production server as `./dev serve` runs it (gunicorn with gunicorn.conf.py): health check,
headers without a version banner, JSON answers to requests too large for gunicorn itself, a table
file changed or truncated under the running server, graceful restart, a bad KBNK_TABLE."""

from __future__ import annotations

import http.client
import json
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
FEN = "8/8/8/8/8/8/2k5/KNB5 w - - 0 1"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _get(port: int, path: str, headers: dict | None = None):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    connection.request("GET", path, headers=headers or {})
    response = connection.getresponse()
    body = response.read()
    connection.close()
    return response, body


def _start(table: Path, port: int, log: Path, extra: list[str] = (), env: dict | None = None) -> subprocess.Popen:
    env = {**os.environ, "KBNK_TABLE": str(table), "KBN_TABLES": str(table.parent), "WEB_CONCURRENCY": "2",
           **(env or {}),
           "KBN_ACCESS_LOG": str(log)}
    return subprocess.Popen([str(GUNICORN), "-c", "gunicorn.conf.py", "--bind", f"127.0.0.1:{port}",
                             *extra, "webapp.wsgi:app"], cwd=ROOT, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)


def _wait_healthy(port: int, process: subprocess.Popen) -> None:
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        assert process.poll() is None, process.stdout.read()
        try:
            if _get(port, "/healthz")[0].status == 200:
                return
        except OSError:
            pass
        time.sleep(0.1)
    raise AssertionError("gunicorn did not become healthy")


@pytest.fixture(scope="module")
def server(kbnk_table_path, tmp_path_factory):
    folder = tmp_path_factory.mktemp("gunicorn")
    table = folder / "kbnk.bin"
    table.write_bytes(kbnk_table_path.read_bytes())
    port = _free_port()
    process = _start(table, port, folder / "access.log")
    _wait_healthy(port, process)
    yield {"port": port, "table": table, "process": process, "log": folder / "access.log"}
    process.send_signal(signal.SIGTERM)
    process.wait(30)


def test_healthz_and_security_headers_without_a_version(server):
    response, body = _get(server["port"], "/healthz")
    assert json.loads(body)["table"]["loaded"] is True
    server_header = response.getheader("Server", "")
    assert "/" not in server_header and "werkzeug" not in server_header.lower()
    assert not any(ch.isdigit() for ch in server_header)
    assert "script-src 'self'" in response.getheader("Content-Security-Policy")
    assert response.getheader("X-Content-Type-Options") == "nosniff"


def test_requests_are_logged(server):
    _get(server["port"], "/healthz?logged=1")
    time.sleep(0.2)
    assert "/healthz?logged=1" in server["log"].read_text()


@pytest.mark.parametrize("size", [9_000, 70_000])
def test_a_url_too_long_for_the_server_is_a_json_414(server, size):
    response, body = _get(server["port"], "/api/tablebase?fen=" + "x" * size)
    assert response.status == 414
    assert response.getheader("Content-Type") == "application/json"
    assert json.loads(body)["error"] == "uri_too_long"
    assert response.getheader("X-Content-Type-Options") == "nosniff"


def test_a_url_over_the_apps_limit_but_under_gunicorns_is_the_apps_json_414(server):
    response, body = _get(server["port"], "/api/tablebase?fen=" + "x" * 8050)
    assert response.status == 414 and json.loads(body)["error"] == "uri_too_long"


def test_headers_too_large_are_a_json_431(server):
    response, body = _get(server["port"], "/healthz", {"X-Big": "y" * 20_000})
    assert response.status == 431 and json.loads(body)["error"] == "headers_too_large"


def _same_or_refused(port: int, path: str, before: dict) -> list[int]:
    """Statuses of a few requests, each the answer from before or a 503 (never another answer)."""
    statuses = []
    for _ in range(4):
        response, body = _get(port, path)
        answer = json.loads(body)
        if response.status == 200:
            assert answer == before
        elif response.status == 503:
            assert answer["error"] == "server_data_damaged", answer
        else:  # its rebuild is on the way
            assert response.status == 202 and answer["state"] in ("queued", "building"), answer
        statuses.append(response.status)
    return statuses


def test_a_table_file_changed_or_truncated_under_the_server_never_changes_an_answer(server):
    """Every entry zeroed in place, then the file cut short: each answer is the one from before
    (from blocks already read and checked) or an error (a block that fails its check), never a
    wrong one; the workers live, and the damaged table is rebuilt in its place."""
    path = f"/api/tablebase?fen={FEN.replace(' ', '_')}"
    before = json.loads(_get(server["port"], path)[1])
    data = server["table"].read_bytes()
    server["table"].write_bytes(data[:64] + bytes(len(data) - 64))
    _same_or_refused(server["port"], path, before)
    os.truncate(server["table"], 100)
    _same_or_refused(server["port"], path, before)
    assert server["process"].poll() is None
    deadline = time.monotonic() + 60  # the builder puts a sound table back where it was
    while _get(server["port"], path)[0].status != 200 or not _healthy(server["port"]):
        assert time.monotonic() < deadline
        time.sleep(0.2)
    assert json.loads(_get(server["port"], path)[1]) == before


def _healthy(port: int) -> bool:
    return _get(port, "/healthz")[0].status == 200


def test_hup_restarts_the_workers_gracefully(server, kbnk_table_path):
    server["table"].write_bytes(kbnk_table_path.read_bytes())  # as it was
    port = server["port"]
    _read_available(server["process"])  # the start-up lines
    server["process"].send_signal(signal.SIGHUP)
    deadline = time.monotonic() + 15
    while time.monotonic() < deadline:  # answers throughout the restart
        assert _get(port, "/healthz")[0].status == 200
        time.sleep(0.05)
        if "Booting worker" in _read_available(server["process"]):
            break
    else:
        raise AssertionError("no new worker after HUP")
    assert _get(port, f"/api/tablebase?fen={FEN.replace(' ', '_')}")[0].status == 200


def _read_available(process: subprocess.Popen) -> str:
    os.set_blocking(process.stdout.fileno(), False)
    try:
        return process.stdout.read() or ""
    finally:
        os.set_blocking(process.stdout.fileno(), True)


def test_kbnk_table_naming_a_folder_stops_the_server_with_one_line(tmp_path):
    process = _start(tmp_path, _free_port(), tmp_path / "access.log")
    output, _ = process.communicate(timeout=30)
    assert process.returncode != 0
    assert "error: a folder stands where the table file KBNK-8x8.tbl should be" in output
    assert "Traceback" not in output
