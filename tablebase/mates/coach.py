"""The coach of every basic mate: the lone king's box for every material, and the method's phase
and advice per material (KBNK keeps its own coach, ``kbnk.coach``, with the bishop's corners).

Everything is worked out in the tables' frame (the side with the men turned to White) and named on
the real board at the end.

- The box: the squares the lone king can reach by king steps if the strong side's men stayed
  frozen, entering only empty squares the strong side does not attack (attacks taken with the
  lone king lifted off the board), plus its own square. A good move shrinks it.
- The method, by material (``method_of``), its phases decided by ``phase_of`` (first match wins):

  ``major`` (one queen or rook, with or without a minor: KQK, KRK, KQBK, KQNK, KRBK, KRNK):
    1. ``mate-net``: the lone king is held on an edge (its box lies on that edge's line) and the
       strong king stands within two steps of it: the king takes the squares off the edge, the
       queen or rook gives mate along it.
    2. ``waiting-move`` (the lone rook of KRK): as in 1 with the kings a knight's move apart and
       the strong side to move: a rook move that keeps the edge cut off, so that the lone king
       must step into the opposition.
    3. ``bring-king``: the lone king is held on an edge, or its box has at most ``SMALL_BOX``
       squares, and the strong king is more than two steps away: bring the king.
    4. ``shrink-box``: otherwise: take lines from the box with the queen or rook (the queen a
       knight's move from the lone king, the rook cutting off ranks and files), the king helping.
  ``ladder`` (two queens or rooks: KQQK, KQRK, KRRK): 1. ``mate-net`` as above without the king
    (the box on an edge line); 2. ``ladder``: the two pieces check and cut off a line in turn,
    rolling the lone king to the edge; the king is not needed.
  ``bishops`` (KBBK, bishops of both colours): 1. ``mate-net``: the lone king within a step of a
    corner and the strong king within two steps of it; 2. ``drive-to-corner``: the lone king on
    the edge or its box at most ``SMALL_BOX`` squares: herd it into any corner; 3.
    ``diagonal-barrier``: the bishops side by side make a barrier of two diagonals the king cannot
    cross; shrink the box behind it with the king.
  ``no-mate`` (KBK, KNK, KNNK, bishops of one colour): ``no-forced-mate``: the lone king cannot be
    mated by force; a mate needs its help.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..core.geometry import square_name
from ..errors import OutOfTableError, quoted
from ..retrograde.attacks import attacked
from ..tables import TablePosition
from .position import drawn_by_law, parse_position

PHASES = {
    "major": ("shrink-box", "bring-king", "waiting-move", "mate-net"),
    "ladder": ("ladder", "mate-net"),
    "bishops": ("diagonal-barrier", "drive-to-corner", "mate-net"),
    "no-mate": ("no-forced-mate",),
}
SMALL_BOX = 12  # a box this small holds the lone king near an edge: the king's turn to come
CORNERS = (0, 7, 56, 63)
ALL = np.arange(64)


def chebyshev(a: int, b: int) -> int:
    """King steps between two squares on an empty board."""
    return max(abs(a % 8 - b % 8), abs(a // 8 - b // 8))


def edge_distance(square: int) -> int:
    """0 on the edge of the board, 1 on the next ring, ..., 3 in the centre."""
    file, rank = square % 8, square // 8
    return min(file, 7 - file, rank, 7 - rank)


def method_of(position: TablePosition) -> str:
    kinds = position.material.pieces
    if drawn_by_law(position)(position.material) or kinds in (("N", "N"),):
        return "no-mate"
    heavy = sum(kind in "QR" for kind in kinds)
    if heavy >= 2:
        return "ladder"
    if heavy == 1:
        return "major"
    if kinds == ("B", "B"):
        return "bishops"
    return "kbnk"


def _attacks(position: TablePosition, skip: int | None = None) -> np.ndarray:
    """Squares the strong side attacks (a bool per square), the lone king lifted off; ``skip``
    leaves one man out."""
    kept = [(kind, s) for i, (kind, s) in enumerate(position.men) if i != skip]
    men = [np.full(64, position.king), *(np.full(64, s) for _, s in kept)]
    return attacked(position.board, tuple(kind for kind, _ in kept), men, ALL)


def lone_king_box(position: TablePosition) -> frozenset[int]:
    """The lone king's box (see the module's docstring), in the frame's squares."""
    blocked = _attacks(position)
    blocked[[position.king, *position.squares]] = True
    seen, frontier = {position.lone}, [position.lone]
    steps = position.board.steps("K")
    while frontier:
        for target in steps[frontier.pop()]:
            if target not in seen and not blocked[target]:
                seen.add(target)
                frontier.append(target)
    return frozenset(seen)


def hanging_men(position: TablePosition) -> list[tuple[str, int]]:
    """The strong side's men next to the lone king that nothing guards."""
    near = set(position.board.steps("K")[position.lone])
    return [(kind, s) for i, (kind, s) in enumerate(position.men)
            if s in near and not _attacks(position, skip=i)[s]]


def ending(position: TablePosition) -> str | None:
    """``checkmate`` or ``stalemate`` when the lone king, to move, has no legal move."""
    if position.strong_to_move:
        return None
    attacked_now = _attacks(position)
    free_men = {s for _, s in hanging_men(position)}
    taken = {position.king, *position.squares} - free_men
    if any(t not in taken and (t in free_men or not attacked_now[t]) for t in position.board.steps("K")[position.lone]):
        return None
    return "checkmate" if position.in_check else "stalemate"


