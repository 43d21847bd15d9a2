"""What a table's file says of it besides its entries: the counts the overview shows, the DTM
histogram, the checkmates, the wins by the lone king's distance to the nearest face and where a
longest win is stored. Worked out once, when the table is built."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..retrograde import Solution, Space


HISTOGRAM_ENTRIES = 1 << 24  # entries counted at once: bincount widens each to 8 bytes


def _histogram(values: np.ndarray, size: int) -> np.ndarray:
    """``np.bincount(values, minlength=size)`` of a uint8 array, a part at a time (a king's slice
    of a three-man table is 10^8 entries and more).

    >>> _histogram(np.array([0, 2, 2], dtype=np.uint8), 4).tolist()
    [1, 0, 2, 0]
    """
    found = np.zeros(size, dtype=np.int64)
    for start in range(0, values.size, HISTOGRAM_ENTRIES):
        found += np.bincount(values[start:start + HISTOGRAM_ENTRIES], minlength=size)
    return found


@dataclass(frozen=True)
class FaceDistanceCount:
    """White-to-move positions whose lone king stands ``distance`` steps from the nearest face."""
    distance: int
    positions: int
    won: int

    def to_json(self) -> dict:
        return {"distance": self.distance, "positions": self.positions, "won": self.won}


@dataclass(frozen=True)
class TableSummary:
    positions: int  # legal White-to-move positions on the whole board, two like men swapped counted once
    won: int  # of which the strong side wins
    longest: int  # the longest mate in moves (0: nothing is won)
    histogram: tuple[int, ...]  # histogram[d - 1]: won positions that mate in d moves
    longest_entry: int | None  # the first entry of a longest win
    checkmates: int = 0  # Black-to-move checkmate positions on the whole board, counted like positions
    # None in a file written before it was recorded
    by_face_distance: tuple[FaceDistanceCount, ...] | None = None

    @property
    def drawn(self) -> int:
        return self.positions - self.won

    def to_json(self) -> dict:
        return {"positions": self.positions, "won": self.won, "drawn": self.drawn,
                "longest": self.longest or None, "histogram": list(self.histogram), "checkmates": self.checkmates,
                "won_by_face_distance": None if self.by_face_distance is None
                else [c.to_json() for c in self.by_face_distance]}

    @classmethod
    def of(cls, space: Space, solution: Solution) -> TableSummary:
        dtm = solution.dtm.reshape(len(space.board.kings), -1)
        positions, won = solution.counts(space)
        longest = int(dtm.max(initial=0))
        pairs = space.material.like_orderings
        per_king = np.stack([_histogram(row, longest + 1) for row in dtm])  # [king, dtm]
        histogram = (space.board.orbit_sizes @ per_king)[1:] // pairs
        entry = int(np.argmax(solution.dtm.reshape(-1))) if longest else None  # the first of the longest
        faces = tuple(FaceDistanceCount(d, legal, wins) for d, (legal, wins) in enumerate(solution.by_face_distance(space)))
        return cls(positions, won, longest, tuple(int(c) for c in histogram), entry, solution.checkmates(space), faces)
