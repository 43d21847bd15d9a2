"""Values of positions read from the table: White to move directly, Black to move from Black's
king moves (each leads to a White-to-move entry)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from .board import attacks_table, king_targets
from .table import KbnkTable


@lru_cache(maxsize=None)
def _king_steps(square: int) -> tuple[np.ndarray, np.ndarray]:
    targets = np.array(king_targets()[square], dtype=np.int64)
    return targets, targets.astype(np.uint64)


@dataclass(frozen=True)
class BlackToMove:
    """For a batch of Black-to-move positions: ``dtm`` in White moves (-1 = draw), and whether
    Black is in check, checkmated, stalemated."""

    dtm: np.ndarray
    check: np.ndarray
    mate: np.ndarray
    stalemate: np.ndarray


def black_to_move(table: KbnkTable, wk, wb, wn, bk: int) -> BlackToMove:
    """Legal KBNK positions, Black to move, with one Black-king square for the whole batch."""
    wk, wb, wn = (np.asarray(a, dtype=np.int64)[:, None] for a in (wk, wb, wn))
    attacked = _attacks_flat().take((wk * 64 + wb) * 64 + wn)  # (n, 1)
    targets, shifts = _king_steps(bk)
    free = (attacked >> shifts) & _ONE == 0  # attacked includes the White king's zone
    capture = (targets == wb) | (targets == wn)
    reached = table.white_to_move(wk, wb, wn, targets)
    escape = (free & (capture | (reached == 0))).any(axis=1)
    has_move = free.any(axis=1)
    check = (attacked[:, 0] >> np.uint64(bk)) & _ONE == 1
    slowest = (reached * (free & ~capture)).max(axis=1)
    stalemate = ~has_move & ~check
    dtm = np.where(escape | stalemate, -1, slowest.astype(np.int64))
    return BlackToMove(dtm, check, ~has_move & check, stalemate)


@lru_cache(maxsize=None)
def _attacks_flat() -> np.ndarray:
    return attacks_table().reshape(-1)


_ONE = np.uint64(1)


def white_to_move(table: KbnkTable, wk, wb, wn, bk) -> np.ndarray:
    """DTM in White moves of legal KBNK positions, White to move (-1 = draw)."""
    stored = table.white_to_move(wk, wb, wn, bk).astype(np.int64)
    return np.where(stored == 0, -1, stored)
