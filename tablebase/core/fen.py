"""FEN for the 8x8 board: placement, side to move and the two clocks (castling and en passant are
read but carry no weight here). The halfmove clock (plies since the last capture or pawn move) is
kept, for the fifty-move rule; the fullmove number too. Underscores may stand for spaces, as in
lichess URLs."""

from __future__ import annotations

from dataclasses import dataclass
from itertools import compress

from ..errors import BoardSyntaxError, quoted
from .message import N_, msg
from .geometry import parse_square, square_name
from .numbers import whole_number
from .rules import BLACK, WHITE, Piece

_PIECES = {symbol: Piece.from_symbol(symbol) for symbol in "KQRBNPkqrbnp"}  # FEN letters
_EMPTY = {str(count): count for count in range(1, 9)}


def placement(symbols) -> str:
    """The placement field of a FEN from ``{square: symbol}`` (a1 = 0, ``"K"`` white, ``"k"`` black).
    Walks the pieces, not the 64 squares: the endings' boards hold three to five."""
    ranks: list[list] = [[] for _ in range(8)]
    for square, symbol in symbols.items():
        ranks[square >> 3].append((square & 7, symbol))
    rows = []
    for rank in reversed(ranks):
        row, file = "", 0
        for at, symbol in sorted(rank):
            row += (str(at - file) if at > file else "") + symbol
            file = at + 1
        rows.append(row + (str(8 - file) if file < 8 else ""))
    return "/".join(rows)


def piece_keys(cells) -> dict[str, str]:
    """``{"e4": "wK", ...}``: the pieces of 64 cells (a1 = 0) as the pages' board component keys
    them, by square name, colour then kind (so no page reads a FEN)."""
    return {square_name(s): p.color + p.kind for s, p in enumerate(cells) if p is not None}


@dataclass(frozen=True)
class BoardPosition:
    """Pieces on the 8x8 board (a tuple of 64 cells, a1 = 0), the side to move and the clocks."""

    cells: tuple
    turn: str = WHITE
    halfmove: int = 0  # plies since the last capture or pawn move (the fifty-move rule's count)
    fullmove: int = 1

    @classmethod
    def from_fen(cls, fen: str) -> BoardPosition:
        """A board from FEN (underscores may stand for spaces; missing fields take their defaults).

        >>> board = BoardPosition.from_fen("8/8/8/8/8/8/8/KBNk4_b")
        >>> board.turn, board.halfmove, board.fen()
        ('b', 0, '8/8/8/8/8/8/8/KBNk4 b - - 0 1')
        """
        if not isinstance(fen, str) or not fen.strip():
            raise BoardSyntaxError(msg(N_("invalid fen: %(given)s"), given=quoted(fen)))
        fields = fen.replace("_", " ").split()
        if not fields:
            raise BoardSyntaxError(msg(N_("invalid fen (no placement, only spaces or underscores): %(given)s"), given=quoted(fen)))
        if len(fields) > 6:
            raise BoardSyntaxError(msg(N_("invalid fen (too many fields): %(given)s"), given=quoted(fen)))
        rows = fields[0].split("/")
        if len(rows) != 8:
            raise BoardSyntaxError(msg(N_("invalid fen (expected 8 ranks): %(given)s"), given=quoted(fen)))
        cells: list = [None] * 64
        for i, row in enumerate(rows):
            rank, file = 7 - i, 0
            for ch in row:
                empty = _EMPTY.get(ch)
                if empty is not None:
                    file += empty
                    continue
                piece = _PIECES.get(ch)
                if piece is None:
                    raise BoardSyntaxError(msg(N_("invalid fen (unknown character %(char)s): %(given)s"), char=repr(ch),
                                               given=quoted(fen)))
                if file > 7:
                    raise BoardSyntaxError(msg(N_("invalid fen (rank %(rank)s has more than 8 squares): %(given)s"),
                                               rank=rank + 1, given=quoted(fen)))
                cells[rank * 8 + file] = piece
                file += 1
            if file != 8:
                raise BoardSyntaxError(msg(N_("invalid fen (rank %(rank)s does not have 8 squares): %(given)s"),
                                           rank=rank + 1, given=quoted(fen)))
        turn = fields[1] if len(fields) > 1 else WHITE
        if turn not in (WHITE, BLACK):
            raise BoardSyntaxError(msg(N_("invalid fen (side to move must be w or b): %(given)s"), given=quoted(fen)))
        if len(fields) > 3 and fields[3] != "-":
            try:
                parse_square(fields[3])
            except ValueError:
                raise BoardSyntaxError(msg(N_("invalid fen (bad en passant square): %(given)s"), given=quoted(fen))) from None
        halfmove = _clock(fields, 4, 0, N_("invalid fen: its halfmove clock"))
        fullmove = _clock(fields, 5, 1, N_("invalid fen: its fullmove number"))
        return cls(tuple(cells), turn, halfmove, max(fullmove, 1))

    def board_fen(self) -> str:
        return placement({s: p.symbol() for s, p in enumerate(self.cells) if p is not None})

    def fen(self) -> str:
        return f"{self.board_fen()} {self.turn} - - {self.halfmove} {self.fullmove}"

    def pieces(self) -> dict[int, Piece]:
        cells = self.cells
        return {s: cells[s] for s in compress(range(64), cells)}  # a Piece is never falsy


MAX_CLOCK = 10_000  # more plies than any game's: a larger clock is a typing slip


def _clock(fields: list[str], index: int, default: int, name: str) -> int:
    if len(fields) <= index:
        return default
    return whole_number(fields[index], msg(name), 0, MAX_CLOCK, error=BoardSyntaxError)
