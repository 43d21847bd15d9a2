"""``python -m tablebase.tables.builder FOLDER [--lock-fd FD] [--server PID:START] [--parent-death]``: the
builder of one table folder, a process of its own. It takes the queued builds from the folder's
build record, smallest first, one at a time, records each one's progress or failure there, and
exits when the queue is empty. A second builder on the same folder exits at once (the builder's
lock).

It never outlives the server that started it (``--server``: the server's main process, watched
twice a second; ``--parent-death``: that process is also its parent, and the kernel signals its
death at once). Stopped (SIGTERM, SIGINT, or its server gone), it puts the table in hand back in
the queue and exits: the server's next start takes the queue up again."""

from __future__ import annotations

import ctypes
import logging
import os
import signal
import sys
import threading
import time
from pathlib import Path

from ..core.message import as_message
from .build_record import name_builder, server_alive
from .limits import Limits
from .store import TableStore

log = logging.getLogger("tablebase.tables.builder")
WATCH_SECONDS = 0.5  # how often the builder looks whether its server is still there
GRACE_SECONDS = 5.0  # after its server is gone, how long a build may take to stop before the process ends
PR_SET_PDEATHSIG = 1


def run(folder: Path, held: int | None = None) -> int:
    """Build the queue; ``held``: the builder's lock, taken by the process that started this one."""
    store = TableStore(folder, Limits.everything(), background=False)
    while True:
        fd = held if held is not None else store.record.try_builder_lock()
        if fd is None:
            return 0  # another builder has the folder
        if held is None:
            name_builder(fd, os.getpid(), _server_pid())
        held = None
        try:
            while waiting := store.record.waiting():
                if not _build(store, waiting[0]):
                    return 1
        finally:
            os.close(fd)
        if not store.record.waiting():  # a request may have come in as the lock was let go
            return 0


def _build(store: TableStore, table) -> bool:
    """Build one queued table, recording a failure with its reason; False when even that fails.
    Stopped meanwhile (SystemExit, from the signal handlers), the table goes back to the queue."""
    record = store.record.read(table) or {}
    if record.get("path"):
        store.place(table, record["path"])  # where the server that queued it keeps it
    try:
        store.build_now(table, check=bool(record.get("check")))
        log.info("built %s", table)
    except SystemExit:
        store.record.stopped(table)
        log.info("stopped: %s goes back to the queue", table)
        raise
    except Exception as error:  # noqa: BLE001 - any failure is recorded with its reason
        public = getattr(error, "public", None)  # the record keeps its English
        reason = (as_message(public).text() if public is not None else str(error)) or type(error).__name__
        log.error("the build of %s failed: %s", table, error, exc_info=not isinstance(error, ValueError))
        try:
            store.record.write(table, "failed", reason=reason)
        except OSError:
            log.error("cannot record the failure of %s", table)
            return False
    return True


_server = [""]  # the server's stamp (pid:start), "" when none was named


def _server_pid() -> int:
    return int(_server[0].partition(":")[0] or 0)


def _stop(signum, frame) -> None:
    raise SystemExit(128 + signum)


def _watch(stamp: str) -> None:
    """A daemon thread: when the server is gone, stop the build (SIGTERM to this process, which
    the main thread handles between two steps of the build), and end the process if that takes
    longer than ``GRACE_SECONDS``."""
    while server_alive(stamp):
        time.sleep(WATCH_SECONDS)
    log.info("the server (pid %s) is gone: stopping", stamp.partition(":")[0])
    os.kill(os.getpid(), signal.SIGTERM)
    time.sleep(GRACE_SECONDS)
    os._exit(1)


def _die_with_parent() -> None:
    """The kernel sends SIGTERM when the parent ends (Linux; elsewhere the watch alone)."""
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(PR_SET_PDEATHSIG, signal.SIGTERM, 0, 0, 0)
    except (OSError, AttributeError):
        pass


def main(argv: list[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    usage = "usage: python -m tablebase.tables.builder FOLDER [--lock-fd FD] [--server PID:START] [--parent-death]"
    options: dict[str, str] = {}
    try:
        folder = args.pop(0)
        while args:
            name = args.pop(0)
            if name not in ("--lock-fd", "--server", "--parent-death") or name in options:
                raise ValueError(name)
            options[name] = "" if name == "--parent-death" else args.pop(0)
        held = int(options["--lock-fd"]) if "--lock-fd" in options else None
    except (IndexError, ValueError):
        print(usage, file=sys.stderr)
        return 2
    logging.basicConfig(level=logging.INFO, format="[builder %(process)d] %(levelname)s %(message)s")
    signal.signal(signal.SIGTERM, _stop)
    signal.signal(signal.SIGINT, _stop)
    if "--server" in options:
        _server[0] = options["--server"]
        if "--parent-death" in options:
            _die_with_parent()
        threading.Thread(target=_watch, args=(options["--server"],), daemon=True).start()
    return run(Path(folder), held)


if __name__ == "__main__":
    sys.exit(main())
