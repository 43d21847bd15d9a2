"""The bounds of every cache the engine keeps between calls, per process, set by ``configure``
(a server passes its own at start-up; the command line and the table builder keep ``DEFAULTS``).

- ``board_shapes``: board shapes (the 3D lab's n*n*n, solitaire's n*n) whose per-square move
  tables are kept: the geometry's rays and leaps, the rules' attack and slide tables. Past the
  bound the least recently used shape's are dropped, to be made again square by square as they
  are asked for (about 0.15 ms of CPU a square). Every square of n = 10 asked costs 5.6 MB,
  n = 8 2.6 MB, n = 6 1 MB. The 8x8 chessboard's are always kept (64 squares, made at start-up).
- ``engine_boards``: 3D boards whose engine tables are kept (each piece's reach and lines, the
  kings' touching, the symmetry images, each material's index tables): 18 MB for n = 10, 10 MB
  for n = 9, 5.7 MB for n = 8, 40 MB for every n from 3 to 10 (the default limits' materials).
  Past the bound the least recently made board's are dropped (made again in under a second). A
  server makes those of every size its limits allow before its workers fork, so they share them.
- ``attack_set_bytes``: the attack sets of materials on boards of at most 64 squares (2 MB for two
  men, 32 kB for one: ``retrograde.attacks``), over every board. Past the bound a material's
  attacks are computed instead (the same answers, a probe about 20% slower).
- ``entries``: each small cache of values (the tables' ids and their captures, the probes'
  verdicts, solitaire's move tables per board size): a few hundred bytes each, a few hundred
  of them, but solitaire's (up to 20 kB, 6 sizes).

The caches keyed by board shape or piece kind alone (a board's geometry, rules and engine board,
one of each per shape; the symmetries per dimension) hold small objects, one per key, and are
bounded by their keys; the tables those objects grow are bounded above.
"""

from __future__ import annotations

import functools
import threading
from collections import OrderedDict
from dataclasses import asdict, dataclass, replace
from typing import Callable, Hashable


@dataclass(frozen=True)
class Bounds:
    board_shapes: int = 3
    engine_boards: int = 9
    attack_set_bytes: int = 8 << 20
    entries: int = 1024


DEFAULTS = Bounds()
_bounds = DEFAULTS


def bounds() -> Bounds:
    return _bounds


def configure(**sizes: int) -> Bounds:
    """Set some bounds (``configure(board_shapes=2)``); caches over a new bound shrink at once."""
    global _bounds
    unknown = set(sizes) - set(asdict(DEFAULTS))
    if unknown:
        raise ValueError(f"no cache named {sorted(unknown)}: the caches are {sorted(asdict(DEFAULTS))}")
    for name, size in sizes.items():
        least = 0 if name == "attack_set_bytes" else 1
        if isinstance(size, bool) or not isinstance(size, int) or size < least:
            raise ValueError(f"the bound of {name} must be a whole number of at least {least}, not {size!r}")
    _bounds = replace(_bounds, **sizes)
    for trim in _trims:
        trim()
    return _bounds


_trims: list[Callable[[], None]] = []


def trims(trim: Callable[[], None]) -> Callable[[], None]:
    """Register ``trim`` to bring a cache within its bound again when ``configure`` changes it."""
    _trims.append(trim)
    return trim


class Kept:
    """The shapes whose tables are kept, the least recently used first; each shape's tables are
    dropped together by the callables registered with it."""

    def __init__(self, bound: str):
        self.bound = bound
        self._shapes: OrderedDict[Hashable, dict[int, Callable[[], None]]] = OrderedDict()
        self._lock = threading.Lock()

    def use(self, shape: Hashable, owner: object, clear: Callable[[], None]) -> None:
        with self._lock:
            group = self._shapes.get(shape)
            if group is None:
                group = self._shapes[shape] = {}
            else:
                self._shapes.move_to_end(shape)
            group[id(owner)] = clear
            self._trim()

    def touch(self, shape: Hashable) -> None:
        with self._lock:
            if shape in self._shapes:
                self._shapes.move_to_end(shape)

    def trim(self) -> None:
        with self._lock:
            self._trim()

    def _trim(self) -> None:
        while len(self._shapes) > getattr(_bounds, self.bound):
            for clear in self._shapes.popitem(last=False)[1].values():
                clear()

    def shapes(self) -> list:
        return list(self._shapes)


BOARD_SHAPES = Kept("board_shapes")
ENGINE_BOARDS = Kept("engine_boards")
trims(BOARD_SHAPES.trim)
trims(ENGINE_BOARDS.trim)


class ShapeTables(dict):
    """A dict of one shape's tables that tells ``kept`` whenever a table is added (the slow path:
    reads are a plain dict's), so that the shape counts as used and the bound holds."""

    def __init__(self, kept: Kept, shape: Hashable, clear: Callable[[], None] | None = None):
        super().__init__()
        self.kept, self.shape = kept, shape
        self.clear_all = clear or self.clear

    def __setitem__(self, key, value) -> None:
        self.kept.use(self.shape, self, self.clear_all)
        super().__setitem__(key, value)

    def __reduce__(self):
        """An empty dict: tables belong to a process (another, given a board, makes its own)."""
        return dict, ()


class _Resizable:
    """A ``functools.lru_cache`` of ``func`` holding ``bounds().entries`` values, made again (empty)
    when ``configure`` changes that bound."""

    def __init__(self, func: Callable):
        self.func = func
        self.size = -1
        self.resize()
        functools.update_wrapper(self, func)

    def resize(self) -> None:
        if self.size != _bounds.entries:
            self.size = _bounds.entries
            self.cached = functools.lru_cache(maxsize=self.size)(self.func)

    def __call__(self, *args):  # (``cached`` itself where a call is hot)
        return self.cached(*args)

    def cache_info(self):
        return self.cached.cache_info()


def entries(func: Callable) -> _Resizable:
    """Decorate a function whose values are kept in an LRU cache of ``entries`` values."""
    cache = _Resizable(func)
    trims(cache.resize)
    return cache
