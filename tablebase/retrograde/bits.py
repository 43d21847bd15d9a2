"""Flags packed eight to a byte along the lone king's axis: a row of ``cubes`` flags (one per
square of the lone king) is ``ceil(cubes / 8)`` bytes, bit ``s % 8`` of byte ``s // 8`` for square
``s``. The men's axes stay whole, so a man's move is still a shift of the packed array along his
axes, and the padding bits past the last square stay 0 through and-s and or-s."""

from __future__ import annotations

import numpy as np


def row_bytes(cubes: int) -> int:
    return (cubes + 7) // 8


def pack(flags: np.ndarray) -> np.ndarray:
    """bool ``[..., cubes]`` -> uint8 ``[..., row_bytes(cubes)]``."""
    return np.packbits(flags, axis=-1, bitorder="little")


def unpack(packed: np.ndarray, cubes: int) -> np.ndarray:
    """uint8 ``[..., row_bytes(cubes)]`` -> bool ``[..., cubes]`` (a new array)."""
    return np.unpackbits(packed, axis=-1, count=cubes, bitorder="little").view(bool)


def clear(a: np.ndarray, b: np.ndarray) -> None:
    """``a &= ~b`` on packed flags, in place and without a temporary as large as ``a``."""
    np.bitwise_and(a, np.invert(b), out=a)


_ONES = np.array([bin(byte).count("1") for byte in range(256)], dtype=np.uint8)


def count(packed: np.ndarray) -> np.ndarray:
    """int64 per index of the first axis: flags set in packed flags, worked one index at a time."""
    return np.array([int(_ONES[part].sum(dtype=np.int64)) for part in packed], dtype=np.int64)


CHUNK_ENTRIES = 1 << 22  # unpacked flags worked on at once: a few MB, whatever the table's size


def chunks(rows: int, row_size: int) -> list[slice]:
    """Row ranges of about CHUNK_ENTRIES entries each, covering ``rows`` rows of ``row_size``."""
    step = max(1, CHUNK_ENTRIES // row_size)
    return [slice(start, min(start + step, rows)) for start in range(0, rows, step)]
