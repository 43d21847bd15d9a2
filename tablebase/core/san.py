"""Standard algebraic notation for a move on the 8x8 board, from the one move-rules core.

``move_san(cells, move)`` needs the position before the move (64 cells, a1 = 0, ``Piece`` or
None). Check and mate are worked out from the rules unless the caller already knows them and
passes ``check`` / ``mate`` (a tablebase does). Castling is not part of the rules core, so a king
move is always written as a king move.
"""

from __future__ import annotations

from ..errors import IllegalMoveError
from .geometry import square_name
from .rules import CHESS_RULES, Move, Rules, other


def move_san(cells, move: Move, *, rules: Rules = CHESS_RULES, check: bool | None = None,
             mate: bool | None = None) -> str:
    return SanWriter(cells, rules).san(move, check=check, mate=mate)


class SanWriter:
    """SAN of several moves from one position (the pieces are indexed once)."""

    def __init__(self, cells, rules: Rules = CHESS_RULES, legal_moves=None):
        """``legal_moves``: every legal move of the position when the caller knows them (a
        tablebase probe does), so that a twin's targets need no search."""
        self.cells = cells
        self.rules = rules
        self._squares_of: dict | None = None
        self._targets: dict[int, frozenset] = {}  # a twin's legal targets, found once per position
        if legal_moves is not None:
            found: dict[int, set] = {}
            for move in legal_moves:
                found.setdefault(move.from_square, set()).add(move.to_square)
            self._targets = {s: frozenset(found.get(s, ())) for s, p in enumerate(cells) if p is not None}

    def san(self, move: Move, *, check: bool | None = None, mate: bool | None = None) -> str:
        cells = self.cells
        piece = cells[move.from_square]
        if piece is None:
            raise IllegalMoveError(f"no piece on {square_name(move.from_square)}: {move.uci()!r}")
        target = cells[move.to_square]
        is_capture = target is not None or (
            piece.kind == "P" and move.from_square % 8 != move.to_square % 8)
        text = square_name(move.to_square)
        if piece.kind == "P":
            if is_capture:
                text = "abcdefgh"[move.from_square % 8] + "x" + text
            if move.promotion:
                text += "=" + move.promotion.upper()
        else:
            text = piece.kind + self._disambiguation(move) + ("x" if is_capture else "") + text
        if check is None or mate is None:
            check, mate = _check_and_mate(cells, move, self.rules)
        return text + ("#" if mate else "+" if check else "")

    def _disambiguation(self, move: Move) -> str:
        """The file, rank or square of the moving piece when a twin could also go there."""
        if self._squares_of is None:
            self._squares_of = {}
            for s, p in enumerate(self.cells):
                if p is not None:
                    self._squares_of.setdefault(p, []).append(s)
        same_kind = self._squares_of[self.cells[move.from_square]]
        if len(same_kind) == 1:
            return ""
        rivals = [s for s in same_kind if s != move.from_square and move.to_square in self._legal_targets(s)]
        if not rivals:
            return ""
        name = square_name(move.from_square)
        if all(s % 8 != move.from_square % 8 for s in rivals):
            return name[0]
        if all(s // 8 != move.from_square // 8 for s in rivals):
            return name[1]
        return name


    def _legal_targets(self, square: int) -> frozenset:
        if square not in self._targets:
            self._targets[square] = frozenset(self.rules.legal_targets(self.cells, square))
        return self._targets[square]


def _check_and_mate(cells, move: Move, rules: Rules) -> tuple[bool, bool]:
    piece = cells[move.from_square]
    after = rules.play(cells, move.from_square, move.to_square, move.promotion)
    status = rules.status(after, other(piece.color))
    return status["check"], status["checkmate"]
