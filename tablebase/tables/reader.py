"""Reading a table file by positioned reads (``os.pread``), each block checked against its CRC
before use, as lila-tablebase reads Syzygy files, and decompressed (format version 3) into the
block cache. Nothing is mapped: a file cut short or changed in place on disk can make a read fail
(``TableFileError``, a server fault), never return a wrong value or kill the process; the workers
of a server share the file through the page cache.

Two kinds of read: a probe's (``index`` of positions, then ``entry`` or ``lookup``), exact for
legal positions alone (in version 3 an illegal position's entry holds a "don't care" value), and
bulk reads (``read_span``, ``read_all``, ``chunk``), every entry of the engine's layout exact,
illegal ones 0, as the engine built them (``restore``)."""

from __future__ import annotations

import os
import stat
import threading
import zlib
from pathlib import Path
from typing import Callable

import numpy as np

from ..errors import TableFileError
from .blocks import Decoder
from .cache import BlockCache
from .fileformat import BLOCK, CHUNK, HEADER_SIZE, OLD_VERSION, Header, parse_header
from .ids import TableId
from .layout import layout_of
from .restore import read_exact
from .summary import TableSummary

_SLOT = BLOCK.bit_length() - 1  # a cache page holds BLOCK entries; a wider block takes pages in a row


class TableFile:
    """One open table file. ``index(king, men, lone)`` gives the entries of positions in this
    file, ``entry`` and ``lookup`` their stored values (White-to-move DTM, 0 = not won);
    ``read_span``, ``read_all`` and ``chunk`` read the engine's layout for bulk work. Safe to share
    between threads."""

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
            if self.header.version != OLD_VERSION:
                self._decoder = Decoder(self.name, self.header.codec, layout_of(self.header.id, self.header.layout))
        except BaseException:
            os.close(self._fd)
            self._fd = -1
            raise
        self.cache = cache if cache is not None else BlockCache(1 << 20)
        self._slots = np.full(self.header.blocks, -1, dtype=np.int64)
        self._lock = threading.RLock()  # on_fault may close the file
        table = self.header.id
        if self.header.version == OLD_VERSION:
            self.layout = None
            self.index = table.space.index  # the engine's layout, a byte per entry
        else:
            self.layout = layout_of(table, self.header.layout)
            self.index = self.layout.index
        self.block_entries = size = self.header.block_entries
        self._shift = size.bit_length() - 1 if size & (size - 1) == 0 else None  # else blocks by division
        self._pages = -(-size // BLOCK)  # the cache's pages a block fills

    @property
    def version(self) -> int:
        return self.header.version

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

    def _count(self, block: int) -> int:
        return min(self.block_entries, self.header.entries - block * self.block_entries)

    def _block(self, block: int) -> np.ndarray:
        """One block's entries from the file, checked against its CRC (and decoded: in the
        engine's order within the block)."""
        count = self._count(block)
        offsets = self.header.block_offsets
        if offsets is None:
            where, size = self.header.payload_offset + block * self.block_entries, count
        else:
            where, size = self.header.payload_offset + int(offsets[block]), int(offsets[block + 1] - offsets[block])
        data = self._pread(where, size)
        if len(data) != size:
            self._fault(TableFileError(f"table file is cut short (block {block}): {self.name!r}"))
        if zlib.crc32(data) != int(self.header.block_crcs[block]):
            self._fault(TableFileError(f"table file fails its checksum in block {block} (changed on disk?): "
                                       f"{self.name!r}"))
        if offsets is None:
            return np.frombuffer(data, dtype=np.uint8)
        with self._lock:
            try:
                return self._decoder.decode(block, data, count)
            except TableFileError as error:
                self._fault(error)

    def decoded_block(self, block: int) -> np.ndarray:
        """One block's entries as the file holds them, decoded (for bulk reads, past the cache)."""
        if self._fd < 0:
            raise TableFileError(f"table file was closed: {self.name!r}")
        return self._block(block)

    def _load(self, block: int) -> None:
        """Read one block straight into a slot of the cache and check it there (a slot whose
        block fails its check is given back empty); version 3: decoded into it."""
        if self.header.block_offsets is not None:
            data = self._block(block)
            slot = self.cache.take(self._slots, block, self._pages)
            self.cache.flat[slot << _SLOT:(slot << _SLOT) + data.size] = data
            return
        slot = self.cache.take(self._slots, block)
        count = self._count(block)
        into = self.cache.arena[slot, :count]
        try:
            got = os.preadv(self._fd, [into], self.header.payload_offset + block * self.block_entries)
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
        if self._shift is not None:
            block, offset = index >> self._shift, index & (self.block_entries - 1)
        else:
            block, offset = divmod(index, self.block_entries)
        with self._lock:
            if self._fd < 0:
                raise TableFileError(f"table file was closed: {self.name!r}")
            slot = int(self._slots[block])
            if slot < 0:
                self._load(block)
                slot = int(self._slots[block])
            return int(self.cache.flat[(slot << _SLOT) + offset])

    def lookup(self, index) -> np.ndarray:
        """Stored entries (uint8) at ``index``, an int array of any shape."""
        index = np.asarray(index, dtype=np.int64)
        if self._shift is not None:
            blocks, offsets = index >> self._shift, index & (self.block_entries - 1)
        else:
            blocks = index // self.block_entries
            offsets = index - blocks * self.block_entries
        with self._lock:
            if self._fd < 0:
                raise TableFileError(f"table file was closed: {self.name!r}")
            slots = self._slots.take(blocks)
            if slots.min(initial=0) < 0:
                for block in np.unique(blocks[slots < 0]).tolist():
                    self._load(block)
                slots = self._slots.take(blocks)
                if slots.min(initial=0) < 0:  # one lookup wanted more blocks than the cache holds
                    return self._uncached(blocks, offsets)
            return self.cache.flat.take((slots << _SLOT) + offsets)

    def _uncached(self, blocks: np.ndarray, offsets: np.ndarray) -> np.ndarray:
        found = np.empty(blocks.shape, dtype=np.uint8)
        for block in np.unique(blocks).tolist():
            where = blocks == block
            found[where] = self._block(block)[offsets[where]]
        return found

    def read_span(self, start: int, stop: int) -> np.ndarray:
        """Entries ``start`` to ``stop`` of the engine's layout, each block checked."""
        if self.layout is not None:
            return read_exact(self, start, stop)
        first, last = start // BLOCK, -(-stop // BLOCK)
        with self._lock:
            data = np.concatenate([self._block(block) for block in range(first, last)])
        return data[start - first * BLOCK:stop - first * BLOCK]

    def read_all(self) -> np.ndarray:
        """Every entry (read-only), checked: for bulk work off the request path (verify, export)."""
        out = np.empty(self.header.entries, dtype=np.uint8)
        step = 256 * BLOCK if self.layout is None else self.layout.slice * max(1, (1 << 22) // self.layout.slice)
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
