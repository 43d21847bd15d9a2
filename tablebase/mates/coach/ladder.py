"""The method of two queens or rooks (KQQK, KQRK, KRRK), its phases in the order of ``phase``:

1. ``mate-net``: the lone king is held on an edge (its box lies on that edge's line): mate along it.
2. ``ladder``: the two pieces check and cut off a line in turn, rolling the lone king to the edge;
   the king is not needed.
"""

from __future__ import annotations

from ...tables import TablePosition
from .claims import held
from .geometry import on_edge_line
from ...core.message import N_
from .words import EDGE_MATE

PHASES = ("ladder", "mate-net")
CAREFUL = ""  # the warning for a man left hanging ends at "or the king takes it"
SHOWS_BOX = True
DO = {
    "ladder": N_("Roll the lone king to the edge: check with one piece, cut off the next line with the other, "
                 "in turn; your king is not needed."),
    "mate-net": EDGE_MATE,
}


def phase(position: TablePosition, box: frozenset[int]) -> str:
    return "mate-net" if on_edge_line(box, position.lone) else "ladder"


def _why(position: TablePosition, phase: str, box: frozenset[int]) -> list:
    return [held(position, box)] if phase == "mate-net" else []


def advice(position: TablePosition, phase: str, box: frozenset[int]) -> list:
    return [*_why(position, phase, box), DO[phase]]


def defence(position: TablePosition, phase: str, box: frozenset[int]) -> tuple[str, list]:
    if phase == "mate-net":
        return "setback", [*_why(position, phase, box), N_("The mating net is closing.")]
    return "progress", [N_("The more room the king keeps, the longer it lives.")]
