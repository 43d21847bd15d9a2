"""The move checker's input forms: a board as a piece list, ``[colour, piece, x, y]`` each (x = file
1..8, y = rank 1..8, colour ``W``/``B``, piece ``K Q R B N P``), a piece question in the same form, or a
UCI move; each list also as the text a user types (``[['W', 'K', 5, 1], ...]``, read here and
nowhere else); and the list form written back."""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..core.geometry import square_name
from ..core.message import N_, msg
from ..core.rules import BLACK, KINDS, WHITE, Move, Piece
from ..errors import (
    BoardSyntaxError,
    ChessInputError,
    IllegalMoveError,
    IllegalPositionError,
    quoted,
    said,
)
from .words import piece_word

_LIST_COLORS = {"W": WHITE, "B": BLACK}
# A board in the list form, spaces and line breaks included: 64 pieces a line each in under 1,600.
# Refused past this before any reading, which also keeps every number's digits within int()'s.
MAX_LIST_TEXT = 4_000
_TOKEN = re.compile(r"""\s*(?:(\[)|(\])|(,)|'([^'\n]*)'|"([^"\n]*)"|([+-]?[0-9]+))""")


class MoveQuestionError(ChessInputError):
    code = "bad_move"


# What is wrong with one entry [colour, piece, x, y], said of a piece of the board or of the move asked.
_ENTRY = {
    "piece": {"form": N_("piece must be [colour, piece, x, y], not %(given)s"),
              "colour": N_("unknown colour %(colour)s in piece %(given)s: use 'W' or 'B'"),
              "kind": N_("unknown piece %(kind)s in piece %(given)s: use one of K Q R B N P"),
              "off": N_("coordinate %(coord)s is off the board (1 to 8) in piece %(given)s")},
    "move": {"form": N_("move must be [colour, piece, x, y], not %(given)s"),
             "colour": N_("unknown colour %(colour)s in move %(given)s: use 'W' or 'B'"),
             "kind": N_("unknown piece %(kind)s in move %(given)s: use one of K Q R B N P"),
             "off": N_("coordinate %(coord)s is off the board (1 to 8) in move %(given)s")},
}
# What is wrong with a list typed as text: too long, a character that cannot be read, a fault (``why``).
_LIST_TEXT = {
    "pieces": {"long": N_("pieces as text must be a list like %(like)s; %(given)s is longer than any board's list "
                          "(%(most)s characters, spaces included)"),
               "unread": N_("pieces as text must be a list like %(like)s: %(part)s at character %(at)s cannot be "
                            "read in %(given)s"),
               "fault": N_("pieces as text must be a list like %(like)s: %(why)s in %(given)s")},
    "move": {"long": N_("move as text must be a list like %(like)s; %(given)s is longer than any board's list "
                        "(%(most)s characters, spaces included)"),
             "unread": N_("move as text must be a list like %(like)s: %(part)s at character %(at)s cannot be read "
                          "in %(given)s"),
             "fault": N_("move as text must be a list like %(like)s: %(why)s in %(given)s")},
}


@dataclass(frozen=True)
class MoveQuestion:
    """A piece question: can any ``color`` ``kind`` go to ``target``?"""

    color: str
    kind: str
    target: int


def _list_entry(item, what: str, error: type[ChessInputError]) -> tuple[str, str, int]:
    """``[colour, piece, x, y]`` -> (colour, kind, square); x = file 1..8, y = rank 1..8."""
    if not isinstance(item, (list, tuple)) or len(item) != 4:
        raise error(msg(_ENTRY[what]["form"], given=quoted(item)))
    color, kind, x, y = item
    if not isinstance(color, str) or color not in _LIST_COLORS:
        raise error(msg(_ENTRY[what]["colour"], colour=quoted(color), given=quoted(item)))
    if not isinstance(kind, str) or len(kind) != 1 or kind not in KINDS:
        raise error(msg(_ENTRY[what]["kind"], kind=quoted(kind), given=quoted(item)))
    for coord in (x, y):
        if not isinstance(coord, int) or isinstance(coord, bool):
            raise error(msg(N_("coordinates must be whole numbers 1 to 8, not %(coord)s in %(given)s"),
                            coord=quoted(coord), given=quoted(item)))
        if not 1 <= coord <= 8:
            raise error(msg(_ENTRY[what]["off"], coord=quoted(coord), given=quoted(item)))
    return _LIST_COLORS[color], kind, (y - 1) * 8 + (x - 1)


