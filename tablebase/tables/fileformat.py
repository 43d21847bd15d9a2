"""The one table file format, for every table of the service.

    header (128 bytes) | block checksums | summary (JSON) | chunk counts | padding | entries

Header (little-endian): magic ``LKTABLE\\0``, format version, header size, material name, the
board's dimension and side, White king squares stored, men on the axes, bits per entry, the
longest mate, entries, positions and wins, entries per checksum block and blocks, the summary's
size, entries per counting chunk and chunks, the chunk counts' CRC-32, where the entries start,
and a CRC-32 of the header (its CRC field zeroed) followed by the block checksums and the summary.

Entries: one byte each, in the engine's layout (``retrograde.Space``): the White-to-move DTM in
moves, 0 where the strong side does not win (drawn or illegal). Each block of ``BLOCK`` entries has
its own CRC-32, so a reader checks exactly the bytes it reads (``reader``). Chunk counts:
``counts[chunk, d]``, entries of DTM d in each chunk of ``CHUNK`` entries (to draw a won
position by its rank while reading one chunk).
"""

from __future__ import annotations

import json
import struct
import zlib
from dataclasses import dataclass

import numpy as np

from ..errors import TableFileError
from .files import write_atomically
from ..retrograde import Material, MaterialError
from .ids import TableId
from .summary import FaceDistanceCount, TableSummary

MAGIC = b"LKTABLE\0"
VERSION = 2  # 2: the summary counts the checkmates (a file of version 1 is rebuilt)
# The summary's wins by face distance came later within version 2, as an optional key: a file
# without it is served as it is (its field answers null), so tables built by hand stay usable.
HEADER = struct.Struct("<8sHH8sBBHBBBxQQQIIIIIIQI40x")
HEADER_SIZE = HEADER.size  # 128
CRC_OFFSET = 84
BITS = 8
BLOCK = 4096  # entries per checksum block
CHUNK = 1 << 18  # entries per counting chunk
ALIGN = 4096


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

    @property
    def counts_offset(self) -> int:
        return HEADER_SIZE + 4 * self.blocks + self.meta_size


def _blocks(entries: int) -> int:
    return -(-entries // BLOCK)


def _chunks(entries: int) -> int:
    return -(-entries // CHUNK)


def chunk_counts(dtm: np.ndarray, longest: int) -> np.ndarray:
    """uint32 [chunk, d]: entries of DTM d in each chunk."""
    counts = np.zeros((_chunks(dtm.size), longest + 1), dtype=np.uint32)
    for c in range(counts.shape[0]):
        counts[c] = np.bincount(dtm[c * CHUNK:(c + 1) * CHUNK], minlength=longest + 1)
    return counts


def encode(table: TableId, dtm: np.ndarray, summary: TableSummary) -> list:
    """The file's parts, in order (bytes-like), for an array of entries in the table's layout."""
    dtm = np.ascontiguousarray(dtm, dtype=np.uint8).reshape(-1)
    space = table.space
    if dtm.size != space.size:
        raise ValueError(f"{table} needs {space.size} entries, not {dtm.size}")
    blocks, chunks = _blocks(dtm.size), _chunks(dtm.size)
    block_crcs = np.array([zlib.crc32(dtm[b * BLOCK:(b + 1) * BLOCK]) for b in range(blocks)], dtype="<u4")
    meta = {"histogram": list(summary.histogram), "longest_entry": summary.longest_entry,
            "checkmates": summary.checkmates}
    if summary.by_face_distance is not None:
        meta["by_face_distance"] = [[c.positions, c.won] for c in summary.by_face_distance]
    meta = json.dumps(meta, separators=(",", ":")).encode()
    counts = chunk_counts(dtm, summary.longest).astype("<u4")
    start = HEADER_SIZE + block_crcs.nbytes + len(meta) + counts.nbytes
    payload_offset = -(-start // ALIGN) * ALIGN

    def header(crc: int) -> bytes:
        return HEADER.pack(MAGIC, VERSION, HEADER_SIZE, table.material.name.encode(), table.dim, table.n,
                           len(space.board.kings), space.men, BITS, summary.longest, dtm.size,
                           summary.positions, summary.won, BLOCK, blocks, len(meta), CHUNK, chunks,
                           zlib.crc32(counts), payload_offset, crc)

    crc = zlib.crc32(meta, zlib.crc32(block_crcs, zlib.crc32(header(0))))
    return [header(crc), block_crcs, meta, counts, bytes(payload_offset - start), dtm]


def write_table(path, table: TableId, dtm: np.ndarray, summary: TableSummary):
    """Write atomically (a temporary file renamed over ``path``): a reader never sees half a file."""
    return write_atomically(path, *encode(table, dtm, summary))


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
    if (version, header_size, bits, block, chunk) != (VERSION, HEADER_SIZE, BITS, BLOCK, CHUNK):
        raise TableFileError(f"table file of another format (version {version}): {name!r}")
    try:
        table = TableId(dim, n, Material.parse(material_name.rstrip(b"\0").decode("ascii", "replace")))
    except (MaterialError, ValueError):
        raise TableFileError(f"table file names no known table: {name!r}") from None
    if expected is not None and table != expected:
        raise TableFileError(f"table file holds {table}, not {expected}: {name!r}")
    if (kings, men, entries) != (len(table.board.kings), table.space.men, table.space.size):
        raise TableFileError(f"table file's layout does not match {table}: {name!r}")
    if blocks != _blocks(entries) or chunks != _chunks(entries) or size != payload_offset + entries:
        raise TableFileError(f"table file is {size} bytes, expected {payload_offset + entries} (cut short?): {name!r}")
    rest = read_more(HEADER_SIZE, 4 * blocks + meta_size)
    blank = head[:CRC_OFFSET] + b"\0\0\0\0" + head[CRC_OFFSET + 4:]
    if len(rest) != 4 * blocks + meta_size or zlib.crc32(rest, zlib.crc32(blank)) != crc:
        raise TableFileError(f"table file's header fails its checksum (corrupted): {name!r}")
    block_crcs = np.frombuffer(rest, dtype="<u4", count=blocks)
    meta = json.loads(rest[4 * blocks:])
    faces = meta.get("by_face_distance")  # absent from files written before it was recorded
    summary = TableSummary(positions, won, longest, tuple(meta["histogram"]), meta["longest_entry"],
                           meta["checkmates"], None if faces is None else tuple(
                               FaceDistanceCount(d, legal, wins) for d, (legal, wins) in enumerate(faces)))
    return Header(table, kings, men, entries, summary, blocks, chunks, counts_crc, payload_offset,
                  block_crcs, meta_size)
