"""Probing a position of any table: its value for the side to move and every legal move with the
value after it, before the tool names the moves (``MoveValue``; the tool makes ``MoveAnswer``s)."""

from __future__ import annotations

from typing import Callable, NamedTuple

import numpy as np

from ..retrograde import Material
from .answer import Verdict
from .position import TablePosition
from .values import NOT_WON, Tables, lone_to_move, strong_to_move

LONE = -2  # the man index of the lone king's moves


class MoveValue(NamedTuple):  # a value object (a tuple: there are dozens per probe)
    man: int  # -1 the strong king, 0.. the strong side's men, LONE the lone king
    start: int  # squares in the tables' frame
    end: int
    verdict: Verdict  # after the move, for the side then to move
    check: bool  # the move checks the lone king
    capture: bool


def analyse(tables: Tables, position: TablePosition,
            insufficient: Callable[[Material], bool] = lambda material: False) -> tuple[Verdict, bool, list[MoveValue]]:
    """(the position's verdict, whether the side to move is in check, every legal move's value).
    ``insufficient`` says which materials are drawn by law (the 8x8 board's KBK, KNK, KK)."""
    short = insufficient(position.material)
    if position.strong_to_move:
        moves = position.strong_moves()
        value = int(strong_to_move(tables, position.table, position.king, position.squares, position.lone))
        top = Verdict.strong_to_move(value, stalemate=not moves, insufficient=short)
        return top, False, _after_strong(tables, position, moves, short)
    replies = lone_to_move(tables, position.table, [position.king], [[s] for s in position.squares],
                           [position.lone])
    top = Verdict.lone_to_move(int(replies.dtm[0]), mate=bool(replies.mate[0]),
                               stalemate=bool(replies.stalemate[0]), insufficient=short)
    found = []
    for target, legal, value in zip(replies.targets[0].tolist(), replies.legal[0].tolist(),
                                    replies.values[0].tolist()):
        if not legal:
            continue
        after = position.play_lone(target)
        stuck = value == NOT_WON and not after.strong_moves()
        verdict = Verdict.strong_to_move(value, stalemate=stuck, insufficient=insufficient(after.material))
        found.append(MoveValue(LONE, position.lone, target, verdict, False, target in position.squares))
    return top, bool(replies.check[0]), found


def _after_strong(tables: Tables, position: TablePosition, moves, short: bool) -> list[MoveValue]:
    if not moves:
        return []
    kings = np.array([t if man < 0 else position.king for man, _, t in moves])
    men = [np.array([t if man == i else s for man, _, t in moves]) for i, s in enumerate(position.squares)]
    replies = lone_to_move(tables, position.table, kings, men, np.full(len(moves), position.lone))
    return [MoveValue(man, start, end,
                      Verdict.lone_to_move(d, mate=m, stalemate=s, insufficient=short), c, False)
            for (man, start, end), d, m, s, c in zip(moves, replies.dtm.tolist(), replies.mate.tolist(),
                                                     replies.stalemate.tolist(), replies.check.tolist())]
