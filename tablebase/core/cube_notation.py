"""The n*n*n board of the 3D lab (as ``fen`` is the 8x8 board's): its board notation, and
White's status on it.

Notation: boards listed top to bottom, each board's rows back (Black's side) to front, each row
left to right; ``KQRBN`` White, ``kqrbn`` Black, ``#`` (or ``.``) empty, e.g.
``[###,n##,#rr],[#b#,###,###],[###,###,bRK]``. Its URL-safe form (``#`` starts a URL fragment)
writes layers separated by ``/`` without brackets and a run of empty cubes as its length:
``3,n2,1rr/1b1,3,3/3,3,bRK``. A cube is ``(x, y, z)``: column, row as listed,
board as listed (0 = top). A cube's label is ``file rank(level)``: ``a + x``, ``n - y``,
``n - z`` in Roman numerals.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cached_property

from ..errors import BoardSyntaxError, ChessInputError, IllegalPositionError, quoted
from .message import N_, Nn_, counted, msg
from .atoms import PieceDefinition, parse_pieces  # noqa: F401 - the 3D routes read pieces here too
from .cube_work import BoardWork, board_work, check_board
from .numbers import whole_number
from .rules import BLACK, WHITE, Piece, Rules, cube_rules

MIN_N, MAX_N = 2, 10
MAX_TEXT = 20_000  # characters of a board as text: the largest, 10x10x10, in under 1,200 without spaces
EMPTY = "#"
_EMPTY_CHARS = "#."
_PIECES = "KQRBNkqrbn"
NO_KING = {WHITE: N_("there is no white king on the board"), BLACK: N_("there is no black king on the board")}


@dataclass(frozen=True)
class CubePosition:
    n: int
    cells: tuple  # Piece | None per cube, index x + y*n + z*n*n
    custom: tuple[tuple[str, PieceDefinition], ...] = ()  # the custom pieces' letters and atoms (``parse_pieces``)

    @cached_property
    def rules(self) -> Rules:
        """Found once per position: finding them hashes every custom piece's atoms."""
        return cube_rules(self.n, self.custom)

    @classmethod
    def parse(cls, board, custom: tuple[tuple[str, PieceDefinition], ...] = ()) -> CubePosition:
        """From the board notation or its URL-safe form (strings), or a 3D JSON array of row strings
        or characters; ``custom``: the custom pieces its letters may name, as ``parse_pieces`` reads them."""
        if isinstance(board, str):
            if len(board) > MAX_TEXT:  # refused before any split: a long text costs its reading
                raise BoardSyntaxError(msg(N_("not a board: %(given)s has %(size)s characters, and the largest board, "
                                              "spaces included, is written in at most %(most)s"),
                                           given=repr(board[:60]), size=len(board), most=MAX_TEXT))
            layers = _split_notation(board) if "[" in board else _split_url_form(board)
        elif isinstance(board, list):
            if len(board) > MAX_N:
                raise BoardSyntaxError(msg(N_("not a board: the board has %(size)s layers, and a board has between "
                                              "%(low)s and %(high)s"), size=len(board), low=MIN_N, high=MAX_N))
            layers = _rows_from_array(board)
        else:
            raise BoardSyntaxError(msg(N_("board must be a string or a 3D array, not %(type)s: %(given)s"),
                                       type=type(board).__name__, given=quoted(board)))
        n = len(layers)
        if not MIN_N <= n <= MAX_N:
            said = Nn_(
                "not a board: %(given)s has %(num)s layer, and a board has between %(low)s and %(high)s (n layers of n "
                "rows of n cubes: [##,#K],[k#,##] or its URL form 2,1K/k1,2)",
                "not a board: %(given)s has %(num)s layers, and a board has between %(low)s and %(high)s (n layers of "
                "n rows of n cubes: [##,#K],[k#,##] or its URL form 2,1K/k1,2)") if isinstance(board, str) else Nn_(
                "not a board: the board has %(num)s layer, and a board has between %(low)s and %(high)s (n layers of "
                "n rows of n cubes: [##,#K],[k#,##] or its URL form 2,1K/k1,2)",
                "not a board: the board has %(num)s layers, and a board has between %(low)s and %(high)s (n layers "
                "of n rows of n cubes: [##,#K],[k#,##] or its URL form 2,1K/k1,2)")
            shown = {"given": repr(board[:60])} if isinstance(board, str) else {}
            raise BoardSyntaxError(counted(*said, n, low=MIN_N, high=MAX_N, **shown))
        cells: list = [None] * n ** 3
        letters = _PIECES + "".join(letter + letter.lower() for letter, _ in custom)
        for z, layer in enumerate(layers):
            if len(layer) != n:
                raise BoardSyntaxError(counted(*Nn_("layer %(layer)s has %(num)s row, expected %(expected)s: %(given)s",
                                                    "layer %(layer)s has %(num)s rows, expected %(expected)s: %(given)s"),
                                               len(layer), layer=z, expected=n, given=repr(layer)))
            for y, row in enumerate(layer):
                if len(row) != n:
                    raise BoardSyntaxError(counted(
                        *Nn_("row %(row)s of layer %(layer)s has %(num)s cube, expected %(expected)s: %(given)s",
                             "row %(row)s of layer %(layer)s has %(num)s cubes, expected %(expected)s: %(given)s"),
                        len(row), row=y, layer=z, expected=n, given=repr("".join(row))))
                for x, ch in enumerate(row):
                    if ch in _EMPTY_CHARS:
                        continue
                    if ch not in letters:
                        raise BoardSyntaxError(msg(
                            N_("unknown character %(char)s at x=%(x)s, y=%(y)s, z=%(z)s: use KQRBN, kqrbn, the letters "
                               "of the pieces defined (\"pieces\": {\"U\": \"011*\"}) or # (no pawns in 3D)"),
                            char=repr(ch), x=x, y=y, z=z))
                    cells[x + y * n + z * n * n] = _piece(ch)
        position = cls(n, tuple(cells), custom)
        for color, said in ((WHITE, N_("several white kings, at %(cubes)s")),
                            (BLACK, N_("several black kings, at %(cubes)s"))):
            kings = position.kings(color)
            if len(kings) > 1:
                raise IllegalPositionError(msg(said, cubes=str([list(position.coords(k)) for k in kings])))
        check_board(position.work())  # the one place a board is read: its work known before any is done
        return position

    def work(self) -> BoardWork:
        """What this board asks of the rules (``cube_work``): refused past ``WORK_BUDGET`` when read."""
        return board_work(self.n, self.cells, self.custom)

    def notation(self) -> str:
        n = self.n
        layers = []
        for z in range(n):
            rows = []
            for y in range(n):
                base = y * n + z * n * n
                rows.append("".join(p.symbol() if p else EMPTY for p in self.cells[base:base + n]))
            layers.append("[" + ",".join(rows) + "]")
        return ",".join(layers)

    def url_form(self) -> str:
        """The board for a URL query: ``3,n2,1rr/1b1,3,3/3,3,bRK`` (runs of empty cubes counted).

        >>> CubePosition.parse("[###,n##,#rr],[#b#,###,###],[###,###,bRK]").url_form()
        '3,n2,1rr/1b1,3,3/3,3,bRK'
        """
        return "/".join(",".join(re.sub(r"#+", lambda run: str(len(run.group())), row)
                                 for row in layer.split(","))
                        for layer in self.notation()[1:-1].split("],["))

    def coords(self, cube: int) -> tuple[int, int, int]:
        return self.rules.geometry.coords(cube)

    def cube(self, coords) -> int:
        if (
            not isinstance(coords, (list, tuple))
            or len(coords) != 3
            or not all(isinstance(c, int) and not isinstance(c, bool) for c in coords)
        ):
            raise ChessInputError(msg(N_("a cube must be [x, y, z] with three integers, not %(given)s"),
                                      given=repr(coords)))
        if not self.rules.geometry.contains(coords):
            raise ChessInputError(msg(N_("cube %(cube)s is off the %(n)sx%(n)sx%(n)s board"), cube=repr(list(coords)),
                                      n=self.n))
        return self.rules.geometry.square(coords)

    def kings(self, color: str) -> list[int]:
        return [i for i, p in enumerate(self.cells) if p is not None and p.kind == "K" and p.color == color]

    def analyze(self, turn: str = WHITE) -> dict:
        """Check, checkmate, stalemate and the checking pieces for the side to move (the lab's
        question is White's)."""
        if not self.kings(turn):
            raise IllegalPositionError(msg(NO_KING[turn]))
        status = self.rules.status(self.cells, turn)
        return {
            "n": self.n,
            "check": status["check"],
            "checkmate": status["checkmate"],
            "stalemate": status["stalemate"],
            "checkers": [list(self.coords(c)) for c in status["checkers"]],
        }

    def legal_destinations(self, coords, turn: str | None = None) -> list[list[int]]:
        """Where the piece on ``coords`` (either colour) may go without leaving its king attacked;
        nowhere when ``turn`` names the other colour."""
        cube = self.cube(coords)
        if self.cells[cube] is None:
            raise ChessInputError(msg(N_("cube %(cube)s is empty: there is no piece to move"), cube=repr(list(coords))))
        if turn is not None and self.cells[cube].color != turn:
            return []
        return [list(self.coords(t)) for t in self.rules.legal_targets(self.cells, cube)]

    def attacked_by(self, color: str) -> list[list[int]]:
        """Every cube attacked by the pieces of ``color`` (the toggle on the lab's page)."""
        seen: set[int] = set()
        for i, p in enumerate(self.cells):
            if p is not None and p.color == color:
                seen.update(self.rules.attacked_squares(self.cells, i))
        return [list(self.coords(c)) for c in sorted(seen)]


