"""Table files: written so that a reader never sees half of one, and built by one process at a
time (a lock beside the file), read back with their header and checksum."""

from __future__ import annotations

import fcntl
import os
import tempfile
import zlib
from pathlib import Path
from typing import Callable


def write_atomically(path, *parts, durable: bool = True, check: Callable[[Path], None] | None = None) -> Path:
    """Write ``parts`` (bytes-like) to ``path`` through a temporary file renamed over it, readable
    by everyone (servers of other users read the tables). ``durable``: on the disk before the
    rename (a table); a passing record need not wait for the disk. ``check(temporary)`` may read
    the file written before it is renamed, and raise to leave ``path`` as it was. Returns the path."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, temporary = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as out:
            for part in parts:
                out.write(part)
            out.flush()
            if durable:
                os.fsync(out.fileno())
        os.chmod(temporary, 0o644)  # mkstemp makes it private
        if check is not None:
            check(Path(temporary))
        os.replace(temporary, path)
    except BaseException:
        try:
            os.unlink(temporary)
        except FileNotFoundError:
            pass
        raise
    return path


def header_crc(head: bytes, crc_offset: int, payload) -> int:
    """CRC-32 of a header with its 4-byte CRC field zeroed, followed by the payload."""
    blank = head[:crc_offset] + b"\0\0\0\0" + head[crc_offset + 4:]
    return zlib.crc32(payload, zlib.crc32(blank))


class ExclusiveLock:
    """An exclusive lock on ``<path>.lock`` across processes, held inside ``with`` (released when
    the process dies, so a crash never leaves it locked). Making it raises OSError when the lock
    file cannot be made, before anything is locked."""

    def __init__(self, path):
        path = Path(path)
        self.path = path.with_name(path.name + ".lock")
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)

    def __enter__(self):
        fcntl.flock(self._fd, fcntl.LOCK_EX)
        return self

    def __exit__(self, *exc):
        os.close(self._fd)
