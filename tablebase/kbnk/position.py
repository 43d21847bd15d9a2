"""KBNK-family positions (KBNK, and KBK, KNK, KK after a capture), turned so that the side with the
pieces is White (squares then index the table directly): the KBN coach's and lessons' form of a
position of the 2D tables."""

from __future__ import annotations

from dataclasses import dataclass

from ..core.fen import BoardPosition
from ..core.geometry import square_name
from ..errors import OutOfTableError, quoted
from ..mates.position import parse_position as read_position
from ..mates.position import to_fen as position_fen
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
        return position_fen(self.table_position())


def out_of_table(fen: str) -> OutOfTableError:
    return OutOfTableError(f"not in the kbnk table (only kbnk, kbk, knk, kk): {quoted(fen)}")


KBNK_FAMILY = ((), ("B",), ("N",), ("B", "N"))


def parse_position(fen: str) -> tuple[BoardPosition, KbnkPosition]:
    """The board as given and its KBNK-family form, read by the 2D tables' one FEN reader. Raises
    ``BoardSyntaxError`` for malformed FEN, ``IllegalPositionError`` for illegal positions,
    ``OutOfTableError`` for other material."""
    read = read_position(fen)
    if read.position.material.pieces not in KBNK_FAMILY:
        raise out_of_table(fen)
    return read.board, KbnkPosition.of(read.position)
