"""Reading a table file by positioned reads (``os.pread``), each block checked against its CRC
before use, as lila-tablebase reads Syzygy files. Nothing is mapped: a file cut short or changed
in place on disk can make a read fail (``TableFileError``, a server fault), never return a wrong
value or kill the process; the workers of a server share the file through the page cache."""

from __future__ import annotations

import os
import stat
import threading
import zlib
from pathlib import Path
from typing import Callable

import numpy as np

from ..errors import TableFileError
from .cache import BlockCache
from .fileformat import BLOCK, CHUNK, HEADER_SIZE, Header, parse_header
from .ids import TableId
from .summary import TableSummary

_SHIFT = BLOCK.bit_length() - 1


class TableFile:
    """One open table file. ``lookup`` gives stored entries (White-to-move DTM, 0 = not won) by
    index; ``read_all`` and ``chunk`` read spans for bulk work. Safe to share between threads."""

    def __init__(self, path, expected: TableId | None = None, cache: BlockCache | None = None,
                 on_fault: Callable[[TableFileError], None] | None = None):
        self.path = Path(path)
        self.on_fault = on_fault  # hears of a block that fails to read or to check
        self.name = str(path)
        try:
            self._fd = os.open(self.path, os.O_RDONLY | getattr(os, "O_CLOEXEC", 0))
        except FileNotFoundError:
            raise
        except IsADirectoryError:
            raise TableFileError(f"a folder, not a table file: {self.name!r}", ours=False) from None
        except OSError as error:
            raise TableFileError(f"cannot read the table file ({error.strerror}): {self.name!r}", ours=False) from None
        try:
            facts = os.fstat(self._fd)
            if stat.S_ISDIR(facts.st_mode):
                raise TableFileError(f"a folder, not a table file: {self.name!r}", ours=False)
            size = facts.st_size
            self._identity = (facts.st_dev, facts.st_ino)
            self._version = (facts.st_size, facts.st_mtime_ns)  # changes with a write in place
            self.header: Header = parse_header(self._pread(0, HEADER_SIZE), size, self.name, expected, self._pread)
        except BaseException:
            os.close(self._fd)
            self._fd = -1
            raise
        self.cache = cache if cache is not None else BlockCache(1 << 20)
        self._slots = np.full(self.header.blocks, -1, dtype=np.int64)
        self._lock = threading.RLock()  # on_fault may close the file

    @property
    def id(self) -> TableId:
        return self.header.id

    @property
    def summary(self) -> TableSummary:
        return self.header.summary

    @property
    def entries(self) -> int:
        return self.header.entries

    def close(self) -> None:
        with self._lock:
            if self._fd >= 0:
                self.cache.forget(self._slots)
                os.close(self._fd)
                self._fd = -1

    def replaced(self) -> bool:
        """The path now names another file than the one open here (a rebuild renamed a new one
        into its place), or none."""
        try:
            facts = os.stat(self.path)
        except OSError:
            return True
        return (facts.st_dev, facts.st_ino) != self._identity

    def changed(self) -> bool:
        """Replaced, or written in place (cut short, overwritten) since it was opened: read it
        again from its header rather than trust the blocks cached from before."""
        try:
            facts = os.stat(self.path)
        except OSError:
            return True
        return (facts.st_dev, facts.st_ino) != self._identity or (facts.st_size, facts.st_mtime_ns) != self._version

    def __del__(self):
        if getattr(self, "_fd", -1) >= 0:
            os.close(self._fd)

    def _pread(self, offset: int, count: int) -> bytes:
        try:
            return os.pread(self._fd, count, offset)
        except OSError as error:
            raise TableFileError(f"cannot read the table file ({error.strerror}): {self.name!r}") from None

    def _block(self, block: int) -> bytes:
        """One block's entries from the file, checked against its CRC."""
        start = block * BLOCK
        count = min(BLOCK, self.header.entries - start)
        data = self._pread(self.header.payload_offset + start, count)
        if len(data) != count:
            self._fault(TableFileError(f"table file is cut short (block {block}): {self.name!r}"))
        if zlib.crc32(data) != int(self.header.block_crcs[block]):
            self._fault(TableFileError(f"table file fails its checksum in block {block} (changed on disk?): "
                                       f"{self.name!r}"))
        return data

    def _load(self, block: int) -> None:
        """Read one block straight into a slot of the cache and check it there (a slot whose
        block fails its check is given back empty)."""
        slot = self.cache.take(self._slots, block)
        start = block * BLOCK
        count = min(BLOCK, self.header.entries - start)
        into = self.cache.arena[slot, :count]
        try:
            got = os.preadv(self._fd, [into], self.header.payload_offset + start)
        except OSError as error:
            got, failure = -1, error.strerror
        if got != count:
            self.cache.release(slot)
            self._fault(TableFileError(f"table file is cut short (block {block}): {self.name!r}" if got >= 0 else
                                       f"cannot read the table file ({failure}): {self.name!r}"))
        if zlib.crc32(into) != int(self.header.block_crcs[block]):
            self.cache.release(slot)
            self._fault(TableFileError(f"table file fails its checksum in block {block} (changed on disk?): "
                                       f"{self.name!r}"))

    def _fault(self, error: TableFileError):
        if self.on_fault is not None:
            self.on_fault(error)
        raise error

    def entry(self, index: int) -> int:
        """``lookup`` of one index (a Python int): a probe's own position, without array work."""
        block = index >> _SHIFT
        with self._lock:
            if self._fd < 0:
                raise TableFileError(f"table file was closed: {self.name!r}")
            slot = int(self._slots[block])
            if slot < 0:
                self._load(block)
                slot = int(self._slots[block])
            return int(self.cache.flat[(slot << _SHIFT) | (index & (BLOCK - 1))])

    def lookup(self, index) -> np.ndarray:
        """Stored entries (uint8) at ``index``, an int array of any shape."""
        index = np.asarray(index, dtype=np.int64)
        blocks = index >> _SHIFT
        with self._lock:
            if self._fd < 0:
                raise TableFileError(f"table file was closed: {self.name!r}")
            slots = self._slots.take(blocks)
            if slots.min(initial=0) < 0:
                for block in np.unique(blocks[slots < 0]).tolist():
                    self._load(block)
                slots = self._slots.take(blocks)
                if slots.min(initial=0) < 0:  # one lookup wanted more blocks than the cache holds
                    return self._uncached(index)
            return self.cache.flat.take((slots << _SHIFT) | (index & (BLOCK - 1)))

    def _uncached(self, index: np.ndarray) -> np.ndarray:
        found = np.empty(index.shape, dtype=np.uint8)
        blocks = index >> _SHIFT
        for block in np.unique(blocks).tolist():
            where = blocks == block
            found[where] = np.frombuffer(self._block(block), dtype=np.uint8)[index[where] & (BLOCK - 1)]
        return found

    def read_span(self, start: int, stop: int) -> np.ndarray:
        """Entries ``start`` to ``stop`` (block-aligned start), each block checked."""
        first, last = start >> _SHIFT, -(-stop // BLOCK)
        data = bytearray()
        with self._lock:
            for block in range(first, last):
                data += self._block(block)
        return np.frombuffer(bytes(data), dtype=np.uint8)[start - first * BLOCK:stop - first * BLOCK]

    def read_all(self) -> np.ndarray:
        """Every entry (read-only), checked: for bulk work off the request path (verify, export)."""
        out = np.empty(self.header.entries, dtype=np.uint8)
        step = 256 * BLOCK
        for start in range(0, self.header.entries, step):
            stop = min(start + step, self.header.entries)
            out[start:stop] = self.read_span(start, stop)
        out.flags.writeable = False
        return out

    def chunk_counts(self) -> np.ndarray:
        """uint32 [chunk, d]: entries of DTM d per chunk of ``CHUNK`` entries (read and checked
        once per open file)."""
        found = self.__dict__.get("_chunk_counts")
        if found is None:
            header = self.header
            size = 4 * header.chunks * (header.summary.longest + 1)
            data = self._pread(header.counts_offset, size)
            if len(data) != size or zlib.crc32(data) != header.counts_crc:
                raise TableFileError(f"table file's chunk counts fail their checksum: {self.name!r}")
            found = np.frombuffer(data, dtype="<u4").reshape(header.chunks, -1)
            self.__dict__["_chunk_counts"] = found
        return found

    def chunk(self, index: int) -> np.ndarray:
        start = index * CHUNK
        return self.read_span(start, min(start + CHUNK, self.header.entries))
