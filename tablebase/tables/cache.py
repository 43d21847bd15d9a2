"""The blocks of table files a process has read and checked, in one arena of fixed size shared by
every open table: memory per process stays the same however many tables it serves."""

from __future__ import annotations

import numpy as np

from .fileformat import BLOCK

DEFAULT_BYTES = 32 << 20


class BlockCache:
    """``arena[slot]`` holds one checked block; ``owners[slot]`` says whose (the reader's slot
    map and the block), so that taking the slot for another block unmaps it there. Slots are
    handed out round the arena like a clock hand: the oldest block goes first."""

    def __init__(self, size_bytes: int = DEFAULT_BYTES):
        self.slots = max(size_bytes // BLOCK, 64)
        self.arena = np.empty((self.slots, BLOCK), dtype=np.uint8)  # pages are touched on first use
        self.flat = self.arena.reshape(-1)  # the same memory: entry ``slot * BLOCK + offset``
        self.owners: list[tuple[np.ndarray, int] | None] = [None] * self.slots
        self.hand = 0

    def take(self, slot_map: np.ndarray, block: int) -> int:
        """A slot for ``block`` of the reader whose map is ``slot_map`` (recorded there)."""
        slot = self.hand
        self.hand = (slot + 1) % self.slots
        previous = self.owners[slot]
        if previous is not None:
            previous[0][previous[1]] = -1
        self.owners[slot] = (slot_map, block)
        slot_map[block] = slot
        return slot

    def release(self, slot: int) -> None:
        """Give one slot back empty (its block failed to read or to check)."""
        owner = self.owners[slot]
        if owner is not None:
            owner[0][owner[1]] = -1
            self.owners[slot] = None

    def forget(self, slot_map: np.ndarray) -> None:
        """Drop every block of one reader (it is closed)."""
        for slot in slot_map[slot_map >= 0].tolist():
            self.owners[slot] = None
        slot_map[:] = -1
