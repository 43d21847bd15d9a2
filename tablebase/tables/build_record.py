"""The record of builds that every process of a server reads: one small JSON file per table in
``<folder>/.builds/`` (queued, building with its stage and fraction, or failed with its reason),
and the builder's lock there. Whichever worker answers reads the same state."""

from __future__ import annotations

import errno
import fcntl
import json
import os
import subprocess
import sys
import time
from pathlib import Path

from ..errors import TableStorageError
from .files import write_atomically
from ..retrograde import Material
from .ids import TableId

STATE_DIR = ".builds"
BUILDER_LOCK = "builder.lock"


def storage_error(error: OSError, what: str) -> TableStorageError:
    """A table storage fault named by its kind (the path goes to the message for the log only)."""
    kinds = {errno.EROFS: "the table folder is read-only", errno.EACCES: "the table folder is not writable",
             errno.EPERM: "the table folder is not writable", errno.ENOSPC: "the table folder's disk is full",
             errno.EDQUOT: "the table folder's disk quota is used up", errno.ENOENT: "the table folder is missing",
             errno.ENOTDIR: "a file stands where the table folder should be",
             errno.EISDIR: "a folder stands where a table file should be"}
    problem = kinds.get(error.errno, f"the table folder cannot be used ({error.strerror})")
    return TableStorageError(f"{problem}: {what} ({error.strerror}: {error.filename!r})", public=problem)


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
                    found.append(TableId(record["dim"], record["n"], Material.parse(record["material"])))
            except (OSError, ValueError, KeyError, TypeError):
                continue
        return sorted(found, key=lambda t: t.build_order)

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

    def start_builder(self) -> subprocess.Popen | None:
        """Start a builder process for this folder unless one runs. It builds what is queued, one
        table at a time, and exits when nothing is left. The lock is taken here and handed to the
        builder (the same open file), so that requests arriving while it starts see it running."""
        fd = self.try_builder_lock()
        if fd is None:
            return None
        try:
            return subprocess.Popen([sys.executable, "-m", "tablebase.tables.builder", str(self.folder),
                                     "--lock-fd", str(fd)],
                                    stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, start_new_session=True,
                                    pass_fds=(fd,))
        finally:
            os.close(fd)
