"""Won positions to play from: a random one, or one of the longest, turned by a random symmetry."""

from __future__ import annotations

import numpy as np

from ...core.message import N_, msg
from ...errors import OutOfTableError
from ...tables import TableFile, TablePosition, won_entry


def position_of(table: TableFile, entry: int, symmetry: int = 0) -> TablePosition:
    """The White-to-move position of an entry, seen through one of the board's symmetries."""
    space = table.id.space
    king, men, lone = space.squares([entry])
    image = space.board.image[symmetry]
    return TablePosition(table.id.dim, table.id.n, int(image[king[0]]),
                         tuple(zip(table.id.material.pieces, (int(image[m[0]]) for m in men))),
                         int(image[lone[0]]), True)


def won_position(table: TableFile, rng: np.random.Generator, longest: bool = False,
                 at_least: int = 1) -> TablePosition:
    """A White-to-move position White wins in ``at_least`` moves or more (uniform over entries),
    or one of the longest mate."""
    most = table.summary.longest
    if not most:
        raise OutOfTableError(msg(N_("%(material)s wins nothing on n = %(n)s: there is no mate to play"),
                                  material=table.id.material.name, n=table.id.n))
    low = most if longest else min(max(at_least, 1), most)
    entry = won_entry(table, rng, low, most)
    return position_of(table, entry, int(rng.integers(len(table.id.board.symmetries))))
