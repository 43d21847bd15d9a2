"""The verifier's own walk over a board's rules (``tables.verify``): the squares White's men and
king attack and the illegal positions of one White king's slice, from the rules core's rays and
leaps square by square, and where a White king step takes a slice (by the table's index of each
square), apart from the engine's tables and shifted arrays.

A slice array has an axis per White man in the material's order and one for the lone king: last
(the table's layout) or, ``lone_first``, first (where the lone king's moves gather whole rows).
"""

from __future__ import annotations

import numpy as np

from ..core.geometry import geometry
from ..core.rules import WHITE
from ..retrograde import Space
from .ids import CHESS_DIM


class Walker:
    """The core's rays and leaps over arrays of one king slice."""

    def __init__(self, space: Space):
        self.space = space
        self.n = space.board.n
        flat = space.board.dim == CHESS_DIM
        self.geo = geometry(self.n, self.n) if flat else geometry(self.n, self.n, self.n)
        self.rules = space.board.rules  # the 8x8 board's or the cube's, with the material's custom men
        self.cubes = self.geo.size
        self.kings = space.board.kings  # the file layout's king squares
        self.kinds = space.material.pieces
        self.men = len(self.kinds)  # the lone king is piece number ``men``
        self.shape = (self.cubes,) * (self.men + 1)
        self._moves: dict[int, tuple[int, tuple[np.ndarray, ...]]] = {}

    def at(self, fixed: dict, lone_first: bool = False) -> tuple:
        """Index into a slice array: piece number -> square(s) in ``fixed``, every other axis whole."""
        order = [self.men, *range(self.men)] if lone_first else range(self.men + 1)
        return tuple(fixed.get(piece, slice(None)) for piece in order)

    def king_steps(self, square: int) -> list[int]:
        return list(self.geo.leaps(square, self.rules.leap_vectors(WHITE, "K")))

    def free_of(self, squares: list[int]) -> np.ndarray:
        """Over the men but one, in order: none of them stands on ``squares``."""
        others = self.men - 1
        line = np.ones(self.cubes, dtype=bool)
        line[squares] = False
        free = np.ones((self.cubes,) * others, dtype=bool)
        for position in range(others):
            free &= line.reshape([1] * position + [-1] + [1] * (others - 1 - position))
        return free

    def attacked(self, king: int, lone_first: bool = False) -> np.ndarray:
        """True where White's men and the king on ``king`` attack the lone king's axis's square
        (nothing else on the board). A ray's square is attacked where none of the other men stands
        on a square before it: outer products of one line per man, set a plane at a time."""
        hit = np.zeros(self.shape, dtype=bool)
        lone = self.men
        hit[self.at({lone: self.king_steps(king)}, lone_first)] = True
        for i, kind in enumerate(self.kinds):
            vectors = self.rules.leap_vectors(WHITE, kind)  # a piece may ride and leap
            for p in range(self.cubes):
                for v in self.rules.slides.get(kind, ()):
                    passed: list[int] = []
                    for s in self.geo.ray(p, v):
                        hit[self.at({i: p, lone: s}, lone_first)] |= self.free_of(passed)
                        if s == king:
                            break
                        passed.append(s)
                targets = list(self.geo.leaps(p, vectors)) if vectors else []
                if targets:
                    hit[self.at({i: p, lone: targets}, lone_first)] = True
        return hit

    def mark_illegal(self, values: np.ndarray, king: int, mark, lone_first: bool = False) -> None:
        """Write ``mark`` on every illegal position with Black to move: two pieces on one square,
        one on the White king's, the kings side by side (planes of the slice)."""
        pieces = self.men + 1
        for a in range(pieces):
            values[self.at({a: king}, lone_first)] = mark
            for b in range(a + 1, pieces):
                for s in range(self.cubes):
                    values[self.at({a: s, b: s}, lone_first)] = mark
        values[self.at({self.men: self.king_steps(king)}, lone_first)] = mark

    def king_move(self, table, square: int) -> tuple[int, tuple[np.ndarray, ...]]:
        """(the slice, each piece's square in it per square here) of the position the White king
        reaches on ``square``: the table's index of each piece's squares, one axis at a time."""
        found = self._moves.get(square)
        if found is None:
            per_king, pieces = int(np.prod(self.shape)), self.men + 1
            images = []
            for piece in range(pieces):
                squares = [0] * pieces
                squares[piece] = np.arange(self.cubes)
                index = np.asarray(table.space.index(np.int64(square), squares[:-1], squares[-1]))
                images.append((index % per_king) // self.cubes ** (pieces - 1 - piece) % self.cubes)
            found = self._moves[square] = (int(index[0]) // per_king, tuple(images))
        return found
