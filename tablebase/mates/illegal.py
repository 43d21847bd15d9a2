"""Why a move the trainer refused is illegal, in words, from the rules core (``CHESS_RULES``, the
move checker's words): no piece there, not that side's turn, the kings side by side, a man that
does not move that way or is blocked, a king left in check. A move the rules allow is said to be
legal (the page then knows the game, not the rules, refused it)."""

from __future__ import annotations

from dataclasses import dataclass

from ..core.fen import BoardPosition
from ..core.geometry import parse_square, square_name
from ..core.rules import CHESS_RULES, COLOR_NAMES, KIND_NAMES, other
from ..errors import ChessInputError, quoted
from ..moves.rule import judge_piece
from ..moves.words import on

RULES = CHESS_RULES


@dataclass(frozen=True)
class MoveReason:
    legal: bool
    reason: str  # a sentence

    def as_dict(self) -> dict:
        return {"legal": self.legal, "reason": self.reason}


def _square(text: str, what: str) -> int:
    try:
        return parse_square(text)
    except (ChessInputError, ValueError, TypeError, IndexError):
        raise ChessInputError(f"{what} must be a square like 'e4', not {quoted(text)}") from None


def _sentence(text: str) -> str:
    return text[0].upper() + text[1:] + ("" if text.endswith(".") else ".")


def explain_move(fen: str, start: str, end: str) -> MoveReason:
    """Whether the move ``start``-``end`` (square names) is legal on the board of ``fen``, and why
    not. Raises ``ChessInputError`` for an unreadable FEN or square."""
    board = BoardPosition.from_fen(fen)
    cells = list(board.cells)
    a, b = _square(start, "from"), _square(end, "to")
    piece = cells[a]
    if piece is None:
        return MoveReason(False, _sentence(f"there is no piece on {square_name(a)}"))
    if piece.color != board.turn:
        mover = COLOR_NAMES[board.turn].capitalize()
        return MoveReason(False, _sentence(f"it is {mover}'s turn: {on(cells, a)} is "
                                           f"{COLOR_NAMES[piece.color]}'s {KIND_NAMES[piece.kind]}"))
    if piece.kind == "K" and a != b:
        theirs = RULES.king_square(cells, other(piece.color))
        if theirs is not None and theirs != b and RULES.geometry.leaps(b, RULES.leap_vectors(piece.color, "K")) \
                and theirs in RULES.geometry.leaps(b, RULES.leap_vectors(piece.color, "K")) \
                and b in RULES.pseudo_targets(cells, a):
            return MoveReason(False, _sentence(f"the kings would stand side by side: a king never steps next to "
                                               f"the other king, and {square_name(b)} touches "
                                               f"{square_name(theirs)}"))
    verdict = judge_piece(cells, a, b)
    return MoveReason(verdict.valid, _sentence(verdict.reason))
