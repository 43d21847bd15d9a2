"""Every basic mate on the 8x8 board: a king and up to two of Q R B N (either colour holding them)
against a lone king, the tables KQK ... KNNK of the table service, read from FEN, probed in
lichess's conventions with the fifty-move rule, drawn at random by mate length, coached and
mapped (the lone king's heat map).

Public API (``tables`` is a table store's ``table`` method, ``Callable[[TableId], TableFile]``)::

    MATERIALS                                        # the 14 tables, KQK ... KNNK
    KBNK                                             # the first of them, the pages' default
    parse_position(fen) -> ChessPosition             # the one FEN reader of the 2D tables (at the edge)
    chess_position(position) -> ChessPosition        # a position the server drew, as one read
    probe(tables, fen) -> dict                       # lichess-style answer, fifty-move fields
    mainline(tables, fen) -> list[dict]
    random_position(tables, table_id, low, high, bishop=None, rng=None) -> TablePosition
    coach.coach(fen) -> dict                         # the method's facts (coach/: one module per method)
    heatmap.heatmap(tables, fen) -> dict
    lessons.KBN_LESSONS, lessons.PATH                # the lessons of /kbn/learn and /mates/learn
    expansion.expand(tables, table) -> FullTables    # both sides of every placement (export --u8, stats)
"""

from __future__ import annotations

from .endings import KBNK, MATERIALS
from .position import ChessPosition, Holdings, chess_position, classify_material, drawn_by_law, parse_position, to_fen
from .probing import mainline, probe, probe_position
from .random_positions import PositionRangeError, random_position

__all__ = [
    "KBNK", "MATERIALS", "ChessPosition", "Holdings", "PositionRangeError", "chess_position", "classify_material",
    "drawn_by_law",
    "mainline", "parse_position", "probe", "probe_position", "random_position", "to_fen",
]
