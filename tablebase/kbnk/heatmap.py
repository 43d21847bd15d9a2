"""The lone king's heat map: with the side holding the pieces left where it stands, the value of
the position for every square of the lone king, the lone king's side to move.

The 64 values come from the one Black-reply evaluator in one batch (``values.black_to_move``)
and are written in the probe's conventions (``probing.verdict``), so the map agrees with the API;
squares where the lone king cannot stand are ``illegal``."""

from __future__ import annotations

import numpy as np

from ..core.fen import BoardPosition
from ..core.geometry import square_name
from ..errors import IllegalPositionError, quoted
from .board import king_targets
from .position import KbnkPosition, classify_material, out_of_table
from .probing import insufficient_verdict, verdict
from .table import KbnkTable
from .values import black_to_move

ILLEGAL = {"category": "illegal", "dtm": None, "checkmate": False, "stalemate": False}
FIELDS = ("category", "dtm", "checkmate", "stalemate")


def heatmap(table: KbnkTable, fen: str) -> dict[str, dict]:
    """``{square: {category, dtm, checkmate, stalemate}}`` for the 64 squares, a1 first, in the
    lichess conventions of ``probe`` (category and plies for the lone king's side). The lone
    king's square in ``fen`` and the side to move are ignored. Raises ``BoardSyntaxError`` for
    malformed FEN, ``IllegalPositionError`` when the pieces' side has no single king,
    ``OutOfTableError`` for other material."""
    material = classify_material(BoardPosition.from_fen(fen))
    if len(material.kings) != 1:
        raise IllegalPositionError(
            f"illegal position (the side with the pieces needs exactly one king): {quoted(fen)}")
    if not material.in_table:
        raise out_of_table(fen)
    flip = material.flip
    wk = material.kings[0] ^ flip
    wb = None if material.bishop is None else material.bishop ^ flip
    wn = None if material.knight is None else material.knight ^ flip
    blocked = {wk, *king_targets()[wk], wb, wn}
    free = [s for s in range(64) if s not in blocked]  # table squares the lone king may stand on
    values = {}
    if wb is not None and wn is not None:
        batch = black_to_move(table, wk, wb, wn, np.array(free, dtype=np.int64))
        for i, s in enumerate(free):
            values[s] = verdict(int(batch.dtm[i]), False, mate=bool(batch.mate[i]),
                                stalemate=bool(batch.stalemate[i]))
    else:
        for s in free:
            values[s], _ = insufficient_verdict(KbnkPosition(wk, wb, wn, s, white_to_move=False))
    return {square_name(s ^ flip): {k: values[s][k] for k in FIELDS} if s in values else dict(ILLEGAL)
            for s in sorted(range(64), key=lambda s: s ^ flip)}
