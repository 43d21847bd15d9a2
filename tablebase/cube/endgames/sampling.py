"""Won positions to play from: a random one, or one of the longest, turned by a random symmetry."""

from __future__ import annotations

import numpy as np

from ...errors import OutOfTableError
from .position import EndgamePosition
from .summary import position_of
from .table import CubeTable

BATCH = 4096
TRIES = 200


def won_position(table: CubeTable, rng: np.random.Generator, longest: bool = False,
                 at_least: int = 1) -> EndgamePosition:
    """A White-to-move position White wins in ``at_least`` moves or more (uniform over entries),
    or one of the longest mate."""
    if not table.longest:
        raise OutOfTableError(f"{table.material.name} wins nothing on n = {table.n}: there is no mate to play")
    at_least = min(max(at_least, 1), table.longest)
    symmetry = int(rng.integers(len(table.space.board.symmetries)))
    if longest:
        entries = _longest_entries(table)
        return position_of(table, int(entries[rng.integers(len(entries))]), symmetry)
    for _ in range(TRIES):
        picks = rng.integers(table.space.size, size=BATCH)
        won = picks[np.asarray(table.dtm[picks]) >= at_least]
        if len(won):
            return position_of(table, int(won[0]), symmetry)
    won = np.flatnonzero(np.asarray(table.dtm) >= at_least)  # very few: look at them all
    return position_of(table, int(won[rng.integers(len(won))]), symmetry)


def _longest_entries(table: CubeTable) -> np.ndarray:
    cached = table.__dict__.get("_longest_entries")
    if cached is None:
        cached = np.flatnonzero(np.asarray(table.dtm) == table.longest)
        table.__dict__["_longest_entries"] = cached
    return cached
