"""One 3D endgame table in memory: White-to-move DTM of every entry of its space, and what the
endgames overview shows of it."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

import numpy as np

from ...retrograde import Material, Space, cube_board


@dataclass(frozen=True, eq=False)
class CubeTable:
    material: Material
    n: int
    dtm: np.ndarray  # uint8 per entry, White moves to mate (0: not won); read-only, in memory when loaded
    positions: int  # legal White-to-move positions on the whole board, like men swapped counted once
    won: int  # of which White wins
    source: str | None = None  # the file it was loaded from

    def __post_init__(self):
        if self.dtm.shape != (self.space.size,) or self.dtm.dtype != np.uint8:
            raise ValueError(f"{self.material} on n = {self.n} needs {self.space.size} uint8 entries, "
                             f"not {self.dtm.shape} {self.dtm.dtype}")

    @cached_property
    def space(self) -> Space:
        return Space(cube_board(self.n), self.material)

    @cached_property
    def longest(self) -> int:
        return int(self.dtm.max(initial=0))

    @property
    def drawn(self) -> int:
        return self.positions - self.won

    def white_to_move(self, king, men, lone) -> np.ndarray:
        """DTM in White moves (0: not won) of White-to-move positions (ints or int arrays)."""
        return np.asarray(self.dtm[self.space.index(king, men, lone)])

    @cached_property
    def longest_entry(self) -> int | None:
        """The first entry of a longest win (None when nothing is won)."""
        return int(np.argmax(self.dtm)) if self.longest else None
