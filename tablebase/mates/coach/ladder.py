"""The method of two queens or rooks (KQQK, KQRK, KRRK), its phases in the order of ``phase``:

1. ``mate-net``: the lone king is held on an edge (its box lies on that edge's line): mate along it.
2. ``ladder``: the two pieces check and cut off a line in turn, rolling the lone king to the edge;
   the king is not needed.
"""

from __future__ import annotations

from ...tables import TablePosition
from .geometry import on_edge_line
from .words import EDGE_MATE, box_size

PHASES = ("ladder", "mate-net")
CAREFUL = ""  # the warning for a man left hanging ends at "or the king takes it"
ADVICE = {
    "ladder": "Roll the lone king to the edge: check with one piece, cut off the next line with the other, "
              "in turn; your king is not needed.",
    "mate-net": EDGE_MATE,
}


def phase(position: TablePosition, box: frozenset[int]) -> str:
    return "mate-net" if on_edge_line(box, position.lone) else "ladder"


def advice(position: TablePosition, phase: str, box: frozenset[int]) -> str:
    return ADVICE[phase] + box_size(len(box))
