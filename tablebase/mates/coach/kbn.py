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
king by the right corner, and for under 5% of the mates in 16 or more.
"""

from __future__ import annotations

from ...core.geometry import square_name
from ...tables import TablePosition
from .geometry import CORNERS, chebyshev, edge_distance, edge_toward, mating_corners, nearest
from .words import edge_name, squares

PHASES = ("drive-to-edge", "drive-to-corner", "w-manoeuvre", "mate-net")
CAREFUL = " and the mate is gone"  # the warning for a man left hanging: the mate needs both
NET_REACH = 2  # king steps from a mating corner within which the mating net is woven
NAMED_BOX = 8  # squares: a box this small is worth naming in the mating net


def corners(position: TablePosition) -> tuple[tuple[int, ...], int, int]:
    """(the bishop's mating corners, ``right``, ``wrong``) in the frame's squares."""
    mating = mating_corners(dict(position.men)["B"])
    right = nearest(position.lone, mating)
    wrong = nearest(position.lone, tuple(c for c in CORNERS if c not in mating))
    return mating, right, wrong


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


def advice(position: TablePosition, phase: str, box: frozenset[int]) -> str:
    _, right, wrong = corners(position)
    name = lambda s: square_name(position.real(s))  # noqa: E731 - the real board's name
    lone, target, size = name(position.lone), name(right), squares(len(box))
    edge = edge_name(edge_toward(position.real(position.lone), position.real(right),
                                 through_corner=phase != "drive-to-edge"))
    if phase == "drive-to-edge":
        return (f"The lone king on {lone} is still in the middle (its box: {size}). "
                f"Bring your king to face it and take squares with the bishop and knight to push it "
                f"to {edge}.")
    if phase == "w-manoeuvre":
        return (f"The lone king is heading for {name(wrong)}, a corner where no mate can be forced. "
                f"Keep it on {edge} and walk it toward {target} with the knight's W-manoeuvre, "
                f"your king and bishop guarding the squares the knight leaves.")
    if phase == "drive-to-corner" and lone == target:
        return (f"The lone king is in {target}, a corner of the bishop's colour: keep it there and "
                f"bring your king and pieces close to weave the mating net.")
    if phase == "drive-to-corner":
        return (f"The lone king is held by {edge}. Herd it along the edge into {target}, a corner "
                f"of the bishop's colour, keeping your king close and its box ({size}) shrinking.")
    # The box of the frozen men is large in most mating nets (the king holds squares by moving):
    # it is named only once it is small.
    held = f" (its box: {size})" if len(box) <= NAMED_BOX else ""
    return (f"The lone king is caught in the corner {target}{held}. Take its last squares "
            f"without stalemating it; the bishop or the knight gives the mate.")
