"""The record of builds that every process of a server reads: one small JSON file per table in
``<folder>/.builds/`` (queued, building with its stage and fraction, or failed with its reason),
and the builder's lock there. Whichever worker answers reads the same state."""

from __future__ import annotations

import errno
import fcntl
import json
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

from ..core.message import N_, msg
from ..errors import TableStorageError
from .files import write_atomically
from ..retrograde import Material
from .ids import TableId

STATE_DIR = ".builds"
BUILDER_LOCK = "builder.lock"


def storage_error(error: OSError, what: str) -> TableStorageError:
    """A table storage fault named by its kind (the path goes to the message for the log only)."""
    kinds = {errno.EROFS: N_("the table folder is read-only"), errno.EACCES: N_("the table folder is not writable"),
             errno.EPERM: N_("the table folder is not writable"), errno.ENOSPC: N_("the table folder's disk is full"),
             errno.EDQUOT: N_("the table folder's disk quota is used up"),
             errno.ENOENT: N_("the table folder is missing"),
             errno.ENOTDIR: N_("a file stands where the table folder should be"),
             errno.EISDIR: N_("a folder stands where a table file should be")}
    problem = (msg(kinds[error.errno]) if error.errno in kinds
               else msg(N_("the table folder cannot be used (%(reason)s)"), reason=error.strerror))
    return TableStorageError(f"{problem.text()}: {what} ({error.strerror}: {error.filename!r})", public=problem)


class BuildRecord:
    def __init__(self, folder: Path):
        self.folder = folder
        self.dir = folder / STATE_DIR

    def _path(self, table: TableId) -> Path:
        return self.dir / (table.file_name + ".json")

    def read(self, table: TableId) -> dict | None:
        try:
            return json.loads(self._path(table).read_text())
        except (OSError, ValueError):
            return None

    def write(self, table: TableId, state: str, **facts) -> None:
        """Record a state; OSError when the folder cannot take it."""
        record = {"dim": table.dim, "n": table.n, "material": table.material.name, "state": state,
                  "time": time.time(), "pid": os.getpid(), **facts}
        self.dir.mkdir(exist_ok=True)
        write_atomically(self._path(table), json.dumps(record).encode(), durable=False)

    def clear(self, table: TableId) -> None:
        try:
            self._path(table).unlink()
        except FileNotFoundError:
            pass

    def waiting(self) -> list[TableId]:
        """Tables queued, or marked building by a builder that is gone, smallest first."""
        return sorted((table for table, _ in self._waiting()), key=lambda t: t.build_order)

    def waiting_clients(self) -> list[str]:
        """Who queued each waiting build (its client's address; "" for the server itself)."""
        return [str(record.get("client") or "") for _, record in self._waiting()]

    def _waiting(self) -> list[tuple[TableId, dict]]:
        found = []
        try:
            names = os.listdir(self.dir)
        except OSError:
            return []
        for name in names:
            if not name.endswith(".json"):
                continue
            try:
                record = json.loads((self.dir / name).read_text())
                if record["state"] in ("queued", "building"):
                    found.append((TableId(record["dim"], record["n"], Material.parse(record["material"])), record))
            except (OSError, ValueError, KeyError, TypeError):
                continue
        return found

    # --- the builder: one process per table folder -------------------------------------------

    def try_builder_lock(self) -> int | None:
        """An open descriptor holding the builder's lock, or None when a builder holds it."""
        self.dir.mkdir(exist_ok=True)
        fd = os.open(self.dir / BUILDER_LOCK, os.O_RDWR | os.O_CREAT | getattr(os, "O_CLOEXEC", 0), 0o644)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            return None
        return fd

    def builder_alive(self) -> bool:
        try:
            fd = self.try_builder_lock()
        except OSError:
            return False
        if fd is None:
            return True
        os.close(fd)
        return False

    def start_builder(self, server: int) -> subprocess.Popen | None:
        """Start a builder process for this folder unless one runs. It builds what is queued, one
        table at a time, and exits when nothing is left, or when ``server`` (the pid of the server's
        main process, which made the store) is gone: a stopped server leaves no build running. The
        lock is taken here and handed to the builder (the same open file), so that requests
        arriving while it starts see it running; the lock file names the builder and its server."""
        fd = self.try_builder_lock()
        if fd is None:
            return None
        # The parent's death signal follows the thread that starts the child: only the server's
        # main thread lives as long as the server (a development server's request threads do not).
        bound = os.getpid() == server and threading.current_thread() is threading.main_thread()
        try:
            builder = subprocess.Popen([sys.executable, "-m", "tablebase.tables.builder", str(self.folder),
                                        "--lock-fd", str(fd), "--server", server_stamp(server),
                                        *(["--parent-death"] if bound else [])],
                                       stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, start_new_session=True,
                                       pass_fds=(fd,))
            name_builder(fd, builder.pid, server)
            return builder
        finally:
            os.close(fd)

    def stop_builder(self, server: int, timeout: float = 10.0) -> bool:
        """Stop the builder that ``server`` started, if one runs (SIGTERM: the table in hand goes
        back to the queue, for the next start), and wait for it to end (SIGKILL after
        ``timeout``). True when one was stopped."""
        try:
            named = (self.dir / BUILDER_LOCK).read_text().split()
            pid, its_server = int(named[0]), int(named[1])
        except (OSError, ValueError, IndexError):
            return False
        if its_server != server or not self.builder_alive():
            return False
        try:
            os.kill(pid, signal.SIGTERM)
        except ProcessLookupError:
            return False
        deadline = time.monotonic() + timeout
        while self.builder_alive():
            if time.monotonic() > deadline:
                os.kill(pid, signal.SIGKILL)
                deadline = float("inf")
            time.sleep(0.05)
        return True

    def stopped(self, table: TableId) -> None:
        """This process's build of ``table`` stopped before its end: queued again, with the facts it
        was queued with; the tables its captures lead to, which it was building on the way, are
        no longer marked building (the next build of ``table`` builds them first)."""
        record = self.read(table) or {}
        facts = {key: value for key, value in record.items()
                 if key not in ("dim", "n", "material", "state", "time", "pid", "stage", "fraction", "reason")}
        self.write(table, "queued", **facts)
        for other, found in self._waiting():
            if other != table and found.get("state") == "building" and found.get("pid") == os.getpid():
                self.clear(other)


def name_builder(fd: int, pid: int, server: int) -> None:
    """Write into the builder's lock file (held through ``fd``) which process builds, for which server."""
    os.ftruncate(fd, 0)
    os.pwrite(fd, f"{pid} {server}\n".encode(), 0)


def server_stamp(pid: int) -> str:
    """``pid:start``: a process, with its start time so that a later process given the same pid
    is not taken for it (``server_alive``)."""
    return f"{pid}:{_start_time(pid)}"


def server_alive(stamp: str) -> bool:
    pid, _, start = stamp.partition(":")
    try:
        os.kill(int(pid), 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        pass
    return _start_time(int(pid)) == start


def _start_time(pid: int) -> str:
    """The process's start time in clock ticks since boot (Linux), "" where /proc does not say;
    "dead" for a process that has ended and waits to be reaped (a zombie)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return ""
    return "dead" if fields[0] in ("Z", "X") else fields[19]  # state and starttime (fields 3 and 22)
