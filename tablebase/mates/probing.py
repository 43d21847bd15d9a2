"""Probing any position of the 2D tables the way the lichess tablebase API answers, through the
table service's one evaluator and answer type; the moves are named here, on the real board (UCI,
SAN). The fifty-move rule is reported beside lichess's fields, from the FEN's halfmove clock:

- ``halfmove_clock``: the position's count of plies since the last capture (no pawns here);
- ``fifty_move_draw``: the count has reached 100 and the side to move is not checkmated: the game
  is drawn by the fifty-move rule (lichess ends it so);
- ``fifty_move_plies_left``: plies before that draw (0 once reached);
- ``fifty_move_count``: the strong side's moves counted so far (its moves since the last capture:
  half the clock, rounded up when the lone king is to move), and ``fifty_move_moves_left``: the
  strong side's moves before the draw;
- ``fifty_move_draws_first``: the table's mate takes more plies than are left (the rule draws
  first, whatever is played);
- per move, ``halfmove_clock`` after it (0 after a capture) and ``fifty_move_draw``: the move
  reaches the draw (the count reaches 100 and the move does not mate)."""

from __future__ import annotations

from operator import attrgetter

from ..core.rules import PIECES, uci
from ..core.san import SanWriter
from ..tables import LONE, MoveAnswer, MoveValue, MoveValues, ProbeAnswer, TablePosition, analyse
from ..tables.answer import FIFTY_MOVES, fifty_move_draw
from ..tables.values import Tables
from .position import drawn_by_law, parse_position

MAX_LINE_PLIES = 200
_CHECKMATE = attrgetter("checkmate")


def _cells(position: TablePosition) -> list:
    """The real board's cells: the frame's own (made once per position) unless it is flipped."""
    if not position.flip:
        return position.cells
    strong = str.lower if position.flip else str  # the side with the men is Black on a flipped board
    cells = [None] * 64
    cells[position.real(position.king)] = PIECES[strong("K")]
    cells[position.real(position.lone)] = PIECES["K" if position.flip else "k"]
    for kind, square in position.men:
        cells[position.real(square)] = PIECES[strong(kind)]
    return cells


def answer(tables: Tables, position: TablePosition) -> tuple[ProbeAnswer, MoveValues, list[str]]:
    """The probe's answer, each move's value before naming, and each value's UCI name (in the
    values' order). The moves are named in one pass: no object per move before its answer."""
    verdict, check, values = analyse(tables, position, drawn_by_law(position))
    starts, ends = position.real_all(values.starts), position.real_all(values.ends)
    checks, verdicts = values.checks, values.verdicts
    sans = SanWriter(_cells(position), legal_moves=list(zip(starts, ends))).piece_sans(
        starts, ends, checks, list(map(_CHECKMATE, verdicts)))
    names = list(map(uci, starts, ends))
    moves = MoveAnswer.columns(("uci", "san"), (names, sans), verdicts, checks, values.captures, names)
    return ProbeAnswer.of(verdict, check, moves), values, names


def play(position: TablePosition, move: MoveValue) -> TablePosition:
    return position.play_lone(move.end) if move.man == LONE else position.play_strong(move.man, move.end)


def with_clock(found: ProbeAnswer, halfmove: int, strong_to_move: bool) -> dict:
    """The answer's JSON with the fifty-move rule's fields (see the module's docstring)."""
    body = found.to_json(halfmove=halfmove)
    left = max(0, FIFTY_MOVES - halfmove)
    body["halfmove_clock"] = halfmove
    body["fifty_move_draw"] = fifty_move_draw(halfmove, found.verdict.checkmate)
    body["fifty_move_plies_left"] = left
    body["fifty_move_count"] = halfmove // 2 if strong_to_move else (halfmove + 1) // 2
    body["fifty_move_moves_left"] = (left + 1) // 2 if strong_to_move else left // 2
    dtm = found.verdict.dtm
    body["fifty_move_draws_first"] = dtm is not None and abs(dtm) > left
    return body


def probe(tables: Tables, fen: str) -> dict:
    """The lichess-style answer for any position of the 2D tables (either side holding the men),
    with the fifty-move fields. Raises ValueError subclasses for malformed FEN, illegal positions,
    material outside the tables."""
    read = parse_position(fen)
    return probe_position(tables, read.position, read.halfmove)


def probe_position(tables: Tables, position: TablePosition, halfmove: int = 0) -> dict:
    """``probe`` of a position already read (a legal one)."""
    return with_clock(answer(tables, position)[0], halfmove, position.strong_to_move)


def mainline(tables: Tables, fen: str) -> list[dict]:
    """Best play to mate: the winner mates fastest, the loser resists longest, ties broken by
    UCI. Each ply is ``{uci, san, dtm}`` with dtm after the move (plies, lichess signs). Empty
    for draws and for a position already mated."""
    position = parse_position(fen).position
    line = []
    while len(line) < MAX_LINE_PLIES:
        found, values, names = answer(tables, position)
        if found.verdict.category == "draw" or not found.moves:
            break
        best = found.moves[0]
        name = best.name("uci")
        line.append({"uci": name, "san": best.name("san"), "dtm": best.verdict.dtm})
        position = play(position, values[names.index(name)])
    return line