def _on_edge_line(box: frozenset[int], lone: int) -> bool:
    """The lone king stands on an edge and its whole box lies on that edge's line."""
    file, rank = lone % 8, lone // 8
    lines = [line for line in (("f", 0), ("f", 7), ("r", 0), ("r", 7)) if (file if line[0] == "f" else rank) == line[1]]
    return any(all((s % 8 if axis == "f" else s // 8) == index for s in box) for axis, index in lines)


def phase_of(position: TablePosition, box: frozenset[int]) -> str:
    """The phase of the material's method, by the rules of the module's docstring."""
    method = method_of(position)
    lone, king = position.lone, position.king
    near = chebyshev(king, lone) <= 2
    held = _on_edge_line(box, lone)
    if method == "no-mate":
        return "no-forced-mate"
    if method == "ladder":
        return "mate-net" if held else "ladder"
    if method == "bishops":
        corner = min(CORNERS, key=lambda c: chebyshev(lone, c))
        if chebyshev(lone, corner) <= 1 and near:
            return "mate-net"
        if edge_distance(lone) == 0 or len(box) <= SMALL_BOX:
            return "drive-to-corner"
        return "diagonal-barrier"
    if held and near:
        steps = sorted((abs(king % 8 - lone % 8), abs(king // 8 - lone // 8)))
        if position.material.pieces == ("R",) and steps == [1, 2] and position.strong_to_move:
            return "waiting-move"
        return "mate-net"
    if (held or edge_distance(lone) == 0 or len(box) <= SMALL_BOX) and not near:
        return "bring-king"
    return "shrink-box"


ADVICE = {
    "shrink-box": "Take lines from the lone king's box with the {heavy}, keeping it out of the king's reach; "
                  "every move that shrinks the box is progress.",
    "bring-king": "The box is small: bring your king toward the lone king; the {heavy} keeps the cut.",
    "waiting-move": "The kings stand a knight's move apart: make a waiting move with the rook along its line, "
                    "so that the lone king must step into the opposition, then check on the edge.",
    "mate-net": "The lone king is held on the edge: face it with your king and give mate along the edge, "
                "without stalemating it.",
    "bishops-mate-net": "The lone king is by the corner: take its last squares with the bishops in turn, your "
                        "king close, without stalemating it.",
    "ladder": "Roll the lone king to the edge: check with one piece, cut off the next line with the other, "
              "in turn; your king is not needed.",
    "diagonal-barrier": "Put the bishops side by side: their two diagonals are a wall the lone king cannot "
                        "cross. Bring your king and shrink the box behind the wall.",
    "drive-to-corner": "Herd the lone king along the edge into a corner, the bishops taking squares in turn "
                       "and your king close.",
    "no-forced-mate": "This material cannot force mate: the game is a draw with correct defence.",
}


@dataclass(frozen=True)
class CoachFacts:
    """The coach's answer for every material but KBNK (whose coach adds the mating corners),
    squares named on the real board."""

    material: str
    region: tuple[str, ...]
    phase: str
    advice: str
    lone_king: str

    def as_dict(self) -> dict:
        return {"material": self.material, "region": list(self.region), "region_size": len(self.region),
                "phase": self.phase, "advice": self.advice, "lone_king": self.lone_king}


def advice_of(position: TablePosition, phase: str, box_size: int) -> str:
    name = lambda s: square_name(position.real(s))  # noqa: E731 - the real board's name
    end = ending(position)
    if end == "checkmate":
        return f"Checkmate: the lone king on {name(position.lone)} is mated."
    if end == "stalemate":
        return f"Stalemate: the lone king on {name(position.lone)} has no move and is not in check, so it is a draw."
    hanging = hanging_men(position)
    if hanging and phase != "no-forced-mate":
        names = {"Q": "queen", "R": "rook", "B": "bishop", "N": "knight"}
        men = " and ".join(f"{names[kind]} on {name(s)}" for kind, s in hanging)
        return (f"Careful: the {men} stands next to the lone king with nothing guarding it. "
                "Guard it or move it, or the king takes it.")
    heavy = "queen" if "Q" in position.material.pieces else "rook"
    box = f" (the box: {box_size} square{'' if box_size == 1 else 's'})" if phase not in ("no-forced-mate",) else ""
    key = "bishops-mate-net" if (phase, method_of(position)) == ("mate-net", "bishops") else phase
    return ADVICE[key].format(heavy=heavy) + box


def coach_position(position: TablePosition) -> CoachFacts:
    """The coach's facts for a position of any 2D table but KBNK's family."""
    box = lone_king_box(position)
    phase = phase_of(position, box)
    name = lambda s: square_name(position.real(s))  # noqa: E731
    region = tuple(name(s) for s in sorted(box, key=position.real))
    return CoachFacts(position.material.name, region, phase, advice_of(position, phase, len(box)), name(position.lone))


def coach(fen: str) -> dict:
    """The coach's facts as a dict for any position of the 2D tables with at least one man (the
    KBNK coach's for KBNK). Raises the errors of ``parse_position``; ``OutOfTableError`` for KK."""
    read = parse_position(fen)
    position = read.position
    if not position.men:
        raise OutOfTableError(f"the coach needs at least one man against the lone king: {quoted(fen)}")
    if method_of(position) == "kbnk":
        from ..kbnk.coach import coach as kbnk_coach  # the KBN coach, with the bishop's corners

        return {"material": "KBNK", **kbnk_coach(fen).as_dict()}
    return coach_position(position).as_dict()
