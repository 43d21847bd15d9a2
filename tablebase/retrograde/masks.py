"""Pass 1, ``mark_illegal``: which positions are legal, where White attacks, and what the lone
king's captures are worth. The attack and legality arrays are in the space's flat shape, or in that
of some of the White king's squares (``kings``: indices into the region) so a build can make them
one king slice at a time. In attack arrays the lone king's axis holds the attacked square, with the
lone king lifted off the board (a line runs through it)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping

import numpy as np

from . import bits
from .material import Material
from .space import Space

DRAWN_CAPTURE = 255  # a capture that escapes to a drawn position
NOT_WHITE_TO_MOVE = 255  # in the DTM array while building: not a legal White-to-move position


def _shape(space: Space, kings, first: slice | None = None) -> tuple[int, ...]:
    shape = space.flat_shape if kings is None else (len(kings),) + space.flat_shape[1:]
    if first is not None:
        shape = shape[:1] + (len(range(*first.indices(shape[1]))),) + shape[2:]
    return shape


def _placed(shape, table: np.ndarray, *men: int, first: slice | None = None) -> np.ndarray:
    """``table`` (one axis per man listed, -1 = the White king) reshaped to broadcast over
    ``shape``; the last man listed is the lone king's axis when it is ``space.men - 1``. ``first``:
    the squares of man 0 that ``shape`` holds (all when None)."""
    if first is not None and 0 in men:
        table = table[(slice(None),) * men.index(0) + (first,)]
    placed = [1] * len(shape)
    order = sorted(range(len(men)), key=lambda k: 0 if men[k] < 0 else 1 + men[k])
    for k in order:
        axis = 0 if men[k] < 0 else 1 + men[k]
        placed[axis] = shape[axis]
    return table.transpose(order).reshape(placed)


def attacks(space: Space, kings=None, first: slice | None = None) -> np.ndarray:
    """``attacked[king, men..., s]``: White attacks or defends square ``s``; ``first``: only these
    squares of man 0 (all when None)."""
    board, lone, shape = space.board, space.men - 1, _shape(space, kings, first)
    squares = board.kings if kings is None else board.kings[kings]
    attacked = np.broadcast_to(_placed(shape, board.reach("K")[squares], -1, lone), shape).copy()
    for i, kind in enumerate(space.material.pieces):
        hit = _placed(shape, board.ride_reach(kind) if board.slides(kind) else board.reach(kind), i, lone,
                      first=first)
        if board.slides(kind):
            king_shadow = board.shadows(kind, squares).transpose(1, 0, 2)  # [king, p, s]
            hit = hit & ~_placed(shape, king_shadow, -1, i, lone, first=first)
            others = [j for j in range(lone) if j != i]
            if others:
                shadow = board.shadows(kind, np.arange(board.cubes))  # [p, b, s]
                for j in others:
                    hit = hit & ~_placed(shape, shadow, i, j, lone, first=first)
            if board.leaps(kind):  # a piece that rides and leaps: its leaps pass over anything
                hit = hit | _placed(shape, board.leap_reach(kind), i, lone, first=first)
        attacked |= hit
    return attacked


def legal(space: Space, kings=None, first: slice | None = None) -> np.ndarray:
    """Black to move: every man on its own square and the kings apart; ``first`` as in ``attacks``."""
    board, lone, shape = space.board, space.men - 1, _shape(space, kings, first)
    squares = board.kings if kings is None else board.kings[kings]
    found = np.broadcast_to(~_placed(shape, board.touching[squares], -1, lone), shape).copy()
    same = np.eye(board.cubes, dtype=bool)
    for i in range(lone):
        found &= ~_placed(shape, same[squares], -1, i, first=first)
        for j in range(i + 1, lone + 1):
            found &= ~_placed(shape, same, i, j, first=first)
    return found


def white_to_move(space: Space, kings=None) -> np.ndarray:
    found = legal(space, kings)
    found &= ~attacks(space, kings)
    return found


class Captures:
    """The lone king's captures, kept per man taken as the small array of the smaller material
    they lead to: ``values[i][king, men...]`` (the taken man's axis holds the square the lone king
    lands on) is the DTM White still needs there, DRAWN_CAPTURE if it draws, 0 if the capture is
    illegal. A Black-to-move position has that capture when its lone king stands next to man i."""

    def __init__(self, space: Space, smaller: Mapping[Material, np.ndarray]):
        board, lone = space.board, space.men - 1
        self.values = []
        for i in range(lone):
            sub = Space(board, space.material.without(i))
            sub_dtm = smaller[sub.material].reshape(sub.flat_shape) if sub.material.pieces else None
            sub_legal = white_to_move(sub)
            value = np.where(sub_legal, np.uint8(DRAWN_CAPTURE) if sub_dtm is None else
                             np.where(sub_dtm == 0, np.uint8(DRAWN_CAPTURE), sub_dtm), np.uint8(0))
            self.values.append(np.ascontiguousarray(np.moveaxis(value, -1, 1 + i)))
        self.near = bits.pack(board.reach("K"))  # [man's square, packed lone king squares]
        self.cubes = board.cubes
        self.last = max((int(v[v < DRAWN_CAPTURE].max(initial=0)) for v in self.values), default=0)

    def where(self, king: int, rows: slice, test) -> np.ndarray:
        """Packed flags ``[row, lone king bytes]`` over some rows (men placements) of one king
        slice: positions with a capture whose value passes ``test`` (uint8 array -> booleans)."""
        placements = np.arange(rows.start, rows.stop)
        found = None
        for i, value in enumerate(self.values):
            square = placements // self.cubes ** (len(self.values) - 1 - i) % self.cubes
            hit = np.where(test(value[king].reshape(-1)[rows])[:, None], self.near[square], np.uint8(0))
            found = hit if found is None else np.bitwise_or(found, hit, out=found)
        return found


def _first_squares(space: Space) -> list:
    """Ranges of man 0's squares whose part of a king slice is a few MB unpacked (``bits.CHUNK_ENTRIES``):
    pass 1 works a king slice a part at a time (a three-man slice is 10^8 entries and more)."""
    if space.men < 2:
        return [slice(None)]
    cubes = space.board.cubes
    per_square = cubes ** (space.men - 1)
    step = max(1, 4 * bits.CHUNK_ENTRIES // per_square)
    return [slice(start, min(start + step, cubes)) for start in range(0, cubes, step)]


@dataclass(frozen=True)
class Marks:
    """The marks of some White king slices (``kings``: their indices in the region), each array's
    first axis one slice of ``kings``."""

    dtm: np.ndarray  # uint8, flat shape: 0 on legal White-to-move positions, NOT_WHITE_TO_MOVE elsewhere
    legal: np.ndarray  # packed flags [king, men..., lone king bytes]: legal Black to move
    check: np.ndarray  # packed: the lone king is attacked
    captures: Captures
    white_count: np.ndarray  # [White king square of the slices, lone king square]: legal White-to-move entries
    kings: range


def mark_illegal(space: Space, smaller: Mapping[Material, np.ndarray], kings: range | None = None) -> Marks:
    """Pass 1, one White king slice at a time, over ``kings`` (default: the whole region).
    ``smaller`` holds the White-to-move DTM arrays of every material a capture leads to (KK,
    always drawn, may be left out)."""
    kings = range(space.flat_shape[0]) if kings is None else kings
    shape = (len(kings),) + space.flat_shape[1:]
    dtm = np.empty(shape, dtype=np.uint8)
    legal_bits = np.empty(shape[:-1] + space.packed_shape[-1:], dtype=np.uint8)
    check_bits = np.empty_like(legal_bits)
    counts = np.zeros((len(kings), space.board.cubes), dtype=np.int64)
    for at, k in enumerate(kings):
        for first in _first_squares(space):
            attacked = attacks(space, [k], first)[0]
            found = legal(space, [k], first)[0]
            check_bits[at, first] = bits.pack(attacked)
            legal_bits[at, first] = bits.pack(found)
            np.greater(found, attacked, out=found)  # White to move: legal and not in check
            counts[at] += np.count_nonzero(found.reshape(-1, space.board.cubes), axis=0)
            dtm[at, first] = np.where(found, np.uint8(0), np.uint8(NOT_WHITE_TO_MOVE))
    return Marks(dtm, legal_bits, check_bits, Captures(space, smaller), counts, kings)
