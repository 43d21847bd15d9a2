"""The coach's claims: everything it says of a position (or of a move, from the position before it
to the one after) is one of these, each decided by one function of the position here or in
``geometry`` and worded by ``words.say`` from the claim alone. A claim names squares and edges on
the real board; the functions read the tables' frame (``TablePosition``).

Of a position:

- ``checkmate``, ``stalemate``: the lone king, to move, has no move (``geometry.ending``).
- ``hanging``: men next to the lone king that nothing guards (``geometry.hanging_men``).
- ``drawn``: the table says the strong side does not mate (``won``); ``no-forced-mate``: the
  material cannot force mate (the no-mate method) and the table finds none here;
  ``forced-here``: it cannot in general, but the table finds one here.
- ``box``: the lone king's box and its size (``geometry.lone_king_box``), told only where
  ``box_shown``; ``caught``: the box lies within two steps of a corner (``geometry.caught_corner``);
  ``loose``: a square of the box lies farther than that from a corner (the farthest, and its steps);
  ``held``: the king on an edge and its box on that edge's line (``geometry.held_edge``).
- ``edge-steps``: king steps from the lone king to a named edge; ``middle``: to the nearest edge;
  ``corner-steps``: to a named corner (``mating``: the nearest of the bishop's colour, else the
  nearest corner); ``wrong-corner``: the nearest corner of the other colour is nearer than the
  nearest of the bishop's; ``king-steps``: the strong king to the lone king; ``king-corner``: the
  strong king to a corner; ``knight-apart``: the kings a knight's move apart.

Of a move (``note``): ``box-change`` (the box shown before and after: its sizes), ``box-now``
(shown after only), ``escaped`` (caught before, not in that corner after), ``win-gone`` (won
before, not after), ``phase-change`` (the method's phase before and after, and whether it went on
or back), and the position claims ``checkmate`` and ``stalemate`` of the position after it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ...core.geometry import square_name
from ...core.message import N_
from ...tables import TablePosition, lone_to_move, strong_to_move
from ...tables.values import NOT_WON, Tables
from .geometry import (CAUGHT_REACH, CORNERS, caught_corner, chebyshev, edge_distance, edge_steps, held_edge,
                       mating_corners, nearest)


@dataclass(frozen=True)
class Claim:
    """One fact the coach states: its kind and what it names (squares, edges, numbers)."""

    kind: str
    facts: dict = field(default_factory=dict)

    def as_dict(self) -> dict:
        return {"claim": self.kind, **self.facts}


def won(tables: Tables, position: TablePosition) -> bool:
    """The table says the strong side mates (a checkmate on the board included)."""
    if not position.men:
        return False
    if position.strong_to_move:
        return int(strong_to_move(tables, position.table, position.king, position.squares, position.lone)) != NOT_WON
    replies = lone_to_move(tables, position.table, [position.king], [[s] for s in position.squares], [position.lone])
    return int(replies.dtm[0]) != NOT_WON


def name(position: TablePosition, square: int) -> str:
    """A square of the frame by its name on the real board."""
    return square_name(position.real(square))


FILE_NAMES = (N_("the a-file"), N_("the b-file"), N_("the c-file"), N_("the d-file"), N_("the e-file"),
              N_("the f-file"), N_("the g-file"), N_("the h-file"))
RANK_NAMES = (N_("the 1st rank"), N_("the 2nd rank"), N_("the 3rd rank"), N_("the 4th rank"), N_("the 5th rank"),
              N_("the 6th rank"), N_("the 7th rank"), N_("the 8th rank"))


def edge_name(position: TablePosition, edge: tuple[str, int]) -> str:
    """An edge of the frame by its name on the real board: "the a-file", "the 8th rank" (a message
    of the catalogue: the pages translate it)."""
    axis, index = edge
    if axis == "file":
        return FILE_NAMES[index]
    return RANK_NAMES[7 - index if position.flip else index]


def frame_edge(position: TablePosition, real: tuple[str, int]) -> tuple[str, int]:
    """An edge of the real board in the frame (ranks turn over when the frame is flipped)."""
    axis, index = real
    return (axis, 7 - index) if axis == "rank" and position.flip else real


# ---- claims of a position -------------------------------------------------------------------------


def caught(position: TablePosition, box: frozenset[int]) -> Claim | None:
    corner = caught_corner(box)
    return None if corner is None else Claim("caught", {"corner": name(position, corner)})


def loose(position: TablePosition, box: frozenset[int], corner: int) -> Claim | None:
    """The box reaches farther than ``CAUGHT_REACH`` from ``corner``: the square of it farthest from the
    corner (the first on the real board of those as far), and its distance; None when it does not."""
    if not box:
        return None
    steps = max(chebyshev(s, corner) for s in box)
    if steps <= CAUGHT_REACH:
        return None
    square = min((s for s in box if chebyshev(s, corner) == steps), key=position.real)
    return Claim("loose", {"corner": name(position, corner), "square": name(position, square), "steps": steps})


def held(position: TablePosition, box: frozenset[int]) -> Claim | None:
    edge = held_edge(box, position.lone)
    return None if edge is None else Claim("held", {"edge": edge_name(position, edge)})


def edge_steps_claim(position: TablePosition, edge: tuple[str, int]) -> Claim:
    return Claim("edge-steps", {"edge": edge_name(position, edge), "steps": edge_steps(position.lone, edge)})


def middle(position: TablePosition) -> Claim:
    return Claim("middle", {"king": name(position, position.lone), "steps": edge_distance(position.lone)})


def corner_steps(position: TablePosition, corner: int, mating: bool) -> Claim:
    return Claim("corner-steps", {"corner": name(position, corner), "steps": chebyshev(position.lone, corner),
                                  "mating": mating})


def nearest_corner(position: TablePosition) -> int:
    return nearest(position.lone, CORNERS)


def kbn_corners(position: TablePosition) -> tuple[tuple[int, ...], int, int]:
    """(the bishop's mating corners, the nearest of them, the nearest corner of the other colour)."""
    mating = mating_corners(dict(position.men)["B"])
    right = nearest(position.lone, mating)
    wrong = nearest(position.lone, tuple(c for c in CORNERS if c not in mating))
    return mating, right, wrong


def wrong_corner(position: TablePosition) -> Claim:
    _, right, wrong = kbn_corners(position)
    return Claim("wrong-corner", {"corner": name(position, wrong), "steps": chebyshev(position.lone, wrong),
                                  "right": name(position, right), "right_steps": chebyshev(position.lone, right)})


def king_steps(position: TablePosition) -> Claim:
    return Claim("king-steps", {"steps": chebyshev(position.king, position.lone)})


def king_corner(position: TablePosition, corner: int) -> Claim:
    return Claim("king-corner", {"corner": name(position, corner), "steps": chebyshev(position.king, corner)})


def knight_apart(position: TablePosition) -> bool:
    king, lone = position.king, position.lone
    return sorted((abs(king % 8 - lone % 8), abs(king // 8 - lone // 8))) == [1, 2]


# ---- claims of a move -----------------------------------------------------------------------------


@dataclass(frozen=True)
class Seen:
    """What the coach tells of a position, as a move's note compares it: the box where it is shown
    (else None), the corner it is caught in, whether the table says won, the phase and its rank in
    the method's order, the game's end."""

    box: frozenset[int] | None
    corner: str | None
    won: bool
    phase: str
    order: int
    end: Claim | None
    method: str


def note(before: Seen, after: Seen) -> tuple[str, list[Claim]]:
    """A move's note: (its kind, "progress", "setback" or "steady"; its claims)."""
    if after.end is not None:
        return ("progress" if after.end.kind == "checkmate" else "setback"), [after.end]
    if before.won and not after.won:
        return "setback", [Claim("win-gone")]
    claims: list[Claim] = []
    kind = "steady"
    if before.box is not None and after.box is not None:
        was, now = len(before.box), len(after.box)
        claims.append(Claim("box-change", {"was": was, "now": now}))
        kind = "progress" if now < was else "setback" if now > was else "steady"
    elif after.box is not None:
        if after.corner is not None and after.corner != before.corner:
            claims.append(Claim("caught", {"corner": after.corner}))
        claims.append(Claim("box-now", {"size": len(after.box)}))
        kind = "progress"
    elif before.corner is not None and after.corner != before.corner:
        claims.append(Claim("escaped", {"corner": before.corner}))
        kind = "setback"
    if before.method == after.method and before.phase != after.phase:
        forward = after.order > before.order
        claims.append(Claim("phase-change", {"was": before.phase, "now": after.phase, "forward": forward}))
        if kind == "steady":
            kind = "progress" if forward else "setback"
    return kind, claims
