"""The symmetries of an n^d board: every permutation of the axes with every choice of reflected
axes (8 on a square board, 48 on a cube). Without pawns every piece moves alike under each, so a
position and its images have one value."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from itertools import permutations, product

import numpy as np


@dataclass(frozen=True)
class Symmetry:
    """Output coordinate ``i`` is input coordinate ``perm[i]``, reflected (``n-1-c``) when
    ``flips[i]``."""

    perm: tuple[int, ...]
    flips: tuple[bool, ...]

    def apply(self, coords, n: int) -> tuple[int, ...]:
        return tuple(n - 1 - coords[p] if f else coords[p] for p, f in zip(self.perm, self.flips))

    @property
    def is_identity(self) -> bool:
        return self.perm == tuple(range(len(self.perm))) and not any(self.flips)

    def view(self, block: np.ndarray, dim: int, trailing: int = 0) -> np.ndarray:
        """A view ``V`` of ``block`` with ``V[x] = block[T(x)]``, ``T`` this symmetry applied to every
        piece: ``block`` holds ``dim`` axes per piece, each piece's axes ordered as in a cube's int
        (the last coordinate first, as ``cube = c0 + c1*n + c2*n*n`` reshapes), then ``trailing``
        axes left as they are."""
        pieces = (block.ndim - trailing) // dim
        # Flip the axes of reflected output coordinates, then move each input axis to where the
        # permutation reads it. Array axis of coordinate i within a piece: dim - 1 - i.
        flips = tuple(q * dim + dim - 1 - i for q in range(pieces) for i in range(dim) if self.flips[i])
        flipped = np.flip(block, axis=flips) if flips else block
        inverse = [0] * dim
        for i, p in enumerate(self.perm):
            inverse[p] = i
        order = []
        for q in range(pieces):
            for axis in range(dim):
                coordinate = dim - 1 - axis
                order.append(q * dim + dim - 1 - inverse[coordinate])
        return flipped.transpose(order + list(range(pieces * dim, block.ndim)))


@lru_cache(maxsize=None)
def symmetries(dim: int) -> tuple[Symmetry, ...]:
    """All ``dim! * 2^dim`` symmetries, the identity first."""
    return tuple(Symmetry(perm, flips) for perm in permutations(range(dim))
                 for flips in product((False, True), repeat=dim))


def is_canonical(coords, n: int) -> bool:
    """The fundamental region kings are stored in: every coordinate in the lower half of its axis
    and the coordinates in non-decreasing order."""
    return all(2 * c <= n - 1 for c in coords) and all(a <= b for a, b in zip(coords, coords[1:]))
