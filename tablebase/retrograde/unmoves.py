"""White's moves taken back: from a set of Black-to-move positions, the White-to-move positions
with a move into it. Both sets are packed flags (``bits``) in the space's ``packed_coordinates``:
leapers shift the array along their axes; sliders sweep each line from its far end; the king's
steps out of the fundamental region read the arrays through a symmetry."""

from __future__ import annotations

from collections import defaultdict
from typing import Callable

import numpy as np

from . import bits
from .board_tables import Board
from .shifts import or_shifted, shift_into
from .free_squares import FreeSquares
from .space import Space
from .turned import turnable, turned


Seen = Callable[[int, int], "np.ndarray | None"]


class FrontierViews:
    """One king slice's packed frontier as the White king's steps into the slice read it: through a
    symmetry of the board, ``views(t)``; turned packed (``turned``) on boards of up to 128 squares,
    else unpacked once, then turned and packed per symmetry. None when the frontier is empty."""

    def __init__(self, board: Board, lost: np.ndarray):
        self.board, self.lost = board, lost
        self.empty = not lost.any()
        self.flags = None

    def __call__(self, t: int) -> np.ndarray | None:
        if self.empty:
            return None
        if t == 0:
            return self.lost
        board = self.board
        if turnable(board):
            return turned(board, self.lost, t)
        if self.flags is None:
            self.flags = bits.unpack(self.lost, board.cubes).reshape((board.n,) * (board.dim * self.lost.ndim))
        view = board.symmetries[t].view(self.flags, board.dim)
        return bits.pack(view.reshape(self.lost.shape[:-1] + (board.cubes,)))


def seen_in(board: Board, frontier_at: Callable[[int], np.ndarray]) -> Seen:
    """``seen`` for ``WhiteUnmoves`` over frontiers all at hand (``frontier_at(king)``), keeping
    the views of the last slice read."""
    last: list = [None, None]  # (king, its views)

    def seen(target: int, t: int) -> np.ndarray | None:
        if last[0] != target:
            last[:] = target, FrontierViews(board, frontier_at(target))
        return last[1](t)

    return seen


def _take(array: np.ndarray, axis: int, index: int) -> np.ndarray:
    return array[(slice(None),) * axis + (index,)]


class WhiteUnmoves:
    def __init__(self, space: Space, kings: range):
        """Over the White king slices ``kings``; a slider passes where its square is free
        (``FreeSquares``)."""
        self.space, self.kings = space, kings
        self.coordinates = (len(kings),) + space.packed_coordinates[1:]
        self.free = FreeSquares(space, kings)
        board = space.board
        self.plans = []  # (man, vectors, slides): a piece that rides and leaps has a plan of each
        for i, kind in enumerate(space.material.pieces):
            if board.rides(kind):
                self.plans.append((i, board.rides(kind), True))
            if board.leaps(kind):
                self.plans.append((i, board.leaps(kind), False))
        # King steps by the slice they read and the symmetry they read it through, in slice order.
        links = defaultdict(list)
        for king, target, t in board.king_links:
            if king in kings:
                links[(target, t)].append(king - kings.start)
        self.links = sorted(links.items())

    def reads(self) -> set[tuple[int, int]]:
        """(king slice, symmetry): the frontiers the king's steps from these slices read, and how."""
        return {key for key, _ in self.links}

    def __call__(self, lost: np.ndarray, out: np.ndarray, seen: Seen) -> np.ndarray:
        """``out`` (packed, shaped like ``lost``): the positions of these slices with a move into
        ``lost`` (the slices' own frontier) or, by a king step, into ``seen(target, t)`` (the
        packed frontier of king slice ``target`` through symmetry ``t``, for each of ``reads``;
        None where it is empty). The links are in slice order: ``seen`` may keep one slice's views."""
        out[...] = 0
        for (target, t), kings in self.links:
            view = seen(target, t)
            if view is not None:
                for king in kings:
                    np.bitwise_or(out[king], view, out=out[king])
        lost, found = lost.reshape(self.coordinates), out.reshape(self.coordinates)
        for man, vectors, slides in self.plans:
            for v in vectors:
                if slides:
                    self._slide(lost, found, man, v)
                else:
                    self._leap(lost, found, man, v)
        return out

    def _leap(self, lost, found, man, v):
        space = self.space
        or_shifted(found, lost, {space.axis_of(man, c): d for c, d in enumerate(v) if d})

    def _slide(self, lost, found, man, v):
        """Sweep against ``v`` one layer of the man's first moving coordinate at a time. ``carry``
        holds, for the layer one step of ``v`` ahead, the positions from which the slider reaches a lost
        position by moving along ``v`` (landing there, or passing it when it is empty). A step of
        ``k`` layers (a rider like ``012*``) keeps ``k`` carries, one per layer modulo ``k``."""
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
        carries: list = [None] * abs(v[lead])
        reach = np.empty(lost.shape[:axis] + lost.shape[axis + 1:], dtype=lost.dtype)
        for layer in layers:
            here = _take(lost, axis, layer)
            slot = layer % len(carries)  # the slot of layer + v[lead] too: the carry read, then written
            if not 0 <= layer + v[lead] < n:
                carries[slot] = here.copy()
                continue
            carry = carries[slot]
            shift_into(reach, carry, inner)
            target = _take(found, axis, layer)
            np.bitwise_or(target, reach, out=target)
            self.free.clear_taken(reach, man, lead, layer)
            np.bitwise_or(reach, here, out=carry)
