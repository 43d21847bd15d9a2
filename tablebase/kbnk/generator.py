"""KBNK as an instance of the shared retrograde engine (``tablebase.retrograde``): the 8x8 board
of the rules core, White's king, bishop and knight against a lone king. The engine's DTM array is
read out in the table file's layout (``layout``: 462 king pairs x bishop x knight)."""

from __future__ import annotations

from typing import Callable

import numpy as np

from ..retrograde import Material, Space, chess_board, solve_all
from .layout import entry_squares

MATERIAL = Material.of("BN")

Progress = Callable[[str, float], None]


def generate(progress: Progress | None = None) -> np.ndarray:
    """Every pass, from nothing: the table file's entries (uint8 DTM, White to move, 0 = not won)."""
    board = chess_board()

    def report(material, stage, fraction):
        if material == MATERIAL:
            progress(stage, fraction)

    dtm = solve_all(board, MATERIAL, progress=report if progress else None)[MATERIAL]
    wk, wb, wn, bk = entry_squares()
    entries = dtm.reshape(-1)[Space(board, MATERIAL).index(wk, [wb, wn], bk)]
    if progress:
        progress("entries", 1.0)
    return entries
