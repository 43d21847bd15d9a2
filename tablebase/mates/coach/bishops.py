"""The method of two bishops of both colours (KBBK), its phases in the order of ``phase``:

1. ``mate-net``: the lone king within a step of a corner and the strong king within two steps of it.
2. ``drive-to-corner``: the lone king on the edge or its box at most ``SMALL_BOX`` squares: herd
   it into any corner.
3. ``diagonal-barrier``: the bishops side by side make a barrier of two diagonals the king cannot
   cross; shrink the box behind it with the king.
"""

from __future__ import annotations

from ...tables import TablePosition
from .geometry import CORNERS, SMALL_BOX, chebyshev, edge_distance, nearest
from .words import box_size

PHASES = ("diagonal-barrier", "drive-to-corner", "mate-net")
CAREFUL = ""  # the warning for a man left hanging ends at "or the king takes it"
ADVICE = {
    "mate-net": "The lone king is by the corner: take its last squares with the bishops in turn, your "
                "king close, without stalemating it.",
    "diagonal-barrier": "Put the bishops side by side: their two diagonals are a wall the lone king cannot "
                        "cross. Bring your king and shrink the box behind the wall.",
    "drive-to-corner": "Herd the lone king along the edge into a corner, the bishops taking squares in turn "
                       "and your king close.",
}


def phase(position: TablePosition, box: frozenset[int]) -> str:
    lone = position.lone
    if chebyshev(lone, nearest(lone, CORNERS)) <= 1 and chebyshev(position.king, lone) <= 2:
        return "mate-net"
    if edge_distance(lone) == 0 or len(box) <= SMALL_BOX:
        return "drive-to-corner"
    return "diagonal-barrier"


def advice(position: TablePosition, phase: str, box: frozenset[int]) -> str:
    return ADVICE[phase] + box_size(len(box))
