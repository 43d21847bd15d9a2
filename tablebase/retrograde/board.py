"""What the engine needs of one board (a geometry and its rules from the core): the symmetry
tables, the kings' fundamental region, and per-square move tables built from the core's direction
vectors and rays."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property, lru_cache

import numpy as np

from ..core.geometry import Geometry
from ..core.rules import CHESS_RULES, WHITE, Rules, cube_rules
from .symmetry import Symmetry, is_canonical, symmetries


@dataclass(frozen=True)
class Board:
    rules: Rules
    _cache: dict = field(default_factory=dict, init=False, repr=False, compare=False, hash=False)

    @property
    def geometry(self) -> Geometry:
        return self.rules.geometry

    @cached_property
    def n(self) -> int:
        sides = set(self.geometry.shape)
        if len(sides) != 1:
            raise ValueError(f"the engine needs a board with equal sides, not {self.geometry.shape}")
        return sides.pop()

    @property
    def dim(self) -> int:
        return self.geometry.dim

    @property
    def cubes(self) -> int:
        """Squares (or cubes) on the board."""
        return self.geometry.size

    @cached_property
    def symmetries(self) -> tuple[Symmetry, ...]:
        return symmetries(self.dim)

    @cached_property
    def image(self) -> np.ndarray:
        """``image[t, s]``: square ``s`` under symmetry ``t``."""
        geo, n = self.geometry, self.n
        return np.array([[geo.square(t.apply(geo.coords(s), n)) for s in range(self.cubes)]
                         for t in self.symmetries], dtype=np.int64)

    @cached_property
    def kings(self) -> np.ndarray:
        """The White king's squares in the fundamental region, in square order."""
        geo = self.geometry
        return np.array([s for s in range(self.cubes) if is_canonical(geo.coords(s), self.n)], dtype=np.int64)

    @cached_property
    def canonical(self) -> tuple[np.ndarray, np.ndarray]:
        """(symmetry[s], king[s]) for every square: the first symmetry that takes ``s`` into the
        region, and the index of the region's square it lands on."""
        where = np.full(self.cubes, -1, dtype=np.int64)
        where[self.kings] = np.arange(len(self.kings))
        landing = where[self.image]  # [t, s]
        symmetry = np.argmax(landing >= 0, axis=0)
        return symmetry, landing[symmetry, np.arange(self.cubes)]

    @cached_property
    def face_distance(self) -> np.ndarray:
        """Per square: steps to the nearest face of the cube (on a 2D board, its edge; 0 on it).
        Every symmetry keeps it, so counts by it add up over the king's region like any count."""
        geo, n = self.geometry, self.n
        return np.array([min(min(c, n - 1 - c) for c in geo.coords(s)) for s in range(self.cubes)], dtype=np.int64)

    def by_face_distance(self, per_square: np.ndarray) -> np.ndarray:
        """Counts ``[region king, square, ...]`` over the whole board (each king square standing
        for its images), summed per face distance of the square: ``[distance, ...]``."""
        whole = np.tensordot(self.orbit_sizes, per_square, axes=1)
        found = np.zeros((int(self.face_distance.max()) + 1,) + whole.shape[1:], dtype=np.int64)
        np.add.at(found, self.face_distance, whole)
        return found

    @cached_property
    def orbit_sizes(self) -> np.ndarray:
        """How many squares each region square stands for (its images under all symmetries)."""
        return np.array([len(set(self.image[:, k].tolist())) for k in self.kings], dtype=np.int64)

    @cached_property
    def king_links(self) -> tuple[tuple[int, int, int], ...]:
        """(king, king after a step, symmetry) for every White king step from the region: the
        position after the step is stored at the second index under that symmetry."""
        symmetry, king = self.canonical
        links = []
        for index, square in enumerate(self.kings.tolist()):
            for target in self.steps("K")[square]:
                links.append((index, int(king[target]), int(symmetry[target])))
        return tuple(links)

    # --- move tables from the core's vectors ---------------------------------------------------

    def steps(self, kind: str) -> tuple[tuple[int, ...], ...]:
        """For a leaper, every square one of its vectors away, per square."""
        key = ("steps", kind)
        if key not in self._cache:
            vectors = self.rules.leap_vectors(WHITE, kind)
            self._cache[key] = tuple(self.geometry.leaps(s, vectors) for s in range(self.cubes))
        return self._cache[key]

    def slides(self, kind: str) -> bool:
        return kind in self.rules.slides

    def vectors(self, kind: str):
        return self.rules.slides[kind] if self.slides(kind) else self.rules.leap_vectors(WHITE, kind)

    def reach(self, kind: str) -> np.ndarray:
        """``reach[p, s]``: a ``kind`` on ``p`` attacks ``s`` on an otherwise empty board."""
        key = ("reach", kind)
        if key not in self._cache:
            table = np.zeros((self.cubes, self.cubes), dtype=bool)
            for p in range(self.cubes):
                if self.slides(kind):
                    for v in self.rules.slides[kind]:
                        table[p, list(self.geometry.ray(p, v))] = True
                else:
                    table[p, list(self.steps(kind)[p])] = True
            self._cache[key] = table
        return self._cache[key]

    def lines(self, kind: str) -> tuple[np.ndarray, np.ndarray]:
        """For a slider: (``line[p, s]``, ``distance[p, s]``): which of its vectors leads from ``p``
        to ``s`` (-1: none) and in how many steps (0: none), from the core's rays."""
        key = ("lines", kind)
        if key not in self._cache:
            line = np.full((self.cubes, self.cubes), -1, dtype=np.int8)
            distance = np.zeros((self.cubes, self.cubes), dtype=np.int16)
            for p in range(self.cubes):
                for index, v in enumerate(self.rules.slides[kind]):
                    ray = list(self.geometry.ray(p, v))
                    line[p, ray] = index
                    distance[p, ray] = np.arange(1, len(ray) + 1)
            self._cache[key] = (line, distance)
        return self._cache[key]

    def shadows(self, kind: str, blockers: np.ndarray) -> np.ndarray:
        """``shadow[p, i, s]``: a slider on ``p`` no longer reaches ``s`` when ``blockers[i]`` is
        occupied (it stands between them on one of its lines)."""
        line, distance = self.lines(kind)
        blockers = np.asarray(blockers, dtype=np.int64)
        to_blocker, far = line[:, blockers, None], distance[:, blockers, None]
        return (to_blocker >= 0) & (to_blocker == line[:, None, :]) & (far < distance[:, None, :])

    def blocked(self, kind: str, slider, target, blocker) -> np.ndarray:
        """Whether a man on ``blocker`` stands between a ``kind`` on ``slider`` and ``target``
        (int arrays, broadcast)."""
        line, distance = self.lines(kind)
        towards = line[slider, blocker]
        return (towards >= 0) & (towards == line[slider, target]) & (distance[slider, blocker] < distance[slider, target])

    @cached_property
    def touching(self) -> np.ndarray:
        """``touching[a, b]``: kings on ``a`` and ``b`` would stand on one square or side by side."""
        table = self.reach("K").copy()
        np.fill_diagonal(table, True)
        return table


@lru_cache(maxsize=None)
def board_of(rules: Rules) -> Board:
    return Board(rules)


def cube_board(n: int) -> Board:
    return board_of(cube_rules(n))


def chess_board() -> Board:
    return board_of(CHESS_RULES)
