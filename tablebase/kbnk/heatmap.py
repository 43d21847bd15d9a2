"""The lone king's heat map: with the side holding the pieces left where it stands, the value of
the position for every square of the lone king, the lone king's side to move.

Each square is probed like any position (``probe``), so the map agrees with the API by
construction; squares where the lone king cannot stand are ``illegal``."""

from __future__ import annotations

from ..errors import IllegalPositionError, OutOfTableError, quoted
from ..core.fen import BoardPosition
from ..core.geometry import square_name
from ..core.rules import BLACK, WHITE, Piece
from .probing import probe
from .table import KbnkTable

ILLEGAL = {"category": "illegal", "dtm": None, "checkmate": False, "stalemate": False}


def _strong_side(board: BoardPosition) -> str:
    """The colour that holds a bishop or knight (White when only kings stand)."""
    for piece in board.pieces().values():
        if piece.kind != "K":
            return piece.color
    return WHITE


def heatmap(table: KbnkTable, fen: str) -> dict[str, dict]:
    """``{square: {category, dtm, checkmate, stalemate}}`` for the 64 squares, a1 first, in the
    lichess conventions of ``probe`` (category and plies for the lone king's side). The lone
    king's square in ``fen`` and the side to move are ignored. Raises ``BoardSyntaxError`` for
    malformed FEN, ``IllegalPositionError`` when the pieces' side has no single king,
    ``OutOfTableError`` for other material."""
    board = BoardPosition.from_fen(fen)
    strong = _strong_side(board)
    weak = BLACK if strong == WHITE else WHITE
    cells = [p if p is not None and p.color == strong else None for p in board.cells]
    kings = [p for p in cells if p is not None and p.kind == "K"]
    if len(kings) != 1:
        raise IllegalPositionError(
            f"illegal position (the side with the pieces needs exactly one king): {quoted(fen)}")
    kinds = sorted(p.kind for p in cells if p is not None and p.kind != "K")
    if kinds not in ([], ["B"], ["N"], ["B", "N"]) or any(
            p is not None and p.color == weak and p.kind != "K" for p in board.cells):
        raise OutOfTableError(f"not in the kbnk table (only kbnk, kbk, knk, kk): {quoted(fen)}")
    lone_king = Piece(weak, "K")
    found: dict[str, dict] = {}
    for square in range(64):
        if cells[square] is not None:
            found[square_name(square)] = dict(ILLEGAL)
            continue
        trial = list(cells)
        trial[square] = lone_king
        try:
            value = probe(table, BoardPosition(tuple(trial), weak).fen())
        except IllegalPositionError:
            found[square_name(square)] = dict(ILLEGAL)
            continue
        found[square_name(square)] = {key: value[key] for key in ("category", "dtm", "checkmate", "stalemate")}
    return found
