"""Building one 3D table with the retrograde engine, given the tables its captures lead to."""

from __future__ import annotations

from typing import Callable, Mapping

from ...retrograde import Material, Space, cube_board, solve
from .table import CubeTable

Progress = Callable[[str, float], None]


def build_table(material: Material, n: int, smaller: Mapping[Material, CubeTable],
                progress: Progress | None = None) -> CubeTable:
    """``smaller`` holds the table of every material one capture away (KK needs none)."""
    space = Space(cube_board(n), material)
    solution = solve(space, {m: t.dtm for m, t in smaller.items()}, progress)
    positions, won = solution.counts(space)
    return CubeTable(material, n, solution.dtm.reshape(-1), positions, won)
