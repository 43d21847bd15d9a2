"""The exact answer where a 3D table holds the position: a king and one to three men against a lone
king, whichever colour is the stronger (colours swapped, the same position: 3D men move alike for
both colours). The fastest mate for the stronger side, the longest defence for the lone king.

The tables are read through ``tables`` (``TableId -> TableFile``), which raises ``NoTable`` where
the server has no file: the engine never starts a build, it searches instead."""

from __future__ import annotations

from ...core.cube_notation import CubePosition
from ...core.rules import BLACK, WHITE, Piece, other
from ...errors import OutOfTableError
from ..endgames import from_board, probe
from ..endgames.position import custom_kinds
from ...tables import TableNotBuilt, TablePending


class NoTable(LookupError):
    """The server has no file for a table the position needs (none is built for the engine)."""


def _stronger(position: CubePosition) -> str | None:
    """The colour with men besides its king where the other has its king alone, else None."""
    men = {WHITE: 0, BLACK: 0}
    kings = {WHITE: 0, BLACK: 0}
    for piece in position.cells:
        if piece is not None:
            (kings if piece.kind == "K" else men)[piece.color] += 1
    if kings[WHITE] != 1 or kings[BLACK] != 1:
        return None
    for color in (WHITE, BLACK):
        if men[color] and not men[other(color)]:
            return color
    return None


def swapped(position: CubePosition) -> CubePosition:
    """The same board with White's men Black's and Black's White's."""
    cells = tuple(None if p is None else Piece(other(p.color), p.kind) for p in position.cells)
    return CubePosition(position.n, cells, position.custom)


def table_answer(tables, position: CubePosition, turn: str) -> dict | None:
    """The best move by the table and the position's value (``{"mate": k}``: the side to move
    mates in k moves, or is mated in -k; ``{"cp": 0}``: a draw), or None where no table answers."""
    strong = _stronger(position)
    if strong is None or tables is None:
        return None
    shown = position if strong == WHITE else swapped(position)
    shown_turn = turn if strong == WHITE else other(turn)
    letters = {kind: letter for letter, kind in custom_kinds(shown).items()}
    try:
        answer = probe(tables, from_board(shown, shown_turn), letters)
    except (NoTable, OutOfTableError, TableNotBuilt, TablePending):
        return None
    moves = answer["moves"]
    if not moves:
        return None  # no move: the caller says checkmate or stalemate
    best = moves[0]
    mate_in = answer["mate_in"]
    score = {"cp": 0} if mate_in is None else {"mate": mate_in if answer["category"] == "win" else -mate_in}
    return {"move": {"from": list(best["from"]), "to": list(best["to"])}, "notation": best["notation"],
            "score": score}
