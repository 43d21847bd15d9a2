"""Passes 2 and 3 of the engine: ``mark_mates``, then ``iterate`` until nothing changes.

Depth d, in White moves: ``W[d]`` are the White-to-move positions not yet won with a move into
``B[d-1]``; ``B[d]`` the Black-to-move positions not yet lost whose every move reaches a position
won in at most d (a capture: the smaller material's value), ``B[0]`` the checkmates. The result is
the White-to-move DTM of every entry (0: not won, drawn or illegal)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Mapping

import numpy as np

from .masks import DRAWN_CAPTURE, Masks, mark_illegal
from .material import Material
from .shifts import KingSteps
from .space import Space
from .unmoves import WhiteUnmoves

Progress = Callable[[str, float], None]
MAX_DEPTH = 254


def mark_mates(space: Space, masks: Masks) -> tuple[np.ndarray, np.ndarray]:
    """Pass 2: (checkmates, positions where Black has a move), Black to move, in the space's shape."""
    shape = space.shape
    can_step = KingSteps(space.board.n, space.board.dim).neighbours(masks.steps)
    has_move = masks.legal & (can_step | (masks.captures > 0))
    mates = masks.legal & masks.check & ~has_move
    return mates.reshape(shape), has_move.reshape(shape)


def iterate(space: Space, masks: Masks, mates: np.ndarray, has_move: np.ndarray,
            progress: Progress | None = None) -> np.ndarray:
    """Pass 3: the White-to-move DTM (uint8, in the flat shape) from the checkmates outwards.

    Works in place on: ``open_white`` (legal White-to-move positions not yet won), ``exits``
    (squares the lone king may step to whose position is not yet won), ``candidates`` (Black-to-
    move positions with a move, not yet lost, without a drawing capture) and ``frontier`` (lost
    at the last depth). On booleans ``np.greater(a, b)`` is ``a & ~b`` without a temporary."""
    shape = space.shape
    king_steps = KingSteps(space.board.n, space.board.dim)
    captures = masks.captures.reshape(shape)
    last_capture = int(captures[captures < DRAWN_CAPTURE].max(initial=0))
    open_white = masks.white_to_move.reshape(shape)
    exits = masks.steps.reshape(shape).copy()
    candidates = np.greater(has_move, mates)
    candidates &= captures != DRAWN_CAPTURE
    unmoves = WhiteUnmoves(space, masks.legal.reshape(shape))
    legal_count = int(np.count_nonzero(open_white)) if progress else 0
    dtm = np.zeros(shape, dtype=np.uint8)
    new = np.empty(shape, dtype=bool)
    frontier = mates.copy()
    won_count = 0
    depth = 0
    while True:
        depth += 1
        if depth > MAX_DEPTH:
            raise RuntimeError(f"{space.material} needs more than {MAX_DEPTH} moves: DTM does not fit a byte")
        if frontier.any():
            unmoves(frontier, out=new)
            new &= open_white
        else:
            new[...] = False
        if new.any():
            np.greater(open_white, new, out=open_white)
            np.greater(exits, new, out=exits)
            np.copyto(dtm, np.uint8(depth), where=new)
            won_count += int(np.count_nonzero(new))
        elif depth > last_capture:
            break
        escapes = king_steps.neighbours(exits.reshape(space.flat_shape)).reshape(shape)
        np.greater(candidates, escapes, out=frontier)
        del escapes
        if depth < last_capture:
            frontier &= captures <= depth
        np.greater(candidates, frontier, out=candidates)
        if progress:
            progress(f"depth {depth}", won_count / max(legal_count, 1))
    return dtm.reshape(space.flat_shape)


@dataclass(frozen=True, eq=False)
class Solution:
    dtm: np.ndarray  # uint8 in the space's flat shape: White moves to mate, White to move (0: not won)
    legal: np.ndarray  # per White king square of the region: legal White-to-move entries

    def counts(self, space: Space) -> tuple[int, int]:
        """(legal, won) White-to-move positions on the whole board: each region square of the
        king stands for its images, and two like men swapped are one position."""
        orbits = space.board.orbit_sizes
        won = np.count_nonzero(self.dtm.reshape(len(orbits), -1), axis=1)
        pairs = 2 if space.material.like_pair else 1
        return int(orbits @ self.legal) // pairs, int(orbits @ won) // pairs


def solve(space: Space, smaller: Mapping[Material, np.ndarray], progress: Progress | None = None) -> Solution:
    """Every pass for one material, given the DTM arrays of the materials captures lead to."""
    masks = mark_illegal(space, smaller)
    legal = np.count_nonzero(masks.white_to_move.reshape(space.flat_shape[0], -1), axis=1)
    if progress:
        progress("mark illegal", 0.0)
    mates, has_move = mark_mates(space, masks)
    if progress:
        progress("mark mates", 0.0)
    return Solution(iterate(space, masks, mates, has_move, progress), legal)
