"""The lessons of the learning pages: the KBN method's (/kbn/learn, ``KBN_LESSONS``) and the path of
/mates/learn (``PATH``: the queen, the rook, the two bishops, then the KBN method's lessons). A
lesson names its ending, the mate lengths of its positions and where the lone king stands (or the
set positions whose best lines it walks), how a learner earns its stars, and its idea (shown
before the drills: lesson_ideas.py); its positions are drawn from its ending's table by those
criteria, White to move. The lessons are one table, lessons.toml beside this module, every lesson once."""

from __future__ import annotations

import random
import tomllib
from dataclasses import asdict, dataclass, replace
from importlib.resources import files
from typing import Callable

from ..core.geometry import is_light
from ..core.message import N_, msg
from ..errors import ChessInputError, quoted
from ..tables import TableId, TablePosition
from ..tables.values import Tables
from .position import parse_position
from .probing import answer, play
from .random_positions import PositionRangeError, random_position

MAX_DRAWS = 5000  # rejection sampling: the rarest lesson accepts about one position in ten
CORNERS = (0, 7, 56, 63)  # a1, h1, a8, h8


def chebyshev(a: int, b: int) -> int:
    """King steps between two squares of the 8x8 board."""
    return max(abs(a % 8 - b % 8), abs(a // 8 - b // 8))


def edge_distance(square: int) -> int:
    """0 on the edge of the board, 1 on the next ring, ..., 3 in the centre."""
    return min(square % 8, 7 - square % 8, square // 8, 7 - square // 8)


def mating_corners(bishop: int) -> tuple[int, ...]:
    """The two corners of the bishop's square colour."""
    return tuple(c for c in CORNERS if is_light(c) == is_light(bishop))


@dataclass(frozen=True)
class Lesson:
    number: int  # its place in its list, from 1
    id: str  # its lasting name: the learner's progress is kept under it
    ending: str  # the material, "KRK"
    title: str
    summary: str  # what the learner practises, in a sentence or two
    king: str  # where the lone king stands, in words
    min_moves: int  # the mate lengths drawn, in moves
    max_moves: int
    round_size: int  # positions mated within the allowance to earn a star
    slack: int  # moves allowed over the fastest mate before the first star (shrinks with stars)
    accepts: Callable[[TablePosition], bool]  # where the lone king stands, as a test
    idea: str  # the idea in words, shown with a line of best play before the drills
    shows: str  # what the idea marks on the board (lesson_ideas.SHOWS)
    idea_moves: tuple[int, int]  # the mate length of the idea's first position
    line_from: tuple[str, ...] = ()  # set positions: the lesson's are on their best lines
    formerly: tuple[tuple[str, int], ...] = ()  # (page, number) before lessons had ids

    def as_dict(self) -> dict:
        found = asdict(self)
        for private in ("accepts", "line_from", "idea_moves"):
            del found[private]
        found["formerly"] = dict(self.formerly)
        found["slack_by_stars"] = [allowed_moves(0, self.slack, stars) for stars in range(4)]
        return found


class LessonPositionError(ChessInputError):
    """A position asked for a lesson that is not one of its ending's won positions, White to move."""

    code = "bad_lesson_position"


def allowed_moves(optimal: int, slack: int, stars: int) -> int:
    """Moves allowed for a position of ``optimal`` moves: the slack shrinks by a third with each
    star, to none at three stars."""
    stars = max(0, min(3, stars))
    return optimal + -(-slack * (3 - stars) // 3)


def find_lesson(lessons: tuple[Lesson, ...], number: int) -> Lesson:
    for found in lessons:
        if found.number == number:
            return found
    raise PositionRangeError(msg(N_("no lesson %(given)s: lessons are 1 to %(last)s"), given=repr(number),
                                 last=len(lessons)))


def draw_position(tables: Tables, lesson: Lesson, rng: random.Random | None = None,
                  moves: tuple[int, int] | None = None, turned: bool = True) -> TablePosition:
    """A random position for ``lesson``, White to move: a mate length in the lesson's range (or
    ``moves``), uniform over its table's positions with the lone king where it asks, or over the
    positions of its set lines turned by a random symmetry of the board (not ``turned``: the
    first of them, as set)."""
    rng = rng if rng is not None else random.Random()
    low, high = moves or (lesson.min_moves, lesson.max_moves)
    if lesson.line_from:
        found = [p for p, mate_in in set_positions(tables, lesson) if low <= mate_in <= high]
        if not found:
            raise PositionRangeError(msg(N_("no set position of lesson %(number)s mates in %(low)s to %(high)s moves"),
                                         number=repr(lesson.number), low=low, high=high))
        return symmetric(found[rng.randrange(len(found))], rng.randrange(8)) if turned else found[0]
    table = TableId.chess(lesson.ending)
    for _ in range(MAX_DRAWS):
        position = random_position(tables, table, low, high, rng=rng)
        if lesson.accepts(position):
            return position
    raise PositionRangeError(msg(N_("no position found for lesson %(number)s in %(draws)s draws"),
                                 number=repr(lesson.number), draws=MAX_DRAWS))


def set_positions(tables: Tables, lesson: Lesson) -> list[tuple[TablePosition, int]]:
    """Every White-to-move position (and its mate length in moves) of the table's best lines from the
    lesson's set positions, each once, in the lines' order."""
    found: dict[TablePosition, int] = {}
    for fen in lesson.line_from:
        for position, mate_in in _best_line(tables, fen):
            found.setdefault(position, mate_in)
    return list(found.items())


_LINES: dict[str, tuple[tuple[TablePosition, int], ...]] = {}  # the tables' values never change


def _best_line(tables: Tables, fen: str) -> tuple[tuple[TablePosition, int], ...]:
    """(position, mate in moves) at each White move of the best line from ``fen`` (``mainline``'s)."""
    if fen not in _LINES:
        position, line = parse_position(fen).position, []
        while True:
            found, values, names = answer(tables, position)
            if found.verdict.category == "draw" or not found.moves:
                break
            if position.strong_to_move:
                line.append((position, (found.verdict.dtm + 1) // 2))
            best = found.moves[0].name("uci")
            position = play(position, values[names.index(best)])
        _LINES[fen] = tuple(line)
    return _LINES[fen]


def symmetric(position: TablePosition, symmetry: int) -> TablePosition:
    """The position turned or mirrored by one of the board's eight symmetries (0 leaves it)."""
    image = position.board.image[symmetry]
    return replace(position, king=int(image[position.king]), lone=int(image[position.lone]),
                   men=tuple((kind, int(image[s])) for kind, s in position.men))


def lesson_position_at(tables: Tables, lesson: Lesson, fen: str) -> TablePosition:
    """The position of ``fen`` as a position of ``lesson`` (a shared link, a review): of the
    lesson's ending, the side with the men White and to move, and won; LessonPositionError if not."""
    position = parse_position(fen).position
    why = (msg(N_("not %(ending)s"), ending=lesson.ending) if position.material.name != lesson.ending
           else msg(N_("the side with the men must be White")) if position.flip
           else msg(N_("the side with the men must be to move")) if not position.strong_to_move
           else msg(N_("not a win")) if answer(tables, position)[0].verdict.category != "win" else None)
    if why:
        raise LessonPositionError(msg(N_("not a position of lesson %(number)s (%(ending)s, White to move, a win): "
                                         "%(why)s: %(given)s"), number=lesson.number, ending=lesson.ending, why=why,
                                      given=quoted(fen)))
    return position


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


def _in_the_middle(p: TablePosition) -> bool:
    """The lone king off the two outer rings of the board."""
    return edge_distance(p.lone) >= 2


# By the names lessons.toml gives them.
STANDS = {"anywhere": _anywhere, "on_edge": _on_edge, "by_a_corner": _by_a_corner,
          "by_right_corner": _by_right_corner, "in_the_middle": _in_the_middle}


# ---- the table: the path of /mates/learn, and the KBN method's part of it (/kbn/learn) -----------


def _read_table() -> tuple[Lesson, ...]:
    """lessons.toml's lessons in its order, numbered from 1, where the lone king stands read as its test."""
    rows = tomllib.loads(files(__package__).joinpath("lessons.toml").read_text(encoding="utf-8"))["lesson"]
    return tuple(Lesson(number, accepts=STANDS[row.pop("stands")],
                        idea_moves=tuple(row.pop("idea_moves", (row["min_moves"], row["max_moves"]))),
                        line_from=tuple(row.pop("line_from", ())), formerly=tuple(row.pop("formerly", {}).items()),
                        **row) for number, row in enumerate(rows, 1))


def _bishop_and_knight(lesson: Lesson) -> Lesson:
    """A KBN lesson's title on the path."""
    return replace(lesson, title=f"Bishop and knight: {lesson.title[0].lower()}{lesson.title[1:]}")


_TABLE = _read_table()
PATH = tuple(_bishop_and_knight(lesson) if lesson.ending == "KBNK" else lesson for lesson in _TABLE)
# The learning path's endings, in its order (KQK, KRK, KBBK, KBNK): the 2D tables a server builds
# before serving (webapp/tables.py ``AT_START``).
PATH_ENDINGS = tuple(dict.fromkeys(lesson.ending for lesson in PATH))
KBN_LESSONS = tuple(replace(lesson, number=number)
                    for number, lesson in enumerate((lesson for lesson in _TABLE if lesson.ending == "KBNK"), 1))


def kbn_lesson(number: int) -> Lesson:
    return find_lesson(KBN_LESSONS, number)


def kbn_lesson_position(tables: Tables, number: int, rng: random.Random | None = None) -> TablePosition:
    """A random position for lesson ``number`` of the KBN method (see ``draw_position``)."""
    return draw_position(tables, kbn_lesson(number), rng)


def path_lesson(number: int) -> Lesson:
    return find_lesson(PATH, number)
