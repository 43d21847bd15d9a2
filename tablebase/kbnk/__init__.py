"""The KBNK tablebase tool: the KBN mate's table (and KBK, KNK after a capture) from the table
service, probed in lichess's conventions, with the coach, lessons, heat map and the checks.

Public API (``tables`` is a table store's ``table`` method, ``Callable[[TableId], TableFile]``)::

    KBNK                                             # the table's TableId
    probe(tables, fen) -> dict                       # lichess-style answer
    probe_position(tables, position) -> dict         # the same for a TablePosition
    mainline(tables, fen) -> list[dict]              # best play, {uci, san, dtm} per ply
    random_position(tables, min_moves, max_moves, bishop=None, rng=None) -> KbnkPosition
    verify(tables) -> VerifyReport
    expand(tables) -> FullTables, side_stats(full), export_u8(full, directory)
"""

from __future__ import annotations

from .expansion import FullTables, expand
from .export import export_u8
from .probing import KBNK, mainline, probe, probe_position
from .sampling import PositionRangeError, random_position
from .stats import SideStats, side_stats
from .verification import VerifyReport, verify

__all__ = [
    "KBNK", "FullTables", "PositionRangeError", "SideStats", "VerifyReport", "expand", "export_u8",
    "mainline", "probe", "probe_position", "random_position", "side_stats", "verify",
]
