"""The method of one queen or rook, with or without a minor piece (KQK, KRK, KQBK, KQNK, KRBK, KRNK),
its phases in the order of ``phase`` (first match wins):

1. ``mate-net``: the lone king is held on an edge (its box lies on that edge's line) and the strong
   king stands within two steps of it: the king takes the squares off the edge, the queen or rook
   gives mate along it.
2. ``waiting-move`` (the lone rook of KRK): as in 1 with the kings a knight's move apart and the
   strong side to move: a rook move that keeps the edge cut off, so that the lone king must step
   into the opposition.
3. ``bring-king``: the lone king is held on an edge, or stands on an edge, or its box has at most
   ``SMALL_BOX`` squares, and the strong king is more than two steps away: bring the king.
4. ``shrink-box``: otherwise: take lines from the box with the queen or rook (the queen a knight's
   move from the lone king, the rook cutting off ranks and files), the king helping.

``advice`` and ``defence`` give the claims that make each phase true and the method's
instruction; the box itself is told beside them (``coach``).
"""

from __future__ import annotations

from ...tables import TablePosition
from .claims import Claim, edge_steps_claim, held, king_steps, knight_apart
from .geometry import EDGES, SMALL_BOX, chebyshev, edge_distance, edge_steps, on_edge_line
from ...core.message import N_, msg
from .words import EDGE_MATE, MEN

PHASES = ("shrink-box", "bring-king", "waiting-move", "mate-net")
CAREFUL = ""  # the warning for a man left hanging ends at "or the king takes it"
SHOWS_BOX = True
DO = {
    "shrink-box": N_("Take lines from the lone king's box with the %(heavy)s, keeping it out of the king's reach; "
                     "every move that shrinks the box is progress."),
    "bring-king": N_("Bring your king toward the lone king; the %(heavy)s keeps the cut."),
    "waiting-move": N_("Make a waiting move with the rook along its line, so that the lone king must step into "
                       "the opposition, then check on the edge."),
    "mate-net": EDGE_MATE,
}
HOLD = {
    "shrink-box": N_("The more room the king keeps, the longer it lives."),
    "bring-king": N_("Keep away from the other king as long as you can."),
    "waiting-move": N_("The mating net is closing."),
    "mate-net": N_("The mating net is closing."),
}


def phase(position: TablePosition, box: frozenset[int]) -> str:
    lone, king = position.lone, position.king
    near = chebyshev(king, lone) <= 2
    is_held = on_edge_line(box, lone)
    if is_held and near:
        if position.material.pieces == ("R",) and knight_apart(position) and position.strong_to_move:
            return "waiting-move"
        return "mate-net"
    if (is_held or edge_distance(lone) == 0 or len(box) <= SMALL_BOX) and not near:
        return "bring-king"
    return "shrink-box"


def _why(position: TablePosition, phase: str, box: frozenset[int]) -> list:
    """The claims that make ``phase`` true."""
    if phase == "shrink-box":
        return []
    where = held(position, box)
    if where is None and edge_distance(position.lone) == 0:
        where = edge_steps_claim(position, next(e for e in EDGES if edge_steps(position.lone, e) == 0))
    found = [where] if where is not None else []
    if phase == "waiting-move":
        found.append(Claim("knight-apart"))
    return [*found, king_steps(position)]


def advice(position: TablePosition, phase: str, box: frozenset[int]) -> list:
    heavy = msg(MEN["Q" if "Q" in position.material.pieces else "R"])
    return [*_why(position, phase, box), msg(DO[phase], heavy=heavy) if "%(heavy)s" in DO[phase] else DO[phase]]


def defence(position: TablePosition, phase: str, box: frozenset[int]) -> tuple[str, list]:
    kind = "progress" if phase in ("shrink-box", "bring-king") else "setback"
    return kind, [*_why(position, phase, box), HOLD[phase]]
