"""The table file: a 64-byte header, then the entries, memory-mapped so server processes share
one copy of the pages.

Header (little-endian): magic ``KBNKDTM\\0``, format version, header size, material, side to
move of the entries, index scheme, shape, bits per entry, largest value, payload size, and a
CRC-32 of the header (with the CRC field zeroed) followed by the payload. Entries are packed six bits each
(see ``packing``).
"""

from __future__ import annotations

import struct
import zlib
from pathlib import Path

import numpy as np

from ..errors import ChessInputError
from ..files import header_crc, read_head, write_atomically
from .layout import KING_PAIRS
from .packing import BITS as BITS_PER_ENTRY
from .table import PACKED_BYTES, KbnkTable

MAGIC = b"KBNKDTM\0"
VERSION = 2  # 2: six bits per entry
MATERIAL = b"KBNvK"
SIDE = b"wtm"
INDEX_SCHEME = b"kk462*wb*wn"
SHAPE = (KING_PAIRS, 64, 64)
_HEADER = struct.Struct("<8sHH8s4s12s3IBBQI2x")
HEADER_SIZE = _HEADER.size  # 64
_CRC_OFFSET = HEADER_SIZE - 6


class TableFileError(ChessInputError):
    """A table file that is missing, truncated, corrupted or of another format or version."""

    code = "bad_table_file"


def _header(payload_size: int, largest: int, checksum: int) -> bytes:
    return _HEADER.pack(MAGIC, VERSION, HEADER_SIZE, MATERIAL, SIDE, INDEX_SCHEME, *SHAPE,
                        BITS_PER_ENTRY, largest, payload_size, checksum)


def save_table(table: KbnkTable, path) -> Path:
    """Write the table to ``path`` atomically (a temporary file renamed over it), so a reader
    never sees a half-written file. Returns the path."""
    payload = np.ascontiguousarray(table.packed, dtype=np.uint8)
    draft = _header(payload.nbytes, table.longest, 0)
    checksum = zlib.crc32(payload, zlib.crc32(draft))
    return write_atomically(path, _header(payload.nbytes, table.longest, checksum), payload.data)


def load_table(path) -> KbnkTable:
    """Map a table file read-only, after checking its header and checksum.

    Raises ``FileNotFoundError`` when there is no file, ``TableFileError`` (a ValueError naming
    the file) when it is not a complete, intact table of this format and version."""
    path = Path(path)
    name = str(path)
    head, size = read_head(path, HEADER_SIZE)
    if head is None:
        raise TableFileError(f"not a kbnk table file (shorter than its header): {name!r}")
    (magic, version, header_size, material, side, scheme, *fields) = _HEADER.unpack(head)
    shape, (bits, _largest, payload_size, checksum) = tuple(fields[:3]), fields[3:]
    if magic != MAGIC:
        raise TableFileError(f"not a kbnk table file (bad magic bytes): {name!r}")
    if version != VERSION:
        raise TableFileError(f"kbnk table file of format version {version}, expected {VERSION}: {name!r}")
    described = (header_size, material.rstrip(b"\0"), side.rstrip(b"\0"), scheme.rstrip(b"\0"), shape, bits)
    expected = (HEADER_SIZE, MATERIAL, SIDE, INDEX_SCHEME, SHAPE, BITS_PER_ENTRY)
    if described != expected or payload_size != PACKED_BYTES:
        raise TableFileError(f"kbnk table file holds another layout {described!r}: {name!r}")
    if size != HEADER_SIZE + payload_size:
        raise TableFileError(
            f"kbnk table file is {size} bytes, expected {HEADER_SIZE + payload_size} (truncated?): {name!r}")
    packed = np.memmap(path, dtype=np.uint8, mode="r", offset=HEADER_SIZE, shape=(PACKED_BYTES,))
    if header_crc(head, _CRC_OFFSET, packed) != checksum:
        raise TableFileError(f"kbnk table file fails its checksum (corrupted): {name!r}")
    return KbnkTable(packed, source=name)
