"""The 2D move-validity checker of the seed: is ``[colour, piece, x, y]`` a legal move for some piece
of that colour and type, and why (or why not), in words a learner understands.

Validity comes from the shared rules core (``CHESS_RULES``): no castling, no en passant, promotion
allowed, either colour may move, a king is never captured. This module applies the core's rule to
the seed's question (``forms`` reads it, ``words`` explains the answer).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ..core.fen import BoardPosition
from ..core.geometry import CHESSBOARD, square_name
from ..core.rules import BLACK, CHESS_RULES, COLOR_NAMES, KIND_NAMES, WHITE, Move, Piece
from .forms import MoveQuestion
from .words import listing, move_in_words, on, question_in_words, why_blocked, why_unsafe, why_valid

RULES = CHESS_RULES


@dataclass(frozen=True)
class PieceVerdict:
    """What one candidate piece can do about the question."""

    square: int
    valid: bool
    reason: str
    reaches: bool  # whether the target is in its movement pattern at all


@dataclass(frozen=True)
class Verdict:
    valid: bool
    reason: str
    pieces: tuple[PieceVerdict, ...] = ()
    after: tuple | None = None  # the cells after the move, when one named move is valid
    move: str = ""  # the move asked about, in words ("the white pawn on d2 to d5")

    def to_json(self) -> dict:
        answer = {
            "valid": self.valid,
            "reason": self.reason,
            "move_words": self.move,
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
        return PieceVerdict(start, False, f"{on(cells, start)} is already on {square_name(end)}", True)
    if end not in _pattern_reach(cells, start):
        return PieceVerdict(
            start, False, f"{on(cells, start)} does not move that way to {square_name(end)}", False)
    if end not in RULES.pseudo_targets(cells, start):
        return PieceVerdict(start, False, why_blocked(cells, start, end), True)
    king = RULES.king_square(cells, piece.color)
    if not RULES.leaves_king_safe(list(cells), start, end, king):
        return PieceVerdict(start, False, why_unsafe(cells, start, end, king), True)
    return PieceVerdict(start, True, why_valid(cells, start, end, king), True)


def check_move(cells, question: MoveQuestion) -> Verdict:
    """The seed's question: valid if any piece of that colour and type can make the move."""
    return replace(_check_move(cells, question),
                   move=question_in_words(question.color, question.kind, question.target))


def _check_move(cells, question: MoveQuestion) -> Verdict:
    piece = Piece(question.color, question.kind)
    kind_name = f"{COLOR_NAMES[question.color]} {KIND_NAMES[question.kind]}"
    target = square_name(question.target)
    candidates = [s for s, p in enumerate(cells) if p == piece]
    if not candidates:
        return Verdict(False, f"there is no {kind_name} on the board")
    verdicts = tuple(judge_piece(cells, s, question.target) for s in candidates)
    good = [v for v in verdicts if v.valid]
    if good:
        reason = good[0].reason
        if len(good) > 1:
            reason += f" (so can {listing([on(cells, v.square) for v in good[1:]])})"
        return Verdict(True, reason, verdicts)
    reaching = [v.reason for v in verdicts if v.reaches]
    if not reaching:
        plural = "" if len(candidates) == 1 else "s"
        where = listing([square_name(s) for s in candidates])
        return Verdict(False, f"no {kind_name} reaches {target} (the {kind_name}{plural} on {where})",
                       verdicts)
    if len(reaching) < len(verdicts):
        reaching.append(f"no other {kind_name} reaches {target}")
    return Verdict(False, "; ".join(reaching), verdicts)


def check_uci(cells, move: Move) -> Verdict:
    """One named piece's move, as UCI; a promotion letter is allowed only on a promotion."""
    return replace(_check_uci(cells, move), move=move_in_words(cells, move.from_square, move.to_square))


def _check_uci(cells, move: Move) -> Verdict:
    piece = cells[move.from_square]
    if piece is None:
        return Verdict(False, f"there is no piece on {square_name(move.from_square)}")
    verdict = judge_piece(cells, move.from_square, move.to_square)
    promotes = RULES.promotes(cells, move.from_square, move.to_square)
    if move.promotion and not promotes:
        reason = f"only a pawn reaching the last rank can promote, not in {move.uci()!r}"
        return Verdict(False, reason, (verdict,))
    if not verdict.valid:
        return Verdict(False, verdict.reason, (verdict,))
    promotion = move.promotion or ("Q" if promotes else None)
    after = RULES.play(cells, move.from_square, move.to_square, promotion)
    return Verdict(True, verdict.reason, (verdict,), tuple(after))


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
