"""The board facts every method of the coach reads: the corners, the distances (king steps, and to
the edge: the engine board's ``face_distance``), the bishop's mating corners, the strong side's
attacks, the lone king's box, the men it could take and whether it is mated or stalemated.

Squares are the tables' frame (``TablePosition``: the side with the men turned to White), but for
``edge_toward``, which reads the real board.

- The box: the squares the lone king can reach by king steps if the strong side's men stayed
  frozen, entering only empty squares the strong side does not attack (attacks taken with the
  lone king lifted off the board, so that a slider's line runs on through its square), its own
  square counted unless it is attacked (in check the king must leave it). A move of the lone king
  (not a capture) never changes it, but for a check that splits it: the king then keeps the part
  it steps into. It is the learner's measure of progress: a good move shrinks it.
- Caught in a corner: the whole box lies within two king steps of that corner (``caught_corner``).
- Held on an edge: the lone king stands on an edge and its whole box lies on that edge's line
  (``held_edge``).
"""

from __future__ import annotations

import numpy as np

from ...core.geometry import is_light
from ...retrograde import chess_board
from ...retrograde.attacks import attacked
from ...tables import TablePosition

CORNERS = (0, 7, 56, 63)  # a1, h1, a8, h8
SMALL_BOX = 12  # a box this small holds the lone king near an edge: the king's turn to come
ALL = np.arange(64)


def chebyshev(a: int, b: int) -> int:
    """King steps between two squares on an empty board."""
    return max(abs(a % 8 - b % 8), abs(a // 8 - b // 8))


def edge_distance(square: int) -> int:
    """0 on the edge of the board, 1 on the next ring, ..., 3 in the centre."""
    return int(chess_board().face_distance[square])


def nearest(square: int, targets) -> int:
    """The target nearest to ``square`` in king steps (the first listed on a tie)."""
    return min(targets, key=lambda t: chebyshev(square, t))


def mating_corners(bishop: int) -> tuple[int, ...]:
    """The two corners of the bishop's square colour (in the frame the bishop's square is given in)."""
    light = is_light(bishop)
    return tuple(c for c in CORNERS if is_light(c) == light)


def edge_toward(square: int, corner: int, through_corner: bool) -> tuple[str, int]:
    """The edge nearest ``square`` (``("file", 0)`` is the a-file, ``("rank", 7)`` the 8th rank):
    among the two through ``corner`` when ``through_corner``, else among all four, a tie going
    to an edge through ``corner``."""
    file, rank = square % 8, square // 8
    through = [("file", corner % 8), ("rank", corner // 8)]
    edges = through if through_corner else through + [
        e for e in (("file", 0), ("file", 7), ("rank", 0), ("rank", 7)) if e not in through]
    return min(edges, key=lambda edge: abs((file if edge[0] == "file" else rank) - edge[1]))


def attacks(position: TablePosition, skip: int | None = None) -> np.ndarray:
    """Squares the strong side attacks (a bool per square), the lone king lifted off; ``skip``
    leaves one man out."""
    kept = [(kind, s) for i, (kind, s) in enumerate(position.men) if i != skip]
    men = [np.full(64, position.king), *(np.full(64, s) for _, s in kept)]
    return attacked(position.board, tuple(kind for kind, _ in kept), men, ALL)


def king_region(position: TablePosition, attacked_squares: np.ndarray | None = None) -> set[int]:
    """The squares the lone king reaches by king steps from its own (included) over squares that are
    neither attacked nor held by a man."""
    blocked = attacks(position) if attacked_squares is None else attacked_squares.copy()
    blocked[[position.king, *position.squares]] = True
    blocked = blocked.tolist()  # read square by square: a list's items are quicker than an array's
    seen, frontier = {position.lone}, [position.lone]
    steps = position.board.steps("K")
    while frontier:
        for target in steps[frontier.pop()]:
            if target not in seen and not blocked[target]:
                seen.add(target)
                frontier.append(target)
    return seen


def lone_king_box(position: TablePosition) -> frozenset[int]:
    """The lone king's box (see the module's docstring), in the frame's squares."""
    attacked_squares = attacks(position)
    seen = king_region(position, attacked_squares)
    if attacked_squares[position.lone]:  # in check: the square it must leave is none of its box
        seen.discard(position.lone)
    return frozenset(seen)


CAUGHT_REACH = 2  # king steps from a corner within which a box is caught in it


def caught_corner(box: frozenset[int]) -> int | None:
    """The corner whose squares within ``CAUGHT_REACH`` king steps hold the whole (non-empty) box."""
    if not box:
        return None
    return next((c for c in CORNERS if all(chebyshev(s, c) <= CAUGHT_REACH for s in box)), None)


EDGES = (("file", 0), ("file", 7), ("rank", 0), ("rank", 7))  # the a-file, the h-file, the 1st and 8th ranks


def edge_steps(square: int, edge: tuple[str, int]) -> int:
    """King steps from ``square`` to the line of ``edge``."""
    axis, index = edge
    return abs((square % 8 if axis == "file" else square // 8) - index)


def held_edge(box: frozenset[int], lone: int) -> tuple[str, int] | None:
    """The edge the lone king stands on whose line holds its whole box (the first of ``EDGES``)."""
    return next((e for e in EDGES if edge_steps(lone, e) == 0 and all(edge_steps(s, e) == 0 for s in box)), None)


def hanging_men(position: TablePosition) -> list[tuple[str, int]]:
    """The strong side's men next to the lone king that nothing guards."""
    near = set(position.board.steps("K")[position.lone])
    return [(kind, s) for i, (kind, s) in enumerate(position.men)
            if s in near and not attacks(position, skip=i)[s]]


def king_moves(position: TablePosition) -> dict[int, bool]:
    """Each square a king step from the lone king: whether it may go there if it were its turn (a
    free square: empty and not attacked, or holding a man nothing guards, which it takes). The one
    definition of the lone king's moves the coach's checkmate and stalemate and the lessons' free
    squares read."""
    attacked_now = attacks(position)
    free_men = {s for _, s in hanging_men(position)}
    held = {position.king, *position.squares} - free_men
    return {t: t not in held and (t in free_men or not bool(attacked_now[t])) for t in position.board.steps("K")[position.lone]}


def ending(position: TablePosition) -> str | None:
    """``checkmate`` or ``stalemate`` when the lone king, to move, has no legal move."""
    if position.strong_to_move or any(king_moves(position).values()):
        return None
    return "checkmate" if position.in_check else "stalemate"


def on_edge_line(box: frozenset[int], lone: int) -> bool:
    """The lone king is held on an edge (``held_edge``)."""
    return held_edge(box, lone) is not None
