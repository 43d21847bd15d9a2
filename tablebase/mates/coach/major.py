"""The method of one queen or rook, with or without a minor piece (KQK, KRK, KQBK, KQNK, KRBK, KRNK),
its phases in the order of ``phase`` (first match wins):

1. ``mate-net``: the lone king is held on an edge (its box lies on that edge's line) and the strong
   king stands within two steps of it: the king takes the squares off the edge, the queen or rook
   gives mate along it.
2. ``waiting-move`` (the lone rook of KRK): as in 1 with the kings a knight's move apart and the
   strong side to move: a rook move that keeps the edge cut off, so that the lone king must step
   into the opposition.
3. ``bring-king``: the lone king is held on an edge, or its box has at most ``SMALL_BOX`` squares,
   and the strong king is more than two steps away: bring the king.
4. ``shrink-box``: otherwise: take lines from the box with the queen or rook (the queen a knight's
   move from the lone king, the rook cutting off ranks and files), the king helping.
"""

from __future__ import annotations

from ...tables import TablePosition
from .geometry import SMALL_BOX, chebyshev, edge_distance, on_edge_line
from .words import EDGE_MATE, box_size

PHASES = ("shrink-box", "bring-king", "waiting-move", "mate-net")
CAREFUL = ""  # the warning for a man left hanging ends at "or the king takes it"
ADVICE = {
    "shrink-box": "Take lines from the lone king's box with the {heavy}, keeping it out of the king's reach; "
                  "every move that shrinks the box is progress.",
    "bring-king": "The box is small: bring your king toward the lone king; the {heavy} keeps the cut.",
    "waiting-move": "The kings stand a knight's move apart: make a waiting move with the rook along its line, "
                    "so that the lone king must step into the opposition, then check on the edge.",
    "mate-net": EDGE_MATE,
}


def phase(position: TablePosition, box: frozenset[int]) -> str:
    lone, king = position.lone, position.king
    near = chebyshev(king, lone) <= 2
    held = on_edge_line(box, lone)
    if held and near:
        steps = sorted((abs(king % 8 - lone % 8), abs(king // 8 - lone // 8)))
        if position.material.pieces == ("R",) and steps == [1, 2] and position.strong_to_move:
            return "waiting-move"
        return "mate-net"
    if (held or edge_distance(lone) == 0 or len(box) <= SMALL_BOX) and not near:
        return "bring-king"
    return "shrink-box"


def advice(position: TablePosition, phase: str, box: frozenset[int]) -> str:
    heavy = "queen" if "Q" in position.material.pieces else "rook"
    return ADVICE[phase].format(heavy=heavy) + box_size(len(box))
