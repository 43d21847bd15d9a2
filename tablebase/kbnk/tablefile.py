"""The table file: a 64-byte header, then the entries. A reader takes the whole file into memory
(1.4 MB) and checks it there, so nothing done to the file afterwards (rewritten, truncated) can
change an answer or fault a process that loaded it.

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

from ..errors import DataFileError
from ..files import header_crc, write_atomically
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


class TableFileError(DataFileError):
    """A table file that is unreadable, truncated, corrupted or of another format or version.
    ``ours`` tells whether the file is a kbnk table file at all (it starts with the magic bytes,
    or is a prefix of them): only such a file may be rebuilt in place."""

    code = "bad_table_file"

    def __init__(self, message: str, ours: bool = True):
        super().__init__(message)
        self.ours = ours


def _header(payload_size: int, largest: int, checksum: int) -> bytes:
    return _HEADER.pack(MAGIC, VERSION, HEADER_SIZE, MATERIAL, SIDE, INDEX_SCHEME, *SHAPE,
                        BITS_PER_ENTRY, largest, payload_size, checksum)


def _folder_error(path: Path) -> TableFileError:
    return TableFileError(f"the kbnk table path names a folder, not a file: {str(path)!r}", ours=False)


def table_target(path) -> Path:
    """``path`` as a place to write a table file; TableFileError when it is a folder."""
    path = Path(path)
    if path.is_dir():
        raise _folder_error(path)
    return path


def save_table(table: KbnkTable, path) -> Path:
    """Write the table to ``path`` atomically (a temporary file renamed over it), so a reader
    never sees a half-written file. Returns the path."""
    payload = np.ascontiguousarray(table.packed, dtype=np.uint8)
    draft = _header(payload.nbytes, table.longest, 0)
    checksum = zlib.crc32(payload, zlib.crc32(draft))
    header = _header(payload.nbytes, table.longest, checksum)
    return write_atomically(table_target(path), header, payload.data)


def load_table(path) -> KbnkTable:
    """Read a table file into memory, after checking its header and checksum.

    Raises ``FileNotFoundError`` when there is no file, ``TableFileError`` (a ValueError naming
    the file) when it cannot be read or is not a complete, intact table of this format and version."""
    path = Path(path)
    name = str(path)
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        raise
    except IsADirectoryError:
        raise _folder_error(path) from None
    except OSError as error:
        raise TableFileError(f"cannot read the kbnk table file ({error.strerror}): {name!r}", ours=False) from None
    return KbnkTable(_checked_payload(data, name), source=name)


def _checked_payload(data: bytes, name: str) -> np.ndarray:
    """The packed entries of a whole table file's bytes (read-only), or TableFileError."""
    head = data[:HEADER_SIZE]
    if len(head) < HEADER_SIZE:
        raise TableFileError(f"not a kbnk table file (shorter than its header): {name!r}",
                             ours=MAGIC.startswith(head[:len(MAGIC)]))
    (magic, version, header_size, material, side, scheme, *fields) = _HEADER.unpack(head)
    shape, (bits, _largest, payload_size, checksum) = tuple(fields[:3]), fields[3:]
    if magic != MAGIC:
        raise TableFileError(f"not a kbnk table file (bad magic bytes): {name!r}", ours=False)
    if version != VERSION:
        raise TableFileError(f"kbnk table file of format version {version}, expected {VERSION}: {name!r}")
    described = (header_size, material.rstrip(b"\0"), side.rstrip(b"\0"), scheme.rstrip(b"\0"), shape, bits)
    expected = (HEADER_SIZE, MATERIAL, SIDE, INDEX_SCHEME, SHAPE, BITS_PER_ENTRY)
    if described != expected or payload_size != PACKED_BYTES:
        raise TableFileError(f"kbnk table file holds another layout {described!r}: {name!r}")
    if len(data) != HEADER_SIZE + payload_size:
        raise TableFileError(
            f"kbnk table file is {len(data)} bytes, expected {HEADER_SIZE + payload_size} (truncated?): {name!r}")
    payload = np.frombuffer(data, dtype=np.uint8, offset=HEADER_SIZE)  # read-only: bytes are immutable
    if header_crc(head, _CRC_OFFSET, payload) != checksum:
        raise TableFileError(f"kbnk table file fails its checksum (corrupted): {name!r}")
    return payload
