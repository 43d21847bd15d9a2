"""Re-check every entry of a table against its successors, apart from the engine: the 2D tables of
every basic mate and the 3D tables, the same walk over each board's rules (``python -m tablebase
verify``).

Attacks and legality are worked out here by walking the rules core's rays and leaps square by
square, not from the engine's tables or shifted arrays; each move is followed by computing the
index of the position it leads to. Then:
- an illegal White-to-move entry holds 0;
- Black to move, each position's value follows from its replies (White-to-move entries, or the
  smaller material's table after a capture): mated (0), drawn (a reply escapes, or stalemate), or
  White still needs the slowest reply's DTM;
- White to move, mate in d: some move reaches a Black-to-move position lost in d-1, none a
  quicker one; not won: no move reaches a lost position.

Memory: one White king square at a time. The only whole-size arrays are the table's entries and
the Black-to-move values (a byte per entry each: a White king step leads into another king's
slice); attacks, legality and the values' working arrays are of one king's slice.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Mapping

import numpy as np

from ..core.fen import placement
from ..core.geometry import geometry
from ..core.rules import WHITE
from ..core.cube_notation import CubePosition
from ..retrograde import Material, Space
from .ids import CHESS_DIM, TableId
from .position import TablePosition

DRAW, ILLEGAL = 254, 255


@dataclass(frozen=True)
class VerifyReport:
    material: str
    n: int
    checked: int  # White-to-move entries checked
    faults: dict[str, int] = field(default_factory=dict)
    examples: tuple[str, ...] = ()  # boards of a few faulty White-to-move entries
    checkmates: int = 0  # Black-to-move checkmates on the whole board (like men swapped counted once)
    # (legal, won) White-to-move positions per distance of the lone king to the nearest face, counted alike
    by_face_distance: tuple[tuple[int, int], ...] = ()

    @property
    def ok(self) -> bool:
        return not any(self.faults.values())


class _Walker:
    """The core's rays and leaps over arrays of one king slice: ``[men..., lone king]``."""

    def __init__(self, space: Space):
        self.space = space
        self.n = space.board.n
        flat = space.board.dim == CHESS_DIM
        self.geo = geometry(self.n, self.n) if flat else geometry(self.n, self.n, self.n)
        self.rules = space.board.rules  # the 8x8 board's or the cube's, with the material's custom men
        self.cubes = self.geo.size
        self.kings = space.board.kings  # the file layout's king squares
        self.kinds = space.material.pieces
        self.shape = (self.cubes,) * (len(self.kinds) + 1)

    def at(self, axis: int, index) -> tuple:
        return (slice(None),) * axis + (index,)

    def king_steps(self, square: int) -> list[int]:
        return list(self.geo.leaps(square, self.rules.leap_vectors(WHITE, "K")))

    def attacked(self, king: int) -> np.ndarray:
        """[men..., s]: White's men and the king on ``king`` attack s (nothing else on the board)."""
        kinds, shape = self.kinds, self.shape
        hit = np.zeros(shape, dtype=bool)
        hit[(Ellipsis, self.king_steps(king))] = True
        lone = len(kinds)
        for i, kind in enumerate(kinds):
            if kind in self.rules.slides:
                for p in range(self.cubes):
                    for v in self.rules.slides[kind]:
                        clear = np.ones(shape[:i] + shape[i + 1:lone], dtype=bool)
                        for s in self.geo.ray(p, v):
                            hit[self.at(i, p) + (Ellipsis, s)] |= clear
                            clear &= self.not_on(s, king, skip=i)
            vectors = self.rules.leap_vectors(WHITE, kind)  # a piece may ride and leap
            if vectors:
                for p in range(self.cubes):
                    hit[self.at(i, p) + (Ellipsis, list(self.geo.leaps(p, vectors)))] = True
        return hit

    def not_on(self, s: int, king: int, skip: int) -> np.ndarray:
        """Over [men except ``skip``]: nothing (the king included) stands on s."""
        others = len(self.kinds) - 1
        free = np.full((self.cubes,) * others, king != s, dtype=bool)
        for position in range(others):
            line = np.arange(self.cubes) != s
            free &= line.reshape([1] * position + [-1] + [1] * (others - 1 - position))
        return free

    def legal(self, king: int) -> np.ndarray:
        """Black to move: men on distinct squares, kings apart."""
        men = len(self.kinds) + 1
        squares = np.ix_(*[np.arange(self.cubes)] * men)
        ok = np.ones(self.shape, dtype=bool)
        for i in range(men):
            ok &= squares[i] != king
            for j in range(i + 1, men):
                ok &= squares[i] != squares[j]
        near = np.zeros(self.cubes, dtype=bool)
        near[self.king_steps(king)] = True
        return ok & ~near[squares[-1]]


