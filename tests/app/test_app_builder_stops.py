"""The table builder stops with the server that started it (issue 35): the production server as
`./dev serve` runs it (gunicorn with gunicorn.conf.py) queues builds, is stopped (TERM) or killed
(KILL) while one runs, and within seconds no builder of its folder is left; started again, it takes
the queue up by itself and builds it."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import time
from pathlib import Path

import pytest

from tests.app.test_app_gunicorn import GUNICORN, ROOT, _free_port, _get
from tests.helpers.tables import folder_with

pytestmark = pytest.mark.slow  # each test starts the production server

# Two tables of 5x5x5 (a few CPU seconds each), and those their captures lead to: a build is
# running when the server stops.
QUEUED = ("KQRK", "KQNK")


def _serve(folder: Path, port: int) -> subprocess.Popen:
    env = {**os.environ, "KBN_TABLES": str(folder), "WEB_CONCURRENCY": "2", "KBN_ACCESS_LOG": "",
           "KBN_CUBE_MAX_N_TWO_MEN": "5", "KBN_CUBE_MAX_N_ONE_MAN": "5", "KBN_CUBE_RESULTS": ""}
    env.pop("KBNK_TABLE", None)
    return subprocess.Popen([str(GUNICORN), "-c", "gunicorn.conf.py", "--bind", f"127.0.0.1:{port}", "webapp.wsgi:app"],
                            cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def _wait_healthy(port: int, server: subprocess.Popen) -> None:
    def healthy() -> bool:
        assert server.poll() is None, "the server did not start"
        try:
            return _get(port, "/healthz")[0].status == 200
        except OSError:
            return False

    _until(healthy, 60, "the server did not become healthy")


def _post(port: int, path: str, body: dict) -> int:
    import http.client

    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    connection.request("POST", path, body=json.dumps(body), headers={"Content-Type": "application/json"})
    status = connection.getresponse().status
    connection.close()
    return status


def _builders(folder: Path) -> list[int]:
    """The builder processes of ``folder`` running now (zombies are not running)."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            command = (entry / "cmdline").read_bytes().split(b"\0")
            state = (entry / "stat").read_text().rsplit(")", 1)[1].split()[0]
        except OSError:
            continue
        if b"tablebase.tables.builder" in command and str(folder).encode() in command and state != "Z":
            found.append(int(entry.name))
    return found


def _children(pid: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        try:
            if entry.name.isdigit() and int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1]) == pid:
                found.append(int(entry.name))
        except (OSError, ValueError, IndexError):
            continue
    return found


def _states(port: int) -> dict[str, str]:
    tables = json.loads(_get(port, "/api/3d/endgames/status?n=5")[1])["tables"]
    return {t["material"]: t["state"] for t in tables if t["material"] in QUEUED}


def _until(done, seconds: float, what: str):
    deadline = time.monotonic() + seconds
    while not (found := done()):
        assert time.monotonic() < deadline, what
        time.sleep(0.05)
    return found


def _queue_and_wait_for_a_build(port: int, folder: Path) -> None:
    for material in QUEUED:
        assert _post(port, "/api/3d/endgames/build", {"material": material, "n": 5}) == 202
    _until(lambda: _builders(folder), 10, "no builder started")
    _until(lambda: any(json.loads(p.read_text()).get("state") == "building" for p in (folder / ".builds").glob("*.json")),
           30, "no build started")


def _stopped_then_resumed(folder: Path, stop: signal.Signals) -> None:
    port = _free_port()
    server = _serve(folder, port)
    workers: list[int] = []
    try:
        _wait_healthy(port, server)
        workers = _children(server.pid)
        _queue_and_wait_for_a_build(port, folder)
        server.send_signal(stop)
        server.wait(30)
        _until(lambda: not _builders(folder), 5, f"a builder outlived its server ({stop.name}): {_builders(folder)}")
        records = [json.loads(p.read_text()) for p in (folder / ".builds").glob("*.json")]
        assert any(r["state"] == "queued" for r in records), records  # the build in hand is queued again
        assert not any(r["state"] == "building" for r in records), records
    finally:
        if server.poll() is None:
            server.kill()
            server.wait(10)
        for pid in workers:  # a killed master's workers end by themselves within a second or so
            _until(lambda: not Path(f"/proc/{pid}").exists() or "Z" in Path(f"/proc/{pid}/stat").read_text().split()[2],
                   30, f"worker {pid} left running")
    port = _free_port()
    again = _serve(folder, port)
    try:
        _wait_healthy(port, again)
        _until(lambda: _builders(folder), 10, "the restarted server did not take the queue up")  # no request asked
        _until(lambda: set(_states(port).values()) == {"ready"}, 240, "the queue was not built after the restart")
    finally:
        again.send_signal(signal.SIGTERM)
        again.wait(30)
    _until(lambda: not _builders(folder), 5, "a builder outlived its server")


def _folder(tables_folder, tmp_path) -> Path:
    """The session's tables a server builds before serving, and none of the 3D ones."""
    return folder_with(tables_folder, tmp_path / "tables", ["KQK-8x8.tbl", "KRK-8x8.tbl", "KBBK-8x8.tbl"])


def test_stopping_the_server_stops_its_builder_and_a_restart_builds_the_queue(tables_folder, tmp_path):
    _stopped_then_resumed(_folder(tables_folder, tmp_path), signal.SIGTERM)


def test_killing_the_master_outright_stops_its_builder_too(tables_folder, tmp_path):
    _stopped_then_resumed(_folder(tables_folder, tmp_path), signal.SIGKILL)
