"""The lessons of the learning pages: the KBN method's four (/kbn/learn, ``KBN_LESSONS``) and the
path of /mates/learn (``PATH``: the queen, the rook, the two bishops, then the KBN method's lessons).
A lesson names its ending, the mate lengths of its positions and where the lone king stands, and
how a learner earns its stars; its positions are drawn from its ending's table by those criteria,
White to move. The lessons are one table, lessons.toml beside this module, every lesson once."""

from __future__ import annotations

import random
import tomllib
from dataclasses import asdict, dataclass, replace
from importlib.resources import files
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


# By the names lessons.toml gives them.
STANDS = {"anywhere": _anywhere, "on_edge": _on_edge, "by_a_corner": _by_a_corner,
          "by_right_corner": _by_right_corner, "held_in_wrong_corner": _held_in_wrong_corner,
          "in_the_middle": _in_the_middle}


# ---- the table: the path of /mates/learn, and the KBN method's part of it (/kbn/learn) -----------


def _read_table() -> tuple[Lesson, ...]:
    """lessons.toml's lessons in its order, numbered from 1, where the lone king stands read as its test."""
    rows = tomllib.loads(files(__package__).joinpath("lessons.toml").read_text(encoding="utf-8"))["lesson"]
    return tuple(Lesson(number, accepts=STANDS[row.pop("stands")], **row) for number, row in enumerate(rows, 1))


def _bishop_and_knight(lesson: Lesson) -> Lesson:
    """A KBN lesson's title on the path."""
    return replace(lesson, title=f"Bishop and knight: {lesson.title[0].lower()}{lesson.title[1:]}")


_TABLE = _read_table()
PATH = tuple(_bishop_and_knight(lesson) if lesson.ending == "KBNK" else lesson for lesson in _TABLE)
KBN_LESSONS = tuple(replace(lesson, number=number)
                    for number, lesson in enumerate((lesson for lesson in _TABLE if lesson.ending == "KBNK"), 1))


def kbn_lesson(number: int) -> Lesson:
    return find_lesson(KBN_LESSONS, number)


def kbn_lesson_position(tables: Tables, number: int, rng: random.Random | None = None) -> TablePosition:
    """A random position for lesson ``number`` of the KBN method (see ``draw_position``)."""
    return draw_position(tables, kbn_lesson(number), rng)


def path_lesson(number: int) -> Lesson:
    return find_lesson(PATH, number)


def path_position(tables: Tables, number: int, rng: random.Random | None = None) -> TablePosition:
    """A random position for lesson ``number`` of the path (see ``draw_position``)."""
    return draw_position(tables, path_lesson(number), rng)
