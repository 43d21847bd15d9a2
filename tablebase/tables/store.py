"""The one table store: every table (KBNK and the other mates on the 8x8 board, the 3D tables)
stored in one folder, built by one builder outside the request path, opened once per process and
read through the block cache.

- ``table(id)``: the open table, or ``TablePending`` (a build is queued: answer 202), or a server
  fault (``TableFileError``, ``TableStorageError``, ``TableBuildError``: 503). ``table(id,
  build=False)`` queues nothing: ``TableNotBuilt`` where it would have.
- ``status(id)``: ready, queued, building, failed, missing or unavailable, the same in every
  process (the build record in the folder).
- ``build_now(id)``: build in this process (the command line, a server's start, the builder).
- ``request(id, client)``: queue a build, within the queue's shares (``queue.py``)."""

from __future__ import annotations

import logging
import os
import shutil
import threading
import time
import weakref
from functools import cached_property
from pathlib import Path
from typing import Callable, Mapping

from ..core.message import N_, msg
from ..errors import TableBuildError, TableFileError, TableStorageError
from .files import ExclusiveLock
from ..retrograde import solve
from .engine import Solver, build
from .build_record import BuildRecord, storage_error
from .cache import DEFAULT_BYTES, BlockCache
from .fileformat import write_table
from .ids import TableId
from .limits import Limits
from .queue import CustomTables, QueueLock, admit
from .reader import TableFile
from .status import TableNotBuilt, TablePending, TableStatus
from .summary import TableSummary

log = logging.getLogger("tablebase.tables")
RETRY_FAILED_AFTER = 60.0  # seconds before a failed build is tried again on request
# Free space a build wants, over its entries (a byte each): its compressed file takes 0.1-25% of
# them (bench/bench_table_sizes.py), and the file it replaces may still be there.
SPACE_MARGIN = 0.5
STORAGE_CHECK_TTL = 1.0  # seconds
Progress = Callable[[str, float], None]
FreeSpace = Callable[[Path], int]  # the free bytes of the disk holding a folder


def disk_free(folder: Path) -> int:
    return shutil.disk_usage(folder).free


