"""Positions of every basic mate on the 8x8 board read from FEN: a king and up to two of Q R B N
(either colour holding them) against a lone king, turned so that the side with the men is White
(the tables' frame, ``TablePosition.flip``). The one FEN reader of the 2D tables, and the one rule
of which of them are drawn by law (insufficient material)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from ..core.fen import BoardPosition
from ..core.geometry import is_light
from ..core.rules import BLACK, PIECES, WHITE
from ..core.message import N_, msg
from ..errors import IllegalPositionError, OutOfTableError, quoted
from ..retrograde import Material
from ..retrograde.material import ORDER
from ..tables import CHESS_DIM, TablePosition

MAX_MEN = 2  # the men beside the strong king that the 2D tables cover


@dataclass(frozen=True)
class Holdings:
    """Who holds what: the strong side (the one with men; White when only kings stand), the board
    squares of its kings and men, and of the lone side's kings; ``in_table`` says whether the
    material is one the tables cover."""

    strong: str
    kings: tuple[int, ...]  # the strong side's
    men: tuple[tuple[str, int], ...]  # (kind, square), kinds in the order Q R B N
    lone_kings: tuple[int, ...]
    in_table: bool

    @property
    def weak(self) -> str:
        return BLACK if self.strong == WHITE else WHITE

    @property
    def flip(self) -> int:
        """56 mirrors ranks so that the strong side plays up the board as White; 0 leaves them."""
        return 56 if self.strong == BLACK else 0

    @property
    def material(self) -> Material:
        return Material(tuple(kind for kind, _ in self.men))


def classify_material(board: BoardPosition) -> Holdings:
    """The material of a board, whatever it is (``in_table`` says whether the tables cover it)."""
    by_side: dict[str, list[tuple[str, int]]] = {WHITE: [], BLACK: []}
    kings: dict[str, list[int]] = {WHITE: [], BLACK: []}
    for square, piece in board.pieces().items():
        if piece.kind == "K":
            kings[piece.color].append(square)
        else:
            by_side[piece.color].append((piece.kind, square))
    strong = BLACK if by_side[BLACK] and not by_side[WHITE] else WHITE
    weak = BLACK if strong == WHITE else WHITE
    men = by_side[strong]
    in_table = not by_side[weak] and len(men) <= MAX_MEN and all(kind in ORDER for kind, _ in men)
    if in_table:
        men = sorted(men, key=lambda m: (ORDER.index(m[0]), m[1]))
    return Holdings(strong, tuple(kings[strong]), tuple(men), tuple(kings[weak]), in_table)


def out_of_table(fen: str) -> OutOfTableError:
    return OutOfTableError(msg(N_("not in the tables (they hold a king and up to two of Q R B N against a lone king, "
                                  "either colour holding them): %(given)s"), given=quoted(fen)))


@dataclass(frozen=True)
class ChessPosition:
    """A position of the 2D tables as read: the board as given (with its clocks) and its form in
    the tables' frame."""

    board: BoardPosition
    position: TablePosition

    @property
    def halfmove(self) -> int:
        return self.board.halfmove


def parse_position(fen: str) -> ChessPosition:
    """Raises ``BoardSyntaxError`` for malformed FEN, ``IllegalPositionError`` for illegal positions,
    ``OutOfTableError`` for material outside the tables (a pawn, three men, a man on each side)."""
    board = BoardPosition.from_fen(fen)
    holdings = classify_material(board)
    if len(holdings.kings) != 1 or len(holdings.lone_kings) != 1:
        raise IllegalPositionError(msg(N_("illegal position (each side needs exactly one king): %(given)s"),
                                       given=quoted(fen)))
    if not holdings.in_table:
        raise out_of_table(fen)
    flip = holdings.flip
    position = TablePosition(CHESS_DIM, 8, holdings.kings[0] ^ flip,
                             tuple((kind, s ^ flip) for kind, s in holdings.men),
                             holdings.lone_kings[0] ^ flip, board.turn == holdings.strong, flip)
    if position.kings_touch:
        raise IllegalPositionError(msg(N_("illegal position (the kings touch): %(given)s"), given=quoted(fen)))
    if position.strong_to_move and position.in_check:
        raise IllegalPositionError(msg(N_("illegal position (the side not to move is in check): %(given)s"),
                                       given=quoted(fen)))
    return ChessPosition(board, position)


def chess_position(position: TablePosition, halfmove: int = 0, fullmove: int = 1) -> ChessPosition:
    """A position of the frame (one the server drew) as one read: on the real board, with its clocks.

    >>> read = parse_position("8/8/8/8/8/8/8/KBNk4 b - - 3 7")
    >>> chess_position(read.position, 3, 7) == read
    True
    """
    strong_white = not position.flip
    symbols = {position.real(position.king): "K" if strong_white else "k",
               position.real(position.lone): "k" if strong_white else "K"}
    for kind, square in position.men:
        symbols[position.real(square)] = kind if strong_white else kind.lower()
    cells = [None] * 64
    for square, symbol in symbols.items():
        cells[square] = PIECES[symbol]
    turn = WHITE if position.strong_to_move == strong_white else BLACK
    return ChessPosition(BoardPosition(tuple(cells), turn, halfmove, fullmove), position)


def to_fen(position: TablePosition, halfmove: int = 0, fullmove: int = 1) -> str:
    """The FEN of a position of the frame, on the real board.

    >>> to_fen(parse_position("k7/8/8/8/8/8/8/KQ6 b - - 0 1").position)
    'k7/8/8/8/8/8/8/KQ6 b - - 0 1'
    """
    return chess_position(position, halfmove, fullmove).board.fen()


def drawn_by_law(position: TablePosition) -> Callable[[Material], bool]:
    """Which materials of this position and those its captures lead to cannot mate, as python-chess
    and lichess judge it (``is_insufficient_material``): KK, KBK, KNK, and bishops all of one
    square colour (KBBK with like-coloured bishops). KNNK is not: a mate exists, though none is
    forced. Bishops never change colour, so the answer holds for the whole game."""
    bishops = {is_light(s) for kind, s in position.men if kind == "B"}
    one_colour = len(bishops) == 1

    def insufficient(material: Material) -> bool:
        pieces = material.pieces
        return pieces in ((), ("N",)) or (bool(pieces) and set(pieces) == {"B"} and one_colour)

    return insufficient
