"""Re-check every entry of a table against its successors, apart from the engine: the 3D tables,
and the 2D tables of every basic mate (the same walk over the 8x8 board's rules).

Attacks and legality are worked out here by walking the rules core's rays and leaps square by
square, not from the engine's tables or shifted arrays; each move is followed by computing the
index of the position it leads to. Then:
- an illegal White-to-move entry holds 0;
- Black to move, each position's value follows from its replies (White-to-move entries, or the
  smaller material's table after a capture): mated (0), drawn (a reply escapes, or stalemate), or
  White still needs the slowest reply's DTM;
- White to move, mate in d: some move reaches a Black-to-move position lost in d-1, none a
  quicker one; not won: no move reaches a lost position.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Mapping

import numpy as np

from ...core.geometry import geometry
from ...core.rules import CHESS_RULES, WHITE, cube_rules
from ...retrograde import Material, Space
from ...tables import CHESS_DIM, TableId, TablePosition
from .position import notation

DRAW, ILLEGAL = 254, 255


@dataclass(frozen=True)
class VerifyReport:
    material: str
    n: int
    checked: int  # White-to-move entries checked
    faults: dict[str, int] = field(default_factory=dict)
    examples: tuple[str, ...] = ()  # boards of a few faulty White-to-move entries

    @property
    def ok(self) -> bool:
        return not any(self.faults.values())


class _Walker:
    """The core's rays and leaps over arrays of one space's flat shape."""

    def __init__(self, space: Space):
        self.space = space
        self.n = space.board.n
        flat = space.board.dim == CHESS_DIM
        self.geo = geometry(self.n, self.n) if flat else geometry(self.n, self.n, self.n)
        self.rules = CHESS_RULES if flat else cube_rules(self.n)
        self.cubes = self.geo.size
        self.kings = space.board.kings  # the file layout's king squares

    def at(self, axis: int, index) -> tuple:
        return (slice(None),) * axis + (index,)

    def attacked(self, kinds: tuple[str, ...]) -> np.ndarray:
        """[king, men..., s]: White's men attack s (nothing else on the board)."""
        shape = (len(self.kings),) + (self.cubes,) * (len(kinds) + 1)
        hit = np.zeros(shape, dtype=bool)
        step = self.rules.leap_vectors(WHITE, "K")
        for k, square in enumerate(self.kings.tolist()):
            hit[(k,) + (slice(None),) * len(kinds) + (list(self.geo.leaps(square, step)),)] = True
        lone = len(kinds) + 1
        for i, kind in enumerate(kinds):
            axis = 1 + i
            if kind in self.rules.slides:
                for p in range(self.cubes):
                    for v in self.rules.slides[kind]:
                        clear = np.ones(shape[:axis] + shape[axis + 1:lone], dtype=bool)
                        for s in self.geo.ray(p, v):
                            hit[self.at(axis, p) + (Ellipsis, s)] |= clear
                            clear &= self._not_on(s, kinds, skip=i)
            else:
                vectors = self.rules.leap_vectors(WHITE, kind)
                for p in range(self.cubes):
                    hit[self.at(axis, p) + (Ellipsis, list(self.geo.leaps(p, vectors)))] = True
        return hit

    def _not_on(self, s: int, kinds, skip: int) -> np.ndarray:
        """Over [king, men except ``skip``]: nothing stands on s."""
        shape = [len(self.kings)] + [self.cubes] * (len(kinds) - 1)
        free = np.broadcast_to((self.kings != s).reshape([-1] + [1] * (len(kinds) - 1)), shape).copy()
        for position, j in enumerate(j for j in range(len(kinds)) if j != skip):
            line = np.arange(self.cubes) != s
            free &= line.reshape([1] * (1 + position) + [-1] + [1] * (len(kinds) - 2 - position))
        return free

    def legal(self, kinds: tuple[str, ...]) -> np.ndarray:
        """Black to move: men on distinct squares, kings apart."""
        men = len(kinds) + 1
        grids = np.ix_(np.arange(len(self.kings)), *[np.arange(self.cubes)] * men)
        squares = [self.kings[grids[0]], *grids[1:]]
        ok = np.ones([len(self.kings)] + [self.cubes] * men, dtype=bool)
        for i in range(len(squares)):
            for j in range(i + 1, len(squares)):
                ok &= squares[i] != squares[j]
        near = np.zeros((self.cubes, self.cubes), dtype=bool)
        for s in range(self.cubes):
            near[s, list(self.geo.leaps(s, self.rules.leap_vectors(WHITE, "K")))] = True
        return ok & ~near[squares[0], squares[-1]]


