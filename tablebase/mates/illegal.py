"""Why a move the trainer refused is illegal, in words, from the rules core (``CHESS_RULES``, the
move checker's words): no piece there, not that side's turn, the kings side by side, a man that
does not move that way or is blocked, a king left in check. A move the rules allow is said to be
legal (the page then knows the game, not the rules, refused it)."""

from __future__ import annotations

from dataclasses import dataclass

from ..core.fen import BoardPosition
from ..core.geometry import parse_square, square_name
from ..core.message import Message, N_, msg
from ..core.rules import CHESS_RULES, COLOR_NAMES, other
from ..errors import ChessInputError, quoted
from ..moves.rule import judge_piece
from ..moves.words import kind_word, on

RULES = CHESS_RULES


@dataclass(frozen=True)
class MoveReason:
    legal: bool
    said: Message  # a sentence, as a message (``reason``: its English)

    @property
    def reason(self) -> str:
        return self.said.text()

    def as_dict(self) -> dict:
        return {"legal": self.legal, "reason": self.reason, "reason_words": self.said.as_json()}


def _square(text: str, what: str) -> int:
    try:
        return parse_square(text)
    except (ChessInputError, ValueError, TypeError, IndexError):
        raise ChessInputError(msg(N_("from must be a square like 'e4', not %(given)s") if what == "from" else
                                  N_("to must be a square like 'e4', not %(given)s"), given=quoted(text))) from None


def _sentence(said) -> Message:
    """A reason as a sentence: its first letter raised, a full stop after it."""
    inner = Message(said.id, said.params, said.plural, said.n, capital=True) if isinstance(said, Message) else said
    return msg(N_("%(sentence)s."), sentence=inner)


def explain_move(fen: str, start: str, end: str) -> MoveReason:
    """Whether the move ``start``-``end`` (square names) is legal on the board of ``fen``, and why
    not. Raises ``ChessInputError`` for an unreadable FEN or square."""
    board = BoardPosition.from_fen(fen)
    cells = list(board.cells)
    a, b = _square(start, "from"), _square(end, "to")
    piece = cells[a]
    if piece is None:
        return MoveReason(False, _sentence(msg(N_("there is no piece on %(square)s"), square=square_name(a))))
    if piece.color != board.turn:
        words = dict(piece=on(cells, a), kind=kind_word(piece.kind))
        if COLOR_NAMES[board.turn] == "white":
            return MoveReason(False, _sentence(msg(N_("it is White's turn: %(piece)s is black's %(kind)s"), **words)))
        return MoveReason(False, _sentence(msg(N_("it is Black's turn: %(piece)s is white's %(kind)s"), **words)))
    if piece.kind == "K" and a != b:
        theirs = RULES.king_square(cells, other(piece.color))
        if theirs is not None and theirs != b and RULES.geometry.leaps(b, RULES.leap_vectors(piece.color, "K")) \
                and theirs in RULES.geometry.leaps(b, RULES.leap_vectors(piece.color, "K")) \
                and b in RULES.pseudo_targets(cells, a):
            return MoveReason(False, _sentence(msg(N_("the kings would stand side by side: a king never steps next "
                                                      "to the other king, and %(square)s touches %(theirs)s"),
                                                   square=square_name(b), theirs=square_name(theirs))))
    verdict = judge_piece(cells, a, b)
    return MoveReason(verdict.valid, _sentence(verdict.said))