def read_list_text(text: str, what: str, error: type[ChessInputError]) -> list:
    """The piece list as typed, ``[['W', 'K', 5, 1], ...]`` or ``["W", "R", 8, 2]``: lists
    (two deep at most) of quoted text (' or ") and whole numbers, with any spaces, a comma after
    the last item allowed. Only the syntax is read here; what the items hold is checked by
    ``parse_pieces`` and ``parse_question``. Raises ``error`` quoting the text."""
    like = "[['W', 'K', 5, 1], ...]" if what == "pieces" else "['W', 'R', 8, 2]"
    said_of = _LIST_TEXT[what]
    if len(text) > MAX_LIST_TEXT:
        raise error(msg(said_of["long"], like=like, given=quoted(text), most=MAX_LIST_TEXT))
    tokens, at, end = [], 0, len(text.rstrip())
    while at < end:
        found = _TOKEN.match(text, at)
        if not found:
            start = len(text) - len(text[at:].lstrip())
            raise error(msg(said_of["unread"], like=like, part=quoted(text[start:start + 10]), at=start + 1,
                            given=quoted(text)))
        tokens.append(found)
        at = found.end()

    def fault(why: str, **params):
        return error(msg(said_of["fault"], like=like, why=msg(why, **params), given=quoted(text)))

    def value(i: int, depth: int) -> tuple[object, int]:
        if i == len(tokens):
            raise fault(N_("it ends too soon"))
        opening, closing, comma, single, double, number = tokens[i].groups()
        if number is not None:
            return int(number), i + 1
        if single is not None or double is not None:
            return single if single is not None else double, i + 1
        if opening is None:
            raise fault(N_("%(mark)s at character %(at)s is out of place"), mark=quoted(closing or comma),
                        at=tokens[i].end())
        if depth == 2:
            raise fault(N_("lists are nested two deep at most"))
        items, i = [], i + 1
        while i < len(tokens) and tokens[i].group(2) is None:
            item, i = value(i, depth + 1)
            items.append(item)
            if i < len(tokens) and tokens[i].group(3) is not None:
                i += 1
            elif i < len(tokens) and tokens[i].group(2) is None:
                raise fault(N_("a comma is missing before character %(at)s"), at=tokens[i].end())
        if i == len(tokens):
            raise fault(N_("a ']' is missing at the end"))
        return items, i + 1

    if not tokens or tokens[0].group(1) is None:
        raise fault(N_("it does not start with '['"))
    read, after = value(0, 0)
    if after != len(tokens):
        raise fault(N_("more follows the list's closing ']' at character %(at)s"), at=tokens[after - 1].end())
    return read


def read_pieces(value) -> tuple:
    """A board as a piece list, or as the text of that list: 64 cells (a1 = 0)."""
    return parse_pieces(read_list_text(value, "pieces", BoardSyntaxError) if isinstance(value, str) else value)


def read_move(text: str) -> MoveQuestion | Move:
    """A move as typed: a piece question ``['W', 'R', 8, 2]`` (a question about any such piece) when it
    starts with '[', else UCI text like 'e2e4' (that one piece)."""
    if text.lstrip().startswith("["):
        return parse_question(read_list_text(text, "move", MoveQuestionError))
    try:
        return parse_uci(text)
    except IllegalMoveError as error:
        raise IllegalMoveError(msg(N_("%(error)s (a move is UCI text like 'e2e4' or a list like ['W', 'R', 8, 2])"),
                                   error=said(error))) from None


def parse_pieces(items) -> tuple:
    """A piece list, ``[colour, piece, x, y]`` each, as 64 cells (a1 = 0)."""
    if not isinstance(items, list):
        raise BoardSyntaxError(msg(N_("pieces must be a list of [colour, piece, x, y], not %(given)s"),
                                   given=quoted(items)))
    if len(items) > 64:
        raise BoardSyntaxError(msg(N_("%(size)s pieces do not fit on 64 squares"), size=len(items)))
    cells: list = [None] * 64
    for item in items:
        color, kind, square = _list_entry(item, "piece", BoardSyntaxError)
        if cells[square] is not None:
            there = cells[square]
            raise BoardSyntaxError(msg(N_("two pieces on %(square)s: %(piece)s and %(given)s"), square=square_name(square),
                                       piece=piece_word(there.color, there.kind), given=quoted(item)))
        cells[square] = Piece(color, kind)
    check_kings(cells)
    return tuple(cells)


def check_kings(cells) -> None:
    """At most one king a side: 'its own king' must mean one square."""
    for color in (WHITE, BLACK):
        kings = [square_name(s) for s, p in enumerate(cells) if p == Piece(color, "K")]
        if len(kings) > 1:
            raise IllegalPositionError(msg(
                N_("white has %(size)s kings (%(squares)s); at most one") if color == WHITE else
                N_("black has %(size)s kings (%(squares)s); at most one"), size=len(kings), squares=", ".join(kings)))


def parse_question(item) -> MoveQuestion:
    color, kind, square = _list_entry(item, "move", MoveQuestionError)
    return MoveQuestion(color, kind, square)


def pieces_list(cells) -> list[list]:
    """A board as a piece list, White first, then by kind and square."""
    list_color = {v: k for k, v in _LIST_COLORS.items()}
    placed = [(p.color != WHITE, KINDS.index(p.kind), s, p) for s, p in enumerate(cells) if p]
    return [[list_color[p.color], p.kind, s % 8 + 1, s // 8 + 1] for *_, s, p in sorted(placed)]


def parse_uci(text) -> Move:
    if not isinstance(text, str):
        raise IllegalMoveError(msg(N_("a move must be uci text like 'e2e4', not %(given)s"), given=quoted(text)))
    return Move.from_uci(text.strip().lower())