def _black_values(walker: _Walker, k: int, wtm: np.ndarray, captures, attacked: np.ndarray,
                  legal: np.ndarray) -> np.ndarray:
    """Black-to-move value of every entry of king slice ``k`` (White moves still needed, DRAW,
    ILLEGAL); ``captures`` per man: (the smaller material's attacks, its White-to-move values),
    both of this king slice."""
    king, shape = int(walker.kings[k]), walker.shape
    grids = np.ix_(*[np.arange(walker.cubes)] * len(shape))
    men = list(grids[:-1])
    slowest = np.zeros(shape, dtype=np.uint8)
    has_move = np.zeros(shape, dtype=bool)
    escape = np.zeros(shape, dtype=bool)
    for v in walker.rules.leap_vectors(WHITE, "K"):
        target = np.array([walker.geo.step(s, v) if walker.geo.step(s, v) is not None else -1
                           for s in range(walker.cubes)])
        there = target >= 0
        to = np.where(there, target, 0)  # over the lone king's axis
        plain = there & (to != king)
        for m in men:
            plain = plain & (to != m)
        # take(), not [..., to]: the latter lays the indexed axis out first, and every later
        # operation on it then strides across the whole slice (10x slower once it outgrows the cache)
        free = plain & ~np.take(attacked, to, axis=-1)
        value = np.take(wtm, to, axis=-1)
        has_move |= free
        escape |= free & (value == 0)
        np.maximum(slowest, np.where(free, value, 0).astype(np.uint8), out=slowest)
        del free, value, plain
        for i, (m, (sub_attacked, sub_values)) in enumerate(zip(men, captures)):
            rest = [x for j, x in enumerate(men) if j != i]
            index = tuple(rest) + (to,)
            takes = there & (to == m) & ~sub_attacked[index]
            sub_value = sub_values[index]
            has_move |= takes
            escape |= takes & (sub_value == 0)
            np.maximum(slowest, np.where(takes, sub_value, 0).astype(np.uint8), out=slowest)
    values = np.where(escape | (~has_move & ~attacked), np.uint8(DRAW), slowest)  # attacked: in check
    values[~legal] = ILLEGAL
    return values


def _captures(walker: _Walker, table: TableId, k: int, smaller: Mapping[Material, np.ndarray]) -> list:
    """Per man: (where the men left after the lone king takes it attack, their White-to-move
    values), over king slice ``k``."""
    found = []
    for i in range(len(walker.kinds)):
        sub = table.material.without(i)
        sub_walker = _Walker(Space(table.space.board, sub))
        sub_attacked = sub_walker.attacked(int(walker.kings[k]))
        sub_values = (np.asarray(smaller[sub]).reshape((len(walker.kings),) + sub_walker.shape)[k] if sub.pieces
                      else np.zeros(sub_walker.shape, dtype=np.uint8))
        found.append((sub_attacked, sub_values))
    return found


def _white_best(walker: _Walker, table: TableId, k: int, lost: np.ndarray) -> np.ndarray:
    """For each White-to-move entry of king slice ``k``, the smallest Black-to-move value among
    its moves (ILLEGAL when none is lost for Black); ``lost`` over the whole table."""
    kinds, shape, king = walker.kinds, walker.shape, int(walker.kings[k])
    best = np.full(shape, ILLEGAL, dtype=np.uint8)
    flat_lost = lost.reshape(-1)
    grids = np.ix_(*[np.arange(walker.cubes)] * len(shape))
    for t in walker.king_steps(king):
        index = table.space.index(t, list(grids[:-1]), grids[-1])
        np.minimum(best, flat_lost[index], out=best)
        del index
    here_lost = lost[k]
    for i, kind in enumerate(kinds):
        for p in range(walker.cubes):
            here = walker.at(i, p)
            if kind in walker.rules.slides:
                for v in walker.rules.slides[kind]:
                    clear = np.ones(shape[:i] + shape[i + 1:], dtype=bool)
                    for s in walker.geo.ray(p, v):
                        clear &= walker.not_on(s, king, skip=i)[..., None] & (np.arange(walker.cubes) != s)
                        np.minimum(best[here], np.where(clear, here_lost[walker.at(i, s)], np.uint8(ILLEGAL)),
                                   out=best[here])
            if walker.rules.leap_vectors(WHITE, kind):
                for s in walker.geo.leaps(p, walker.rules.leap_vectors(WHITE, kind)):
                    np.minimum(best[here], here_lost[walker.at(i, s)], out=best[here])
    return best


