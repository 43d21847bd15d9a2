"""The 2D move-validity checker: is ``[colour, piece, x, y]`` (a piece question) a legal move for some piece
of that colour and type, and why (or why not), in words a learner understands.

Validity comes from the shared rules core (``CHESS_RULES``): no castling, no en passant, promotion
allowed, either colour may move, a king is never captured. This module applies the core's rule to
the piece question (``forms`` reads it, ``words`` explains the answer).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ..core.fen import BoardPosition
from ..core.geometry import CHESSBOARD, square_name
from ..core.message import Joined, Message, N_, english, msg, words_json
from ..core.rules import BLACK, CHESS_RULES, WHITE, Move, Piece
from .forms import MoveQuestion
from .words import listing, move_in_words, on, piece_word, question_in_words, why_blocked, why_unsafe, why_valid

RULES = CHESS_RULES


@dataclass(frozen=True)
class PieceVerdict:
    """What one candidate piece can do about the question."""

    square: int
    valid: bool
    said: Message  # the reason, as a message (``reason``: its English)
    reaches: bool  # whether the target is in its movement pattern at all

    @property
    def reason(self) -> str:
        return english(self.said)


@dataclass(frozen=True)
class Verdict:
    valid: bool
    said: Message | Joined  # the reason, as a message
    pieces: tuple[PieceVerdict, ...] = ()
    after: tuple | None = None  # the cells after the move, when one named move is valid
    move_said: Message | None = None  # the move asked about, in words ("the white pawn on d2 to d5")

    @property
    def reason(self) -> str:
        return english(self.said)

    @property
    def move(self) -> str:
        return english(self.move_said) if self.move_said is not None else ""

    def to_json(self) -> dict:
        answer = {
            "valid": self.valid,
            "reason": self.reason,
            "move_words": self.move,
            "words": {"reason": words_json(self.said), "move": words_json(self.move_said)},
            "pieces": [{"square": square_name(p.square), "valid": p.valid, "reason": p.reason}
                       for p in self.pieces],
        }
        if self.after is not None:
            answer["after"] = BoardPosition(self.after).board_fen()
        return answer


def legal_destinations(cells, square: int) -> list[int]:
    return RULES.legal_targets(cells, square)


def _pattern_reach(cells, square: int) -> set[int]:
    """Where the piece could go on an empty board, plus a pawn's capture squares."""
    piece = cells[square]
    alone = [None] * 64
    alone[square] = piece
    reach = set(RULES.pseudo_targets(alone, square))
    if piece.kind == "P":
        reach.update(CHESSBOARD.leaps(square, RULES.leap_vectors(piece.color, "P")))
    return reach


def judge_piece(cells, start: int, end: int) -> PieceVerdict:
    """Whether the piece on ``start`` may legally go to ``end``, and why in words."""
    piece = cells[start]
    if start == end:
        return PieceVerdict(start, False, msg(N_("%(mover)s is already on %(square)s"), mover=on(cells, start),
                                              square=square_name(end)), True)
    if end not in _pattern_reach(cells, start):
        return PieceVerdict(start, False, msg(N_("%(mover)s does not move that way to %(square)s"),
                                              mover=on(cells, start), square=square_name(end)), False)
    if end not in RULES.pseudo_targets(cells, start):
        return PieceVerdict(start, False, why_blocked(cells, start, end), True)
    king = RULES.king_square(cells, piece.color)
    if not RULES.leaves_king_safe(list(cells), start, end, king):
        return PieceVerdict(start, False, why_unsafe(cells, start, end, king), True)
    return PieceVerdict(start, True, why_valid(cells, start, end, king), True)


def check_move(cells, question: MoveQuestion) -> Verdict:
    """The piece question: valid if any piece of that colour and type can make the move."""
    return replace(_check_move(cells, question),
                   move_said=question_in_words(question.color, question.kind, question.target))


def _check_move(cells, question: MoveQuestion) -> Verdict:
    piece = Piece(question.color, question.kind)
    kind_name = piece_word(question.color, question.kind)
    target = square_name(question.target)
    candidates = [s for s, p in enumerate(cells) if p == piece]
    if not candidates:
        return Verdict(False, msg(N_("there is no %(piece)s on the board"), piece=kind_name))
    verdicts = tuple(judge_piece(cells, s, question.target) for s in candidates)
    good = [v for v in verdicts if v.valid]
    if good:
        reason = good[0].said
        if len(good) > 1:
            reason = msg(N_("%(reason)s (so can %(others)s)"), reason=reason,
                         others=listing([on(cells, v.square) for v in good[1:]]))
        return Verdict(True, reason, verdicts)
    reaching = [v.said for v in verdicts if v.reaches]
    if not reaching:
        where = listing([square_name(s) for s in candidates])
        if len(candidates) == 1:
            return Verdict(False, msg(N_("no %(piece)s reaches %(square)s (the %(piece)s on %(where)s)"),
                                      piece=kind_name, square=target, where=where), verdicts)
        return Verdict(False, msg(N_("no %(piece)s reaches %(square)s (the %(piece)ss on %(where)s)"),
                                  piece=kind_name, square=target, where=where), verdicts)
    if len(reaching) < len(verdicts):
        reaching.append(msg(N_("no other %(piece)s reaches %(square)s"), piece=kind_name, square=target))
    return Verdict(False, Joined(tuple(reaching), "; "), verdicts)


def check_uci(cells, move: Move) -> Verdict:
    """One named piece's move, as UCI; a promotion letter is allowed only on a promotion."""
    return replace(_check_uci(cells, move), move_said=move_in_words(cells, move.from_square, move.to_square))


def _check_uci(cells, move: Move) -> Verdict:
    piece = cells[move.from_square]
    if piece is None:
        return Verdict(False, msg(N_("there is no piece on %(square)s"), square=square_name(move.from_square)))
    verdict = judge_piece(cells, move.from_square, move.to_square)
    promotes = RULES.promotes(cells, move.from_square, move.to_square)
    if move.promotion and not promotes:
        reason = msg(N_("only a pawn reaching the last rank can promote, not in %(move)s"), move=repr(move.uci()))
        return Verdict(False, reason, (verdict,))
    if not verdict.valid:
        return Verdict(False, verdict.said, (verdict,))
    promotion = move.promotion or ("Q" if promotes else None)
    after = RULES.play(cells, move.from_square, move.to_square, promotion)
    return Verdict(True, verdict.said, (verdict,), tuple(after))


def analyze(cells) -> dict:
    """What the board editor shows: checks, pins and every piece's legal destinations."""
    result = {"checkers": {}, "in_check": [], "pins": [], "destinations": {}}
    for color in (WHITE, BLACK):
        checkers = RULES.checkers(cells, color)
        result["checkers"][color] = [square_name(s) for s in checkers]
        if checkers:
            result["in_check"].append(square_name(RULES.king_square(cells, color)))
        result["pins"].extend({"square": square_name(p), "by": square_name(b)} for p, b in RULES.pins(cells, color))
    for s, piece in enumerate(cells):
        if piece is not None:
            result["destinations"][square_name(s)] = [square_name(t) for t in legal_destinations(cells, s)]
    return result
