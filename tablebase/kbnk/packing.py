"""Six bits per entry (DTM 0..63), four entries in three bytes, little-endian:
bytes 3g..3g+2 hold entries 4g..4g+3 as ``e0 | e1 << 6 | e2 << 12 | e3 << 18``. One zero byte
follows, so that each group can be read as a (little-endian, unaligned) 32-bit word."""

from __future__ import annotations

import numpy as np

BITS = 6
_MASK = np.uint32(63)


def pack(values: np.ndarray) -> np.ndarray:
    values = np.asarray(values, dtype=np.uint32).reshape(-1, 4)
    if values.max(initial=0) > 63:
        raise ValueError(f"values above 63 do not fit in six bits: {int(values.max())}")
    word = values[:, 0] | values[:, 1] << 6 | values[:, 2] << 12 | values[:, 3] << 18
    groups = np.stack([word & 255, word >> 8 & 255, word >> 16], axis=1).astype(np.uint8).reshape(-1)
    return np.concatenate([groups, np.zeros(1, dtype=np.uint8)])


def packed_size(entries: int) -> int:
    return entries * BITS // 8 + 1


def unpack(packed: np.ndarray) -> np.ndarray:
    triple = np.asarray(packed)[:-1].reshape(-1, 3).astype(np.uint32)
    word = triple[:, 0] | triple[:, 1] << 8 | triple[:, 2] << 16
    return np.stack([word >> shift & _MASK for shift in (0, 6, 12, 18)], axis=1).astype(np.uint8).reshape(-1)


def group_words(packed: np.ndarray) -> np.ndarray:
    """A view of the packed bytes as one 32-bit word per group of four entries (no copy: the
    words overlap by a byte, which the shifts and masks of ``lookup`` ignore)."""
    groups = (packed.size - 1) // 3
    return np.ndarray(shape=(groups,), dtype="<u4", buffer=packed, strides=(3,))


def lookup(words: np.ndarray, index) -> np.ndarray:
    """The entries at ``index`` (an int array of any shape), as uint8, from ``group_words``."""
    index = np.asarray(index)
    # Fancy indexing, not take(): take would first copy the whole (strided) view.
    return (words[index >> 2] >> ((index & 3) * BITS).astype(np.uint32) & _MASK).astype(np.uint8)
