"""What the engine needs of one board (a geometry and its rules from the core): the symmetry
tables, the kings' fundamental region, and per-square move tables built from the core's direction
vectors and rays."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from itertools import chain

import numpy as np

from ..core.caches import ENGINE_BOARDS, ShapeTables
from ..core.geometry import Geometry
from ..core.rules import CHESS_RULES, WHITE, Rules, chess_rules, cube_rules, rules_key
from .symmetry import Symmetry, is_canonical, symmetries


class _kept:
    """A board's table made on first use and kept with its other tables: dropped with them, and
    counted as they are against the bound of ``caches`` (a cached property would be neither)."""

    def __init__(self, make):
        self.make, self.name, self.__doc__ = make, make.__name__, make.__doc__

    def __get__(self, board, owner=None):
        if board is None:
            return self
        found = board._cache.get(self.name)
        if found is None:
            found = board._cache[self.name] = self.make(board)
        return found


@dataclass(frozen=True)
class Board:
    rules: Rules
    _cache: dict = field(default_factory=dict, init=False, repr=False, compare=False, hash=False)

    def kept(self, key, make):
        """``make()``, kept with the board's tables (a space's index tables, ...)."""
        found = self._cache.get(key)
        if found is None:
            found = self._cache[key] = make()
        return found

    def clear_tables(self) -> None:
        """Drop every table made so far (they are made again as asked)."""
        self._cache.clear()

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

    @_kept
    def image(self) -> np.ndarray:
        """``image[t, s]``: square ``s`` under symmetry ``t``."""
        geo, n = self.geometry, self.n
        coords = np.array([geo.coords(s) for s in range(self.cubes)], dtype=np.int64)
        strides = np.array(geo.strides, dtype=np.int64)
        # ``Symmetry.apply`` on every square at once: output coordinate i is input coordinate perm[i], maybe reflected
        return np.array([np.stack([n - 1 - coords[:, p] if f else coords[:, p] for p, f in zip(t.perm, t.flips)],
                                  axis=1) @ strides for t in self.symmetries], dtype=np.int64)

    @cached_property
    def kings(self) -> np.ndarray:
        """The White king's squares in the fundamental region, in square order."""
        geo = self.geometry
        return np.array([s for s in range(self.cubes) if is_canonical(geo.coords(s), self.n)], dtype=np.int64)

    @_kept
    def canonical(self) -> tuple[np.ndarray, np.ndarray]:
        """(symmetry[s], king[s]) for every square: the first symmetry that takes ``s`` into the
        region, and the index of the region's square it lands on."""
        where = np.full(self.cubes, -1, dtype=np.int64)
        where[self.kings] = np.arange(len(self.kings))
        landing = where[self.image]  # [t, s]
        symmetry = np.argmax(landing >= 0, axis=0)
        return symmetry, landing[symmetry, np.arange(self.cubes)]

    @_kept
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

    @_kept
    def orbit_sizes(self) -> np.ndarray:
        """How many squares each region square stands for (its images under all symmetries)."""
        return np.array([len(set(self.image[:, k].tolist())) for k in self.kings], dtype=np.int64)

    @_kept
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
        """Whether ``kind`` rides along some vectors (its moves can be blocked)."""
        return kind in self.rules.slides

    def rides(self, kind: str) -> tuple:
        return self.rules.slides.get(kind, ())

    def leaps(self, kind: str) -> tuple:
        return self.rules.leap_vectors(WHITE, kind)

    def reach(self, kind: str) -> np.ndarray:
        """``reach[p, s]``: a ``kind`` on ``p`` attacks ``s`` on an otherwise empty board."""
        key = ("reach", kind)
        if key not in self._cache:
            if self.slides(kind) and self.leaps(kind):
                table = self.ride_reach(kind) | self.leap_reach(kind)
            else:
                table = self._reach_table(kind, self.slides(kind))
            self._cache[key] = table
        return self._cache[key]

    def ride_reach(self, kind: str) -> np.ndarray:
        """``reach`` by the rider's vectors alone (a piece that also leaps: those a man may block)."""
        return self.reach(kind) if not self.leaps(kind) else self.kept(("ride reach", kind),
                                                                       lambda: self._reach_table(kind, True))

    def leap_reach(self, kind: str) -> np.ndarray:
        """``reach`` by the leaper's vectors alone (nothing blocks them)."""
        return self.reach(kind) if not self.slides(kind) else self.kept(("leap reach", kind),
                                                                        lambda: self._reach_table(kind, False))

    def _reach_table(self, kind: str, rides: bool) -> np.ndarray:
        table = np.zeros((self.cubes, self.cubes), dtype=bool)
        for per_square in ([self._rays(v) for v in self.rules.slides[kind]] if rides else [self.steps(kind)]):
            squares, found, _ = _flat(per_square)
            table[squares, found] = True
        return table

    def lines(self, kind: str) -> tuple[np.ndarray, np.ndarray]:
        """For a slider: (``line[p, s]``, ``distance[p, s]``): which of its vectors leads from ``p``
        to ``s`` (-1: none) and in how many steps (0: none), from the core's rays."""
        key = ("lines", kind)
        if key not in self._cache:
            line = np.full((self.cubes, self.cubes), -1, dtype=np.int8)
            distance = np.zeros((self.cubes, self.cubes), dtype=np.int16)
            for index, v in enumerate(self.rules.slides[kind]):
                squares, found, steps = _flat(self._rays(v))
                line[squares, found] = index
                distance[squares, found] = steps
            self._cache[key] = (line, distance)
        return self._cache[key]

    def _rays(self, vector) -> list[tuple[int, ...]]:
        """The core's ray along ``vector`` from each square."""
        ray = self.geometry.ray
        return [ray(p, vector) for p in range(self.cubes)]

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

    @_kept
    def touching(self) -> np.ndarray:
        """``touching[a, b]``: kings on ``a`` and ``b`` would stand on one square or side by side."""
        table = self.reach("K").copy()
        np.fill_diagonal(table, True)
        return table


def _flat(per_square) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(square, target, place from 1) for every target of every square's tuple of targets."""
    lengths = np.fromiter(map(len, per_square), dtype=np.int64, count=len(per_square))
    found = np.fromiter(chain.from_iterable(per_square), dtype=np.int64, count=int(lengths.sum()))
    starts = np.repeat(np.cumsum(lengths) - lengths, lengths)
    return np.repeat(np.arange(len(per_square)), lengths), found, np.arange(len(found)) - starts + 1


@lru_cache(maxsize=None)  # one per rules, themselves one per board shape (and set of custom pieces)
def board_of(rules: Rules) -> Board:
    """The engine board of ``rules``; but for the 8x8 board's (made at a server's start), its tables
    are kept for ``caches.bounds().engine_boards`` boards at most."""
    board = Board(rules)
    if rules is not CHESS_RULES:
        object.__setattr__(board, "_cache", ShapeTables(ENGINE_BOARDS, rules_key(rules)))
    return board


def cube_board(n: int, custom: tuple = ()) -> Board:
    """The n*n*n board; ``custom``: the custom men's (kind, atoms) of a material (``Material.custom``)."""
    return board_of(cube_rules(n, custom))


def chess_board(custom: tuple = ()) -> Board:
    return board_of(chess_rules(custom))
