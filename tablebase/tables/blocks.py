"""Version 3's blocks: at most ``layout.BLOCK`` (4096) entries each, in the layout's order (see
``layout``), compressed on their own, so that a probe reads and decompresses one block; a block
that would not shrink is stored as it is. Each has the CRC-32 of its stored bytes, checked before
it is decoded.

The codec: zstd (the ``zstandard`` package, a dependency), level 3 or 6. Where the package is missing
(a venv not yet installed from a lock that holds it), blocks are written with the standard
library's zlib instead (raw deflate, level 6), and a file of zstd's blocks cannot be read (a
``TableFileError``: a table within the server's limits is rebuilt). Measured on KBNK, blocks of
4096 entries (``bench/bench_table_sizes.py``): zstd 3 2.63 MB -> 516 KB in 7.5 ms of CPU, a block
decoded in 4.3 us; zlib 6 505 KB in 43 ms, 11.6 us; zlib 1 599 KB; lzma 383 KB in blocks of 16384
entries, but 450 us to decode one. Blocks of 16384 entries: 495 KB with zstd, each block 3x
slower to decode, and a probe's cache holds a quarter as many.

Entries no probe reads (illegal positions, the lone king's twin slices: ``layout``) take the
value of the last entry before them that a probe reads: a run of one value, which costs the
compressor next to nothing. On KBNK: 516 KB; the illegal entries left 0, 535 KB; the twin slices
too, 628 KB.
"""

from __future__ import annotations

import logging
import zlib
from typing import Callable

import numpy as np

from ..errors import TableFileError
from ..retrograde.masks import white_to_move
from .layout import TILED, TILED_WIDE, Layout

try:
    import zstandard
except ImportError:  # pragma: no cover - a dependency; see the docstring
    zstandard = None

ZSTD, ZLIB = 1, 2  # the codecs of version 3's blocks
CODECS = {ZSTD: "zstd", ZLIB: "zlib"}
# zstd's level: 6 on the cube (KQRK 5x5x5: 17% smaller than at 3, in 80 ms of CPU beside a 3 s
# build; past 6 little is gained), 3 on the 8x8 board, whose builds take half a second (6: KBNK 6%
# smaller, 16 ms more)
ZSTD_LEVELS = {TILED: 6, TILED_WIDE: 6}
ZSTD_LEVEL = 3
ZLIB_LEVEL = 6
PIECE = 1 << 20  # entries the writer fills and compresses at a time (rounded to whole blocks)

log = logging.getLogger("tablebase.tables")


def codec_written() -> int:
    """The codec a build writes: zstd, or zlib where the zstandard package is missing."""
    return ZSTD if zstandard is not None else ZLIB


def level_of(codec: int, layout: Layout) -> int:
    """The codec's level a build writes the layout's blocks at (a file records it)."""
    return ZSTD_LEVELS.get(layout.order, ZSTD_LEVEL) if codec == ZSTD else ZLIB_LEVEL


def cared(layout: Layout, k: int) -> np.ndarray:
    """bool over White king square ``k``'s slice, in the engine's order: the entries a probe reads
    (legal White-to-move positions whose lone king is not on a twin square, men of one kind in
    increasing order)."""
    legal = white_to_move(layout.space, [k]).reshape(-1, layout.cubes)
    legal &= ~layout.twins(k)
    if layout.alike:
        legal &= layout.ordered_rows()[:, None]
    return legal.reshape(-1)


def filled(values: np.ndarray, care: np.ndarray, before: int | None = None) -> np.ndarray:
    """``values`` with every entry not cared for set to the last cared one before it, and the
    entries before any cared one to ``before`` (by default the first entry's value)."""
    if not values.size:
        return values
    kept = np.flatnonzero(care)
    if 2 * kept.size > values.size:  # many short runs: np.repeat pays per run
        last = np.arange(values.size, dtype=np.int64 if values.size >> 31 else np.int32)
        last *= care
        np.maximum.accumulate(last, out=last)
        found = values.take(last)
    else:
        starts = kept if kept.size and not kept[0] else np.concatenate([[0], kept])
        found = np.repeat(values[starts], np.diff(starts, append=values.size))
    first = int(kept[0]) if kept.size else values.size
    if first:
        found[:first] = values[0] if before is None else before
    return found


def _compressor(codec: int, layout: Layout) -> Callable[[bytes], bytes]:
    if codec == ZSTD:
        return zstandard.ZstdCompressor(level=level_of(codec, layout), write_checksum=False,
                                        write_content_size=True).compress

    def deflate(raw: bytes) -> bytes:
        packer = zlib.compressobj(level_of(codec, layout), zlib.DEFLATED, -15)
        return packer.compress(raw) + packer.flush()

    log.warning("the zstandard package is missing: table blocks are written with zlib")
    return deflate


