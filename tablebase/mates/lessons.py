"""The lessons of the learning pages: the KBN method's four (/kbn/learn, ``KBN_LESSONS``) and the
path of /mates/learn (``PATH``: the queen, the rook, the two bishops, then the KBN method's lessons).
A lesson names its ending, the mate lengths of its positions and where the lone king stands, and
how a learner earns its stars; its positions are drawn from its ending's table by those criteria,
White to move."""

from __future__ import annotations

import random
from dataclasses import asdict, dataclass, replace
from typing import Callable

from ..tables import TableId, TablePosition
from ..tables.values import Tables
from .coach.geometry import CORNERS, chebyshev, edge_distance, mating_corners
from .random_positions import PositionRangeError, random_position

MAX_DRAWS = 5000  # rejection sampling: the rarest lesson accepts about one position in ten


@dataclass(frozen=True)
class Lesson:
    number: int  # its place in its list, from 1
    ending: str  # the material, "KRK"
    title: str
    summary: str  # what the learner practises, in a sentence or two
    king: str  # where the lone king stands, in words
    min_moves: int  # the mate lengths drawn, in moves
    max_moves: int
    round_size: int  # positions mated within the allowance to earn a star
    slack: int  # moves allowed over the fastest mate before the first star (shrinks with stars)
    accepts: Callable[[TablePosition], bool]  # where the lone king stands, as a test

    def as_dict(self) -> dict:
        found = asdict(self)
        del found["accepts"]
        found["slack_by_stars"] = [allowed_moves(0, self.slack, stars) for stars in range(4)]
        return found


def allowed_moves(optimal: int, slack: int, stars: int) -> int:
    """Moves allowed for a position of ``optimal`` moves: the slack shrinks by a third with each
    star, to none at three stars."""
    stars = max(0, min(3, stars))
    return optimal + -(-slack * (3 - stars) // 3)


def find_lesson(lessons: tuple[Lesson, ...], number: int) -> Lesson:
    for found in lessons:
        if found.number == number:
            return found
    raise PositionRangeError(f"no lesson {number!r}: lessons are 1 to {len(lessons)}")


def draw_position(tables: Tables, lesson: Lesson, rng: random.Random | None = None) -> TablePosition:
    """A random position for ``lesson``, White to move: a mate length in the lesson's range
    (uniform over its table's positions) with the lone king where it asks."""
    rng = rng if rng is not None else random.Random()
    table = TableId.chess(lesson.ending)
    for _ in range(MAX_DRAWS):
        position = random_position(tables, table, lesson.min_moves, lesson.max_moves, rng=rng)
        if lesson.accepts(position):
            return position
    raise PositionRangeError(f"no position found for lesson {lesson.number!r} in {MAX_DRAWS} draws")


# ---- where the lone king stands ---------------------------------------------------------------


def _anywhere(p: TablePosition) -> bool:
    return True


def _on_edge(p: TablePosition) -> bool:
    return edge_distance(p.lone) == 0


def _by_a_corner(p: TablePosition) -> bool:
    return min(chebyshev(p.lone, c) for c in CORNERS) <= 1


def _by_right_corner(p: TablePosition) -> bool:
    """The lone king within two king steps of a corner of the bishop's colour."""
    return min(chebyshev(p.lone, c) for c in mating_corners(dict(p.men)["B"])) <= 2


def _held_in_wrong_corner(p: TablePosition) -> bool:
    """The lone king on or next to a corner of the other colour, the strong king facing it."""
    wrong = [c for c in CORNERS if c not in mating_corners(dict(p.men)["B"])]
    return min(chebyshev(p.lone, c) for c in wrong) <= 1 and chebyshev(p.king, p.lone) == 2


def _in_the_middle(p: TablePosition) -> bool:
    """The lone king off the two outer rings of the board."""
    return edge_distance(p.lone) >= 2


# ---- the KBN method (/kbn/learn) ----------------------------------------------------------------

KBN_LESSONS = (
    Lesson(1, "KBNK", "The mating net",
           "Mates in one to three with the lone king caught by a corner of the bishop's colour: "
           "find the checks and quiet moves that take its last squares.",
           "by a corner of the bishop's colour", 1, 3, 3, 2, _by_right_corner),
    Lesson(2, "KBNK", "The W-manoeuvre",
           "The lone king sits in the wrong corner. Walk it along the edge to the right one: the "
           "knight hops in a W while your king and bishop keep the king on the edge.",
           "in or next to a corner of the other colour, your king facing it", 19, 23, 2, 8,
           _held_in_wrong_corner),
    Lesson(3, "KBNK", "Drive the king to the edge",
           "The lone king is in the middle. Bring your king to face it, take squares with the "
           "bishop and knight, push it to the edge and then into the right corner.",
           "in the middle of the board", 16, 24, 2, 10, _in_the_middle),
    Lesson(4, "KBNK", "The whole mate",
           "Random positions among the longest mates: every stage of the method in one game.",
           "anywhere", 26, 33, 2, 12, _anywhere),
)


def kbn_lesson(number: int) -> Lesson:
    return find_lesson(KBN_LESSONS, number)


def kbn_lesson_position(tables: Tables, number: int, rng: random.Random | None = None) -> TablePosition:
    """A random position for lesson ``number`` of the KBN method (see ``draw_position``)."""
    return draw_position(tables, kbn_lesson(number), rng)


# ---- the path of /mates/learn -------------------------------------------------------------------


def _kbn_part(first: int) -> tuple[Lesson, ...]:
    """KBNK's lessons on the path, numbered from ``first``."""
    return tuple(replace(lesson, number=first + i, title=f"Bishop and knight: {lesson.title[0].lower()}{lesson.title[1:]}")
                 for i, lesson in enumerate(KBN_LESSONS))


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
    """A random position for lesson ``number`` of the path (see ``draw_position``)."""
    return draw_position(tables, path_lesson(number), rng)
