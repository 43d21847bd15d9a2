"""Solitaire chess boards: their three written forms (the board text, the row lists, the piece
list), and play by the shared rules core.

Every piece is one colour, every move captures any other piece, pieces move as in chess (sliders
blocked) and the pawn takes one step diagonally in any of the four directions; the goal is one
piece left. Boards are n*n for 3 <= n <= 8. A square ``[x, y]`` has ``[0, 0]`` bottom-left and is
the int ``x + y*n``; the string form lists rows top to bottom.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from ..core.message import N_, msg
from ..core.rules import KINDS, WHITE, Piece, Rules, solitaire_rules
from ..errors import BoardSyntaxError, IllegalMoveError, quoted

MIN_SIDE, MAX_SIDE = 3, 8  # a board's side in squares: 3x3 to 8x8
DEFAULT_N = 4  # the piece list does not say its size: 4x4, or larger if needed
# KINDS ("KQRBNP") is also the row lists' numbering: 1 = K ... 6 = P, 0 = empty.

Square = tuple[int, int]
Capture = tuple[Square, Square]


@dataclass(frozen=True)
class SolitaireBoard:
    n: int
    cells: tuple  # a kind letter or None per square, index x + y*n

    # --- reading the three written forms -----------------------------------------------------

    @classmethod
    def parse(cls, board, n: int | None = None) -> SolitaireBoard:
        """From a string, a list of rows (or a flat list) of characters or numbers, or a list of
        ``[x, y, 'c']``. ``n`` is read from the board, except for the coordinate form."""
        if isinstance(board, str):
            return cls._from_flat(_string_cells(board), board)
        if not isinstance(board, list):
            raise BoardSyntaxError(msg(N_("board must be a string or a list, not %(type)s: %(given)s"),
                                       type=type(board).__name__, given=quoted(board)))
        if board and all(_is_coordinate(item) for item in board):
            return cls._from_coordinates(board, n)
        rows = [r for r in board if isinstance(r, list) or (isinstance(r, str) and len(r) > 1)]
        if rows and len(rows) != len(board):
            raise BoardSyntaxError(msg(N_("a board is a list of rows or a flat list of squares: %(given)s"),
                                       given=quoted(board)))
        if rows:
            flat = []
            for i, row in enumerate(board):
                if len(row) != len(board):
                    raise BoardSyntaxError(msg(N_("row %(row)s has %(size)s squares, expected %(expected)s: %(given)s"),
                                               row=i, size=len(row), expected=len(board), given=quoted(row)))
                flat.extend(row)
            return cls._from_flat([_cell(v, board) for v in flat], board)
        return cls._from_flat([_cell(v, board) for v in board], board)

    @classmethod
    def _from_flat(cls, top_down: list, original) -> SolitaireBoard:
        n = math.isqrt(len(top_down))
        if n * n != len(top_down) or not MIN_SIDE <= n <= MAX_SIDE:
            raise BoardSyntaxError(msg(N_("a board has n*n squares for n from %(low)s to %(high)s; %(size)s squares "
                                          "given: %(given)s"), low=MIN_SIDE, high=MAX_SIDE, size=len(top_down),
                                       given=quoted(original)))
        cells = [None] * (n * n)
        for i, kind in enumerate(top_down):
            row, x = divmod(i, n)
            cells[x + (n - 1 - row) * n] = kind
        return cls(n, tuple(cells))

    @classmethod
    def _from_coordinates(cls, items: list, n: int | None) -> SolitaireBoard:
        if n is None:
            n = max(DEFAULT_N, 1 + max(max(x, y) for x, y, _ in items))
        if not isinstance(n, int) or isinstance(n, bool) or not MIN_SIDE <= n <= MAX_SIDE:
            raise BoardSyntaxError(msg(N_("n must be a whole number from %(low)s to %(high)s, not %(given)s"), low=MIN_SIDE,
                                       high=MAX_SIDE, given=repr(n)))
        cells: list = [None] * (n * n)
        for x, y, kind in items:
            if not (0 <= x < n and 0 <= y < n):
                raise BoardSyntaxError(msg(N_("%(given)s is off the %(n)sx%(n)s board"), given=f"[{x}, {y}, {kind!r}]",
                                           n=n))
            if kind.upper() not in KINDS or len(kind) != 1:
                raise BoardSyntaxError(msg(N_("unknown piece %(kind)s in %(given)s: use K Q R B N P"), kind=repr(kind),
                                           given=f"[{x}, {y}, {kind!r}]"))
            if cells[x + y * n] is not None:
                raise BoardSyntaxError(msg(N_("two pieces on %(square)s"), square=f"[{x}, {y}]"))
            cells[x + y * n] = kind.upper()
        return cls(n, tuple(cells))

    # --- writing -------------------------------------------------------------------------------

    def to_string(self) -> str:
        """The board text: rows top to bottom, '.' for empty."""
        n = self.n
        return "".join(self.cells[x + y * n] or "." for y in range(n - 1, -1, -1) for x in range(n))

    def to_coordinates(self) -> list[list]:
        return [[s % self.n, s // self.n, k] for s, k in enumerate(self.cells) if k]

    @property
    def piece_count(self) -> int:
        return sum(1 for k in self.cells if k)

    # --- play ----------------------------------------------------------------------------------

    @property
    def rules(self) -> Rules:
        return solitaire_rules(self.n)

    def xy(self, square: int) -> Square:
        return (square % self.n, square // self.n)

    def captures(self) -> list[Capture]:
        """Every legal capture, as ``((x1, y1), (x2, y2))``, by start then end square."""
        pieces = [Piece(WHITE, k) if k else None for k in self.cells]
        return [(self.xy(s), self.xy(t))
                for s, k in enumerate(self.cells) if k
                for t in sorted(self.rules.pseudo_targets(pieces, s))]

    def play(self, capture) -> SolitaireBoard:
        """The board after one capture given as ``[[x1, y1], [x2, y2]]``; refused unless legal."""
        move = _capture_pair(capture)
        if move not in self.captures():
            raise IllegalMoveError(msg(N_("%(given)s is not a capture on this board"),
                                       given=repr([list(move[0]), list(move[1])])))
        (x1, y1), (x2, y2) = move
        cells = list(self.cells)
        cells[x2 + y2 * self.n], cells[x1 + y1 * self.n] = cells[x1 + y1 * self.n], None
        return SolitaireBoard(self.n, tuple(cells))


def _capture_pair(capture) -> Capture:
    try:
        (x1, y1), (x2, y2) = capture
        coords = (x1, y1, x2, y2)
    except (TypeError, ValueError):
        raise IllegalMoveError(msg(N_("a capture is [[x1, y1], [x2, y2]], not %(given)s"), given=quoted(capture))) from None
    if not all(isinstance(c, int) and not isinstance(c, bool) for c in coords):
        raise IllegalMoveError(msg(N_("a capture is [[x1, y1], [x2, y2]] of whole numbers, not %(given)s"),
                                   given=quoted(capture)))
    return ((x1, y1), (x2, y2))


def _is_coordinate(item) -> bool:
    return (isinstance(item, list) and len(item) == 3 and isinstance(item[2], str)
            and all(isinstance(c, int) and not isinstance(c, bool) for c in item[:2]))


def _cell(value, board) -> str | None:
    """One square of the list forms: a character (anything but a piece letter is empty) or a
    number (0 empty, 1..6 = K Q R B N P)."""
    if isinstance(value, int) and not isinstance(value, bool):
        if 0 <= value <= len(KINDS):
            return KINDS[value - 1] if value else None
        raise BoardSyntaxError(msg(N_("a number square must be 0 to 6 (1 = K ... 6 = P), not %(given)s"),
                                   given=repr(value)))
    if isinstance(value, str) and len(value) == 1:
        return _char(value)
    raise BoardSyntaxError(msg(N_("a square must be one character or a number 0 to 6, not %(given)s"),
                               given=quoted(value)))


def _char(ch: str) -> str | None:
    if ch.upper() in KINDS:
        return ch.upper()
    if ch.isalpha() or ch in "123456789":
        raise BoardSyntaxError(msg(N_("unknown piece %(kind)s: use K Q R B N P, or '.' for an empty square"),
                                   kind=repr(ch)))
    return None


def _string_cells(text: str) -> list:
    return [_char(ch) for ch in text if not ch.isspace()]
