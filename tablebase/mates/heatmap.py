"""The lone king's heat map (every 2D table): with the side holding the men left where it stands, the value of
the position for every square of the lone king, the lone king's side to move.

The 64 values come from the tables' one lone-king evaluator in one batch
(``tables.lone_to_move``) and are written as the probe's verdicts, so the map agrees with the API;
squares where the lone king cannot stand are ``illegal``."""

from __future__ import annotations

import numpy as np

from ..core.fen import BoardPosition
from ..core.geometry import square_name
from ..core.message import N_, msg
from ..errors import IllegalPositionError, quoted
from ..tables import CHESS_DIM, TablePosition, Verdict, lone_to_move
from ..tables.values import Tables
from .position import classify_material, drawn_by_law, out_of_table

ILLEGAL = {"category": "illegal", "dtm": None, "mate_in": None, "checkmate": False, "stalemate": False}
FIELDS = ("category", "dtm", "mate_in", "checkmate", "stalemate")


def heatmap(tables: Tables, fen: str) -> dict[str, dict]:
    """``{square: {category, dtm, checkmate, stalemate}}`` for the 64 squares, a1 first, in the
    lichess conventions of ``probe`` (category and plies for the lone king's side). The lone
    king's square in ``fen`` and the side to move are ignored. Raises ``BoardSyntaxError`` for
    malformed FEN, ``IllegalPositionError`` when the pieces' side has no single king,
    ``OutOfTableError`` for other material."""
    return board_heatmap(tables, BoardPosition.from_fen(fen), fen)


def board_heatmap(tables: Tables, board: BoardPosition, fen: str) -> dict[str, dict]:
    """``heatmap`` of a board already read from ``fen`` (which its errors quote)."""
    material = classify_material(board)
    if len(material.kings) != 1:
        raise IllegalPositionError(msg(N_("illegal position (the side with the pieces needs exactly one king): "
                                          "%(given)s"), given=quoted(fen)))
    if not material.in_table:
        raise out_of_table(fen)
    flip = material.flip
    men = tuple((kind, s ^ flip) for kind, s in material.men)
    king = material.kings[0] ^ flip
    sample = TablePosition(CHESS_DIM, 8, king, men, 0, False)
    blocked = {king, *sample.board.steps("K")[king], *(s for _, s in men)}
    free = [s for s in range(64) if s not in blocked]  # table squares the lone king may stand on
    table = sample.table
    count = len(free)
    batch = lone_to_move(tables, table, np.full(count, king), [np.full(count, s) for _, s in men],
                         np.array(free, dtype=np.int64))
    short = drawn_by_law(sample)(table.material)
    values = {s: Verdict.lone_to_move(int(batch.dtm[i]), mate=bool(batch.mate[i]),
                                      stalemate=bool(batch.stalemate[i]), insufficient=short).to_json()
              for i, s in enumerate(free)}
    return {square_name(s ^ flip): {k: values[s][k] for k in FIELDS} if s in values else dict(ILLEGAL)
            for s in sorted(range(64), key=lambda s: s ^ flip)}
