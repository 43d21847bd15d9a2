"""The table service: every table (KBNK and the other lone-king mates on the 8x8 board, the 3D
tables on n*n*n cubes) stored in one file format, held by one store, built by one builder off the
request path, read through checked blocks shared by a server's workers, and probed by one
evaluator into one answer type.

    TableId.chess("KBNK"), TableId.cube("KRNK", 5)            # which table
    TableStore(folder, limits).table(id) -> TableFile           # or TablePending / a server fault
    analyse(store.table, position) -> (Verdict, check, MoveValues)    # a TablePosition's value
    ProbeAnswer.of(verdict, check, moves).to_json()            # lichess's answer

A table built here and now (KQK builds in a tenth of a second), then a position's value: White to
move mates in 2; with Black to move in the corner, stalemate.

>>> import shutil, tempfile
>>> from tablebase.core.geometry import parse_square as sq
>>> store = TableStore(tempfile.mkdtemp(), background=False)
>>> store.status(TableId.chess("KQK")).state
'missing'
>>> built = store.build_now(TableId.chess("KQK"))
>>> summary = store.table(TableId.chess("KQK")).summary
>>> summary.longest, summary.positions, summary.checkmates
(10, 144508, 364)
>>> white = TablePosition(2, 8, sq("c6"), (("Q", sq("h1")),), sq("a8"), True)
>>> verdict, check, moves = analyse(store.table, white)
>>> verdict.category, verdict.mate_in, len(moves)
('win', 2, 25)
>>> black = TablePosition(2, 8, sq("b6"), (("Q", sq("c7")),), sq("a8"), False)
>>> analyse(store.table, black)[0].stalemate
True
>>> shutil.rmtree(store.folder)

Which tables a server builds on request (``Limits``), and in words:

>>> Limits().allows(TableId.cube("KRK", 7)), Limits().allows(TableId.cube("KQRK", 6))
(True, False)
>>> Limits().describe_words().text()
"White's king and one of Q R B N against a lone king for 3 <= n <= 10, two of them for 3 <= n <= 5"
"""

from .answer import MoveAnswer, ProbeAnswer, Verdict
from .ids import CHESS_DIM, CUBE_DIM, TableId
from .limits import MIN_CUBE, Limits
from .position import TablePosition
from .analysis import LONE, MoveValue, MoveValues, analyse
from .reader import TableFile
from .won_entries import won_entry
from .queue import BuildQueueFull
from .store import TableNotBuilt, TablePending, TableStatus, TableStore
from .summary import TableSummary
from .values import NOT_WON, lone_to_move, strong_to_move

__all__ = [
    "BuildQueueFull", "CHESS_DIM", "CUBE_DIM", "LONE", "Limits", "MIN_CUBE", "MoveAnswer", "MoveValue", "MoveValues", "NOT_WON",
    "ProbeAnswer", "TableFile", "TableId", "TableNotBuilt", "TablePending", "TablePosition", "TableStatus",
    "TableStore", "TableSummary", "Verdict", "analyse", "lone_to_move", "strong_to_move", "won_entry",
]
