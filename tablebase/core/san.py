"""Standard algebraic notation for a move on the 8x8 board, from the one move-rules core.

``move_san(cells, move)`` needs the position before the move (64 cells, a1 = 0, ``Piece`` or
None). Check and mate are worked out from the rules unless the caller already knows them and
passes ``check`` / ``mate`` (a tablebase does). Castling is not part of the rules core, so a king
move is always written as a king move.
"""

from __future__ import annotations

from ..errors import IllegalMoveError
from .message import N_, msg
from .geometry import square_name
from .rules import CHESS_RULES, Move, Rules, other


def move_san(cells, move: Move, *, rules: Rules = CHESS_RULES, check: bool | None = None,
             mate: bool | None = None) -> str:
    return SanWriter(cells, rules).san(move, check=check, mate=mate)


class SanWriter:
    """SAN of several moves from one position (the pieces are indexed once)."""

    def __init__(self, cells, rules: Rules = CHESS_RULES, legal_moves=None):
        """``legal_moves``: every legal move of the position as (from, to) squares when the
        caller knows them (a tablebase probe does), so that a twin's targets need no search."""
        self.cells = cells
        self.rules = rules
        self._pieces: dict[tuple[str, str], list[int]] | None = None  # the squares of each piece
        self._twins: dict[int, list[tuple[int, frozenset]]] = {}  # per moving piece, see _find_twins
        self._targets: dict[int, frozenset] = {}  # a twin's legal targets, found once per position
        self._legal = legal_moves

    def san(self, move: Move, *, check: bool | None = None, mate: bool | None = None) -> str:
        cells = self.cells
        piece = cells[move.from_square]
        if piece is None:
            raise IllegalMoveError(msg(N_("no piece on %(square)s: %(given)s"), square=square_name(move.from_square),
                                      given=repr(move.uci())))
        if check is None or mate is None:
            check, mate = _check_and_mate(cells, move, self.rules)
        if piece.kind != "P":
            return self.piece_san(move.from_square, move.to_square, check=check, mate=mate)
        text = square_name(move.to_square)
        if cells[move.to_square] is not None or move.from_square % 8 != move.to_square % 8:
            text = "abcdefgh"[move.from_square % 8] + "x" + text
        if move.promotion:
            text += "=" + move.promotion.upper()
        return text + ("#" if mate else "+" if check else "")

    def piece_san(self, start: int, end: int, *, check: bool, mate: bool) -> str:
        """``san`` of a move of a piece that is not a pawn, from its squares, check and mate known
        (a tablebase's moves)."""
        cells = self.cells
        twins = self._twins.get(start)
        if twins is None:
            twins = self._twins[start] = self._find_twins(start)
        text = cells[start].kind
        if twins:
            text += _disambiguation(start, [s for s, targets in twins if end in targets])
        text += ("x" if cells[end] is not None else "") + _NAMES[end]
        return text + ("#" if mate else "+" if check else "")

    def piece_sans(self, starts, ends, checks, mates) -> list[str]:
        """``piece_san`` of many moves of the side to move at once, each from its squares, check
        and mate (a tablebase probe's moves: ``legal_moves`` given). Which other pieces of the
        same kind reach the same square is found for every move in one pass over the legal moves
        (``piece_san``'s rule, held equal to it by a test)."""
        cells = self.cells
        kind_of = {start: cells[start].kind for start in {start for start, _ in self._legal}}  # of each mover
        named = self._disambiguated(kind_of) if len(set(kind_of.values())) < len(kind_of) else {}
        found = []
        for start, end, check, mate in zip(starts, ends, checks, mates):
            kind = kind_of[start]
            if named:
                kind = named.get(start, _NONE).get(end, kind)
            found.append(f"{kind}{'' if cells[end] is None else 'x'}{_NAMES[end]}{'#' if mate else '+' if check else ''}")
        return found

    def _disambiguated(self, kind_of: dict[int, str]) -> dict[int, dict[int, str]]:
        """For ``piece_sans``: per start of a piece with like pieces, the moves' targets that a
        like piece also reaches, each with the piece's disambiguated name (``Qh``)."""
        legal, named = self._legal, {}
        for kind in set(kind_of.values()):
            group = [start for start, like in kind_of.items() if like == kind]
            if len(group) < 2:
                continue
            targets = [{end for start, end in legal if start == piece} for piece in group]
            if len(group) == 2:  # the usual case (two rooks, knights, queens): the same rivals everywhere
                shared = targets[0] & targets[1]
                for piece in group:
                    named[piece] = dict.fromkeys(shared, kind + _disambiguation(piece, group))
                continue
            for end in set().union(*targets):
                rivals = [piece for piece, reach in zip(group, targets) if end in reach]
                if len(rivals) > 1:
                    for piece in rivals:
                        named.setdefault(piece, {})[end] = kind + _disambiguation(piece, rivals)
        return named

    def _find_twins(self, start: int) -> list[tuple[int, frozenset]]:
        """The other pieces like the one on ``start``, with their legal targets."""
        if self._pieces is None:
            self._pieces = {}
            for s, p in enumerate(self.cells):
                if p is not None:
                    self._pieces.setdefault((p.color, p.kind), []).append(s)
        piece = self.cells[start]
        return [(s, self._legal_targets(s)) for s in self._pieces[(piece.color, piece.kind)] if s != start]

    def _legal_targets(self, square: int) -> frozenset:
        if square not in self._targets:
            if self._legal is not None:
                self._targets[square] = frozenset(end for start, end in self._legal if start == square)
            else:
                self._targets[square] = frozenset(self.rules.legal_targets(self.cells, square))
        return self._targets[square]


_NAMES = tuple(map(square_name, range(64)))
_NONE: dict = {}


def _disambiguation(start: int, rivals: list[int]) -> str:
    """The file, rank or square of the piece on ``start`` when the pieces on ``rivals`` (like it;
    ``start`` itself may be among them) could also go where it goes. (One loop, no generators: a
    probe of two like men asks this for a dozen of its moves.)"""
    file, rank, shares_file, shares_rank, any_rival = start % 8, start // 8, False, False, False
    for square in rivals:
        if square != start:
            any_rival = True
            shares_file = shares_file or square % 8 == file
            shares_rank = shares_rank or square // 8 == rank
    if not any_rival:
        return ""
    name = _NAMES[start]
    if not shares_file:
        return name[0]
    if not shares_rank:
        return name[1]
    return name


def _check_and_mate(cells, move: Move, rules: Rules) -> tuple[bool, bool]:
    piece = cells[move.from_square]
    after = rules.play(cells, move.from_square, move.to_square, move.promotion)
    status = rules.status(after, other(piece.color))
    return status["check"], status["checkmate"]
