"""The 3D table file: a 64-byte header, then one byte per entry, read into memory on load.

Header (little-endian): magic ``CUBEDTM\\0``, format version, header size, material name,
dimension, n, White king squares stored, men on the axes, bits per entry, largest DTM, entries,
legal White-to-move positions, won positions, and a CRC-32 of the header (CRC field zeroed)
followed by the payload."""

from __future__ import annotations

import struct
import zlib
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from ...errors import ChessInputError
from ...files import header_crc, read_head, write_atomically
from ...retrograde import Material, MaterialError
from .table import CubeTable

MAGIC = b"CUBEDTM\0"
VERSION = 1
_HEADER = struct.Struct("<8sHH8sBBHBBB3xQQQI6x")
HEADER_SIZE = _HEADER.size  # 64
_CRC_OFFSET = HEADER_SIZE - 10
BITS = 8


class TableFileError(ChessInputError):
    """A 3D table file that is truncated, corrupted, of another format or not the table asked for."""

    code = "bad_table_file"


def _header(table: CubeTable, checksum: int) -> bytes:
    space = table.space
    return _HEADER.pack(MAGIC, VERSION, HEADER_SIZE, table.material.name.encode(), space.board.dim,
                        table.n, len(space.board.kings), space.men, BITS, table.longest, space.size,
                        table.positions, table.won, checksum)


def save_table(table: CubeTable, path) -> Path:
    """Write atomically (a temporary file renamed over ``path``). Returns the path."""
    payload = np.ascontiguousarray(table.dtm, dtype=np.uint8)
    checksum = zlib.crc32(payload, zlib.crc32(_header(table, 0)))
    return write_atomically(path, _header(table, checksum), payload.data)


@dataclass(frozen=True)
class Header:
    """What a table file's header says (checked against its size, not yet against its checksum)."""

    material: Material
    n: int
    kings: int
    men: int
    longest: int
    entries: int
    positions: int
    won: int
    checksum: int
    head: bytes


def read_header(path, material: Material | None = None, n: int | None = None) -> Header:
    """The header of a table file, checked for format, size and (when given) that it holds
    ``material`` on ``n``. ``FileNotFoundError`` without a file, ``TableFileError`` otherwise."""
    head, size = read_head(path, HEADER_SIZE)
    return _parse_header(head, size, str(path), material, n)


def _parse_header(head: bytes | None, size: int, name: str, material: Material | None, n: int | None) -> Header:
    if head is None:
        raise TableFileError(f"not a 3D table file (shorter than its header): {name!r}")
    (magic, version, header_size, material_name, dim, side, kings, men, bits, largest, entries,
     positions, won, checksum) = _HEADER.unpack(head)
    if magic != MAGIC:
        raise TableFileError(f"not a 3D table file (bad magic bytes): {name!r}")
    if version != VERSION or header_size != HEADER_SIZE or bits != BITS or dim != 3:
        raise TableFileError(f"3D table file of another format (version {version}): {name!r}")
    try:
        found = Material.parse(material_name.rstrip(b"\0").decode("ascii", "replace"))
    except MaterialError:
        raise TableFileError(f"3D table file names no known material: {name!r}") from None
    if (material is not None and found != material) or (n is not None and side != n):
        raise TableFileError(f"3D table file holds {found.name} on n = {side}, not the table asked for: {name!r}")
    if size != HEADER_SIZE + entries:
        raise TableFileError(f"3D table file is {size} bytes, expected {HEADER_SIZE + entries} (truncated?): {name!r}")
    return Header(found, side, kings, men, largest, entries, positions, won, checksum, head)


def load_table(path, material: Material | None = None, n: int | None = None) -> CubeTable:
    """Read a table file into memory and check its header, size and checksum (and, when given,
    that it holds ``material`` on ``n``). Held in memory (read-only), a file changed or cut short
    on disk later can neither change an answer nor crash the process, as a mapped one could.
    ``FileNotFoundError`` without a file, ``TableFileError`` when it is not an intact table."""
    name = str(path)
    try:
        data = Path(path).read_bytes()
    except IsADirectoryError:
        raise TableFileError(f"a folder, not a 3D table file: {name!r}") from None
    header = _parse_header(data[:HEADER_SIZE] if len(data) >= HEADER_SIZE else None, len(data), name, material, n)
    dtm = np.frombuffer(data, dtype=np.uint8, offset=HEADER_SIZE, count=header.entries)  # read-only
    if header_crc(header.head, _CRC_OFFSET, dtm) != header.checksum:
        raise TableFileError(f"3D table file fails its checksum (corrupted): {name!r}")
    try:
        table = CubeTable(header.material, header.n, dtm, header.positions, header.won, source=name)
    except ValueError:
        raise TableFileError(f"3D table file's layout does not match {header.material.name} on "
                             f"n = {header.n}: {name!r}") from None
    if (len(table.space.board.kings), table.space.men, table.longest) != (header.kings, header.men, header.longest):
        raise TableFileError(f"3D table file's header does not match its entries: {name!r}")
    return table
