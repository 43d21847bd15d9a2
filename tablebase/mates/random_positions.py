"""Random White-to-move positions of any 2D table whose mate length lies in a range."""

from __future__ import annotations

import random

import numpy as np

from ..core.geometry import is_light
from ..core.message import N_, msg
from ..errors import ChessInputError
from ..tables import CHESS_DIM, TableId, TablePosition, won_entry
from ..tables.won_entries import draw
from ..tables.values import Tables

BISHOP_COLOURS = ("light", "dark")


class PositionRangeError(ChessInputError):
    """A request for random positions that no position satisfies."""

    code = "bad_range"


def random_position(tables: Tables, table: TableId, min_moves: int, max_moves: int,
                    bishop: str | None = None, rng=None) -> TablePosition:
    """A random legal position of ``table``, the strong side (White) to move and mating in
    ``min_moves`` to ``max_moves`` moves; ``bishop`` "light", "dark" or None (either), only for a
    material with one bishop. ``rng``: a ``random.Random`` or ``numpy.random.Generator``.

    Positions are drawn uniformly among the table's entries in range, then one of the board's
    symmetries (that gives the bishop the requested colour) is applied at random."""
    for name, value in (("min_moves", min_moves), ("max_moves", max_moves)):
        if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
            raise PositionRangeError(msg(N_("%(name)s must be an integer: %(given)s"), name=name, given=repr(value)))
    if min_moves < 1 or max_moves < min_moves:
        raise PositionRangeError(msg(N_("invalid mate range: %(low)s to %(high)s moves"), low=repr(min_moves),
                                     high=repr(max_moves)))
    if bishop not in (None, *BISHOP_COLOURS):
        raise PositionRangeError(msg(N_("bishop must be 'light', 'dark' or none: %(given)s"), given=repr(bishop)))
    kinds = table.material.pieces
    if bishop is not None and kinds.count("B") != 1:
        raise PositionRangeError(msg(N_("a bishop's colour applies to a material with one bishop, not %(material)s"),
                                     material=repr(table.material.name)))
    found = tables(table)
    longest = found.summary.longest
    if min_moves > longest:
        raise PositionRangeError(msg(N_("no %(material)s position needs %(low)s moves or more (the longest mate is "
                                        "%(longest)s): %(low)s to %(high)s"), material=table.material.name,
                                     low=repr(min_moves), longest=longest, high=repr(max_moves)))
    rng = rng if rng is not None else random.Random()
    entry = won_entry(found, rng, int(min_moves), int(min(max_moves, 255)))
    if entry is None:
        raise PositionRangeError(msg(N_("no %(material)s position mates in %(low)s to %(high)s moves"),
                                     material=table.material.name, low=repr(min_moves), high=repr(max_moves)))
    king, men, lone = table.space.squares([entry])
    squares = [int(king[0]), *(int(m[0]) for m in men), int(lone[0])]
    image = table.board.image
    bishop_at = 1 + kinds.index("B") if bishop is not None else None
    wanted = [t for t in range(len(image))
              if bishop is None or is_light(int(image[t, squares[bishop_at]])) == (bishop == "light")]
    t = wanted[draw(rng, len(wanted))]
    moved = [int(image[t, s]) for s in squares]
    return TablePosition(CHESS_DIM, 8, moved[0], tuple(zip(kinds, moved[1:-1])), moved[-1], True)