class TableStore:
    def __init__(self, folder, limits: Limits = Limits(), paths: Mapping[TableId, Path] | None = None,
                 cache_bytes: int = DEFAULT_BYTES, background: bool = True, free_space: FreeSpace = disk_free):
        self.folder = Path(folder)
        self.limits = limits
        self.free_space = free_space
        self._paths = {t: Path(p) for t, p in (paths or {}).items()}
        self.cache = BlockCache(cache_bytes)
        self.record = BuildRecord(self.folder)
        self.background = background  # False: no builder process (the builder's own store)
        self.owner = os.getpid()  # the server's main process: the builders it starts end with it
        self.custom = CustomTables(self.folder, self.record, limits.custom_tables)
        self._open: dict[TableId, TableFile] = {}
        self._lock = threading.Lock()
        alive = weakref.ref(self)
        os.register_at_fork(after_in_child=lambda: (store := alive()) is not None and store._forked())
        self._storage_ok = -STORAGE_CHECK_TTL  # when the folder last proved sound

    def _forked(self) -> None:
        """In a process forked from this one (a server's worker): open the tables again, by
        path. A file the parent opened may since have been replaced (rebuilt) or damaged; each
        worker reads what the folder holds now. The parent's descriptors close with its readers."""
        self._open = {}
        self._lock = threading.Lock()

    def path(self, table: TableId) -> Path:
        return self._paths.get(table) or self.folder / table.file_name

    def place(self, table: TableId, path) -> None:
        """Keep ``table`` at ``path`` rather than in the folder (a server's KBNK_TABLE)."""
        self._paths[table] = Path(path)

    def available(self, table: TableId) -> bool:
        """Served here: within the limits, or its file is there."""
        return self.limits.allows(table) or self.path(table).is_file()

    # --- serving ---------------------------------------------------------------------------

    def opened(self, table: TableId) -> TableFile | None:
        """The table if its file is there and sound, without building it; TableFileError for a
        damaged file."""
        with self._lock:
            found = self._open.get(table)
        if found is not None and not found.changed():
            if table.material.custom:
                self.custom.used(self.path(table))
            return found
        if found is not None:  # rebuilt or written since it was opened: read what is there now
            self._close(table, found)
        try:
            found = TableFile(self.path(table), table, self.cache, on_fault=lambda error: self.forget(table, error))
        except FileNotFoundError:
            return None
        if table.material.custom:
            self.custom.used(self.path(table))
        with self._lock:
            return self._open.setdefault(table, found)

    def table(self, table: TableId, build: bool = True, client: str | None = None) -> TableFile:
        """``build``: a missing table's build is queued (TablePending) for ``client``; otherwise TableNotBuilt.
        A damaged table file is queued for rebuilding either way: that repairs the server's own
        data, which no request chooses."""
        if not self.available(table):
            raise self.limits.refuse(table)
        try:
            found = self.opened(table)
        except TableFileError as error:
            if not error.ours:
                self.check_storage()  # the folder's own fault first: missing, or a file
                log.error("%s: %s", table, error)
                raise TableStorageError(f"{error} (left as it is: move it away)", public=msg(
                    N_("something that is not a table stands where %(table)s belongs"), table=str(table))) from None
            pending = self._recorded(table)
            if pending is not None and pending.state in ("queued", "building"):
                raise TablePending(pending) from None  # its rebuild is on the way
            self._damaged(table, error)
            raise
        if found is not None:
            return found
        status = self.request(table, client) if build else self._unqueued(table)
        if status.state == "failed":
            raise TableBuildError(f"{table} could not be built: {status.reason}",
                                  public=msg(N_("the server could not build %(table)s: %(reason)s"), table=str(table),
                                             reason=status.reason))
        raise TablePending(status)

    def forget(self, table: TableId, error: TableFileError) -> None:
        """A read of an open table failed: close it; its file will be checked and rebuilt,
        unless the file that failed is no longer the one at its path (already rebuilt)."""
        with self._lock:
            found = self._open.get(table)
        if found is not None:
            self._close(table, found)
            if found.replaced():
                log.warning("%s: %s (the file has since been replaced: reading the new one)", table, error)
                return
        self._damaged(table, error)

    def _close(self, table: TableId, found: TableFile) -> None:
        with self._lock:
            if self._open.get(table) is found:
                del self._open[table]
        found.close()

    def _damaged(self, table: TableId, error: TableFileError) -> None:
        log.error("%s: %s", table, error)
        if error.ours and self.limits.allows(table):
            try:
                self.record.write(table, "queued", check=True, path=str(self.path(table)))
                self._start_builder()
            except OSError as failure:
                log.error("cannot queue the rebuild of %s: %s", table, failure)

    def status(self, table: TableId) -> TableStatus:
        if not self.available(table):
            return TableStatus(table, "unavailable")
        try:
            found = self.opened(table)
        except TableFileError as error:
            if not error.ours:
                return TableStatus(table, "failed", reason="a file that is not a table stands where it belongs")
            found = None
        if found is not None:
            return TableStatus(table, "ready", fraction=1.0, summary=found.summary)
        return self._recorded(table) or TableStatus(table, "missing")

    def _recorded(self, table: TableId) -> TableStatus | None:
        """The state the build record gives (None: no record)."""
        record = self.record.read(table)
        if record is None:
            return None
        if record["state"] in ("queued", "building") and self.background and not self.record.builder_alive():
            self._start_builder()  # its builder died: a new one takes the queue up
        return TableStatus(table, record["state"], record.get("stage", ""), float(record.get("fraction", 0.0)),
                           record.get("reason", ""))

    def request(self, table: TableId, client: str | None = None) -> TableStatus:
        """Queue the build of a missing table (a failed one again after a while) for ``client``
        (an address; None: the server itself) and make sure a builder runs. Raises
        OutOfTableError beyond the limits, BuildQueueFull over the queue's shares, and
        TableStorageError when the folder cannot take the request."""
        if not self.available(table):
            raise self.limits.refuse(table)
        current = self.status(table)
        if self._to_queue(current):
            self.check_storage()
            try:
                with QueueLock(self.record):
                    admit(self.record, self.limits, table, client)
                    if table.material.custom:
                        for path in self.custom.make_room():
                            log.info("removed %s, the custom table used least recently, to make room", path.name)
                    self.record.write(table, "queued", path=str(self.path(table)), client=client or "")
            except OSError as error:
                raise storage_error(error, f"queueing {table}") from None
            current = TableStatus(table, "queued")
        if current.state in ("queued", "building"):
            self._start_builder()
        return current

    def resume(self) -> None:
        """A server's start: a builder takes up the builds a stopped server left queued."""
        if self.record.waiting():
            self._start_builder()

    def stop_builder(self) -> bool:
        """A server's stop: the builder this process started ends (the build in hand is queued again)."""
        return self.background and os.getpid() == self.owner and self.record.stop_builder(self.owner)

    def _unqueued(self, table: TableId) -> TableStatus:
        """The table's state, or TableNotBuilt where ``request`` would queue its build."""
        current = self.status(table)
        if self._to_queue(current):
            raise TableNotBuilt(current)
        return current

    def _to_queue(self, current: TableStatus) -> bool:
        """Whether a request queues the build: missing, or failed long enough ago to try again."""
        if current.state == "failed":
            record = self.record.read(current.table) or {}
            return time.time() - float(record.get("time", 0.0)) > RETRY_FAILED_AFTER
        return current.state == "missing"

    def _start_builder(self) -> None:
        if self.background:
            try:
                self.record.start_builder(self.owner)
            except OSError as error:
                raise storage_error(error, "starting the builder") from None

    def check_storage(self) -> None:
        """TableStorageError naming the problem when the folder cannot hold builds (a sound
        folder is taken at its word for a second: health checks come several times a second)."""
        if time.monotonic() - self._storage_ok < STORAGE_CHECK_TTL:
            return
        self._check_storage()
        self._storage_ok = time.monotonic()

    def _check_storage(self) -> None:
        if not self.folder.exists():
            raise TableStorageError(f"the table folder is missing: {str(self.folder)!r}",
                                    public=msg(N_("the table folder is missing")))
        if not self.folder.is_dir():
            raise TableStorageError(f"a file stands where the table folder should be: {str(self.folder)!r}",
                                    public=msg(N_("a file stands where the table folder should be")))
        probe = self.folder / f".writable-{os.getpid()}"
        try:
            probe.write_bytes(b"")
            probe.unlink()
        except OSError as error:
            raise storage_error(error, "writing in the table folder") from None

    def check_space(self) -> None:
        """TableStorageError when the folder's disk cannot take the largest table the server would
        still build on demand (within the limits, its file missing: queued ones too), so that a
        full disk shows before a build fails on it. Nothing is needed once every table is built."""
        for table in self._largest_first:
            if not self.path(table).is_file():
                self._check_space(table)
                return

    @cached_property
    def _largest_first(self) -> list[TableId]:
        return sorted(self.limits.tables(), key=lambda t: t.space.size, reverse=True)

    def space_needed(self, table: TableId) -> int:
        """The free bytes a build of ``table`` asks for before it starts."""
        return int(table.space.size * SPACE_MARGIN) + (1 << 20)

    # --- building ----------------------------------------------------------------------------

    def build_now(self, table: TableId, progress: Progress | None = None, check: bool = False,
                  rebuild: bool = False, solver: Solver = solve) -> TableFile:
        """The table, built in this process first if its file is missing or damaged (every table
        its captures lead to first), under a lock that makes other processes wait and then load
        it. ``check`` reads a present file whole before trusting it. A file that is not a table
        file is never overwritten (TableStorageError). ``rebuild`` builds this table (not the
        smaller ones) whatever its file holds. ``solver`` builds them all (``retrograde.solve``:
        in this process)."""
        path = self.path(table)
        if path.is_dir():
            raise TableStorageError(f"a folder stands where the table file {table.file_name} should be: "
                                    f"{str(path)!r}", public=msg(
                                        N_("a folder stands where the table file of %(table)s should be"), table=str(table)))
        self._unsound(table, check=False)  # a foreign file refuses before anything is built
        smaller = {t: self.build_now(t, progress, solver=solver).read_all() for t in table.captures()}
        try:
            lock = ExclusiveLock(path)
        except OSError as error:
            raise storage_error(error, f"locking {table}") from None
        with lock:
            reason = self._unsound(table, check)  # a foreign file is never rebuilt
            if rebuild:
                reason = reason or "rebuilding on request"
            if reason is None:
                return self.opened(table)
            log.info("%s: %s: building it", table, reason)
            entries, summary = self._built(table, smaller, progress, solver)
            self._write(table, entries, summary)
        self.record.clear(table)
        with self._lock:
            stale = self._open.pop(table, None)
        if stale is not None:
            stale.close()
        return self.opened(table)

    def _unsound(self, table: TableId, check: bool) -> str | None:
        """Why the table's file needs building, or None when it is there and sound."""
        with self._lock:
            self._open.pop(table, None)
        try:
            found = TableFile(self.path(table), table, self.cache)
        except FileNotFoundError:
            return "no file"
        except TableFileError as error:
            if not error.ours:
                raise TableStorageError(f"{error} (left as it is: move it away)",
                                        public=msg(N_("a file that is not a table stands where %(table)s belongs"),
                                                   table=str(table))) from None
            return str(error)
        try:
            if check:
                found.read_all()
        except TableFileError as error:
            return str(error)
        finally:
            found.close()
        return None

    def _built(self, table: TableId, smaller, progress: Progress | None, solver: Solver):
        self._check_space(table)
        last = [0.0]
        # what the build was queued with (whose share of the queue it takes) stays in its record
        queued_with = {key: value for key, value in (self.record.read(table) or {}).items() if key in ("client", "check")}

        def report(stage: str, fraction: float) -> None:
            now = time.monotonic()
            if now - last[0] > 0.2:  # the record is a file: a few writes a second
                last[0] = now
                try:
                    self.record.write(table, "building", stage=stage, fraction=fraction, path=str(self.path(table)),
                                      **queued_with)
                except OSError:
                    pass
            if progress:
                progress(f"{table.material.name} {stage}", fraction)

        report("mark illegal", 0.0)
        return build(table, smaller, report, solver)

    def _check_space(self, table: TableId) -> None:
        try:
            free = self.free_space(self.folder)
        except OSError as error:
            raise storage_error(error, f"building {table}") from None
        wanted = self.space_needed(table)
        if free < wanted:
            raise TableStorageError(
                f"the table folder's disk is full: {table} needs {wanted >> 20} MB, {free >> 20} MB are free",
                public=msg(N_("the table folder's disk is full")))

    def _write(self, table: TableId, entries, summary: TableSummary) -> None:
        try:
            write_table(self.path(table), table, entries, summary)
        except OSError as error:
            raise storage_error(error, f"writing {table}") from None
