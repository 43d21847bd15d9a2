"""KBNK-family positions (KBNK, and KBK, KNK, KK after a capture) read from FEN and turned so
that the side with the pieces is White: squares then index the table directly."""

from __future__ import annotations

from dataclasses import dataclass, replace

from ..errors import IllegalPositionError, OutOfTableError, quoted
from ..core.fen import BoardPosition, placement
from ..core.geometry import square_name
from ..core.rules import BLACK, WHITE
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
    white_to_move: bool
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
        if not self.white_to_move:
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

    def play(self, start: int, end: int) -> KbnkPosition:
        if not self.white_to_move:
            return replace(self, bk=end, white_to_move=True,
                           wb=None if self.wb == end else self.wb,
                           wn=None if self.wn == end else self.wn)
        moved = {"wk": self.wk, "wb": self.wb, "wn": self.wn}
        name = next(k for k, s in moved.items() if s == start)
        return replace(self, **{name: end}, white_to_move=False)

    def square_name(self, square: int) -> str:
        """The name on the real board of a table square."""
        return square_name(square ^ self.flip)

    def to_fen(self) -> str:
        white, black = ("KBN", "k") if not self.flip else ("kbn", "K")
        cells = {self.wk ^ self.flip: white[0], self.bk ^ self.flip: black}
        if self.wb is not None:
            cells[self.wb ^ self.flip] = white[1]
        if self.wn is not None:
            cells[self.wn ^ self.flip] = white[2]
        strong_moves = self.white_to_move
        turn = WHITE if strong_moves != bool(self.flip) else BLACK
        return f"{placement(cells)} {turn} - - 0 1"


def parse_position(fen: str) -> tuple[BoardPosition, KbnkPosition]:
    """The board as given and its KBNK-family form. Raises ``BoardSyntaxError`` for malformed
    FEN, ``IllegalPositionError`` for illegal positions, ``OutOfTableError`` for other material."""
    board = BoardPosition.from_fen(fen)
    by_side: dict[str, dict[str, list[int]]] = {WHITE: {}, BLACK: {}}
    for square, piece in board.pieces().items():
        by_side[piece.color].setdefault(piece.kind, []).append(square)
    for color in (WHITE, BLACK):
        if len(by_side[color].get("K", [])) != 1:
            raise IllegalPositionError(f"illegal position (each side needs exactly one king): {quoted(fen)}")
    extras = {c: {k: v for k, v in by_side[c].items() if k != "K"} for c in (WHITE, BLACK)}
    strong = BLACK if extras[BLACK] and not extras[WHITE] else WHITE
    pieces = extras[strong]
    if extras[BLACK if strong == WHITE else WHITE] or set(pieces) - {"B", "N"} or any(
            len(v) > 1 for v in pieces.values()):
        raise OutOfTableError(f"not in the kbnk table (only kbnk, kbk, knk, kk): {quoted(fen)}")
    flip = 56 if strong == BLACK else 0
    weak = BLACK if strong == WHITE else WHITE
    position = KbnkPosition(
        wk=by_side[strong]["K"][0] ^ flip,
        wb=pieces["B"][0] ^ flip if "B" in pieces else None,
        wn=pieces["N"][0] ^ flip if "N" in pieces else None,
        bk=by_side[weak]["K"][0] ^ flip,
        white_to_move=board.turn == strong,
        flip=flip,
    )
    if position.bk == position.wk or _KING_BITS[position.wk] >> position.bk & 1:
        raise IllegalPositionError(f"illegal position (the kings touch): {quoted(fen)}")
    if position.white_to_move and position.black_in_check():
        raise IllegalPositionError(f"illegal position (the side not to move is in check): {quoted(fen)}")
    return board, position
