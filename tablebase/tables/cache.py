"""The blocks of table files a process has read and checked, in one arena of fixed size shared by
every open table: memory per process stays the same however many tables it serves. The arena is
cut in pages of ``BLOCK`` entries; a block of the cube's wider layout takes several pages in a row."""

from __future__ import annotations

import numpy as np

from .fileformat import BLOCK

DEFAULT_BYTES = 32 << 20


class BlockCache:
    """``arena[slot]`` is a page: a checked block starts there and fills ``pages`` of them in a
    row; ``owners[slot]`` says whose block starts on it (the reader's slot map and the block), so
    that taking its pages for another block unmaps it there. Pages are handed out round the arena
    like a clock hand: the oldest block goes first."""

    def __init__(self, size_bytes: int = DEFAULT_BYTES):
        self.slots = max(size_bytes // BLOCK, 64)
        self.arena = np.empty((self.slots, BLOCK), dtype=np.uint8)  # pages are touched on first use
        self.flat = self.arena.reshape(-1)  # the same memory: entry ``slot * BLOCK + offset``
        self.owners: list[tuple[np.ndarray, int] | None] = [None] * self.slots
        self.starts = [-1] * self.slots  # per page: the first page of the block that fills it
        self.spans = [0] * self.slots  # per first page: how many pages its block fills
        self.hand = 0

    def take(self, slot_map: np.ndarray, block: int, pages: int = 1) -> int:
        """The first of ``pages`` pages in a row for ``block`` of the reader whose map is
        ``slot_map`` (recorded there); a block of several pages starts on a multiple of them.
        Every block on those pages, even in part, is unmapped."""
        slot = self.hand + (-self.hand % pages)
        if slot + pages > self.slots:
            slot = 0
        self.hand = (slot + pages) % self.slots
        for page in range(slot, slot + pages):
            if self.starts[page] >= 0:
                self.release(self.starts[page])
        self.owners[slot] = (slot_map, block)
        self.spans[slot] = pages
        self.starts[slot:slot + pages] = [slot] * pages
        slot_map[block] = slot
        return slot

    def release(self, slot: int) -> None:
        """Give the pages of the block starting on page ``slot`` back empty (it failed to read or
        to check, or another block takes its place)."""
        owner = self.owners[slot]
        if owner is not None:
            owner[0][owner[1]] = -1
            self.owners[slot] = None
        span, self.spans[slot] = self.spans[slot], 0
        self.starts[slot:slot + span] = [-1] * span

    def forget(self, slot_map: np.ndarray) -> None:
        """Drop every block of one reader (it is closed)."""
        for slot in slot_map[slot_map >= 0].tolist():
            self.release(slot)
        slot_map[:] = -1
