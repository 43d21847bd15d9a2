"""One retrograde engine for White's king and men against a lone king, on any board of equal
sides the rules core describes (the 8x8 board, the n*n*n cube), using the board's symmetries.

    solve_all(board, material, progress=None) -> {Material: Solution}   # the material and smaller ones
    Space(board, material).index(king, men, lone) -> entry of a White-to-move position

A solution's DTM array holds, per entry of the space's flat shape, White's moves to mate with White to move
(0: not won: drawn, or not a legal White-to-move position).
"""

from __future__ import annotations

from typing import Callable

import numpy as np

from .board_tables import Board, board_of, chess_board, cube_board
from .material import Material, MaterialError, materials
from .solver import Solution, solve
from .space import Space

__all__ = ["Board", "Material", "MaterialError", "Solution", "Space", "board_of", "chess_board", "cube_board",
           "materials", "solve", "solve_all"]


def solve_all(board: Board, material: Material, known: dict | None = None,
              progress: Callable[[Material, str, float], None] | None = None) -> dict[Material, np.ndarray]:
    """DTM arrays of ``material`` and every smaller material with men, solving the smaller ones
    first; arrays in ``known`` are taken as they are."""
    tables = dict(known or {})
    for m in (*reversed(material.smaller()), material):
        if m in tables or not m.pieces:
            continue
        report = (lambda stage, fraction, m=m: progress(m, stage, fraction)) if progress else None
        tables[m] = solve(Space(board, m), tables, report).dtm
    return tables
