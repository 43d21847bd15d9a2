"""Random White-to-move KBNK positions whose mate length lies in a range (the 2D tables' sampling,
in the KBN tools' form of a position)."""

from __future__ import annotations

from ..mates.sampling import BISHOP_COLOURS, PositionRangeError
from ..mates.sampling import random_position as random_table_position
from ..tables.values import Tables
from .position import KbnkPosition
from .probing import KBNK

__all__ = ["BISHOP_COLOURS", "PositionRangeError", "random_position"]


def random_position(tables: Tables, min_moves: int, max_moves: int,
                    bishop: str | None = None, rng=None) -> KbnkPosition:
    """A random legal KBNK position, White to move, White mating in ``min_moves`` to
    ``max_moves`` moves; ``bishop`` "light", "dark" or None (either); see
    ``mates.sampling.random_position``."""
    return KbnkPosition.of(random_table_position(tables, KBNK, min_moves, max_moves, bishop, rng))
