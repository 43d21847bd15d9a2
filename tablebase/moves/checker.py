"""The 2D move-validity checker of the seed: is ``[colour, piece, x, y]`` a legal move for some piece
of that colour and type, and why (or why not), in words a learner understands.

Validity comes from the shared rules core (``CHESS_RULES``): no castling, no en passant, promotion
allowed, either colour may move, a king is never captured. This module only reads the seed's
input forms and explains the core's answer: which piece could go, or what stops each one.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import BoardSyntaxError, ChessInputError, IllegalMoveError, IllegalPositionError, quoted
from ..core.geometry import CHESSBOARD, square_name, unit_vectors
from ..core.rules import BLACK, CHESS_RULES, COLOR_NAMES, KIND_NAMES, KINDS, WHITE, Move, Piece, other

RULES = CHESS_RULES
_SEED_COLORS = {"W": WHITE, "B": BLACK}


class MoveQuestionError(ChessInputError):
    code = "bad_move"


@dataclass(frozen=True)
class MoveQuestion:
    """The seed's second input: can any ``color`` ``kind`` go to ``target``?"""

    color: str
    kind: str
    target: int


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

    def to_json(self) -> dict:
        return {
            "valid": self.valid,
            "reason": self.reason,
            "pieces": [{"square": square_name(p.square), "valid": p.valid, "reason": p.reason}
                       for p in self.pieces],
        }


# --- the seed's input forms ------------------------------------------------------------------


def _seed_entry(item, what: str, error: type[ChessInputError]) -> tuple[str, str, int]:
    """``[colour, piece, x, y]`` -> (colour, kind, square); x = file 1..8, y = rank 1..8."""
    if not isinstance(item, (list, tuple)) or len(item) != 4:
        raise error(f"{what} must be [colour, piece, x, y], not {quoted(item)}")
    color, kind, x, y = item
    if not isinstance(color, str) or color not in _SEED_COLORS:
        raise error(f"unknown colour {quoted(color)} in {what} {quoted(item)}: use 'W' or 'B'")
    if not isinstance(kind, str) or kind not in KIND_NAMES:
        raise error(f"unknown piece {quoted(kind)} in {what} {quoted(item)}: use one of K Q R B N P")
    for coord in (x, y):
        if not isinstance(coord, int) or isinstance(coord, bool):
            raise error(f"coordinates must be whole numbers 1 to 8, not {quoted(coord)} in {quoted(item)}")
        if not 1 <= coord <= 8:
            raise error(f"coordinate {quoted(coord)} is off the board (1 to 8) in {what} {quoted(item)}")
    return _SEED_COLORS[color], kind, (y - 1) * 8 + (x - 1)


def parse_pieces(items) -> tuple:
    """The seed's first input, a list of ``[colour, piece, x, y]``, as 64 cells (a1 = 0)."""
    if not isinstance(items, list):
        raise BoardSyntaxError(f"pieces must be a list of [colour, piece, x, y], not {quoted(items)}")
    if len(items) > 64:
        raise BoardSyntaxError(f"{len(items)} pieces do not fit on 64 squares")
    cells: list = [None] * 64
    for item in items:
        color, kind, square = _seed_entry(item, "piece", BoardSyntaxError)
        if cells[square] is not None:
            raise BoardSyntaxError(
                f"two pieces on {square_name(square)}: {cells[square].name()} and {quoted(item)}")
        cells[square] = Piece(color, kind)
    check_kings(cells)
    return tuple(cells)


def check_kings(cells) -> None:
    """At most one king a side: 'its own king' must mean one square."""
    for color in (WHITE, BLACK):
        kings = [square_name(s) for s, p in enumerate(cells) if p == Piece(color, "K")]
        if len(kings) > 1:
            raise IllegalPositionError(
                f"{COLOR_NAMES[color]} has {len(kings)} kings ({', '.join(kings)}); at most one")


def parse_question(item) -> MoveQuestion:
    color, kind, square = _seed_entry(item, "move", MoveQuestionError)
    return MoveQuestion(color, kind, square)


