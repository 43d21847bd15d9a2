"""The one table file format, for every table of the service.

Version 3 (written now), its entries in compressed blocks:

    header (128 bytes) | block checksums | block offsets | summary (JSON) | chunk counts | blocks

Version 2 (still read, and written for tests of reading it), one byte per entry:

    header (128 bytes) | block checksums | summary (JSON) | chunk counts | padding | entries

Header (little-endian): magic ``LKTABLE\\0``, format version, header size, material name, the
board's dimension and side, White king squares stored, men on the axes, bits per entry, the
longest mate, entries, positions and wins, entries per block and blocks, the summary's size,
entries per counting chunk and chunks, the chunk counts' CRC-32, where the entries start, and a
CRC-32 of the header (its CRC field zeroed) followed by the block checksums, the block offsets
and the summary. Version 3 adds the codec, the entries' order (``layout``), which entries hold
"don't care" values, and the blocks' bytes in all.

Entries: the White-to-move DTM in moves, 0 where the strong side does not win. Version 2 holds
one byte each in the engine's layout (``retrograde.Space``), 0 for illegal positions, and a CRC-32
per block of ``BLOCK`` entries. Version 3 holds them in the order of its ``layout`` (the lone king
first on the 8x8 board; on the cube, blocks of whole rows of the engine's order, transposed), each
block of at most ``BLOCK`` entries (``WIDE_BLOCK`` on the cube) compressed on its own (``blocks``) with the CRC-32 of its
stored bytes and its offset; entries
that no probe reads (illegal positions, and the lone king's squares that a symmetry keeping the
White king takes to a lesser one) hold whatever compresses best, and are worked out again by a
bulk read (``restore``). Chunk counts: ``counts[chunk, d]``, entries of DTM d in each chunk of
``CHUNK`` entries of the engine's layout (to draw a won position by its rank while reading one
chunk).
"""

from __future__ import annotations

import json
import struct
import zlib
from dataclasses import dataclass

import numpy as np

from ..errors import TableFileError
from ..retrograde import Material, MaterialError
from .blocks import CODECS, compress_table, level_of
from .files import header_crc, write_atomically
from .ids import TableId
from .layout import BLOCK, ORDERS, layout_of
from .summary import FaceDistanceCount, TableSummary

MAGIC = b"LKTABLE\0"
VERSION = 3  # 3: compressed blocks; 2: a byte per entry (still read); 1: rebuilt
OLD_VERSION = 2
# The summary's wins by face distance came later within version 2, as an optional key: a file
# without it is served as it is (its field answers null), so tables built by hand stay usable.
HEADER = struct.Struct("<8sHH8sBBHBBBxQQQIIIIIIQI40x")
EXTRA = struct.Struct("<BBBBQ")  # version 3, in the header's last 40 bytes: codec, layout, flags, level, block bytes
EXTRA_OFFSET = 88
HEADER_SIZE = HEADER.size  # 128
CRC_OFFSET = 84
BITS = 8
CHUNK = 1 << 18  # entries per counting chunk
ALIGN = 4096  # version 2: where the entries start
FILLED = 1  # flags: entries no probe reads hold "don't care" values
ALIKE_ONCE = 2  # flags: men of one kind are read in one order only (``layout``); files without it hold every order
FLAGS = FILLED | ALIKE_ONCE  # what a build writes


@dataclass(frozen=True)
class Header:
    id: TableId
    kings: int
    men: int
    entries: int
    summary: TableSummary
    blocks: int
    chunks: int
    counts_crc: int
    payload_offset: int
    block_crcs: np.ndarray  # uint32 per block
    meta_size: int
    version: int = VERSION
    layout: int = 0  # version 3: the entries' order (``layout.ORDERS``)
    flags: int = 0
    codec: int = 0  # version 3: ``blocks.ZSTD`` or ``blocks.ZLIB``
    block_offsets: np.ndarray | None = None  # version 3: uint64, blocks + 1, from ``payload_offset``
    block_entries: int = BLOCK  # entries per block (version 3, TILED: whole rows of the lone king's axis)
    level: int = 0  # version 3: the codec's level the blocks were written at (0: files written before it was kept)

    @property
    def counts_offset(self) -> int:
        return HEADER_SIZE + self._index_bytes(self.version, self.blocks) + self.meta_size

    @staticmethod
    def _index_bytes(version: int, blocks: int) -> int:
        """The block checksums' (and version 3's offsets') bytes."""
        return 4 * blocks + (8 * (blocks + 1) if version >= 3 else 0)


