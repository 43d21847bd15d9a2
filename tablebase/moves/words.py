"""The words that explain the rule's answers to a learner: which piece could go, or what stops it.

Each function gets the board and the squares the rule looked at; the facts (attackers, blockers)
come from the rules core, only the sentences are made here."""

from __future__ import annotations

from ..core.geometry import CHESSBOARD, square_name
from ..core.rules import CHESS_RULES, COLOR_NAMES, KIND_NAMES, other

RULES = CHESS_RULES


def on(cells, square: int) -> str:
    """'the queen on h4' (colour left out: the sentence makes it clear)."""
    return f"the {KIND_NAMES[cells[square].kind]} on {square_name(square)}"


def named(cells, square: int) -> str:
    return f"the {cells[square].name()} on {square_name(square)}"


def move_in_words(cells, start: int, end: int) -> str:
    """'the white pawn on d2 to d5' (the verdict's headline, in place of the UCI text)."""
    piece = cells[start]
    mover = f"the {piece.name()} on {square_name(start)}" if piece else f"the empty square {square_name(start)}"
    return f"{mover} to {square_name(end)}"


def question_in_words(color: str, kind: str, target: int) -> str:
    """'a white rook to h2' (the seed's question: any piece of that colour and kind)."""
    return f"a {COLOR_NAMES[color]} {KIND_NAMES[kind]} to {square_name(target)}"


def listing(phrases: list[str]) -> str:
    return phrases[0] if len(phrases) == 1 else ", ".join(phrases[:-1]) + " and " + phrases[-1]


def _blocker(cells, start: int, end: int) -> int | None:
    """The first piece strictly between two squares on one line, if any."""
    for vector in RULES.slides["Q"]:
        ray = CHESSBOARD.ray(start, vector)
        if end in ray:
            return next((s for s in ray[: ray.index(end)] if cells[s] is not None), None)
    return None


def why_blocked(cells, start: int, end: int) -> str:
    """Why a piece whose pattern reaches ``end`` may not go there by its movement."""
    piece, target = cells[start], cells[end]
    mover = on(cells, start)
    if piece.kind == "P":
        diagonal = start % 8 != end % 8
        if diagonal and target is None:
            return f"{mover} moves diagonally only to capture, and {square_name(end)} is empty"
        if not diagonal:
            between = _blocker(cells, start, end)
            if between is not None:
                return f"the path of {mover} is blocked by {named(cells, between)}"
            if target is not None:
                return (f"{mover} cannot capture straight ahead: "
                        f"{square_name(end)} holds {'a' if target.kind != 'K' else 'the'} {target.name()}")
    elif piece.kind in RULES.slides:
        between = _blocker(cells, start, end)
        if between is not None:
            return f"the path of {mover} is blocked by {named(cells, between)}"
    if target is not None and target.color == piece.color:
        return f"{mover} cannot take its own side's {KIND_NAMES[target.kind]} on {square_name(end)}"
    if target is not None and target.kind == "K":
        return f"a king is never captured, and {square_name(end)} holds the {target.name()}"
    return f"{mover} cannot move to {square_name(end)}"


def why_unsafe(cells, start: int, end: int, king: int) -> str:
    """Why a move the piece can make would leave its own king attacked."""
    piece = cells[start]
    enemy = other(piece.color)
    board = RULES.play(cells, start, end)
    king_after = end if start == king else king
    attackers = RULES.attackers(board, king_after, enemy)
    names = listing([on(board, s) for s in attackers])
    if start == king:
        return f"the king would be in check on {square_name(end)} from {names}"
    before = RULES.attackers(cells, king, enemy)
    if set(before) & set(attackers):
        still = listing([on(board, s) for s in attackers if s in before])
        return (f"the {COLOR_NAMES[piece.color]} king on {square_name(king)} is in check from {still}, "
                f"and moving {on(cells, start)} to {square_name(end)} does not stop it")
    return f"{on(cells, start)} is pinned by {names} against its king on {square_name(king)}"


def why_valid(cells, start: int, end: int, king: int | None) -> str:
    piece, target = cells[start], cells[end]
    mover = on(cells, start)
    if target is not None:
        text = f"{mover} can take {named(cells, end)}"
    elif piece.kind == "P" and abs(end - start) == 16:
        text = f"{mover} can advance two squares to {square_name(end)}"
    else:
        text = f"{mover} can move to {square_name(end)}"
    if RULES.promotes(cells, start, end):
        text += " and promote"
    before = [] if king is None else RULES.attackers(cells, king, other(piece.color))
    if before:
        checks = listing([on(cells, s) for s in before])
        if start == king:
            text += f", out of check from {checks}"
        elif end in before:
            text += ", removing the piece that gives check"
        else:
            text += f", blocking the check from {checks}"
    return text