def verify(table: TableId, dtm: np.ndarray, smaller: Mapping[Material, np.ndarray] | None = None,
           progress: Callable[[str], None] | None = None, examples: int = 5) -> VerifyReport:
    """Check the entries ``dtm`` of ``table``; ``smaller`` holds the entries of every material one
    capture away."""
    smaller = dict(smaller or {})
    walker = _Walker(table.space)
    kinds = table.material.pieces
    kings = len(walker.kings)
    wtm = np.asarray(dtm).reshape((kings,) + walker.shape)
    per_king = int(np.prod(walker.shape))
    faults: dict[str, int] = {}
    found: list[str] = []

    def record(name: str, k: int, mask: np.ndarray):
        faults[name] = faults.get(name, 0) + int(np.count_nonzero(mask))
        for entry in np.flatnonzero(mask.reshape(-1))[:max(0, examples - len(found))].tolist():
            king, men, lone = table.space.squares([k * per_king + entry])
            position = TablePosition(table.dim, table.n, int(king[0]), tuple(zip(kinds, (int(m[0]) for m in men))),
                                     int(lone[0]), True)
            found.append(_name(position))

    def marks(k: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """(legal White to move, legal Black to move, attacked) over king slice ``k``."""
        attacked, legal = walker.attacked(int(walker.kings[k])), walker.legal(int(walker.kings[k]))
        return legal & ~attacked, legal, attacked  # attacked at the lone king's square: in check

    # Pass 1, per king slice: legality, and Black's values kept as "lost in d" (ILLEGAL otherwise).
    lost = np.empty(wtm.shape, dtype=np.uint8)
    mates = np.zeros(kings, dtype=np.int64)
    per_square = np.zeros((kings, walker.cubes, 2), dtype=np.int64)  # legal, won per lone king square
    checked = 0
    for k in range(kings):
        if progress:
            progress(f"black to move, king {k + 1} of {kings}")
        legal_w, legal, attacked = marks(k)
        record("illegal entry holds a value", k, ~legal_w & (wtm[k] != 0))
        black = _black_values(walker, k, wtm[k], _captures(walker, table, k, smaller), attacked, legal)
        mates[k] = np.count_nonzero(black == 0)
        lost[k] = np.where(black < DRAW, black, np.uint8(ILLEGAL))
        del black, attacked, legal, legal_w
    # Pass 2, per king slice: White's best move against the values of pass 1.
    for k in range(kings):
        if progress:
            progress(f"white to move, king {k + 1} of {kings}")
        legal_w = marks(k)[0]
        checked += int(np.count_nonzero(legal_w))
        per_square[k, :, 0] = np.count_nonzero(legal_w.reshape(-1, walker.cubes), axis=0)
        per_square[k, :, 1] = np.count_nonzero((legal_w & (wtm[k] > 0)).reshape(-1, walker.cubes), axis=0)
        best = _white_best(walker, table, k, lost)
        here = wtm[k]
        record("white to move: no move one step closer, or a quicker one", k,
               legal_w & (here > 0) & (best.astype(np.int16) != here.astype(np.int16) - 1))
        record("white to move: not won but a move reaches a lost position", k, legal_w & (here == 0) & (best < DRAW))
        del best, legal_w
    pairs = table.material.like_orderings
    board = table.space.board
    checkmates = int(board.orbit_sizes @ mates) // pairs
    faces = tuple((int(legal) // pairs, int(won) // pairs) for legal, won in board.by_face_distance(per_square))
    return VerifyReport(table.material.name, table.n, checked, faults, tuple(found), checkmates, faces)


def _name(position: TablePosition) -> str:
    """A faulty entry's position (White to move, the strong side White): FEN on the 8x8 board, the
    board text of the 3D notation (core/cube_notation.py) on the cube."""
    if position.dim == CHESS_DIM:
        return placement({s: piece.symbol() for s, piece in enumerate(position.cells) if piece}) + " w - - 0 1"
    return CubePosition(position.n, tuple(position.cells)).notation()
