"""The build queue as a resource the clients share. One builder builds one table at a time, so a
server keeps at most ``Limits.queue`` builds waiting, and at most ``Limits.queue_per_client`` of
them queued by one client (its address): no client can fill the queue, and a request over either
bound is refused at once (``BuildQueueFull``: HTTP 429 with Retry-After) rather than queued behind
hours of someone else's builds. The count is the build record's (``.builds/``), taken under a lock
in the folder, so it is the same for every worker of a server.

The tables of custom pieces are endless in number: the folder keeps at most
``Limits.custom_tables`` of them, and makes room for a new one by removing the one used least
recently (``CustomTables``): a full store never refuses a new piece."""

from __future__ import annotations

import fcntl
import os
import time
from pathlib import Path

from ..core.message import N_, msg
from ..errors import ChessInputError
from .build_record import BuildRecord
from .ids import TableId
from .limits import Limits

RETRY_FULL_QUEUE = 10  # seconds a client refused for a full queue waits before asking again
TOUCH_EVERY = 60.0  # seconds between two marks of one table's use by one process
TOUCHED_KEPT = 4096  # tables whose last mark a process remembers (it forgets them all past it)


class BuildQueueFull(ChessInputError):
    """The build queue, or this client's share of it, is full: ask again after ``retry_after``."""

    code = "build_queue_full"
    retry_after = RETRY_FULL_QUEUE


def admit(record: BuildRecord, limits: Limits, table: TableId, client: str | None) -> None:
    """BuildQueueFull when ``table`` may not join the queue now (call under ``queue_lock``)."""
    waiting = record.waiting_clients()
    mine = sum(1 for other in waiting if other == client) if client else 0
    if client and mine >= limits.queue_per_client:
        raise BuildQueueFull(msg(N_("%(material)s on %(board)s is not queued: this address already has %(mine)s "
                                    "builds waiting, its share of the build queue (%(share)s of %(most)s); ask again "
                                    "once one is built"), material=table.material.name, board=table.size_name,
                                 mine=mine, share=limits.queue_per_client, most=limits.queue))
    if len(waiting) >= limits.queue:
        raise BuildQueueFull(msg(N_("%(material)s on %(board)s is not queued: the build queue is full (%(most)s "
                                    "builds waiting, its limit); ask again once one is built"),
                                 material=table.material.name, board=table.size_name, most=limits.queue))


class QueueLock:
    """The queue's lock across processes (``<folder>/.builds/queue.lock``), held inside ``with``."""

    def __init__(self, record: BuildRecord):
        record.dir.mkdir(exist_ok=True)
        self._fd = os.open(record.dir / "queue.lock", os.O_RDWR | os.O_CREAT | getattr(os, "O_CLOEXEC", 0), 0o644)

    def __enter__(self):
        fcntl.flock(self._fd, fcntl.LOCK_EX)
        return self

    def __exit__(self, *exc):
        os.close(self._fd)


class CustomTables:
    """The custom pieces' tables of one folder, least recently used first out. A table's use is
    its file's access time, set by ``used`` (at most once a minute per process and table) whatever
    the disk's mount options; reads may set it too."""

    def __init__(self, folder: Path, record: BuildRecord, most: int):
        self.folder, self.record, self.most = folder, record, most
        self._touched: dict[Path, float] = {}

    def used(self, path: Path) -> None:
        now = time.monotonic()
        if now - self._touched.get(path, -TOUCH_EVERY) < TOUCH_EVERY:
            return
        if len(self._touched) >= TOUCHED_KEPT:
            self._touched.clear()
        self._touched[path] = now
        try:
            os.utime(path, (time.time(), os.stat(path).st_mtime))
        except OSError:
            pass

    def files(self) -> list[Path]:
        """The custom tables built in the folder (their names hold a ``_``)."""
        try:
            return [self.folder / name for name in os.listdir(self.folder) if "_" in name and name.endswith(".tbl")]
        except OSError:
            return []

    def make_room(self) -> list[Path]:
        """Remove the least recently used custom tables until one more fits (the queued ones
        count as kept); the paths removed."""
        built = self.files()
        over = len(built) + sum(1 for t in self.record.waiting() if t.material.custom) + 1 - self.most
        removed = []
        for path in sorted(built, key=_last_use)[:max(0, over)]:
            if _remove(path):
                removed.append(path)
        return removed


def _last_use(path: Path) -> float:
    try:
        return os.stat(path).st_atime
    except OSError:
        return 0.0


def _remove(path: Path) -> bool:
    """Remove a table file and its build lock, unless a process holds the lock (building it)."""
    lock = path.with_name(path.name + ".lock")
    try:
        fd = os.open(lock, os.O_RDWR | os.O_CREAT, 0o644)
    except OSError:
        return False
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        os.close(fd)
        return False
    try:
        path.unlink(missing_ok=True)
        lock.unlink(missing_ok=True)
        return True
    except OSError:
        return False
    finally:
        os.close(fd)
