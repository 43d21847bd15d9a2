"""What the engine thinks of a position without searching it: each piece's value from its own
mobility on the board (a custom piece gets one from its atoms, no one types it), and the kings'
safety near the faces of the cube.

A piece is worth ``VALUE_PER_MOVE`` centipawns per cube it reaches, on average over every cube of
the empty n×n×n board: a rider's steps along each vector until the edge, a leaper's one step where
it stays on the board.

>>> from tablebase.core.atoms import standard
>>> rook, knight = standard(3)["R"], standard(3)["N"]
>>> mobility(rook, 8)  # three lines of 7 cubes from anywhere
21.0
>>> piece_value(rook, 8) > piece_value(knight, 8) > 0
True
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from ...core.atoms import PieceDefinition

VALUE_PER_MOVE = 20  # centipawns per cube a piece reaches on average
MAN_CENTRE = 2  # centipawns per step of a man (not a king) from the faces: a central man reaches more
KING_CENTRE = 6  # centipawns per step of a king from the faces, when the other side has men to mate with
KINGS_CLOSE = 4  # centipawns per step the stronger side's king is nearer the other king
LEAD = 150  # centipawns of material ahead from which a side is the stronger one (its king comes closer)


def _steps_along(n: int, vector) -> np.ndarray:
    """For every cube of the n×n×n board (index x + y*n + z*n*n), the steps along ``vector`` that stay on it."""
    coords = np.indices((n, n, n)).reshape(3, -1)[::-1]  # x, y, z of each cube, x fastest
    steps = np.full(n ** 3, n, dtype=np.int64)
    for c, d in zip(coords, vector):
        if d > 0:
            steps = np.minimum(steps, (n - 1 - c) // d)
        elif d < 0:
            steps = np.minimum(steps, c // -d)
    return steps


@lru_cache(maxsize=1024)  # a board size and a piece's atoms: a page's few pieces
def mobility(piece: PieceDefinition, n: int) -> float:
    """The cubes ``piece`` reaches from a cube of the empty n×n×n board, on average."""
    total = 0.0
    for vector in piece.rides:
        total += float(_steps_along(n, vector).mean())
    for vector in piece.leaps:
        total += float((_steps_along(n, vector) >= 1).mean())
    return total


def piece_value(piece: PieceDefinition, n: int) -> int:
    """The piece's worth in centipawns on the n×n×n board (at least 1: every man counts)."""
    return max(1, round(VALUE_PER_MOVE * mobility(piece, n)))


@lru_cache(maxsize=16)  # one per board size
def centre_steps(n: int) -> tuple[int, ...]:
    """Per cube, its steps from the faces summed over the three axes (0 in a corner)."""
    coords = np.indices((n, n, n)).reshape(3, -1)[::-1]
    return tuple(int(v) for v in np.minimum(coords, n - 1 - coords).sum(axis=0))


@lru_cache(maxsize=16)
def cube_coords(n: int) -> tuple[tuple[int, int, int], ...]:
    """Per cube, its (x, y, z)."""
    return tuple((c % n, c // n % n, c // (n * n)) for c in range(n ** 3))


def king_steps(n: int, a: int, b: int) -> int:
    """A king's steps from cube a to cube b: the largest difference of a coordinate."""
    coords = cube_coords(n)
    return max(abs(p - q) for p, q in zip(coords[a], coords[b]))


def king_terms(n: int, king: int | None, other_king: int | None, own: int, theirs: int) -> int:
    """The side's king terms in centipawns: kept from the faces as the other side has men to mate
    with (``theirs``, its material), and nearer the other king when ahead (``own`` against ``theirs``)."""
    if king is None:
        return 0
    score = KING_CENTRE * centre_steps(n)[king] * theirs // (theirs + 500)
    if other_king is not None and own - theirs >= LEAD:
        score += KINGS_CLOSE * (n - king_steps(n, king, other_king))
    return score
