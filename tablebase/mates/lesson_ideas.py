"""A lesson's idea, shown on the board before its drills: a short line of best play (the table's:
the side with the men mates fastest, the lone king resists longest, ties broken by UCI) from a
position the lesson's criteria choose (the same for every learner: drawn with the lesson's own
seed, untouched by the board's symmetries), and on each position of the line the squares and
arrows that show the idea, with a caption of facts read from that position:

- ``net``: the squares around the lone king, each ``free`` (it may step there: empty and
  unattacked, or a man nothing guards, which it takes; the board rings a free square holding a man)
  or ``taken``; the caption counts the free ones, from the same marks (``net``).
- ``box``: the lone king's box (``box``): the squares it could reach by king steps if the men
  stood still, entering no square they hold or attack; the caption says its size and how it
  changed with the last move of the men.
- ``w``: the knight's route, its next hops along the line (blue arrows), and the corner the king is
  driven to; the caption says how far the lone king is from it and whether it is on the edge.

KBNK's ideas also outline the mating corners (``corner``: the corners of the bishop's colour).
Every position's next move is an arrow: green for the side with the men, red for the lone king.
Squares are named on the real board; lessons are White to move, so the tables' frame is the
board itself."""

from __future__ import annotations

import random

from ..core.geometry import parse_square, square_name
from ..core.message import Message, MoveName, N_, Nn_, counted, msg
from ..tables import TablePosition
from ..tables.values import Tables
from .board_facts import position_facts
from .coach.geometry import attacks, king_moves, king_region
from .lessons import CORNERS, Lesson, chebyshev, draw_position, edge_distance, mating_corners
from .position import chess_position
from .probing import answer, play

SHOWS = ("net", "box", "w")
ROUTE = 6  # the knight's next hops drawn at most
MAX_PLIES = 80  # a line past this is cut (the longest idea, KBNK's whole mate, is about 52 plies)


def lesson_idea(tables: Tables, lesson: Lesson) -> dict:
    """``{"lesson", "id", "idea", "shows", "mate_in", "frames"}``: the line's positions in order,
    each ``{"fen", "turn", "pieces", "mate_in", "move", "next", "marks", "arrows", "caption"}``
    (``move``: the move that led there, ``next``: the one played from it, each ``{"uci", "san",
    "from", "to", "by"}`` or None; ``mate_in``: the side with the men's moves to mate)."""
    start = draw_position(tables, lesson, random.Random(f"idea:{lesson.id}"), lesson.idea_moves, turned=False)
    frames = _frames(tables, lesson, _line(tables, start))
    return {"lesson": lesson.number, "id": lesson.id, "idea": lesson.idea, "shows": lesson.shows,
            "mate_in": frames[0]["mate_in"], "frames": frames}


def _line(tables: Tables, position: TablePosition) -> list[tuple[TablePosition, int, dict | None]]:
    """(position, the men's moves to mate, the best move from it or None at the end) along the line."""
    line = []
    while len(line) < MAX_PLIES:
        found, values, names = answer(tables, position)
        mate_in = found.verdict.mate_in or 0
        if found.verdict.category == "draw" or not found.moves:
            line.append((position, mate_in, None))
            break
        best = found.moves[0]
        uci = best.name("uci")
        line.append((position, mate_in, {"uci": uci, "san": best.name("san"), "from": uci[:2], "to": uci[2:4],
                                         "by": "men" if position.strong_to_move else "king"}))
        position = play(position, values[names.index(uci)])
    return line


