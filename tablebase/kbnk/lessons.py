"""The lessons of the KBN method (/kbn/learn), and positions for each drawn from the table by the
lesson's criteria: a range of mate lengths and where the lone king stands. White to move."""

from __future__ import annotations

import random
from dataclasses import asdict, dataclass
from typing import Callable

from .coach import CORNERS, chebyshev, edge_distance, mating_corners
from .position import KbnkPosition
from .sampling import PositionRangeError, random_position
from ..tables.values import Tables

MAX_DRAWS = 5000  # rejection sampling: the rarest lesson accepts about one position in ten


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


@dataclass(frozen=True)
class Lesson:
    number: int
    title: str
    summary: str  # what the learner practises, in a sentence or two
    king: str  # where the lone king stands, in words
    min_moves: int  # the mate lengths drawn, in moves
    max_moves: int
    round_size: int  # positions mated within the allowance to earn a star
    slack: int  # moves allowed over the fastest mate before the first star (shrinks with stars)
    accepts: Callable[[KbnkPosition], bool]

    def as_dict(self) -> dict:
        found = asdict(self)
        del found["accepts"]
        found["slack_by_stars"] = [allowed_moves(0, self.slack, stars) for stars in range(4)]
        return found


LESSONS = (
    Lesson(1, "The mating net",
           "Mates in one to three with the lone king caught by a corner of the bishop's colour: "
           "find the checks and quiet moves that take its last squares.",
           "by a corner of the bishop's colour", 1, 3, 3, 2, _by_right_corner),
    Lesson(2, "The W-manoeuvre",
           "The lone king sits in the wrong corner. Walk it along the edge to the right one: the "
           "knight hops in a W while your king and bishop keep the king on the edge.",
           "in or next to a corner of the other colour, your king facing it", 19, 23, 2, 8,
           _held_in_wrong_corner),
    Lesson(3, "Drive the king to the edge",
           "The lone king is in the middle. Bring your king to face it, take squares with the "
           "bishop and knight, push it to the edge and then into the right corner.",
           "in the middle of the board", 16, 24, 2, 10, _in_the_middle),
    Lesson(4, "The whole mate",
           "Random positions among the longest mates: every stage of the method in one game.",
           "anywhere", 26, 33, 2, 12, lambda p: True),
)


def lesson(number: int) -> Lesson:
    for found in LESSONS:
        if found.number == number:
            return found
    raise PositionRangeError(f"no lesson {number!r}: lessons are 1 to {len(LESSONS)}")


def allowed_moves(optimal: int, slack: int, stars: int) -> int:
    """Moves allowed for a position of ``optimal`` moves: the slack shrinks by a third with each
    star, to none at three stars."""
    stars = max(0, min(3, stars))
    return optimal + -(-slack * (3 - stars) // 3)


def lesson_position(tables: Tables, number: int, rng: random.Random | None = None) -> KbnkPosition:
    """A random position for lesson ``number``, White to move: a mate length in the lesson's
    range (uniform over the table's positions) with the lone king where it asks."""
    chosen = lesson(number)
    rng = rng if rng is not None else random.Random()
    for _ in range(MAX_DRAWS):
        position = random_position(tables, chosen.min_moves, chosen.max_moves, rng=rng)
        if chosen.accepts(position):
            return position
    raise PositionRangeError(f"no position found for lesson {number!r} in {MAX_DRAWS} draws")
