"""The KBNK tablebase: depth to mate of every King, Bishop and Knight vs King position.

Public API::

    build_table(progress=None) -> KbnkTable          # generate from nothing
    save_table(table, path) -> Path                  # atomic write
    load_table(path) -> KbnkTable                    # read into memory, checked; TableFileError
    ensure_table(path=None, announce=None) -> KbnkTable   # load, or build + save + load, once (locked)
    probe(table, fen) -> dict                        # lichess-style answer
    probe_position(table, position) -> dict          # the same for a KbnkPosition
    mainline(table, fen) -> list[dict]               # best play, {uci, san, dtm} per ply
    random_position(table, min_moves, max_moves, bishop=None, rng=None) -> KbnkPosition
    verify(table) -> VerifyReport
    expand(table) -> FullTables, side_stats(full), export_u8(full, directory)
"""

from __future__ import annotations

from typing import Callable

from .expansion import FullTables, expand
from .export import export_u8
from .generator import generate
from .location import DEFAULT_TABLE, table_path
from .probing import mainline, probe, probe_position
from .provision import ensure_table
from .sampling import PositionRangeError, random_position
from .stats import SideStats, side_stats
from .table import KbnkTable
from .tablefile import TableFileError, load_table, save_table
from .verification import VerifyReport, verify

__all__ = [
    "DEFAULT_TABLE", "FullTables", "KbnkTable", "PositionRangeError", "SideStats", "TableFileError",
    "VerifyReport", "build_table", "ensure_table", "expand", "export_u8", "load_table", "mainline",
    "probe", "probe_position", "random_position", "save_table", "side_stats", "table_path", "verify",
]


def build_table(progress: Callable[[str, float], None] | None = None) -> KbnkTable:
    """Generate the table from nothing with the shared retrograde engine (well under a second)."""
    return KbnkTable.from_entries(generate(progress))
