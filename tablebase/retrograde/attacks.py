"""Attacks and moves for batches of positions (int arrays of squares), from the board's tables:
what the probe needs to value every move of a position at once."""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from .board import Board


def attacked(board: Board, kinds: tuple[str, ...], men: list, target) -> np.ndarray:
    """Whether White's men (``men[0]`` the king, then one array per kind in ``kinds``) attack or
    defend ``target``; nothing else stands on the board (the lone king lifted off)."""
    hit = board.reach("K")[men[0], target]
    for i, kind in enumerate(kinds, start=1):
        reach = board.reach(kind)[men[i], target]
        if board.slides(kind):
            for j, blocker in enumerate(men):
                if j != i:
                    reach = reach & ~board.blocked(kind, men[i], target, blocker)
        hit = hit | reach
    return hit


@lru_cache(maxsize=None)
def _king_targets(board: Board) -> np.ndarray:
    """[s, k]: the k-th square a king step from ``s`` reaches, -1 past the last."""
    steps = board.steps("K")
    table = np.full((board.cubes, max(map(len, steps))), -1, dtype=np.int64)
    for s, targets in enumerate(steps):
        table[s, :len(targets)] = targets
    return table


def king_targets(board: Board, squares) -> np.ndarray:
    return _king_targets(board)[np.asarray(squares, dtype=np.int64)]


def man_targets(board: Board, kind: str, square: int, occupied: list[int]) -> np.ndarray:
    """Where one man may go: its reach, not onto a man, a slider not past one."""
    targets = np.flatnonzero(board.reach(kind)[square])
    keep = ~np.isin(targets, occupied)
    if board.slides(kind):
        for blocker in occupied:
            keep &= ~board.blocked(kind, square, targets, blocker)
    return targets[keep]
