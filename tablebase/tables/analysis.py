"""Probing a position of any table: its value for the side to move and every legal move with the
value after it, before the tool names the moves (``MoveValues``; the tool makes ``MoveAnswer``s)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, NamedTuple

import numpy as np

from ..retrograde import Material
from .answer import Verdict
from .ids import TableId
from .position import TablePosition
from .reader import TableFile
from .values import NOT_WON, Tables, lone_to_move, strong_to_move

LONE = -2  # the man index of the lone king's moves


class MoveValue(NamedTuple):  # a value object (a tuple: there are dozens per probe)
    man: int  # -1 the strong king, 0.. the strong side's men, LONE the lone king
    start: int  # squares in the tables' frame
    end: int
    verdict: Verdict  # after the move, for the side then to move
    check: bool  # the move checks the lone king
    capture: bool


@dataclass(frozen=True)
class MoveValues:
    """Every legal move of a position with its value, one tuple per field of ``MoveValue`` (a
    probe values dozens of moves at once: no object per move until one is asked for)."""

    men: tuple[int, ...]
    starts: tuple[int, ...]
    ends: tuple[int, ...]
    verdicts: tuple[Verdict, ...]
    checks: tuple[bool, ...]
    captures: tuple[bool, ...]

    def __len__(self) -> int:
        return len(self.ends)

    def __getitem__(self, i: int) -> MoveValue:
        return MoveValue(self.men[i], self.starts[i], self.ends[i], self.verdicts[i], self.checks[i],
                         self.captures[i])


NO_MOVES = MoveValues((), (), (), (), (), ())


def analyse(tables: Tables, position: TablePosition,
            insufficient: Callable[[Material], bool] = lambda material: False) -> tuple[Verdict, bool, MoveValues]:
    """(the position's verdict, whether the side to move is in check, every legal move's value).
    ``insufficient`` says which materials are drawn by law (the 8x8 board's KBK, KNK, KK)."""
    short = insufficient(position.material)
    tables = _each_once(tables)
    if position.strong_to_move:
        moves = position.strong_moves()
        value = int(strong_to_move(tables, position.table, position.king, position.squares, position.lone))
        top = Verdict.strong_to_move(value, stalemate=not moves, insufficient=short)
        return top, False, _after_strong(tables, position, moves, short)
    replies = lone_to_move(tables, position.table, [position.king], [[s] for s in position.squares],
                           [position.lone])
    top = Verdict.lone_to_move(int(replies.dtm[0]), mate=bool(replies.mate[0]),
                               stalemate=bool(replies.stalemate[0]), insufficient=short)
    ends, verdicts, captures = [], [], []
    for target, legal, value in zip(replies.targets[0].tolist(), replies.legal[0].tolist(),
                                    replies.values[0].tolist()):
        if not legal:
            continue
        capture = target in position.squares
        # The position after the reply is made only where it is asked: a material or a stalemate.
        after = position.play_lone(target) if capture or value == NOT_WON else None
        stuck = value == NOT_WON and not after.strong_moves()
        short = insufficient(after.material if capture else position.material)
        ends.append(target)
        verdicts.append(Verdict.strong_to_move(value, stalemate=stuck, insufficient=short))
        captures.append(capture)
    count = len(ends)
    found = MoveValues((LONE,) * count, (position.lone,) * count, tuple(ends), tuple(verdicts), (False,) * count,
                       tuple(captures))
    return top, bool(replies.check[0]), found


def _each_once(tables: Tables) -> Tables:
    """``tables`` asking for each table once in one analysis (the store checks a table's file each
    time it is asked; an analysis reads a table several times, from one file)."""
    opened = {}

    def table(table: TableId) -> TableFile:
        found = opened.get(table)
        if found is None:
            found = opened[table] = tables(table)
        return found

    return table


def _after_strong(tables: Tables, position: TablePosition, moves: list[tuple[int, int, int]],
                  short: bool) -> MoveValues:
    if not moves:
        return NO_MOVES
    men, starts, ends = zip(*moves)
    # Where each piece stands after each move: its own square but in its own moves' rows (the
    # moves come grouped by man, the king's first: ``strong_moves``).
    count = len(ends)
    kings = np.full(count, position.king)
    placed = [np.full(count, square) for square in position.squares]
    done = 0
    for man, column in enumerate([kings, *placed], start=-1):
        first, done = done, done + men.count(man)
        column[first:done] = ends[first:done]
    replies = lone_to_move(tables, position.table, kings, placed, np.full(count, position.lone))
    verdicts = Verdict.lone_to_move_all(replies.dtm.tolist(), replies.mate.tolist(), replies.stalemate.tolist(),
                                        insufficient=short)
    return MoveValues(men, starts, ends, tuple(verdicts), tuple(replies.check.tolist()), (False,) * len(moves))