def _blocks(entries: int, size: int = BLOCK) -> int:
    return -(-entries // size)


def _chunks(entries: int) -> int:
    return -(-entries // CHUNK)


def chunk_counts(dtm: np.ndarray, longest: int) -> np.ndarray:
    """uint32 [chunk, d]: entries of DTM d in each chunk."""
    counts = np.zeros((_chunks(dtm.size), longest + 1), dtype=np.uint32)
    for c in range(counts.shape[0]):
        counts[c] = np.bincount(dtm[c * CHUNK:(c + 1) * CHUNK], minlength=longest + 1)
    return counts


def _meta(summary: TableSummary) -> bytes:
    meta = {"histogram": list(summary.histogram), "longest_entry": summary.longest_entry,
            "checkmates": summary.checkmates}
    if summary.by_face_distance is not None:
        meta["by_face_distance"] = [[c.positions, c.won] for c in summary.by_face_distance]
    return json.dumps(meta, separators=(",", ":")).encode()


def _parts(table: TableId, summary: TableSummary, counts: np.ndarray, index: list, payload: list,
           version: int, extra: bytes, align: int, block: int = BLOCK) -> list:
    """The file's parts: the header (its CRC over ``index``, the block checksums and offsets, and
    the summary), ``index``, the summary, the chunk counts, padding to ``align`` and ``payload``."""
    space = table.space
    meta = _meta(summary)
    counts = np.ascontiguousarray(counts, dtype="<u4")
    start = HEADER_SIZE + sum(part.nbytes for part in index) + len(meta) + counts.nbytes
    payload_offset = -(-start // align) * align
    blocks = _blocks(space.size, block)

    def header(crc: int) -> bytes:
        head = bytearray(HEADER.pack(MAGIC, version, HEADER_SIZE, table.material.tag.encode(), table.dim, table.n,
                                     len(space.board.kings), space.men, BITS, summary.longest, space.size,
                                     summary.positions, summary.won, block, blocks, len(meta), CHUNK,
                                     _chunks(space.size), zlib.crc32(counts), payload_offset, crc))
        head[EXTRA_OFFSET:EXTRA_OFFSET + len(extra)] = extra
        return bytes(head)

    crc = zlib.crc32(header(0))
    for part in (*index, meta):
        crc = zlib.crc32(part, crc)
    return [header(crc), *index, meta, counts, bytes(payload_offset - start), *payload]


def encode(table: TableId, dtm: np.ndarray, summary: TableSummary, version: int = VERSION,
           order: int | None = None) -> list:
    """The file's parts, in order (bytes-like), for an array of entries in the engine's layout
    (version 3: in ``order``, by default the one a build writes)."""
    dtm = np.ascontiguousarray(dtm, dtype=np.uint8).reshape(-1)
    if dtm.size != table.space.size:
        raise ValueError(f"{table} needs {table.space.size} entries, not {dtm.size}")
    counts = chunk_counts(dtm, summary.longest)
    if version == OLD_VERSION:
        crcs = np.array([zlib.crc32(dtm[b * BLOCK:(b + 1) * BLOCK]) for b in range(_blocks(dtm.size))], dtype="<u4")
        return _parts(table, summary, counts, [crcs], [dtm], OLD_VERSION, b"", ALIGN)
    if version != VERSION:
        raise ValueError(f"no writer of format version {version}")
    size = table.space.size // len(table.board.kings)
    return encode_slices(table, lambda k: dtm[k * size:(k + 1) * size], summary, counts, order)


def encode_slices(table: TableId, king_slice, summary: TableSummary, counts: np.ndarray,
                  order: int | None = None) -> list:
    """Version 3's parts for entries given one White king's slice at a time (``king_slice(k)``, in
    the engine's layout): a conversion never holds more than one slice of the old file."""
    layout = layout_of(table, order)
    crcs, offsets, payload, codec = compress_table(layout, king_slice)
    extra = EXTRA.pack(codec, layout.order, FLAGS, level_of(codec, layout), int(offsets[-1]))
    return _parts(table, summary, counts, [crcs, offsets], payload, VERSION, extra, 1, layout.block_entries)


def write_table(path, table: TableId, dtm: np.ndarray, summary: TableSummary, version: int = VERSION,
                order: int | None = None):
    """Write atomically (a temporary file renamed over ``path``): a reader never sees half a file."""
    return write_atomically(path, *encode(table, dtm, summary, version, order))


def is_ours(head: bytes) -> bool:
    """Whether bytes that start a file start a table file (or a prefix of one: an empty file)."""
    size = min(len(head), len(MAGIC))
    return head[:size] == MAGIC[:size]


def parse_header(head: bytes, size: int, name: str, expected: TableId | None, read_more) -> Header:
    """The header of a file of ``size`` bytes starting with ``head``; ``read_more(offset, count)``
    reads the rest of the checked part. Raises TableFileError (``ours`` when it is a table file)."""
    if len(head) < HEADER_SIZE:
        raise TableFileError(f"not a table file (shorter than its header): {name!r}", ours=is_ours(head))
    (magic, version, header_size, material_name, dim, n, kings, men, bits, longest, entries, positions,
     won, block, blocks, meta_size, chunk, chunks, counts_crc, payload_offset, crc) = HEADER.unpack(head)
    if magic != MAGIC:
        raise TableFileError(f"not a table file (bad magic bytes): {name!r}", ours=False)
    if version not in (OLD_VERSION, VERSION) or (header_size, bits, chunk) != (HEADER_SIZE, BITS, CHUNK):
        raise TableFileError(f"table file of another format (version {version}): {name!r}")
    codec, layout, flags, level, payload_size = (EXTRA.unpack_from(head, EXTRA_OFFSET) if version == VERSION
                                                 else (0, 0, 0, 0, entries))
    if version == VERSION and (codec not in CODECS or layout not in ORDERS or flags not in (FILLED, FLAGS)):
        raise TableFileError(f"table file of another format (version {version}, codec {codec}, layout {layout}): "
                             f"{name!r}")
    try:
        table = TableId(dim, n, Material.from_tag(material_name.rstrip(b"\0").decode("ascii", "replace")))
    except (MaterialError, ValueError):
        raise TableFileError(f"table file names no known table: {name!r}") from None
    if expected is not None and table != expected:
        raise TableFileError(f"table file holds {table}, not {expected}: {name!r}")
    if (kings, men, entries) != (len(table.board.kings), table.space.men, table.space.size):
        raise TableFileError(f"table file's layout does not match {table}: {name!r}")
    if block != (BLOCK if version == OLD_VERSION else layout_of(table, layout).block_entries):
        raise TableFileError(f"table file's blocks of {block} entries do not match its layout: {name!r}")
    if blocks != _blocks(entries, block) or chunks != _chunks(entries) or size != payload_offset + payload_size:
        raise TableFileError(f"table file is {size} bytes, expected {payload_offset + payload_size} (cut short?): "
                             f"{name!r}")
    index = Header._index_bytes(version, blocks)
    rest = read_more(HEADER_SIZE, index + meta_size)
    if len(rest) != index + meta_size or header_crc(head, CRC_OFFSET, rest) != crc:
        raise TableFileError(f"table file's header fails its checksum (corrupted): {name!r}")
    block_crcs = np.frombuffer(rest, dtype="<u4", count=blocks)
    offsets = None
    if version == VERSION:
        offsets = np.frombuffer(rest, dtype="<u8", count=blocks + 1, offset=4 * blocks).astype(np.int64)
        if offsets[0] != 0 or offsets[-1] != payload_size or np.any(np.diff(offsets) <= 0):
            raise TableFileError(f"table file's block offsets do not add up (corrupted): {name!r}")
    meta = json.loads(rest[index:])
    faces = meta.get("by_face_distance")  # absent from files written before it was recorded
    summary = TableSummary(positions, won, longest, tuple(meta["histogram"]), meta["longest_entry"],
                           meta["checkmates"], None if faces is None else tuple(
                               FaceDistanceCount(d, legal, wins) for d, (legal, wins) in enumerate(faces)))
    return Header(table, kings, men, entries, summary, blocks, chunks, counts_crc, payload_offset,
                  block_crcs, meta_size, version, layout, flags, codec, offsets, block, level)