def compress_table(layout: Layout, king_slice: Callable[[int], np.ndarray],
                   codec: int | None = None, piece: int = PIECE) -> tuple[np.ndarray, np.ndarray, list, int]:
    """(CRC-32 per block, offsets of the blocks and their end, the blocks' bytes as a list of parts, the codec) of a
    whole table, given each White king's slice of entries in the engine's order. The entries are
    worked ``piece`` entries at a time (rounded to whole blocks), so that beside the table the
    writer holds a king's cared-for flags and a few MB (KRNK 6x6x6: its peak is the build's)."""
    codec = codec_written() if codec is None else codec
    compress = _compressor(codec, layout)
    stored, crcs, sizes = bytearray(), [], []  # zstd's bytes keep the room of its bound: copied out at once
    size = layout.block_entries
    step = max(size, piece - piece % size)
    pending = np.empty(0, dtype=np.uint8), np.empty(0, dtype=bool)
    kings = len(layout.space.board.kings)
    for k in range(kings):
        values = np.ascontiguousarray(king_slice(k), dtype=np.uint8).reshape(-1)
        if values.size != layout.slice:
            raise ValueError(f"{layout.table}: a king's slice holds {layout.slice} entries, not {values.size}")
        values, care = layout.to_stored(values), layout.to_stored(cared(layout, k))
        total = pending[0].size + values.size
        whole = total if k == kings - 1 else total - total % size
        before = None  # the value of the last cared entry so far in this king's stream
        for raw_values, raw_care in _pieces(pending, values, care, whole, step):
            stream = filled(layout.tiled(raw_values), layout.tiled(raw_care), before)
            before = int(stream[-1])
            for start in range(0, stream.size, size):
                raw = stream[start:start + size]
                packed = compress(raw)
                if len(packed) >= raw.size:
                    packed = raw.tobytes()
                stored += packed
                crcs.append(zlib.crc32(packed))
                sizes.append(len(packed))
        rest = max(whole - pending[0].size, 0)  # the stream's entries from ``whole`` on wait for the next king
        pending = (np.concatenate([pending[0][whole:], values[rest:]]),
                   np.concatenate([pending[1][whole:], care[rest:]]))
    offsets = np.zeros(len(sizes) + 1, dtype="<u8")
    np.cumsum(sizes, out=offsets[1:])
    return np.array(crcs, dtype="<u4"), offsets, [stored], codec


def _pieces(pending: tuple[np.ndarray, np.ndarray], values: np.ndarray, care: np.ndarray, whole: int, step: int):
    """(values, cared-for flags) of the stream ``pending`` then ``values`` up to its entry
    ``whole``, ``step`` entries at a time."""
    head = pending[0].size
    for start in range(0, whole, step):
        stop = min(start + step, whole)
        if start >= head:
            yield values[start - head:stop - head], care[start - head:stop - head]
        else:
            rest = max(stop - head, 0)
            yield (np.concatenate([pending[0][start:stop], values[:rest]]),
                   np.concatenate([pending[1][start:stop], care[:rest]]))


class Decoder:
    """Decodes one file's blocks into the engine's order (not thread-safe: its reader holds a
    lock). TableFileError at once for a codec this process cannot decode."""

    def __init__(self, name: str, codec: int, layout: Layout):
        self.name, self.codec, self.layout = name, codec, layout
        if codec == ZSTD and zstandard is None:
            raise TableFileError(f"table file's blocks are compressed with zstd, and the zstandard package is not "
                                 f"installed: {name!r}")
        self._zstd = zstandard.ZstdDecompressor() if codec == ZSTD else None

    def decode(self, block: int, data: bytes, count: int) -> np.ndarray:
        """A block's entries from its stored bytes (already checked against their CRC-32)."""
        return self.layout.untiled(np.frombuffer(self._decoded(block, data, count), dtype=np.uint8))

    def _decoded(self, block: int, data: bytes, count: int) -> bytes:
        if len(data) == count:
            return data  # stored as it is
        try:
            if self._zstd is not None:
                found = self._zstd.decompress(data, max_output_size=count)
            else:
                unpacker = zlib.decompressobj(-15)
                found = unpacker.decompress(data, count)
                if not unpacker.eof or unpacker.unconsumed_tail or unpacker.unused_data:
                    found = b""
        except (zlib.error, *(() if zstandard is None else (zstandard.ZstdError,))) as error:
            raise TableFileError(f"table file's block {block} cannot be decoded ({error}): {self.name!r}") from None
        if len(found) != count:
            raise TableFileError(f"table file's block {block} decodes to {len(found)} entries, not {count}: "
                                 f"{self.name!r}")
        return found
