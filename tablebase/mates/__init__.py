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

KQK built here and now in a temporary folder, then probed in lichess's conventions: White mates
in 2, the best line, and a random position mating in 5:

>>> import random, shutil, tempfile
>>> from tablebase.tables import TableId, TableStore
>>> store = TableStore(tempfile.mkdtemp(), background=False)
>>> built = store.build_now(TableId.chess("KQK"))
>>> answer = probe(store.table, "k7/8/2K5/8/8/8/8/7Q w - - 0 1")
>>> answer["category"], answer["mate_in"], answer["fifty_move_plies_left"]
('win', 2, 100)
>>> answer["moves"][0]["san"], answer["moves"][0]["category"]
('Kb6+', 'loss')
>>> [ply["san"] for ply in mainline(store.table, "k7/8/2K5/8/8/8/8/7Q w - - 0 1")]
['Kb6+', 'Kb8', 'Qb7#']
>>> drawn = random_position(store.table, TableId.chess("KQK"), 5, 5, rng=random.Random(1))
>>> probe(store.table, to_fen(drawn))["mate_in"]
5
>>> shutil.rmtree(store.folder)

The reader turns a board whose men are Black's into the tables' frame, and names what it refuses:

>>> read = parse_position("8/8/8/8/8/8/1q6/k1K5 w - - 0 1")
>>> read.position.material.name, read.position.strong_to_move, read.position.flip
('KQK', False, 56)
>>> parse_position("8/8/8/8/8/8/8/KPk5 w - - 0 1")
Traceback (most recent call last):
...
tablebase.errors.OutOfTableError: not in the tables (they hold a king and up to two of Q R B N against a lone king, either colour holding them): '8/8/8/8/8/8/8/KPk5 w - - 0 1'
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
