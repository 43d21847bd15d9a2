"""Values of positions read from the table: White to move directly, Black to move from Black's
king moves (each leads to a White-to-move entry).

``black_to_move`` is the one Black-reply evaluator: the probe (White's moves from one position),
the heat map (the lone king on every square) and the expansion (every placement, for export,
stats and verify) all read Black's value through it."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from .board import SQUARES, attacks_table, king_targets
from .table import KbnkTable

_ONE = np.uint64(1)


@lru_cache(maxsize=None)
def _king_steps() -> tuple[np.ndarray, np.ndarray]:
    """(targets, on board): each square's king steps padded to 8 (padding points at a1, masked)."""
    targets = np.zeros((SQUARES, 8), dtype=np.int64)
    valid = np.zeros((SQUARES, 8), dtype=bool)
    for square, steps in enumerate(king_targets()):
        targets[square, :len(steps)] = steps
        valid[square, :len(steps)] = True
    return targets, valid


@lru_cache(maxsize=None)
def _attacks_flat() -> np.ndarray:
    return attacks_table().reshape(-1)


@dataclass(frozen=True)
class BlackToMove:
    """For a batch of Black-to-move positions: ``dtm`` in White moves (-1 = draw), and whether
    Black is in check, checkmated, stalemated."""

    dtm: np.ndarray
    check: np.ndarray
    mate: np.ndarray
    stalemate: np.ndarray


def black_to_move(table: KbnkTable, wk, wb, wn, bk) -> BlackToMove:
    """Legal KBNK positions, Black to move; squares as ints or 1-D int arrays broadcast together.

    Black's value is the best over its king steps: a step onto an attacked square (White's king
    zone included) is not a move; taking an undefended piece or reaching a drawn White-to-move
    position escapes; otherwise the slowest mate wins. No move: mate in check, else stalemate."""
    wk, wb, wn, bk = np.broadcast_arrays(*(np.asarray(a, dtype=np.int64).reshape(-1) for a in (wk, wb, wn, bk)))
    attacked = _attacks_flat().take((wk * SQUARES + wb) * SQUARES + wn)[:, None]
    steps, on_board = _king_steps()
    targets, valid = steps[bk], on_board[bk]
    free = valid & ((attacked >> targets.astype(np.uint64)) & _ONE == 0)
    capture = (targets == wb[:, None]) | (targets == wn[:, None])
    reached = table.white_to_move(wk[:, None], wb[:, None], wn[:, None], targets)
    escape = (free & (capture | (reached == 0))).any(axis=1)
    has_move = free.any(axis=1)
    check = (attacked[:, 0] >> bk.astype(np.uint64)) & _ONE == 1
    slowest = (reached * (free & ~capture)).max(axis=1)
    stalemate = ~has_move & ~check
    dtm = np.where(escape | stalemate, -1, slowest.astype(np.int64))
    return BlackToMove(dtm, check, ~has_move & check, stalemate)


def white_to_move(table: KbnkTable, wk, wb, wn, bk) -> np.ndarray:
    """DTM in White moves of legal KBNK positions, White to move (-1 = draw)."""
    stored = table.white_to_move(wk, wb, wn, bk).astype(np.int64)
    return np.where(stored == 0, -1, stored)
