"""The lessons of the KBN method (/kbn/learn), and positions for each drawn from the table by the
lesson's criteria: a range of mate lengths and where the lone king stands. White to move."""

from __future__ import annotations

import random
from typing import Callable

from ..mates.lesson import Lesson, allowed_moves, draw_position, find_lesson
from ..tables import TablePosition
from ..tables.values import Tables
from .coach import CORNERS, chebyshev, edge_distance, mating_corners
from .position import KbnkPosition

__all__ = ["LESSONS", "Lesson", "allowed_moves", "lesson", "lesson_position"]


def _on_kbnk(criterion: Callable[[KbnkPosition], bool]) -> Callable[[TablePosition], bool]:
    """A criterion on KBNK's own squares (the bishop, the kings) as a lesson's test of a table position."""
    return lambda position: criterion(KbnkPosition.of(position))


def _by_right_corner(p: KbnkPosition) -> bool:
    """The lone king within two king steps of a corner of the bishop's colour."""
    return min(chebyshev(p.bk, c) for c in mating_corners(p.wb)) <= 2


def _held_in_wrong_corner(p: KbnkPosition) -> bool:
    """The lone king on or next to a corner of the other colour, the strong king facing it."""
    wrong = [c for c in CORNERS if c not in mating_corners(p.wb)]
    return min(chebyshev(p.bk, c) for c in wrong) <= 1 and chebyshev(p.wk, p.bk) == 2


def _in_the_middle(p: KbnkPosition) -> bool:
    """The lone king off the two outer rings of the board."""
    return edge_distance(p.bk) >= 2


LESSONS = (
    Lesson(1, "KBNK", "The mating net",
           "Mates in one to three with the lone king caught by a corner of the bishop's colour: "
           "find the checks and quiet moves that take its last squares.",
           "by a corner of the bishop's colour", 1, 3, 3, 2, _on_kbnk(_by_right_corner)),
    Lesson(2, "KBNK", "The W-manoeuvre",
           "The lone king sits in the wrong corner. Walk it along the edge to the right one: the "
           "knight hops in a W while your king and bishop keep the king on the edge.",
           "in or next to a corner of the other colour, your king facing it", 19, 23, 2, 8,
           _on_kbnk(_held_in_wrong_corner)),
    Lesson(3, "KBNK", "Drive the king to the edge",
           "The lone king is in the middle. Bring your king to face it, take squares with the "
           "bishop and knight, push it to the edge and then into the right corner.",
           "in the middle of the board", 16, 24, 2, 10, _on_kbnk(_in_the_middle)),
    Lesson(4, "KBNK", "The whole mate",
           "Random positions among the longest mates: every stage of the method in one game.",
           "anywhere", 26, 33, 2, 12, lambda p: True),
)


def lesson(number: int) -> Lesson:
    return find_lesson(LESSONS, number)


def lesson_position(tables: Tables, number: int, rng: random.Random | None = None) -> KbnkPosition:
    """A random position for lesson ``number``, White to move (see ``mates.lesson.draw_position``)."""
    return KbnkPosition.of(draw_position(tables, lesson(number), rng))
