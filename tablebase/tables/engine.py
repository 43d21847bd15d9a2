"""Building one table with the retrograde engine, given the tables its captures lead to."""

from __future__ import annotations

from typing import Callable, Mapping, Protocol

import numpy as np

from ..retrograde import Material, Solution, Space, solve
from .ids import TableId
from .summary import TableSummary

Progress = Callable[[str, float], None]


class Solver(Protocol):
    """``retrograde.solve``, or what runs the same passes elsewhere (``retrograde.distributed``)."""

    def __call__(self, space: Space, smaller: Mapping[Material, np.ndarray], progress: Progress | None = None
                 ) -> Solution: ...


def build(table: TableId, smaller: Mapping[TableId, np.ndarray], progress: Progress | None = None,
          solver: Solver = solve) -> tuple[np.ndarray, TableSummary]:
    """(entries in the table's layout, its summary); ``smaller`` holds the entries of every table
    one capture away (``TableId.captures``)."""
    space = table.space
    solution = solver(space, {t.material: entries for t, entries in smaller.items()}, progress)
    return solution.dtm.reshape(-1), TableSummary.of(space, solution)
