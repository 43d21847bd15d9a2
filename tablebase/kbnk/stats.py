"""Counts of legal, won and drawn positions, and the DTM histogram, per side to move."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .expansion import DRAW, ILLEGAL, SIDES, FullTables


@dataclass(frozen=True)
class SideStats:
    side: str  # "wtm" or "btm"
    legal: int
    won: int  # White mates (Black to move: including positions already checkmated)
    drawn: int
    histogram: tuple[int, ...]  # histogram[n]: positions with DTM n White moves

    @property
    def longest(self) -> int:
        return max((n for n, count in enumerate(self.histogram) if count), default=0)


def side_stats(full: FullTables, bishop_squares=None) -> tuple[SideStats, ...]:
    """Stats of both sides; ``bishop_squares`` (a boolean mask of 64) restricts the bishop."""
    found = []
    for side in SIDES:
        values = full.side(side)
        if bishop_squares is not None:
            values = values[:, np.asarray(bishop_squares, dtype=bool)]
        counts = np.bincount(values.reshape(-1), minlength=256)
        won = counts[:DRAW]
        last = int(np.flatnonzero(won).max()) + 1 if won.any() else 0
        found.append(SideStats(side, int(counts[:ILLEGAL].sum()), int(won.sum()), int(counts[DRAW]),
                               tuple(int(c) for c in won[:last])))
    return tuple(found)
