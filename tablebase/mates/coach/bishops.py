"""The method of two bishops of both colours (KBBK), its phases in the order of ``phase``:

1. ``mate-net``: the lone king within a step of a corner and the strong king within two steps of it.
2. ``drive-to-corner``: the lone king on the edge or its box at most ``SMALL_BOX`` squares: herd
   it into any corner.
3. ``diagonal-barrier``: the bishops side by side make a barrier of two diagonals the king cannot
   cross; shrink the box behind it with the king.
"""

from __future__ import annotations

from ...tables import TablePosition
from .claims import corner_steps, edge_steps_claim, king_steps, nearest_corner
from ...core.message import N_
from .geometry import CORNERS, EDGES, SMALL_BOX, chebyshev, edge_distance, edge_steps, nearest

PHASES = ("diagonal-barrier", "drive-to-corner", "mate-net")
CAREFUL = ""  # the warning for a man left hanging ends at "or the king takes it"
SHOWS_BOX = True
DO = {
    "mate-net": N_("Take its last squares with the bishops in turn, your king close, without stalemating it."),
    "diagonal-barrier": N_("Put the bishops side by side: their two diagonals are a wall the lone king cannot "
                           "cross. Bring your king and shrink the box behind the wall."),
    "drive-to-corner": N_("Herd the lone king along the edge into a corner, the bishops taking squares in turn "
                          "and your king close."),
}


def phase(position: TablePosition, box: frozenset[int]) -> str:
    lone = position.lone
    if chebyshev(lone, nearest(lone, CORNERS)) <= 1 and chebyshev(position.king, lone) <= 2:
        return "mate-net"
    if edge_distance(lone) == 0 or len(box) <= SMALL_BOX:
        return "drive-to-corner"
    return "diagonal-barrier"


def _why(position: TablePosition, phase: str) -> list:
    if phase == "mate-net":
        return [corner_steps(position, nearest_corner(position), mating=False), king_steps(position)]
    if phase == "drive-to-corner" and edge_distance(position.lone) == 0:
        return [edge_steps_claim(position, next(e for e in EDGES if edge_steps(position.lone, e) == 0))]
    return []


def advice(position: TablePosition, phase: str, box: frozenset[int]) -> list:
    return [*_why(position, phase), DO[phase]]


def defence(position: TablePosition, phase: str, box: frozenset[int]) -> tuple[str, list]:
    if phase == "diagonal-barrier":
        return "progress", [N_("The more room the king keeps, the longer it lives.")]
    return "setback", [*_why(position, phase), N_("Stay away from the corners as long as you can.")]
