"""The 3D endgame tables: White's king and one or two of Q R B N against a lone king on the
n*n*n board, served by the table service (``tablebase.tables``).

    from_board(CubePosition.parse(board), turn) -> TablePosition
    probe(store.table, position) -> dict
    summary(table_file) -> dict                                     # for GET /api/3d/endgames
    explain(material, n, table_summary) -> [sentences]              # what the numbers mean
    won_position(table_file, rng, longest=False) -> TablePosition
    faces.wins_by_face(table_file) -> [won positions per distance of the lone king to a face]  # read off the entries
"""

from __future__ import annotations

from ...retrograde import materials
from .explain import explain
from .position import board_of, from_board, notation
from .probing import probe
from .won_positions import won_position
from .summary import summary

ALL_MATERIALS = materials(1) + materials(2)

__all__ = ["ALL_MATERIALS", "board_of", "explain", "from_board", "notation", "probe", "summary", "won_position"]
