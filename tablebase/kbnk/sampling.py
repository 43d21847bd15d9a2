"""Random White-to-move KBNK positions whose mate length lies in a range."""

from __future__ import annotations

import random

import numpy as np

from ..errors import ChessInputError
from .board import is_light, symmetries
from .layout import KING_PAIRS, SQUARES, king_pairs
from .position import KbnkPosition
from .table import KbnkTable

BISHOP_COLOURS = ("light", "dark")


class PositionRangeError(ChessInputError):
    """A request for random positions that no position satisfies."""

    code = "bad_range"


def _by_depth(table: KbnkTable) -> tuple[np.ndarray, np.ndarray]:
    """(entry numbers sorted by DTM, where each DTM starts in that order), cached per table."""
    cached = table.__dict__.get("_by_depth")
    if cached is None:
        order = np.argsort(table.entries, kind="stable")
        starts = np.concatenate(([0], np.cumsum(np.bincount(table.entries, minlength=256))))
        cached = (order, starts)
        object.__setattr__(table, "_by_depth", cached)
    return cached


def _draw(rng, n: int) -> int:
    if hasattr(rng, "integers"):
        return int(rng.integers(n))
    return rng.randrange(n)


def random_position(table: KbnkTable, min_moves: int, max_moves: int,
                    bishop: str | None = None, rng=None) -> KbnkPosition:
    """A random legal KBNK position, White to move, White mating in ``min_moves`` to
    ``max_moves`` moves; ``bishop`` "light", "dark" or None (either). ``rng``: a
    ``random.Random`` or ``numpy.random.Generator`` (default: a fresh ``random.Random``).

    Positions are drawn uniformly among the table's symmetry classes in range, then one of the
    board symmetries that gives the bishop the requested colour is applied at random."""
    for name, value in (("min_moves", min_moves), ("max_moves", max_moves)):
        if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
            raise PositionRangeError(f"{name} must be an integer: {value!r}")
    if min_moves < 1 or max_moves < min_moves:
        raise PositionRangeError(f"invalid mate range: {min_moves!r} to {max_moves!r} moves")
    if bishop not in (None, *BISHOP_COLOURS):
        raise PositionRangeError(f"bishop must be 'light', 'dark' or none: {bishop!r}")
    longest = table.longest
    if min_moves > longest:
        raise PositionRangeError(
            f"no position needs {min_moves!r} moves or more (the longest mate is {longest}): "
            f"{min_moves!r} to {max_moves!r}")
    rng = rng if rng is not None else random.Random()
    order, starts = _by_depth(table)
    first, stop = starts[min_moves], starts[min(max_moves, 255) + 1]
    if stop <= first:
        raise PositionRangeError(f"no position mates in {min_moves!r} to {max_moves!r} moves")
    entry = int(order[first + _draw(rng, int(stop - first))])
    pair, wb, wn = np.unravel_index(entry, (KING_PAIRS, SQUARES, SQUARES))
    pair_wk, pair_bk, _ = king_pairs()
    squares = (int(pair_wk[pair]), int(wb), int(wn), int(pair_bk[pair]))
    sym = symmetries()
    wanted = [t for t in range(8)
              if bishop is None or is_light(int(sym[t, squares[1]])) == (bishop == "light")]
    t = wanted[_draw(rng, len(wanted))]
    wk, wb, wn, bk = (int(sym[t, s]) for s in squares)
    return KbnkPosition(wk, wb, wn, bk, white_to_move=True)