def _frames(tables: Tables, lesson: Lesson, line: list) -> list[dict]:
    frames = []
    corner = _driven_to(line[-1][0]) if lesson.ending == "KBNK" else None
    before_box = None
    for index, (position, mate_in, move) in enumerate(line):
        board = chess_position(position, index, 1 + index // 2).board  # no capture in a line of best play: the clock runs
        fen = board.fen()
        previous = line[index - 1][2] if index else None
        marks: dict[str, list[str]] = {}
        if lesson.shows == "net":
            fact = _net_words(position, _net(position, marks), mate_in)
        elif lesson.shows == "box":
            box = frozenset(king_region(position))
            for square in box:
                marks.setdefault(square_name(square), []).append("box")
            fact = _box_words(len(box), before_box, position, mate_in)
            before_box = len(box)  # what the next move is measured from
        else:
            fact = _w_words(position, corner, mate_in)
        if lesson.ending == "KBNK":
            for square in mating_corners(dict(position.men)["B"]) if any(k == "B" for k, _ in position.men) else ():
                marks.setdefault(square_name(square), []).append("corner")
        arrows = []
        if lesson.shows == "w":
            arrows = [{"from": m["from"], "to": m["to"], "brush": "blue"} for p, _, m in line[index:]
                      if m and m["by"] == "men" and dict(p.men).get("N") == parse_square(m["from"])][:ROUTE]
        if move:
            arrows.append({"from": move["from"], "to": move["to"], "brush": "green" if move["by"] == "men" else "red"})
        facts = position_facts(board)
        check = attacks(position)[position.lone] and not position.strong_to_move
        frames.append({"fen": fen, "turn": facts["turn"], "pieces": facts["pieces"], "mate_in": mate_in,
                       "move": previous, "next": move, "marks": marks, "arrows": arrows,
                       "check": square_name(position.lone) if check else None,
                       **_caption(fact, index - 1, previous["san"] if previous else None)})
    return frames


def _caption(fact: Message, ply: int, san: str | None) -> dict:
    """The frame's caption: the fact, after the move that led there (its number and the move, whose
    piece letters a page writes in its language); in English and as words."""
    said = msg(N_("%(number)s %(move)s: %(fact)s"), number=_move_number(ply), move=MoveName(san), fact=fact) if san \
        else Message(fact.id, fact.params, fact.plural, fact.n, capital=True)
    return {"caption": said.text(), "caption_words": said.as_json()}


def _move_number(ply: int) -> str:
    """"1." before the men's move of the line's ply, "1…" before the king's (White starts)."""
    return f"{ply // 2 + 1}." if ply % 2 == 0 else f"{ply // 2 + 1}…"


def net(position: TablePosition) -> tuple[dict[str, str], int]:
    """The net around the lone king: each square a king step from it marked ``free`` (it may go
    there: ``geometry.king_moves``, a man nothing guards taken included) or ``taken``, and how many
    are free, counted from the same marks the board shows."""
    marks = {square_name(position.real(target)): "free" if free else "taken"
             for target, free in king_moves(position).items()}
    return marks, sum(mark == "free" for mark in marks.values())


def _net(position: TablePosition, marks: dict[str, list[str]]) -> int:
    """Adds the net's marks to the frame's; returns how many squares are free."""
    found, free = net(position)
    for square, mark in found.items():
        marks.setdefault(square, []).append(mark)
    return free


def _net_words(position: TablePosition, free: int, mate_in: int) -> Message:
    check = bool(attacks(position)[position.lone])
    if free == 0 and check and not position.strong_to_move:
        return msg(N_("checkmate: the king is in check and every square around it is taken"))
    squares = msg(N_("no free square")) if free == 0 else counted(*Nn_("%(num)s free square", "%(num)s free squares"), free)
    if check and not position.strong_to_move:
        return msg(N_("the king has %(squares)s, in check; mate in %(mate)s"), squares=squares, mate=mate_in)
    return msg(N_("the king has %(squares)s; mate in %(mate)s"), squares=squares, mate=mate_in)


def _box_words(size: int, before: int | None, position: TablePosition, mate_in: int) -> Message:
    squares = counted(*Nn_("%(num)s square", "%(num)s squares"), size)
    if not mate_in:
        return msg(N_("checkmate"))
    if position.strong_to_move or before is None:
        return msg(N_("the king's box: %(squares)s; mate in %(mate)s"), squares=squares, mate=mate_in)
    if size < before:
        return msg(N_("the box shrinks from %(was)s to %(squares)s; mate in %(mate)s"), was=before, squares=squares,
                   mate=mate_in)
    if size > before:
        return msg(N_("the box grows from %(was)s to %(squares)s; mate in %(mate)s"), was=before, squares=squares,
                   mate=mate_in)
    return msg(N_("the box stays %(squares)s; mate in %(mate)s"), squares=squares, mate=mate_in)


def _driven_to(end: TablePosition) -> int:
    """The mating corner nearest the lone king where the line ends (it is mated there)."""
    corners = mating_corners(dict(end.men)["B"]) if any(k == "B" for k, _ in end.men) else CORNERS
    return min(corners, key=lambda c: chebyshev(end.lone, c))


def _w_words(position: TablePosition, corner: int | None, mate_in: int) -> Message:
    if not mate_in:
        return msg(N_("checkmate in the corner %(corner)s"), corner=square_name(corner)) if corner is not None \
            else msg(N_("checkmate"))
    on_edge = edge_distance(position.lone) == 0
    if corner is None:
        return msg(N_("the king is on the edge; mate in %(mate)s") if on_edge
                   else N_("the king is off the edge; mate in %(mate)s"), mate=mate_in)
    steps = counted(*Nn_("%(num)s king step", "%(num)s king steps"), chebyshev(position.lone, corner))
    return msg(N_("the king is on the edge, %(steps)s from %(corner)s; mate in %(mate)s") if on_edge
               else N_("the king is off the edge, %(steps)s from %(corner)s; mate in %(mate)s"),
               steps=steps, corner=square_name(corner), mate=mate_in)
