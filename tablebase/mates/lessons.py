"""The learning path of /mates/learn: lessons of the queen, the rook, the two bishops and the bishop
and knight, in that order, each drawing its positions from its ending's table by the lesson's
criteria (a range of mate lengths and where the lone king stands), White to move. KBNK's part is
the KBN method's four lessons (``kbnk.lessons``, also served alone at /kbn/learn)."""

from __future__ import annotations

import random
from dataclasses import asdict, dataclass
from typing import Callable

from ..kbnk import lessons as kbn
from ..kbnk.position import KbnkPosition
from ..tables import TableId, TablePosition
from ..tables.values import Tables
from .coach import CORNERS, chebyshev, edge_distance
from .sampling import PositionRangeError, random_position

MAX_DRAWS = 5000  # rejection sampling: the rarest lesson accepts about one position in ten


def _on_edge(p: TablePosition) -> bool:
    return edge_distance(p.lone) == 0


def _by_a_corner(p: TablePosition) -> bool:
    return min(chebyshev(p.lone, c) for c in CORNERS) <= 1


def _anywhere(p: TablePosition) -> bool:
    return True


@dataclass(frozen=True)
class PathLesson:
    number: int  # its place on the path, from 1
    ending: str  # the material, "KRK"
    title: str
    summary: str
    king: str  # where the lone king stands, in words
    min_moves: int
    max_moves: int
    round_size: int  # positions mated within the allowance to earn a star
    slack: int  # moves allowed over the fastest mate before the first star (shrinks with stars)
    accepts: Callable[[TablePosition], bool]

    def as_dict(self) -> dict:
        found = asdict(self)
        del found["accepts"]
        found["slack_by_stars"] = [kbn.allowed_moves(0, self.slack, stars) for stars in range(4)]
        return found


def _kbn_part(first: int) -> tuple[PathLesson, ...]:
    """KBNK's lessons on the path, numbered from ``first``, with their own criteria."""
    return tuple(
        PathLesson(first + i, "KBNK", f"Bishop and knight: {lesson.title[0].lower()}{lesson.title[1:]}", lesson.summary,
                   lesson.king, lesson.min_moves, lesson.max_moves, lesson.round_size, lesson.slack,
                   lambda p, accepts=lesson.accepts: accepts(KbnkPosition.of(p)))
        for i, lesson in enumerate(kbn.LESSONS))


PATH = (
    PathLesson(1, "KQK", "Queen: the mate on the edge",
               "The lone king is on the edge: mate it with the queen, your king guarding the queen or "
               "taking the squares in front, without stalemate.",
               "on the edge of the board", 1, 2, 3, 1, _on_edge),
    PathLesson(2, "KQK", "Queen: the whole mate",
               "Shrink the box with the queen a knight's move from the king, bring your king, mate on the edge.",
               "anywhere", 7, 10, 2, 4, _anywhere),
    PathLesson(3, "KRK", "Rook: the mate on the edge",
               "The rook cuts the king off on the edge: face it with your king, use the waiting move, "
               "and check along the edge.",
               "on the edge of the board", 1, 3, 3, 2, _on_edge),
    PathLesson(4, "KRK", "Rook: the whole mate",
               "Cut the board with the rook, bring your king, and shrink the box line by line.",
               "anywhere", 12, 16, 2, 6, _anywhere),
    PathLesson(5, "KBBK", "Two bishops: mate in the corner",
               "The lone king is by a corner: the bishops take its last squares in turn, your king close.",
               "on or next to a corner", 1, 4, 3, 2, _by_a_corner),
    PathLesson(6, "KBBK", "Two bishops: the whole mate",
               "Bishops side by side make a wall of two diagonals; drive the king to the edge, then into a corner.",
               "anywhere", 14, 19, 2, 8, _anywhere),
    *_kbn_part(7),
)


def path_lesson(number: int) -> PathLesson:
    for found in PATH:
        if found.number == number:
            return found
    raise PositionRangeError(f"no lesson {number!r}: lessons are 1 to {len(PATH)}")


def path_position(tables: Tables, number: int, rng: random.Random | None = None) -> TablePosition:
    """A random position for lesson ``number`` of the path, White to move: a mate length in the
    lesson's range (uniform over its table's positions) with the lone king where it asks."""
    chosen = path_lesson(number)
    rng = rng if rng is not None else random.Random()
    table = TableId.chess(chosen.ending)
    for _ in range(MAX_DRAWS):
        position = random_position(tables, table, chosen.min_moves, chosen.max_moves, rng=rng)
        if chosen.accepts(position):
            return position
    raise PositionRangeError(f"no position found for lesson {number!r} in {MAX_DRAWS} draws")
