"""KBNK-family positions (KBNK, and KBK, KNK, KK after a capture) read from FEN and turned so
that the side with the pieces is White: squares then index the table directly."""

from __future__ import annotations

from dataclasses import dataclass

from ..core.fen import BoardPosition, placement
from ..core.geometry import square_name
from ..core.rules import BLACK, WHITE
from ..errors import IllegalPositionError, OutOfTableError, quoted
from ..tables import CHESS_DIM, TablePosition
from .board import bishop_attacks, king_targets, knight_targets

_KING_BITS = tuple(sum(1 << t for t in targets) for targets in king_targets())
_KNIGHT_BITS = tuple(sum(1 << t for t in targets) for targets in knight_targets())


def _squares(bits: int):
    while bits:
        low = bits & -bits
        yield low.bit_length() - 1
        bits ^= low


@dataclass(frozen=True)
class KbnkPosition:
    """White king, optional bishop and knight, lone Black king, after turning the board so the
    side with the pieces is White (``flip`` 56 mirrors ranks; 0 leaves them)."""

    wk: int
    wb: int | None
    wn: int | None
    bk: int
    strong_to_move: bool
    flip: int = 0

    @property
    def full_material(self) -> bool:
        return self.wb is not None and self.wn is not None

    def occupied(self) -> int:
        bits = 1 << self.wk | 1 << self.bk
        for s in (self.wb, self.wn):
            if s is not None:
                bits |= 1 << s
        return bits

    def white_attacks(self) -> int:
        """Squares White attacks or defends, the Black king lifted off the board."""
        bits = _KING_BITS[self.wk]
        if self.wn is not None:
            bits |= _KNIGHT_BITS[self.wn]
        if self.wb is not None:
            blockers = 1 << self.wk | (1 << self.wn if self.wn is not None else 0)
            bits |= bishop_attacks(self.wb, blockers)
        return bits

    def black_in_check(self) -> bool:
        return bool(self.white_attacks() >> self.bk & 1)

    def moves(self) -> list[tuple[int, int]]:
        """Legal moves (from, to) of the side to move, in table squares."""
        if not self.strong_to_move:
            free = ~self.white_attacks() & _KING_BITS[self.bk]
            return [(self.bk, t) for t in king_targets()[self.bk] if free >> t & 1]
        taken = self.occupied()  # White never takes the king: it is not in check on White's turn
        near_black = _KING_BITS[self.bk]
        found = [(self.wk, t) for t in king_targets()[self.wk] if not (taken | near_black) >> t & 1]
        if self.wb is not None:
            reach = bishop_attacks(self.wb, taken) & ~taken
            found += [(self.wb, t) for t in _squares(reach)]
        if self.wn is not None:
            found += [(self.wn, t) for t in knight_targets()[self.wn] if not taken >> t & 1]
        return found

    def square_name(self, square: int) -> str:
        """The name on the real board of a table square."""
        return square_name(square ^ self.flip)

    def table_position(self) -> TablePosition:
        """The position as the tables take it (the same frame)."""
        men = tuple((kind, s) for kind, s in (("B", self.wb), ("N", self.wn)) if s is not None)
        return TablePosition(CHESS_DIM, 8, self.wk, men, self.bk, self.strong_to_move, self.flip)

    @classmethod
    def of(cls, position: TablePosition) -> KbnkPosition:
        men = dict((kind, s) for kind, s in position.men)
        return cls(position.king, men.get("B"), men.get("N"), position.lone, position.strong_to_move, position.flip)

    def to_fen(self) -> str:
        white, black = ("KBN", "k") if not self.flip else ("kbn", "K")
        cells = {self.wk ^ self.flip: white[0], self.bk ^ self.flip: black}
        if self.wb is not None:
            cells[self.wb ^ self.flip] = white[1]
        if self.wn is not None:
            cells[self.wn ^ self.flip] = white[2]
        strong_moves = self.strong_to_move
        turn = WHITE if strong_moves != bool(self.flip) else BLACK
        return f"{placement(cells)} {turn} - - 0 1"


@dataclass(frozen=True)
class Holdings:
    """Who holds what in a KBNK-family position: the strong side (the one with a bishop or a
    knight; White when only kings stand) and the board squares of its men and of the lone king."""

    strong: str
    kings: tuple[int, ...]  # the strong side's
    bishop: int | None
    knight: int | None
    lone_kings: tuple[int, ...]
    in_table: bool  # False for any other material (a queen, two knights, a lone king's bishop...)

    @property
    def weak(self) -> str:
        return BLACK if self.strong == WHITE else WHITE

    @property
    def flip(self) -> int:
        """56 mirrors ranks so that the strong side plays up the board as White; 0 leaves them."""
        return 56 if self.strong == BLACK else 0


def classify_material(board: BoardPosition) -> Holdings:
    """The material of a board; ``in_table`` says whether it is KBNK, KBK, KNK or KK."""
    by_side: dict[str, dict[str, list[int]]] = {WHITE: {}, BLACK: {}}
    for square, piece in board.pieces().items():
        by_side[piece.color].setdefault(piece.kind, []).append(square)
    extras = {c: {k: v for k, v in by_side[c].items() if k != "K"} for c in (WHITE, BLACK)}
    strong = BLACK if extras[BLACK] and not extras[WHITE] else WHITE
    weak = BLACK if strong == WHITE else WHITE
    pieces = extras[strong]
    in_table = not (extras[weak] or set(pieces) - {"B", "N"} or any(len(v) > 1 for v in pieces.values()))
    return Holdings(strong, tuple(by_side[strong].get("K", ())), pieces.get("B", [None])[0],
                    pieces.get("N", [None])[0], tuple(by_side[weak].get("K", ())), in_table)


def out_of_table(fen: str) -> OutOfTableError:
    return OutOfTableError(f"not in the kbnk table (only kbnk, kbk, knk, kk): {quoted(fen)}")


def parse_position(fen: str) -> tuple[BoardPosition, KbnkPosition]:
    """The board as given and its KBNK-family form. Raises ``BoardSyntaxError`` for malformed
    FEN, ``IllegalPositionError`` for illegal positions, ``OutOfTableError`` for other material."""
    board = BoardPosition.from_fen(fen)
    kings = [p.color for p in board.pieces().values() if p.kind == "K"]
    if sorted(kings) != [BLACK, WHITE]:
        raise IllegalPositionError(f"illegal position (each side needs exactly one king): {quoted(fen)}")
    material = classify_material(board)
    if not material.in_table:
        raise out_of_table(fen)
    flip = material.flip
    position = KbnkPosition(
        wk=material.kings[0] ^ flip,
        wb=None if material.bishop is None else material.bishop ^ flip,
        wn=None if material.knight is None else material.knight ^ flip,
        bk=material.lone_kings[0] ^ flip,
        strong_to_move=board.turn == material.strong,
        flip=flip,
    )
    if position.bk == position.wk or _KING_BITS[position.wk] >> position.bk & 1:
        raise IllegalPositionError(f"illegal position (the kings touch): {quoted(fen)}")
    if position.strong_to_move and position.black_in_check():
        raise IllegalPositionError(f"illegal position (the side not to move is in check): {quoted(fen)}")
    return board, position
