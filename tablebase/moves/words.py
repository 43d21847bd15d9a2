"""The words that explain the rule's answers to a learner: which piece could go, or what stops it.

Each function gets the board and the squares the rule looked at; the facts (attackers, blockers)
come from the rules core, only the sentences are made here: messages (``core.message``) whose
English is the API's text and which the pages translate."""

from __future__ import annotations

from ..core.geometry import CHESSBOARD, square_name
from ..core.message import Joined, Message, N_, msg
from ..core.rules import CHESS_RULES, COLOR_NAMES, KIND_NAMES, other

RULES = CHESS_RULES
KINDS = {"K": N_("king"), "Q": N_("queen"), "R": N_("rook"), "B": N_("bishop"), "N": N_("knight"), "P": N_("pawn")}
PIECES = {f"{color} {kind}": f"{color} {kind}" for color in ("white", "black")
          for kind in ("king", "queen", "rook", "bishop", "knight", "pawn")}  # messages of the pages' catalogue


def kind_word(kind: str) -> Message:
    """'rook' (a message: translated with its article where the language needs one)."""
    return msg(KINDS.get(kind, KIND_NAMES.get(kind, kind)))


def piece_word(color: str, kind: str) -> Message:
    """'white rook'."""
    name = f"{COLOR_NAMES[color]} {KIND_NAMES.get(kind, kind)}"
    return msg(PIECES.get(name, name))


def on(cells, square: int) -> Message:
    """'the queen on h4' (colour left out: the sentence makes it clear)."""
    return msg(N_("the %(piece)s on %(square)s"), piece=kind_word(cells[square].kind), square=square_name(square))


def named(cells, square: int) -> Message:
    piece = cells[square]
    return msg(N_("the %(piece)s on %(square)s"), piece=piece_word(piece.color, piece.kind), square=square_name(square))


def move_in_words(cells, start: int, end: int) -> Message:
    """'the white pawn on d2 to d5' (the verdict's headline, in place of the UCI text)."""
    mover = named(cells, start) if cells[start] else msg(N_("the empty square %(square)s"), square=square_name(start))
    return msg(N_("%(mover)s to %(to)s"), mover=mover, to=square_name(end))


def question_in_words(color: str, kind: str, target: int) -> Message:
    """'a white rook to h2' (the piece question: any piece of that colour and kind)."""
    return msg(N_("a %(piece)s to %(square)s"), piece=piece_word(color, kind), square=square_name(target))


def listing(phrases: list) -> Joined:
    return Joined(tuple(phrases))


def _blocker(cells, start: int, end: int) -> int | None:
    """The first piece strictly between two squares on one line, if any."""
    for vector in RULES.slides["Q"]:
        ray = CHESSBOARD.ray(start, vector)
        if end in ray:
            return next((s for s in ray[: ray.index(end)] if cells[s] is not None), None)
    return None


def why_blocked(cells, start: int, end: int) -> Message:
    """Why a piece whose pattern reaches ``end`` may not go there by its movement."""
    piece, target = cells[start], cells[end]
    mover, square = on(cells, start), square_name(end)
    if piece.kind == "P":
        diagonal = start % 8 != end % 8
        if diagonal and target is None:
            return msg(N_("%(mover)s moves diagonally only to capture, and %(square)s is empty"), mover=mover,
                       square=square)
        if not diagonal:
            between = _blocker(cells, start, end)
            if between is not None:
                return msg(N_("the path of %(mover)s is blocked by %(blocker)s"), mover=mover,
                           blocker=named(cells, between))
            if target is not None:
                held = piece_word(target.color, target.kind)
                if target.kind == "K":
                    return msg(N_("%(mover)s cannot capture straight ahead: %(square)s holds the %(piece)s"),
                               mover=mover, square=square, piece=held)
                return msg(N_("%(mover)s cannot capture straight ahead: %(square)s holds a %(piece)s"), mover=mover,
                           square=square, piece=held)
    elif piece.kind in RULES.slides:
        between = _blocker(cells, start, end)
        if between is not None:
            return msg(N_("the path of %(mover)s is blocked by %(blocker)s"), mover=mover, blocker=named(cells, between))
    if target is not None and target.color == piece.color:
        return msg(N_("%(mover)s cannot take its own side's %(piece)s on %(square)s"), mover=mover,
                   piece=kind_word(target.kind), square=square)
    if target is not None and target.kind == "K":
        return msg(N_("a king is never captured, and %(square)s holds the %(piece)s"), square=square,
                   piece=piece_word(target.color, target.kind))
    return msg(N_("%(mover)s cannot move to %(square)s"), mover=mover, square=square)


def why_unsafe(cells, start: int, end: int, king: int) -> Message:
    """Why a move the piece can make would leave its own king attacked."""
    piece = cells[start]
    enemy = other(piece.color)
    board = RULES.play(cells, start, end)
    king_after = end if start == king else king
    attackers = RULES.attackers(board, king_after, enemy)
    names = listing([on(board, s) for s in attackers])
    if start == king:
        return msg(N_("the king would be in check on %(square)s from %(attackers)s"), square=square_name(end),
                   attackers=names)
    before = RULES.attackers(cells, king, enemy)
    if set(before) & set(attackers):
        still = listing([on(board, s) for s in attackers if s in before])
        words = dict(king=square_name(king), still=still, mover=on(cells, start), square=square_name(end))
        if COLOR_NAMES[piece.color] == "white":
            return msg(N_("the white king on %(king)s is in check from %(still)s, and moving %(mover)s to %(square)s "
                          "does not stop it"), **words)
        return msg(N_("the black king on %(king)s is in check from %(still)s, and moving %(mover)s to %(square)s "
                      "does not stop it"), **words)
    return msg(N_("%(mover)s is pinned by %(attackers)s against its king on %(king)s"), mover=on(cells, start),
               attackers=names, king=square_name(king))


def why_valid(cells, start: int, end: int, king: int | None) -> Message:
    piece, target = cells[start], cells[end]
    mover = on(cells, start)
    if target is not None:
        text = msg(N_("%(mover)s can take %(target)s"), mover=mover, target=named(cells, end))
    elif piece.kind == "P" and abs(end - start) == 16:
        text = msg(N_("%(mover)s can advance two squares to %(square)s"), mover=mover, square=square_name(end))
    else:
        text = msg(N_("%(mover)s can move to %(square)s"), mover=mover, square=square_name(end))
    if RULES.promotes(cells, start, end):
        text = msg(N_("%(move)s and promote"), move=text)
    before = [] if king is None else RULES.attackers(cells, king, other(piece.color))
    if before:
        checks = listing([on(cells, s) for s in before])
        if start == king:
            text = msg(N_("%(move)s, out of check from %(checks)s"), move=text, checks=checks)
        elif end in before:
            text = msg(N_("%(move)s, removing the piece that gives check"), move=text)
        else:
            text = msg(N_("%(move)s, blocking the check from %(checks)s"), move=text, checks=checks)
    return text
