"""The coach's advice in words, from facts the coach has computed (``coach``): no chess here."""

from __future__ import annotations

from dataclasses import dataclass

ORDINALS = {1: "1st", 2: "2nd", 3: "3rd"}
SMALL_BOX = 8  # squares: a box this small is worth naming in the mating net


@dataclass(frozen=True)
class Situation:
    """What the advice is made from; squares are names on the real board."""

    phase: str
    lone_king: str
    target: str  # the mating corner to drive the king into
    wrong: str  # the nearest corner of the other colour
    edge: tuple[str, int]  # ("file", 0) = the a-file, ("rank", 7) = the 8th rank
    box_size: int
    ending: str | None = None  # "checkmate" | "stalemate" when the lone king, to move, has no move
    hanging: tuple[str, ...] = ()  # squares of unguarded pieces next to the lone king
    hanging_kinds: tuple[str, ...] = ()


def edge_name(edge: tuple[str, int]) -> str:
    axis, index = edge
    if axis == "file":
        return f"the {'abcdefgh'[index]}-file"
    rank = index + 1
    return f"the {ORDINALS.get(rank, f'{rank}th')} rank"


def _squares(count: int) -> str:
    return f"{count} square{'' if count == 1 else 's'}"


def advice(situation: Situation) -> str:
    """One or two sentences: what to aim for next."""
    s = situation
    if s.ending == "checkmate":
        return f"Checkmate: the lone king on {s.lone_king} is mated."
    if s.ending == "stalemate":
        return f"Stalemate: the lone king on {s.lone_king} has no move and is not in check, so it is a draw."
    if s.hanging:
        pieces = " and ".join(f"{kind} on {square}" for kind, square in zip(s.hanging_kinds, s.hanging))
        return (f"Careful: the {pieces} stands next to the lone king with nothing guarding it. "
                "Guard it or move it, or the king takes it and the mate is gone.")
    box = _squares(s.box_size)
    edge = edge_name(s.edge)
    if s.phase == "drive-to-edge":
        return (f"The lone king on {s.lone_king} is still in the middle (its box: {box}). "
                f"Bring your king to face it and take squares with the bishop and knight to push it "
                f"to {edge}.")
    if s.phase == "w-manoeuvre":
        return (f"The lone king is heading for {s.wrong}, a corner where no mate can be forced. "
                f"Keep it on {edge} and walk it toward {s.target} with the knight's W-manoeuvre, "
                f"your king and bishop guarding the squares the knight leaves.")
    if s.phase == "drive-to-corner" and s.lone_king == s.target:
        return (f"The lone king is in {s.target}, a corner of the bishop's colour: keep it there and "
                f"bring your king and pieces close to weave the mating net.")
    if s.phase == "drive-to-corner":
        return (f"The lone king is held by {edge}. Herd it along the edge into {s.target}, a corner "
                f"of the bishop's colour, keeping your king close and its box ({box}) shrinking.")
    # The box of the frozen men is large in most mating nets (the king holds squares by moving):
    # it is named only once it is small.
    held = f" (its box: {box})" if s.box_size <= SMALL_BOX else ""
    return (f"The lone king is caught in the corner {s.target}{held}. Take its last squares "
            f"without stalemating it; the bishop or the knight gives the mate.")
