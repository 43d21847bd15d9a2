"""The table service: every table (KBNK and the other lone-king mates on the 8x8 board, the 3D
tables on n*n*n cubes) stored in one file format, held by one store, built by one builder off the
request path, read through checked blocks shared by a server's workers, and probed by one
evaluator into one answer type.

    TableId.chess("KBNK"), TableId.cube("KRNK", 5)            # which table
    TableStore(folder, limits).table(id) -> TableFile           # or TablePending / a server fault
    analyse(store.table, position) -> (Verdict, check, MoveValues)    # a TablePosition's value
    ProbeAnswer.of(verdict, check, moves).to_json()            # lichess's answer
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
