"""The method of the bishop and knight (KBNK): the lone king is mated only in a corner of the
bishop's square colour, its two mating corners. Its phases, decided by ``phase`` (first match
wins), where ``right`` is the mating corner nearest the lone king and ``wrong`` the nearest corner
of the other colour:

1. ``mate-net``: the lone king is within NET_REACH king steps of ``right``, and the strong king has
   come within NET_REACH + 1 steps of that corner while standing farther from it than the lone
   king (it shuts the corner from the outside, not tangled behind the lone king).
2. ``drive-to-edge``: the lone king stands off the two outer rings of the board (two or more steps
   from every edge): push it to the nearest edge.
3. ``w-manoeuvre``: near an edge, but nearer ``wrong`` than ``right``: it must be walked along the
   edge out of the wrong corner's half, the knight's W-manoeuvre.
4. ``drive-to-corner``: near an edge on the right corner's half: herd it into that corner.

The rules read where the kings stand, not the box: with the strong men frozen the box is large in
most positions of the drive, where the lone king is held by the moves to come. Measured over the
table (random positions, White to move), rule 1 holds for 97% of the mates in 1-3 with the lone
king by the right corner, and for under 5% of the mates in 16 or more. So the box is told only
where it holds the lone king in a corner (``SHOWS_BOX``: the box caught in a corner): "caught in
the corner" is said only then; a mating net around a king that can still walk out is told by the
kings' distances and the square of its box farthest from the corner (``loose``), with the advice to
shut the corner first.
"""

from __future__ import annotations

from ...tables import TablePosition
from .claims import (caught, corner_steps, edge_name, edge_steps_claim, frame_edge, kbn_corners, king_corner, loose,
                     middle, name, wrong_corner)
from .geometry import chebyshev, edge_distance, edge_toward
from ...core.message import N_, msg

PHASES = ("drive-to-edge", "w-manoeuvre", "drive-to-corner", "mate-net")  # the method's order
CAREFUL = " and the mate is gone"  # the warning for a man left hanging: the mate needs both
SHOWS_BOX = "caught"  # the box is told only when it is caught in a corner
NET_REACH = 2  # king steps from a mating corner within which the mating net is woven


def corners(position: TablePosition) -> tuple[tuple[int, ...], int, int]:
    """(the bishop's mating corners, ``right``, ``wrong``) in the frame's squares."""
    return kbn_corners(position)


def phase(position: TablePosition, box: frozenset[int]) -> str:
    _, right, wrong = corners(position)
    lone = position.lone
    to_right, to_wrong = chebyshev(lone, right), chebyshev(lone, wrong)
    strong_king = chebyshev(position.king, right)
    if to_right <= NET_REACH and to_right < strong_king <= NET_REACH + 1:
        return "mate-net"
    if edge_distance(lone) >= 2:
        return "drive-to-edge"
    if to_wrong < to_right:
        return "w-manoeuvre"
    return "drive-to-corner"


def _edge(position: TablePosition, right: int, through_corner: bool) -> tuple[str, int]:
    """The edge the lone king is driven along, in the frame (``geometry.edge_toward`` reads the real board)."""
    return frame_edge(position, edge_toward(position.real(position.lone), position.real(right), through_corner))


def _why(position: TablePosition, phase: str, box: frozenset[int]) -> list:
    """The claims that make ``phase`` true."""
    _, right, _ = corners(position)
    if phase == "drive-to-edge":
        return [middle(position)]
    if phase == "w-manoeuvre":
        return [wrong_corner(position), edge_steps_claim(position, _edge(position, right, True))]
    if phase == "drive-to-corner":
        steps = chebyshev(position.lone, right)
        near = [] if steps == 0 else [edge_steps_claim(position, _edge(position, right, True))]
        return [*near, corner_steps(position, right, mating=True)]
    held = caught(position, box)
    if held is not None:
        return [held, king_corner(position, right)]
    out = loose(position, box, right)  # the net not shut yet: where the lone king could still walk to
    return [corner_steps(position, right, mating=True), *([out] if out is not None else []), king_corner(position, right)]


def advice(position: TablePosition, phase: str, box: frozenset[int]) -> list:
    _, right, wrong = corners(position)
    target = name(position, right)
    why = _why(position, phase, box)
    if phase == "drive-to-edge":
        edge = _edge(position, right, False)
        return [*why, msg(N_("Bring your king to face it and take squares with the bishop and knight to push it to "
                             "%(edge)s."), edge=msg(edge_name(position, edge)))]
    if phase == "w-manoeuvre":
        return [*why, msg(N_("No mate can be forced in %(wrong)s: walk the lone king along the edge toward "
                             "%(target)s with the knight's W-manoeuvre, your king and bishop guarding the squares the "
                             "knight leaves."), wrong=name(position, wrong), target=target)]
    if phase == "drive-to-corner" and position.lone == right:
        return [*why, N_("Keep it there and bring your king and pieces close to weave the mating net.")]
    if phase == "drive-to-corner":
        return [*why, msg(N_("Herd it along the edge into %(target)s, keeping your king close."), target=target)]
    if any(claim.kind == "loose" for claim in why):
        return [*why, N_("Shut the corner first: take the squares it could walk out by with your king and men, then "
                         "its last squares, without stalemating it.")]
    return [*why, N_("Take its last squares without stalemating it; the bishop or the knight gives the mate.")]


def defence(position: TablePosition, phase: str, box: frozenset[int]) -> tuple[str, list]:
    why = _why(position, phase, box)
    if phase == "drive-to-edge":
        return "progress", [*why, N_("The longer the king stays in the middle, the longer it lives.")]
    if phase == "w-manoeuvre":
        return "progress", [*why, N_("The corner of the other colour is the best refuge: the knight's W-manoeuvre "
                                     "is needed to get the king out.")]
    if phase == "drive-to-corner":
        return "setback", [*why, N_("The mate happens in that corner: stay away from it as long as you can.")]
    if any(claim.kind == "loose" for claim in why):
        return "setback", [*why, N_("Walk out of the corner while you still can.")]
    return "setback", [*why, N_("The mating net is closing.")]
