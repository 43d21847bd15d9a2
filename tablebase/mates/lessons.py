"""The learning path of /mates/learn: lessons of the queen, the rook, the two bishops and the bishop
and knight, in that order, each drawing its positions from its ending's table by the lesson's
criteria (a range of mate lengths and where the lone king stands), White to move. KBNK's part is
the KBN method's four lessons (``kbnk.lessons``, also served alone at /kbn/learn)."""

from __future__ import annotations

import random
from dataclasses import replace

from ..kbnk import lessons as kbn
from ..tables import TablePosition
from ..tables.values import Tables
from .coach import CORNERS, chebyshev, edge_distance
from .lesson import Lesson, draw_position, find_lesson


def _on_edge(p: TablePosition) -> bool:
    return edge_distance(p.lone) == 0


def _by_a_corner(p: TablePosition) -> bool:
    return min(chebyshev(p.lone, c) for c in CORNERS) <= 1


def _anywhere(p: TablePosition) -> bool:
    return True


def _kbn_part(first: int) -> tuple[Lesson, ...]:
    """KBNK's lessons on the path, numbered from ``first``."""
    return tuple(replace(lesson, number=first + i, title=f"Bishop and knight: {lesson.title[0].lower()}{lesson.title[1:]}")
                 for i, lesson in enumerate(kbn.LESSONS))


PATH = (
    Lesson(1, "KQK", "Queen: the mate on the edge",
           "The lone king is on the edge: mate it with the queen, your king guarding the queen or "
           "taking the squares in front, without stalemate.",
           "on the edge of the board", 1, 2, 3, 1, _on_edge),
    Lesson(2, "KQK", "Queen: the whole mate",
           "Shrink the box with the queen a knight's move from the king, bring your king, mate on the edge.",
           "anywhere", 7, 10, 2, 4, _anywhere),
    Lesson(3, "KRK", "Rook: the mate on the edge",
           "The rook cuts the king off on the edge: face it with your king, use the waiting move, "
           "and check along the edge.",
           "on the edge of the board", 1, 3, 3, 2, _on_edge),
    Lesson(4, "KRK", "Rook: the whole mate",
           "Cut the board with the rook, bring your king, and shrink the box line by line.",
           "anywhere", 12, 16, 2, 6, _anywhere),
    Lesson(5, "KBBK", "Two bishops: mate in the corner",
           "The lone king is by a corner: the bishops take its last squares in turn, your king close.",
           "on or next to a corner", 1, 4, 3, 2, _by_a_corner),
    Lesson(6, "KBBK", "Two bishops: the whole mate",
           "Bishops side by side make a wall of two diagonals; drive the king to the edge, then into a corner.",
           "anywhere", 14, 19, 2, 8, _anywhere),
    *_kbn_part(7),
)


def path_lesson(number: int) -> Lesson:
    return find_lesson(PATH, number)


def path_position(tables: Tables, number: int, rng: random.Random | None = None) -> TablePosition:
    """A random position for lesson ``number`` of the path (see ``lesson.draw_position``)."""
    return draw_position(tables, path_lesson(number), rng)
