"""The positions of one material on one board, as the engine's arrays hold them.

An array has one axis for the White king (its squares in the fundamental region, see
``Board.kings``), then ``dim`` axes per White man in the material's order and ``dim`` axes for the
lone king, each man's axes as a square's int reshapes (``Space.shape``). Flattened per man
(``Space.flat_shape``) an entry is ``(king, man, ..., lone king)`` with squares as the core's ints.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

import numpy as np

from . import bits
from .board_tables import Board
from .material import Material


@dataclass(frozen=True)
class Space:
    board: Board
    material: Material

    @property
    def men(self) -> int:
        """Pieces on the axes after the king's: White's men and the lone king."""
        return len(self.material.pieces) + 1

    @cached_property
    def flat_shape(self) -> tuple[int, ...]:
        return (len(self.board.kings),) + (self.board.cubes,) * self.men

    @cached_property
    def shape(self) -> tuple[int, ...]:
        return (len(self.board.kings),) + (self.board.n,) * (self.board.dim * self.men)

    @cached_property
    def packed_shape(self) -> tuple[int, ...]:
        """The flat shape with the lone king's axis packed eight squares to a byte (``bits``)."""
        return self.flat_shape[:-1] + (bits.row_bytes(self.board.cubes),)

    @cached_property
    def packed_coordinates(self) -> tuple[int, ...]:
        """``shape`` with the lone king's axes as one packed axis: the men's axes as in ``shape``."""
        return self.shape[:1 + self.board.dim * (self.men - 1)] + self.packed_shape[-1:]

    @property
    def size(self) -> int:
        return int(np.prod(self.flat_shape))

    def axes(self, man: int) -> tuple[int, ...]:
        """The array axes (in ``shape``) of man ``man`` (the lone king is the last)."""
        dim = self.board.dim
        return tuple(range(1 + man * dim, 1 + (man + 1) * dim))

    def axis_of(self, man: int, coordinate: int) -> int:
        """The array axis holding ``coordinate`` (0 = the geometry's first) of man ``man``."""
        return self.axes(man)[self.board.dim - 1 - coordinate]

    def index(self, king, men, lone):
        """Entry (flat index) of positions given as squares (ints or broadcastable int arrays):
        ``men`` lists White's men in the material's order. One position given as Python ints
        gives a Python int (read from lists: a probe's own position costs no array work)."""
        if type(king) is int and type(lone) is int and all(type(m) is int for m in men):
            symmetry, region, image, cubes = self._lists
            offset = symmetry[king]  # where the king's symmetry starts in the flat image table
            index = region[king]
            for square in (*men, lone):
                index = index * cubes + image[offset + square]
            return index
        # Arrays: the same sum with each man's place value folded into its image table (fewer
        # array operations: a probe's batch is small, and each operation costs its call).
        symmetry, base, weighted = self._weighted
        king = np.asarray(king, dtype=np.int64)
        offset = symmetry.take(king)
        index = base.take(king)
        for image, square in zip(weighted, (*men, lone)):
            index = index + image.take(offset + square)
        return index

    def prepare(self) -> None:
        """Make the index tables now (a server makes them before its workers fork)."""
        self._weighted, self._lists  # noqa: B018 - cached properties, made on first use

    @cached_property
    def _weighted(self) -> tuple[np.ndarray, np.ndarray, list[np.ndarray]]:
        """(symmetry[s] * cubes, region[s] * cubes ** men, per man the flat image table times
        its place value cubes ** (men after it)) for ``index`` of arrays. The image tables are the
        board's, shared by its materials."""
        symmetry, region, image, cubes = self._lookup
        board = self.board
        weighted = [board.kept(("weighted image", power), lambda power=power: image.astype(np.int64) * cubes ** power)
                    for power in reversed(range(self.men))]
        return symmetry, region.astype(np.int64) * cubes ** self.men, weighted

    @cached_property
    def _lookup(self) -> tuple[np.ndarray, np.ndarray, np.ndarray, int]:
        """(symmetry[s] * cubes, region[s], the flat image table, cubes) for ``index``."""
        symmetry, region = self.board.canonical
        cubes = self.board.cubes
        return symmetry * cubes, region, self.board.image.reshape(-1), cubes

    @cached_property
    def _lists(self) -> tuple[list[int], list[int], list[int], int]:
        """``_lookup`` as lists, for one position: the board's, its squares the geometry's ints."""
        return self.board.kept("index lists", self._make_lists)

    def _make_lists(self) -> tuple[list[int], list[int], list[int], int]:
        symmetry, region, image, cubes = self._lookup
        squares = self.board.geometry.squares
        return symmetry.tolist(), region.tolist(), [squares[s] for s in image.tolist()], cubes

    def squares(self, entries) -> tuple[np.ndarray, list[np.ndarray], np.ndarray]:
        """(king, men, lone king) squares of entries, the inverse of ``index`` on stored squares."""
        parts = np.unravel_index(np.asarray(entries, dtype=np.int64), self.flat_shape)
        return self.board.kings[parts[0]], list(parts[1:-1]), parts[-1]
