"""The KBNK table in memory: the file's entries (White to move) and lookups into them."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from . import packing
from .layout import ENTRIES, entry_index

PACKED_BYTES = packing.packed_size(ENTRIES)


@dataclass(frozen=True, eq=False)
class KbnkTable:
    """DTM in White moves of every White-to-move KBNK position, one entry per symmetry class
    (see ``layout``): 0 = not won (draw or illegal), n = White mates in n. Black-to-move values
    are derived from these on demand (a Black move leads to a White-to-move entry).

    ``packed`` holds six bits per entry (see ``packing``); loaded from a file, it is a read-only
    copy in memory (server workers forked after loading share its pages)."""

    packed: np.ndarray
    source: str | None = None  # the file it was loaded from

    def __post_init__(self):
        if self.packed.shape != (PACKED_BYTES,) or self.packed.dtype != np.uint8:
            raise ValueError(f"kbnk table must be {PACKED_BYTES} packed bytes, not "
                             f"{self.packed.shape} {self.packed.dtype}")

    @classmethod
    def from_entries(cls, entries: np.ndarray) -> KbnkTable:
        entries = np.asarray(entries)
        if entries.shape != (ENTRIES,):
            raise ValueError(f"kbnk table needs {ENTRIES} entries, not {entries.shape}")
        return cls(packing.pack(entries))

    @property
    def entries(self) -> np.ndarray:
        """Every entry unpacked (uint8, read-only; built once per table, for bulk work)."""
        cached = self.__dict__.get("_entries")
        if cached is None:
            cached = packing.unpack(self.packed)
            cached.flags.writeable = False
            object.__setattr__(self, "_entries", cached)
        return cached

    def white_to_move(self, wk, wb, wn, bk) -> np.ndarray:
        """Stored DTM (White moves; 0 = not won) of White-to-move positions, for ints or
        broadcastable int arrays of squares. Positions with the kings touching read 0."""
        index = entry_index(wk, wb, wn, bk)
        return np.where(index < 0, np.uint8(0), packing.lookup(self._words, np.maximum(index, 0)))

    @property
    def _words(self) -> np.ndarray:
        words = self.__dict__.get("_group_words")
        if words is None:
            words = packing.group_words(self.packed)
            object.__setattr__(self, "_group_words", words)
        return words

    @property
    def longest(self) -> int:
        return int(self.entries.max())
