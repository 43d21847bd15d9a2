"""The 3D endgame tables: White's king and one or two of Q R B N against a lone king on the
n*n*n board, built by the shared retrograde engine (``tablebase.retrograde``).

    TableStore(folder, limits).table(material, n) -> CubeTable    # loaded, or built now
    probe(tables, EndgamePosition.from_board(CubePosition.parse(board), turn)) -> dict
    summary(table) -> dict                                          # for GET /api/3d/endgames
    won_position(table, rng, longest=False) -> EndgamePosition
    verify(table, smaller) -> VerifyReport
"""

from __future__ import annotations

import os
from pathlib import Path

from ...kbnk.location import PROJECT_ROOT
from .limits import MIN_N, Limits
from .position import EndgamePosition
from .probe import probe
from .sampling import won_position
from .store import ALL_MATERIALS, BuildState, TableStore
from .summary import summary
from .table import CubeTable
from .tablefile import TableFileError, load_table, save_table
from .verify import VerifyReport, verify

DEFAULT_FOLDER = PROJECT_ROOT / "data" / "cube"

__all__ = [
    "ALL_MATERIALS", "BuildState", "CubeTable", "DEFAULT_FOLDER", "EndgamePosition", "Limits", "MIN_N",
    "TableFileError", "TableStore", "VerifyReport", "load_table", "probe", "save_table",
    "summary", "table_folder", "verify", "won_position",
]


def table_folder() -> Path:
    """Where the 3D tables live: ``$CUBE_TABLES``, else ``<project root>/data/cube``."""
    return Path(os.environ.get("CUBE_TABLES") or DEFAULT_FOLDER)
