"""Random White-to-move KBNK positions whose mate length lies in a range."""

from __future__ import annotations

import random

import numpy as np

from ..errors import ChessInputError
from ..tables import won_entry
from ..tables.sampling import draw
from ..tables.values import Tables
from .board import is_light
from .position import KbnkPosition
from .probing import KBNK

BISHOP_COLOURS = ("light", "dark")


class PositionRangeError(ChessInputError):
    """A request for random positions that no position satisfies."""

    code = "bad_range"


def random_position(tables: Tables, min_moves: int, max_moves: int,
                    bishop: str | None = None, rng=None) -> KbnkPosition:
    """A random legal KBNK position, White to move, White mating in ``min_moves`` to
    ``max_moves`` moves; ``bishop`` "light", "dark" or None (either). ``rng``: a
    ``random.Random`` or ``numpy.random.Generator`` (default: a fresh ``random.Random``).

    Positions are drawn uniformly among the table's entries in range, then one of the board
    symmetries that gives the bishop the requested colour is applied at random."""
    for name, value in (("min_moves", min_moves), ("max_moves", max_moves)):
        if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
            raise PositionRangeError(f"{name} must be an integer: {value!r}")
    if min_moves < 1 or max_moves < min_moves:
        raise PositionRangeError(f"invalid mate range: {min_moves!r} to {max_moves!r} moves")
    if bishop not in (None, *BISHOP_COLOURS):
        raise PositionRangeError(f"bishop must be 'light', 'dark' or none: {bishop!r}")
    table = tables(KBNK)
    longest = table.summary.longest
    if min_moves > longest:
        raise PositionRangeError(
            f"no position needs {min_moves!r} moves or more (the longest mate is {longest}): "
            f"{min_moves!r} to {max_moves!r}")
    rng = rng if rng is not None else random.Random()
    entry = won_entry(table, rng, int(min_moves), int(min(max_moves, 255)))
    if entry is None:
        raise PositionRangeError(f"no position mates in {min_moves!r} to {max_moves!r} moves")
    king, (wb, wn), bk = KBNK.space.squares([entry])
    squares = (int(king[0]), int(wb[0]), int(wn[0]), int(bk[0]))
    image = KBNK.board.image
    wanted = [t for t in range(len(image))
              if bishop is None or is_light(int(image[t, squares[1]])) == (bishop == "light")]
    t = wanted[draw(rng, len(wanted))]
    wk, wb, wn, bk = (int(image[t, s]) for s in squares)
    return KbnkPosition(wk, wb, wn, bk, strong_to_move=True)