_CUSTOM_PIECES: dict[str, Piece] = {}  # one object per custom letter and colour, as ``Piece.from_symbol``'s


def _piece(symbol: str) -> Piece:
    if symbol in _PIECES:
        return Piece.from_symbol(symbol)
    found = _CUSTOM_PIECES.get(symbol)
    if found is None:
        found = _CUSTOM_PIECES[symbol] = Piece(WHITE if symbol.isupper() else BLACK, symbol.upper())
    return found


def _split_notation(text: str) -> list[list[str]]:
    """``[###,n##],[...]`` (spaces and newlines allowed) into layers of row strings."""
    compact = re.sub(r"\s+", "", text)
    if not compact:
        raise BoardSyntaxError(msg(N_("the board is empty")))
    if compact.startswith("[[") and compact.endswith("]]"):
        compact = compact[1:-1]  # one outer pair of brackets around the layers is allowed
    if not re.fullmatch(r"\[[^\[\]]*\](,\[[^\[\]]*\])*", compact):
        raise BoardSyntaxError(msg(N_("expected layers like [###,n##,#rr],[...], each in brackets, rows separated by "
                                      "commas: %(given)s"), given=repr(text[:120])))
    return [layer.split(",") for layer in re.findall(r"\[([^\[\]]*)\]", compact)]