def _black_values(walker: _Walker, table: TableId, dtm: np.ndarray, smaller: Mapping[Material, np.ndarray],
                  attacked: np.ndarray, legal: np.ndarray) -> np.ndarray:
    """Black-to-move value of every entry (White moves still needed, DRAW, ILLEGAL)."""
    kinds = table.material.pieces
    shape = (len(walker.kings),) + (walker.cubes,) * (len(kinds) + 1)
    wtm = np.asarray(dtm).reshape(shape)
    grids = np.ix_(np.arange(len(walker.kings)), *[np.arange(walker.cubes)] * (len(kinds) + 1))
    king, men, lone = walker.kings[grids[0]], list(grids[1:-1]), grids[-1]
    slowest = np.zeros(shape, dtype=np.uint8)
    has_move = np.zeros(shape, dtype=bool)
    escape = np.zeros(shape, dtype=bool)
    captures = []  # per man: the material left, where its men attack, its White-to-move values
    for i in range(len(men)):
        sub = table.material.without(i)
        sub_attacked = _Walker(Space(table.space.board, sub)).attacked(sub.pieces)
        sub_values = (np.asarray(smaller[sub]).reshape(sub_attacked.shape) if sub.pieces
                      else np.zeros(sub_attacked.shape, dtype=np.uint8))
        captures.append((sub_attacked, sub_values))
    for v in walker.rules.leap_vectors(WHITE, "K"):
        target = np.array([walker.geo.step(s, v) if walker.geo.step(s, v) is not None else -1
                           for s in range(walker.cubes)])
        to = target[lone]
        there = to >= 0
        to = np.where(there, to, 0)
        plain = there & (to != king)
        for m in men:
            plain = plain & (to != m)
        free = plain & ~np.take_along_axis(attacked, np.broadcast_to(to, shape), axis=-1)
        value = np.take_along_axis(wtm, np.broadcast_to(to, shape), axis=-1)
        has_move |= free
        escape |= free & (value == 0)
        np.maximum(slowest, np.where(free, value, 0).astype(np.uint8), out=slowest)
        for i, (m, (sub_attacked, sub_values)) in enumerate(zip(men, captures)):
            rest = [x for j, x in enumerate(men) if j != i]
            index = (grids[0],) + tuple(rest) + (to,)
            takes = there & (to == m) & ~sub_attacked[index]
            sub_value = sub_values[index]
            has_move |= takes
            escape |= takes & (sub_value == 0)
            np.maximum(slowest, np.where(takes, sub_value, 0).astype(np.uint8), out=slowest)
    check = np.take_along_axis(attacked, np.broadcast_to(lone, shape), axis=-1)
    values = np.where(escape | (~has_move & ~check), np.uint8(DRAW), slowest)
    values[~legal] = ILLEGAL
    return values


def _white_best(walker: _Walker, table: TableId, black: np.ndarray) -> np.ndarray:
    """For each White-to-move entry, the smallest Black-to-move value among its moves (ILLEGAL
    when none is lost for Black)."""
    kinds = table.material.pieces
    shape = black.shape
    best = np.full(shape, ILLEGAL, dtype=np.uint8)
    lost = np.where(black < DRAW, black, np.uint8(ILLEGAL))
    flat_lost = lost.reshape(-1)
    grids = np.ix_(*[np.arange(walker.cubes)] * (len(kinds) + 1))
    step = walker.rules.leap_vectors(WHITE, "K")
    for k, square in enumerate(walker.kings.tolist()):
        for t in walker.geo.leaps(square, step):
            index = table.space.index(t, list(grids[:-1]), grids[-1])
            np.minimum(best[k], flat_lost[index], out=best[k])
    for i, kind in enumerate(kinds):
        axis = 1 + i
        for p in range(walker.cubes):
            here = walker.at(axis, p)
            if kind in walker.rules.slides:
                for v in walker.rules.slides[kind]:
                    clear = np.ones(shape[:axis] + shape[axis + 1:], dtype=bool)
                    for s in walker.geo.ray(p, v):
                        clear &= _empty(walker, s, kinds, i)
                        np.minimum(best[here], np.where(clear, lost[walker.at(axis, s)], np.uint8(ILLEGAL)),
                                   out=best[here])
            else:
                for s in walker.geo.leaps(p, walker.rules.leap_vectors(WHITE, kind)):
                    np.minimum(best[here], lost[walker.at(axis, s)], out=best[here])
    return best


def _empty(walker: _Walker, s: int, kinds, mover: int) -> np.ndarray:
    """Over [king, men except ``mover``, lone king]: nothing stands on s."""
    free = walker._not_on(s, kinds, skip=mover)
    return free[..., None] & (np.arange(walker.cubes) != s)


def verify(table: TableId, dtm: np.ndarray, smaller: Mapping[Material, np.ndarray] | None = None,
           progress: Callable[[str], None] | None = None, examples: int = 5) -> VerifyReport:
    """Check the entries ``dtm`` of ``table``; ``smaller`` holds the entries of every material one
    capture away."""
    smaller = dict(smaller or {})
    walker = _Walker(table.space)
    kinds = table.material.pieces
    attacked = walker.attacked(kinds)
    legal = walker.legal(kinds)
    white_legal = legal & ~np.take_along_axis(
        attacked, np.broadcast_to(np.ix_(*[np.arange(s) for s in legal.shape])[-1], legal.shape), axis=-1)
    wtm = np.asarray(dtm).reshape(legal.shape)
    faults: dict[str, int] = {}
    found: list[str] = []

    def record(name: str, mask: np.ndarray):
        faults[name] = int(np.count_nonzero(mask))
        for entry in np.flatnonzero(mask.reshape(-1))[:max(0, examples - len(found))].tolist():
            king, men, lone = table.space.squares([entry])
            position = TablePosition(table.dim, table.n, int(king[0]), tuple(zip(kinds, (int(m[0]) for m in men))),
                                     int(lone[0]), True)
            found.append(_name(position))

    if progress:
        progress("legality")
    record("illegal entry holds a value", ~white_legal & (wtm != 0))
    if progress:
        progress("black to move")
    black = _black_values(walker, table, dtm, smaller, attacked, legal)
    del attacked
    if progress:
        progress("white to move")
    best = _white_best(walker, table, black)
    won = white_legal & (wtm > 0)
    record("white to move: no move one step closer, or a quicker one",
           won & (best.astype(np.int16) != wtm.astype(np.int16) - 1))
    record("white to move: not won but a move reaches a lost position", white_legal & (wtm == 0) & (best < DRAW))
    return VerifyReport(table.material.name, table.n, int(np.count_nonzero(white_legal)), faults, tuple(found))


def _name(position: TablePosition) -> str:
    """A faulty entry's position: FEN on the 8x8 board, the seed's notation on the cube."""
    if position.dim == CHESS_DIM:
        from ...mates.position import to_fen  # the 2D tables' FEN writer

        return to_fen(position)
    return notation(position)