def pieces_list(cells) -> list[list]:
    """The seed's list form of a board, White first, then by kind and square."""
    seed_color = {v: k for k, v in _SEED_COLORS.items()}
    placed = [(p.color != WHITE, KINDS.index(p.kind), s, p) for s, p in enumerate(cells) if p]
    return [[seed_color[p.color], p.kind, s % 8 + 1, s // 8 + 1] for *_, s, p in sorted(placed)]


# --- words -----------------------------------------------------------------------------------


def _on(cells, square: int) -> str:
    """'the queen on h4' (colour left out: the sentence makes it clear)."""
    return f"the {KIND_NAMES[cells[square].kind]} on {square_name(square)}"


def _named(cells, square: int) -> str:
    return f"the {cells[square].name()} on {square_name(square)}"


def _listing(phrases: list[str]) -> str:
    return phrases[0] if len(phrases) == 1 else ", ".join(phrases[:-1]) + " and " + phrases[-1]


# --- analysis --------------------------------------------------------------------------------


def checkers(cells, color: str) -> list[int]:
    """Squares of the pieces giving check to ``color``'s king (a pinned piece still gives check)."""
    king = RULES.king_square(cells, color)
    return [] if king is None else RULES.attackers(cells, king, other(color))


def pins(cells, color: str) -> list[tuple[int, int]]:
    """(pinned square, pinner square) for each piece of ``color`` pinned against its own king."""
    king = RULES.king_square(cells, color)
    if king is None:
        return []
    found = []
    for vector in unit_vectors(2):
        shield = None
        for s in CHESSBOARD.ray(king, vector):
            piece = cells[s]
            if piece is None:
                continue
            if shield is None and piece.color == color:
                shield = s
                continue
            if shield is not None and piece.color != color and vector in RULES.slides.get(piece.kind, ()):
                found.append((shield, s))
            break
    return found


def legal_destinations(cells, square: int) -> list[int]:
    return RULES.legal_targets(cells, square)


def _blocker(cells, start: int, end: int) -> int | None:
    """The first piece strictly between two squares on one line, if any."""
    for vector in RULES.slides["Q"]:
        ray = CHESSBOARD.ray(start, vector)
        if end in ray:
            return next((s for s in ray[: ray.index(end)] if cells[s] is not None), None)
    return None


def _pattern_reach(cells, square: int) -> set[int]:
    """Where the piece could go on an empty board, plus a pawn's capture squares."""
    piece = cells[square]
    alone = [None] * 64
    alone[square] = piece
    reach = set(RULES.pseudo_targets(alone, square))
    if piece.kind == "P":
        reach.update(CHESSBOARD.leaps(square, RULES.leap_vectors(piece.color, "P")))
    return reach


def _after(cells, start: int, end: int) -> list:
    board = list(cells)
    board[end], board[start] = board[start], None
    return board


def _why_blocked(cells, start: int, end: int) -> str:
    """Why a piece whose pattern reaches ``end`` may not go there by its movement."""
    piece, target = cells[start], cells[end]
    mover = _on(cells, start)
    if piece.kind == "P":
        diagonal = start % 8 != end % 8
        if diagonal and target is None:
            return f"{mover} moves diagonally only to capture, and {square_name(end)} is empty"
        if not diagonal:
            between = _blocker(cells, start, end)
            if between is not None:
                return f"the path of {mover} is blocked by {_named(cells, between)}"
            if target is not None:
                return (f"{mover} cannot capture straight ahead: "
                        f"{square_name(end)} holds {'a' if target.kind != 'K' else 'the'} {target.name()}")
    elif piece.kind in RULES.slides:
        between = _blocker(cells, start, end)
        if between is not None:
            return f"the path of {mover} is blocked by {_named(cells, between)}"
    if target is not None and target.color == piece.color:
        return f"{mover} cannot take its own side's {KIND_NAMES[target.kind]} on {square_name(end)}"
    if target is not None and target.kind == "K":
        return f"a king is never captured, and {square_name(end)} holds the {target.name()}"
    return f"{mover} cannot move to {square_name(end)}"


def _why_unsafe(cells, start: int, end: int, king: int) -> str:
    """Why a move the piece can make would leave its own king attacked."""
    piece = cells[start]
    enemy = other(piece.color)
    board = _after(cells, start, end)
    king_after = end if start == king else king
    attackers = RULES.attackers(board, king_after, enemy)
    names = _listing([_on(board, s) for s in attackers])
    if start == king:
        return f"the king would be in check on {square_name(end)} from {names}"
    before = RULES.attackers(cells, king, enemy)
    if set(before) & set(attackers):
        still = _listing([_on(board, s) for s in attackers if s in before])
        return (f"the {COLOR_NAMES[piece.color]} king on {square_name(king)} is in check from {still}, "
                f"and moving {_on(cells, start)} to {square_name(end)} does not stop it")
    return f"{_on(cells, start)} is pinned by {names} against its king on {square_name(king)}"


def _why_valid(cells, start: int, end: int, king: int | None) -> str:
    piece, target = cells[start], cells[end]
    mover = _on(cells, start)
    if target is not None:
        text = f"{mover} can take {_named(cells, end)}"
    elif piece.kind == "P" and abs(end - start) == 16:
        text = f"{mover} can advance two squares to {square_name(end)}"
    else:
        text = f"{mover} can move to {square_name(end)}"
    if piece.kind == "P" and end // 8 in (0, 7):
        text += " and promote"
    before = [] if king is None else RULES.attackers(cells, king, other(piece.color))
    if before:
        checks = _listing([_on(cells, s) for s in before])
        if start == king:
            text += f", out of check from {checks}"
        elif end in before:
            text += ", removing the piece that gives check"
        else:
            text += f", blocking the check from {checks}"
    return text


def judge_piece(cells, start: int, end: int) -> PieceVerdict:
    """Whether the piece on ``start`` may legally go to ``end``, and why in words."""
    piece = cells[start]
    if start == end:
        return PieceVerdict(start, False, f"{_on(cells, start)} is already on {square_name(end)}", True)
    if end not in _pattern_reach(cells, start):
        return PieceVerdict(
            start, False, f"{_on(cells, start)} does not move that way to {square_name(end)}", False)
    if end not in RULES.pseudo_targets(cells, start):
        return PieceVerdict(start, False, _why_blocked(cells, start, end), True)
    king = RULES.king_square(cells, piece.color)
    if not RULES.leaves_king_safe(list(cells), start, end, king):
        return PieceVerdict(start, False, _why_unsafe(cells, start, end, king), True)
    return PieceVerdict(start, True, _why_valid(cells, start, end, king), True)


def check_move(cells, question: MoveQuestion) -> Verdict:
    """The seed's question: valid if any piece of that colour and type can make the move."""
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
            reason += f" (so can {_listing([_on(cells, v.square) for v in good[1:]])})"
        return Verdict(True, reason, verdicts)
    reaching = [v.reason for v in verdicts if v.reaches]
    if not reaching:
        plural = "" if len(candidates) == 1 else "s"
        where = _listing([square_name(s) for s in candidates])
        return Verdict(False, f"no {kind_name} reaches {target} (the {kind_name}{plural} on {where})",
                       verdicts)
    if len(reaching) < len(verdicts):
        reaching.append(f"no other {kind_name} reaches {target}")
    return Verdict(False, "; ".join(reaching), verdicts)


def check_uci(cells, move: Move) -> Verdict:
    """One named piece's move, as UCI; a promotion letter is allowed only on a promotion."""
    piece = cells[move.from_square]
    if piece is None:
        return Verdict(False, f"there is no piece on {square_name(move.from_square)}")
    verdict = judge_piece(cells, move.from_square, move.to_square)
    promotes = piece.kind == "P" and move.to_square // 8 in (0, 7)
    if move.promotion and not promotes:
        reason = f"only a pawn reaching the last rank can promote, not in {move.uci()!r}"
        return Verdict(False, reason, (verdict,))
    return Verdict(verdict.valid, verdict.reason, (verdict,))


def parse_uci(text) -> Move:
    if not isinstance(text, str):
        raise IllegalMoveError(f"a move must be uci text like 'e2e4', not {quoted(text)}")
    return Move.from_uci(text.strip().lower())


def analyze(cells) -> dict:
    """What the board editor shows: checks, pins and every piece's legal destinations."""
    result = {"checkers": {}, "pins": [], "destinations": {}}
    for color in (WHITE, BLACK):
        result["checkers"][color] = [square_name(s) for s in checkers(cells, color)]
        result["pins"].extend({"square": square_name(p), "by": square_name(b)} for p, b in pins(cells, color))
    for s, piece in enumerate(cells):
        if piece is not None:
            result["destinations"][square_name(s)] = [square_name(t) for t in legal_destinations(cells, s)]
    return result