def _run_length(digits: str) -> int:
    """A run of empty cubes, at most a row long."""
    return whole_number(digits, msg(N_("a run of empty cubes")), 0, MAX_N, error=BoardSyntaxError,
                        beyond=msg(N_("a run of empty cubes is longer than any row (at most %(most)s)"), most=MAX_N))


def _split_url_form(text: str) -> list[list[str]]:
    """``3,n2,1rr/1b1,3,3/...`` into layers of row strings (runs of empty cubes written out)."""
    compact = re.sub(r"\s+", "", text)
    if not compact:
        raise BoardSyntaxError(msg(N_("the board is empty")))
    if not re.fullmatch(r"[0-9A-Za-z.,/]+", compact):
        raise BoardSyntaxError(msg(N_("expected layers like [###,n##,#rr],[...] (the board notation) or 3,n2,1rr/... "
                                      "(its URL form): %(given)s"), given=repr(text[:120])))

    def expand(row: str) -> str:
        return re.sub(r"[0-9]+", lambda run: EMPTY * _run_length(run.group()), row)

    return [[expand(row) for row in layer.split(",")] for layer in compact.split("/")]


def _rows_from_array(board: list) -> list[list[str]]:
    layers = []
    for z, layer in enumerate(board):
        if not isinstance(layer, list):
            raise BoardSyntaxError(msg(N_("layer %(layer)s must be a list of rows, not %(given)s"), layer=z,
                                       given=quoted(layer)))
        rows = []
        for y, row in enumerate(layer):
            if isinstance(row, list) and all(isinstance(c, str) and len(c) == 1 for c in row):
                rows.append("".join(row))
            elif isinstance(row, str):
                rows.append(row)
            else:
                raise BoardSyntaxError(msg(N_("row %(row)s of layer %(layer)s must be a string or a list of characters, "
                                              "not %(given)s"), row=y, layer=z, given=quoted(row)))
        layers.append(rows)
    return layers
