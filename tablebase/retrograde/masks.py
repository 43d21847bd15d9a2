"""Pass 1, ``mark_illegal``: which positions are legal, where White attacks, and what the lone
king's captures are worth. Arrays in the space's flat shape; in attack arrays the lone king's axis
holds the attacked square, with the lone king lifted off the board (a line runs through it)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping

import numpy as np

from .material import Material
from .space import Space

DRAWN_CAPTURE = 255  # a capture that escapes to a drawn position


def _placed(space: Space, table: np.ndarray, *men: int) -> np.ndarray:
    """``table`` (one axis per man listed, -1 = the White king) reshaped to broadcast over the
    flat shape; the last man listed is the lone king's axis when it is ``space.men - 1``."""
    shape = [1] * len(space.flat_shape)
    order = sorted(range(len(men)), key=lambda k: 0 if men[k] < 0 else 1 + men[k])
    for k in order:
        axis = 0 if men[k] < 0 else 1 + men[k]
        shape[axis] = space.flat_shape[axis]
    return table.transpose(order).reshape(shape)


def attacks(space: Space) -> np.ndarray:
    """``attacked[king, men..., s]``: White attacks or defends square ``s``."""
    board, lone = space.board, space.men - 1
    kings = board.kings
    attacked = np.broadcast_to(_placed(space, board.reach("K")[kings], -1, lone), space.flat_shape).copy()
    for i, kind in enumerate(space.material.pieces):
        hit = _placed(space, board.reach(kind), i, lone)
        if board.slides(kind):
            king_shadow = board.shadows(kind, kings).transpose(1, 0, 2)  # [king, p, s]
            hit = hit & ~_placed(space, king_shadow, -1, i, lone)
            others = [j for j in range(lone) if j != i]
            if others:
                shadow = board.shadows(kind, np.arange(board.cubes))  # [p, b, s]
                for j in others:
                    hit = hit & ~_placed(space, shadow, i, j, lone)
        attacked |= hit
    return attacked


def legal(space: Space) -> np.ndarray:
    """Black to move: every man on its own square and the kings apart."""
    board, lone = space.board, space.men - 1
    kings = board.kings
    apart = ~_placed(space, board.touching[kings], -1, lone)
    found = np.broadcast_to(apart, space.flat_shape).copy()
    same = np.eye(board.cubes, dtype=bool)
    for i in range(lone):
        found &= ~_placed(space, same[kings], -1, i)
        for j in range(i + 1, lone + 1):
            found &= ~_placed(space, same, i, j)
    return found


@dataclass(frozen=True)
class Masks:
    legal: np.ndarray  # Black to move
    check: np.ndarray  # the lone king is attacked
    steps: np.ndarray  # [.., s]: the lone king may step to s (empty and not attacked)
    captures: np.ndarray  # uint8: worst capture for Black (0 none, DRAWN_CAPTURE, else White's DTM)

    @property
    def white_to_move(self) -> np.ndarray:
        return self.legal & ~self.check


def white_to_move(space: Space) -> np.ndarray:
    return legal(space) & ~attacks(space)


def capture_values(space: Space, smaller: Mapping[Material, np.ndarray]) -> np.ndarray:
    """For each Black-to-move position, the worst legal capture for Black: the DTM White still
    needs after it (from the smaller material's White-to-move table), DRAWN_CAPTURE if one draws,
    0 without a legal capture."""
    board, lone = space.board, space.men - 1
    worst = np.zeros(space.flat_shape, dtype=np.uint8)
    for i in range(lone):
        sub = Space(board, space.material.without(i))
        sub_dtm = smaller[sub.material].reshape(sub.flat_shape) if sub.material.pieces else None
        sub_legal = white_to_move(sub)
        # The man taken stands on the square the lone king lands on: its axis is the sub's last.
        value = np.where(sub_legal, np.uint8(DRAWN_CAPTURE) if sub_dtm is None else
                         np.where(sub_dtm == 0, np.uint8(DRAWN_CAPTURE), sub_dtm), np.uint8(0))
        value = np.moveaxis(value, -1, 1 + i)[..., None]
        near = _placed(space, board.reach("K"), i, lone)
        np.maximum(worst, np.where(near, value, np.uint8(0)), out=worst)
    return worst


def mark_illegal(space: Space, smaller: Mapping[Material, np.ndarray]) -> Masks:
    """Pass 1. ``smaller`` holds the White-to-move DTM arrays of every material a capture leads to
    (KK, always drawn, may be left out)."""
    attacked = attacks(space)
    found = legal(space)
    board, lone = space.board, space.men - 1
    occupied = _placed(space, np.eye(board.cubes, dtype=bool)[board.kings], -1, lone)
    for i in range(lone):
        occupied = occupied | _placed(space, np.eye(board.cubes, dtype=bool), i, lone)
    steps = ~attacked
    steps &= ~occupied
    return Masks(found, attacked, steps, capture_values(space, smaller))
