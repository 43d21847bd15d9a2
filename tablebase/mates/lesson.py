"""A lesson of the learning pages (/kbn/learn's KBN method, /mates/learn's path): its ending, the
mate lengths of its positions and where the lone king stands, how a learner earns its stars; and
a position drawn for it from its ending's table, White to move."""

from __future__ import annotations

import random
from dataclasses import asdict, dataclass
from typing import Callable

from ..tables import TableId, TablePosition
from ..tables.values import Tables
from .sampling import PositionRangeError, random_position

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
