"""White's moves taken back: from a set of Black-to-move positions, the White-to-move positions
with a move into it. Leapers shift the array along their axes; sliders sweep each line from its far
end; the king's steps out of the fundamental region read the arrays through a symmetry."""

from __future__ import annotations

import numpy as np

from .shifts import or_shifted, shift_into
from .space import Space


def _take(array: np.ndarray, axis: int, index: int) -> np.ndarray:
    return array[(slice(None),) * axis + (index,)]


class WhiteUnmoves:
    def __init__(self, space: Space, empty: np.ndarray):
        """``empty``: positions (Black to move, in the space's shape) where every man stands on
        its own square, i.e. where a slider may stand and so pass through."""
        self.space = space
        self.empty = empty
        board = space.board
        self.plans = []  # (man, vectors, slides)
        for i, kind in enumerate(space.material.pieces):
            self.plans.append((i, board.vectors(kind), board.slides(kind)))

    def __call__(self, lost: np.ndarray, out: np.ndarray | None = None) -> np.ndarray:
        found = np.zeros_like(lost) if out is None else out
        found[...] = False
        self._king(lost, found)
        for man, vectors, slides in self.plans:
            for v in vectors:
                if slides:
                    self._slide(lost, found, man, v)
                else:
                    self._leap(lost, found, man, v)
        return found

    def _king(self, lost, found):
        board = self.space.board
        views = {}
        for king, target, t in board.king_links:
            if not lost[target].any():
                continue
            key = (target, t)
            if key not in views:
                views[key] = board.symmetries[t].view(lost[target], board.dim)
            np.bitwise_or(found[king], views[key], out=found[king])

    def _leap(self, lost, found, man, v):
        space = self.space
        or_shifted(found, lost, {space.axis_of(man, c): d for c, d in enumerate(v) if d})

    def _slide(self, lost, found, man, v):
        """Sweep against ``v`` one layer of the man's first moving coordinate at a time. ``carry``
        holds, for the layer just done, the positions from which the slider reaches a lost
        position by moving along ``v`` (landing there, or passing it when it is empty)."""
        space = self.space
        lead = next(c for c, d in enumerate(v) if d)
        axis = space.axis_of(man, lead)
        inner = {}
        for c, d in enumerate(v):
            if d and c != lead:
                other = space.axis_of(man, c)
                inner[other - 1 if other > axis else other] = d
        n = space.board.n
        layers = range(n - 1, -1, -1) if v[lead] > 0 else range(n)
        carry = None
        reach = np.empty(lost.shape[:axis] + lost.shape[axis + 1:], dtype=bool)
        for layer in layers:
            here = _take(lost, axis, layer)
            if carry is None:
                carry = here.copy()
                continue
            shift_into(reach, carry, inner)
            target = _take(found, axis, layer)
            np.bitwise_or(target, reach, out=target)
            np.bitwise_and(reach, _take(self.empty, axis, layer), out=reach)
            np.bitwise_or(reach, here, out=carry)
