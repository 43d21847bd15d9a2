"""Boards of any shape: squares (or cubes) as ints, and the direction vectors of each piece.

A square's int is ``c0 + c1*s0 + c2*s0*s1 + ...`` for coordinates ``(c0, c1, ...)`` on a board of
shape ``(s0, s1, ...)``. On the 8x8 board the coordinates are ``(file, rank)``, so a1 = 0, b1 = 1,
h8 = 63; on the n*n*n board they are the 3D notation's ``(x, y, z)``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from itertools import product

from .caches import BOARD_SHAPES, ShapeTables

Vector = tuple[int, ...]


def unit_vectors(dim: int) -> tuple[Vector, ...]:
    """Every step to a touching cell: 8 on a plane, 26 in space."""
    return tuple(v for v in product((-1, 0, 1), repeat=dim) if any(v))


def bishop_vectors(dim: int) -> tuple[Vector, ...]:
    """Diagonals through every axis at once: (±1, ±1) on a plane, the 8 triagonals in space."""
    return tuple(v for v in unit_vectors(dim) if all(v))


def knight_vectors(dim: int) -> tuple[Vector, ...]:
    """Two along one axis and one along another: 8 on a plane, 24 in space."""
    shape = [0] * (dim - 2) + [1, 2]
    return tuple(v for v in product(range(-2, 3), repeat=dim) if sorted(map(abs, v)) == shape)


@dataclass(frozen=True)
class Geometry:
    shape: tuple[int, ...]
    # per square: its rays along every unit vector, and its leaps per vector set (squares as the
    # shared ints of ``squares``: a ray holds pointers, not ints of its own)
    _rays: dict = field(default_factory=dict, init=False, repr=False, compare=False, hash=False)
    _leaps: dict = field(default_factory=dict, init=False, repr=False, compare=False, hash=False)

    @property
    def dim(self) -> int:
        return len(self.shape)

    @cached_property
    def size(self) -> int:
        total = 1
        for side in self.shape:
            total *= side
        return total

    @cached_property
    def strides(self) -> tuple[int, ...]:
        strides, acc = [], 1
        for side in self.shape:
            strides.append(acc)
            acc *= side
        return tuple(strides)

    @cached_property
    def _coords(self) -> tuple[Vector, ...]:
        return tuple(
            tuple((sq // stride) % side for stride, side in zip(self.strides, self.shape))
            for sq in range(self.size)
        )

    @cached_property
    def squares(self) -> tuple[int, ...]:
        """Every square, each int made once: tables of squares hold pointers to these."""
        return tuple(range(self.size))

    @cached_property
    def _units(self) -> dict[Vector, int]:
        return {v: i for i, v in enumerate(unit_vectors(self.dim))}

    def coords(self, square: int) -> Vector:
        return self._coords[square]

    def contains(self, coords) -> bool:
        return len(coords) == self.dim and all(0 <= c < s for c, s in zip(coords, self.shape))

    def square(self, coords) -> int:
        if not self.contains(coords):
            raise ValueError(f"{list(coords)!r} is off a board of shape {list(self.shape)!r}")
        return self.squares[sum(c * stride for c, stride in zip(coords, self.strides))]

    def step(self, square: int, vector: Vector) -> int | None:
        found = square
        for c, d, side, stride in zip(self._coords[square], vector, self.shape, self.strides):
            if not 0 <= c + d < side:
                return None
            found += d * stride
        return self.squares[found]

    def _walk(self, square: int, vector: Vector) -> tuple[int, ...]:
        """``step`` repeated to the edge: the steps that stay on the board along each moving axis,
        the fewest of them, each one square's int apart."""
        steps = min((side - 1 - c) // d if d > 0 else c // -d
                    for c, d, side in zip(self._coords[square], vector, self.shape) if d)
        delta = sum(d * stride for d, stride in zip(vector, self.strides))
        squares = self.squares
        return tuple(squares[square + k * delta] for k in range(1, steps + 1))

    def ray(self, square: int, vector: Vector) -> tuple[int, ...]:
        """The squares from ``square`` (exclusive) to the edge along ``vector``, nearest first."""
        rays = self._rays.get(square)
        if rays is None:
            rays = tuple(self._walk(square, v) for v in self._units)
            self._rays[square] = rays
        index = self._units.get(vector)
        return rays[index] if index is not None else self._walk(square, vector)

    def leaps(self, square: int, vectors: tuple[Vector, ...]) -> tuple[int, ...]:
        """The on-board squares one ``vector`` away, for each vector of a set."""
        key = (square, vectors)
        found = self._leaps.get(key)
        if found is None:
            found = tuple(t for t in (self.step(square, v) for v in vectors) if t is not None)
            self._leaps[key] = found
        return found


@lru_cache(maxsize=None)  # one per board shape: bounded by the shapes there are
def geometry(*shape: int) -> Geometry:
    """The shared, cached geometry of a board shape. Its ray tables fill in as they are used; those
    of shapes other than the 8x8 board are kept for ``caches.bounds().board_shapes`` shapes at most."""
    found = Geometry(tuple(shape))
    if found.shape != (8, 8):
        tables = ShapeTables(BOARD_SHAPES, found.shape, lambda: (found._rays.clear(), found._leaps.clear()))
        object.__setattr__(found, "_rays", tables)
        object.__setattr__(found, "_leaps", ShapeTables(BOARD_SHAPES, found.shape, tables.clear_all))
    return found


CHESSBOARD = geometry(8, 8)


_SQUARE_NAMES = tuple(f + r for r in "12345678" for f in "abcdefgh")


def is_light(square: int) -> bool:
    """A square's colour on the 8x8 board: h1 and a8 are light; a1 and h8 are dark."""
    return (square % 8 + square // 8) % 2 == 1


def square_name(square: int) -> str:
    """An 8x8 square's name (a1 = 0).

    >>> square_name(0), square_name(63), parse_square("e4")
    ('a1', 'h8', 28)
    """
    return _SQUARE_NAMES[square]


def parse_square(name: str) -> int:
    if (
        not isinstance(name, str)
        or len(name) != 2
        or name[0] not in "abcdefgh"
        or name[1] not in "12345678"
    ):
        raise ValueError(f"invalid square name: {name!r}")
    return "12345678".index(name[1]) * 8 + "abcdefgh".index(name[0])
