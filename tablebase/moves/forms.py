"""The move-validity seed's input forms: a board as a list of ``[colour, piece, x, y]`` (x = file
1..8, y = rank 1..8, colour ``W``/``B``, piece ``K Q R B N P``), a question in the same form, or a
UCI move; and the list form written back."""

from __future__ import annotations

from dataclasses import dataclass

from ..core.geometry import square_name
from ..core.rules import BLACK, COLOR_NAMES, KINDS, WHITE, Move, Piece
from ..errors import (
    BoardSyntaxError,
    ChessInputError,
    IllegalMoveError,
    IllegalPositionError,
    quoted,
)

_SEED_COLORS = {"W": WHITE, "B": BLACK}


class MoveQuestionError(ChessInputError):
    code = "bad_move"


@dataclass(frozen=True)
class MoveQuestion:
    """The seed's second input: can any ``color`` ``kind`` go to ``target``?"""

    color: str
    kind: str
    target: int


def _seed_entry(item, what: str, error: type[ChessInputError]) -> tuple[str, str, int]:
    """``[colour, piece, x, y]`` -> (colour, kind, square); x = file 1..8, y = rank 1..8."""
    if not isinstance(item, (list, tuple)) or len(item) != 4:
        raise error(f"{what} must be [colour, piece, x, y], not {quoted(item)}")
    color, kind, x, y = item
    if not isinstance(color, str) or color not in _SEED_COLORS:
        raise error(f"unknown colour {quoted(color)} in {what} {quoted(item)}: use 'W' or 'B'")
    if not isinstance(kind, str) or len(kind) != 1 or kind not in KINDS:
        raise error(f"unknown piece {quoted(kind)} in {what} {quoted(item)}: use one of K Q R B N P")
    for coord in (x, y):
        if not isinstance(coord, int) or isinstance(coord, bool):
            raise error(f"coordinates must be whole numbers 1 to 8, not {quoted(coord)} in {quoted(item)}")
        if not 1 <= coord <= 8:
            raise error(f"coordinate {quoted(coord)} is off the board (1 to 8) in {what} {quoted(item)}")
    return _SEED_COLORS[color], kind, (y - 1) * 8 + (x - 1)


def parse_pieces(items) -> tuple:
    """The seed's first input, a list of ``[colour, piece, x, y]``, as 64 cells (a1 = 0)."""
    if not isinstance(items, list):
        raise BoardSyntaxError(f"pieces must be a list of [colour, piece, x, y], not {quoted(items)}")
    if len(items) > 64:
        raise BoardSyntaxError(f"{len(items)} pieces do not fit on 64 squares")
    cells: list = [None] * 64
    for item in items:
        color, kind, square = _seed_entry(item, "piece", BoardSyntaxError)
        if cells[square] is not None:
            raise BoardSyntaxError(
                f"two pieces on {square_name(square)}: {cells[square].name()} and {quoted(item)}")
        cells[square] = Piece(color, kind)
    check_kings(cells)
    return tuple(cells)


def check_kings(cells) -> None:
    """At most one king a side: 'its own king' must mean one square."""
    for color in (WHITE, BLACK):
        kings = [square_name(s) for s, p in enumerate(cells) if p == Piece(color, "K")]
        if len(kings) > 1:
            raise IllegalPositionError(
                f"{COLOR_NAMES[color]} has {len(kings)} kings ({', '.join(kings)}); at most one")


def parse_question(item) -> MoveQuestion:
    color, kind, square = _seed_entry(item, "move", MoveQuestionError)
    return MoveQuestion(color, kind, square)


def pieces_list(cells) -> list[list]:
    """The seed's list form of a board, White first, then by kind and square."""
    seed_color = {v: k for k, v in _SEED_COLORS.items()}
    placed = [(p.color != WHITE, KINDS.index(p.kind), s, p) for s, p in enumerate(cells) if p]
    return [[seed_color[p.color], p.kind, s % 8 + 1, s // 8 + 1] for *_, s, p in sorted(placed)]


def parse_uci(text) -> Move:
    if not isinstance(text, str):
        raise IllegalMoveError(f"a move must be uci text like 'e2e4', not {quoted(text)}")
    return Move.from_uci(text.strip().lower())
