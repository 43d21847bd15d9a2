"""The KBN coach: the facts a teacher of the bishop-and-knight mate uses, computed for a position.

Everything is worked out in the table's frame (the side with the pieces turned to White, see
``position``) from the same attack sets the tablebase uses, and named on the real board at the end.

- Mating corners: the two corners of the bishop's square colour, the only ones where mate can be
  forced.
- The box: the squares the lone king can reach by king steps if the strong side's men stayed frozen
  where they stand, entering only empty squares the strong side does not attack (attacks taken with
  the lone king lifted off the board, so a bishop's line runs on through its square), plus its own
  square. It is the learner's measure of progress: a good move shrinks it.
- The phase of the standard method, decided by the rules in ``phase_of`` (first match wins).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import OutOfTableError
from .board import is_light, king_targets
from .coach_words import Situation, advice
from .position import KbnkPosition, parse_position

PHASES = ("drive-to-edge", "drive-to-corner", "w-manoeuvre", "mate-net")
CORNERS = (0, 7, 56, 63)  # a1, h1, a8, h8
NET_REACH = 2  # king steps from a mating corner within which the mating net is woven


def chebyshev(a: int, b: int) -> int:
    """King steps between two squares on an empty board."""
    return max(abs(a % 8 - b % 8), abs(a // 8 - b // 8))


def edge_distance(square: int) -> int:
    """0 on the edge of the board, 1 on the next ring, ..., 3 in the centre."""
    file, rank = square % 8, square // 8
    return min(file, 7 - file, rank, 7 - rank)


def mating_corners(bishop: int) -> tuple[int, int]:
    """The two corners of the bishop's square colour (in the frame the bishop's square is given in)."""
    light = is_light(bishop)
    return tuple(c for c in CORNERS if is_light(c) == light)


def lone_king_box(position: KbnkPosition) -> frozenset[int]:
    """The lone king's box (see the module's docstring), in table squares."""
    blocked = position.white_attacks() | position.occupied()
    seen = {position.bk}
    frontier = [position.bk]
    steps = king_targets()
    while frontier:
        square = frontier.pop()
        for target in steps[square]:
            if target not in seen and not blocked >> target & 1:
                seen.add(target)
                frontier.append(target)
    return frozenset(seen)


def edge_toward(square: int, corner: int, through_corner: bool) -> tuple[str, int]:
    """The edge nearest ``square`` (``("file", 0)`` is the a-file, ``("rank", 7)`` the 8th rank):
    among the two through ``corner`` when ``through_corner``, else among all four, a tie going
    to an edge through ``corner``."""
    file, rank = square % 8, square // 8
    through = [("file", corner % 8), ("rank", corner // 8)]
    edges = through if through_corner else through + [
        e for e in (("file", 0), ("file", 7), ("rank", 0), ("rank", 7)) if e not in through]
    return min(edges, key=lambda edge: abs((file if edge[0] == "file" else rank) - edge[1]))


def nearest(square: int, targets) -> int:
    """The target nearest to ``square`` in king steps (the first listed on a tie)."""
    return min(targets, key=lambda t: chebyshev(square, t))


def phase_of(position: KbnkPosition) -> str:
    """The stage of the standard method, by these rules (first match wins), where ``right`` is the
    mating corner nearest the lone king and ``wrong`` the nearest corner of the other colour:

    1. ``mate-net``: the lone king is within NET_REACH king steps of ``right``, and the strong
       king has come within NET_REACH + 1 steps of that corner while standing farther from it than
       the lone king (it shuts the corner from the outside, not tangled behind the lone king).
    2. ``drive-to-edge``: the lone king stands off the two outer rings of the board (two or more
       steps from every edge): push it to the nearest edge.
    3. ``w-manoeuvre``: near an edge, but nearer ``wrong`` than ``right``: it must be walked
       along the edge out of the wrong corner's half, the knight's W-manoeuvre.
    4. ``drive-to-corner``: near an edge on the right corner's half: herd it into that corner.

    The rules read where the kings stand, not the box: with the strong men frozen the box is
    large in most positions of the drive, where the lone king is held by the moves to come.
    Measured over the table (random positions, White to move), rule 1 holds for 97% of the mates
    in 1-3 with the lone king by the right corner, and for under 5% of the mates in 16 or more.
    """
    corners = mating_corners(position.wb)
    right = nearest(position.bk, corners)
    wrong = nearest(position.bk, tuple(c for c in CORNERS if c not in corners))
    to_right, to_wrong = chebyshev(position.bk, right), chebyshev(position.bk, wrong)
    strong_king = chebyshev(position.wk, right)
    if to_right <= NET_REACH and to_right < strong_king <= NET_REACH + 1:
        return "mate-net"
    if edge_distance(position.bk) >= 2:
        return "drive-to-edge"
    if to_wrong < to_right:
        return "w-manoeuvre"
    return "drive-to-corner"


@dataclass(frozen=True)
class CoachFacts:
    """The coach's answer, squares named on the real board."""

    mating_corners: tuple[str, ...]
    region: tuple[str, ...]
    phase: str
    advice: str
    lone_king: str
    target_corner: str

    @property
    def region_size(self) -> int:
        return len(self.region)

    def as_dict(self) -> dict:
        return {
            "mating_corners": list(self.mating_corners),
            "region": list(self.region),
            "region_size": self.region_size,
            "phase": self.phase,
            "advice": self.advice,
            "lone_king": self.lone_king,
            "target_corner": self.target_corner,
        }


def coach_position(position: KbnkPosition) -> CoachFacts:
    """The coach's facts for a KBNK position in the table's frame (both pieces on the board)."""
    box = lone_king_box(position)
    phase = phase_of(position)
    corners = mating_corners(position.wb)
    right = nearest(position.bk, corners)
    wrong = nearest(position.bk, tuple(c for c in CORNERS if c not in corners))
    name = position.square_name
    real = lambda square: square ^ position.flip  # noqa: E731 - the real board's square
    hanging = _hanging(position)
    situation = Situation(
        phase=phase,
        lone_king=name(position.bk),
        target=name(right),
        wrong=name(wrong),
        edge=edge_toward(real(position.bk), real(right), through_corner=phase != "drive-to-edge"),
        box_size=len(box),
        ending=_ending(position),
        hanging=tuple(name(s) for s in hanging),
        hanging_kinds=tuple("bishop" if s == position.wb else "knight" for s in hanging),
    )
    return CoachFacts(
        mating_corners=tuple(sorted(name(c) for c in corners)),
        region=tuple(sorted((name(s) for s in box), key=_board_order)),
        phase=phase,
        advice=advice(situation),
        lone_king=name(position.bk),
        target_corner=name(right),
    )


def coach(fen: str) -> CoachFacts:
    """The coach's facts for a KBNK position given as FEN, either side holding the pieces. Raises
    the errors of ``parse_position``, and ``OutOfTableError`` when a piece is missing (the coach
    teaches the mate with both pieces on the board)."""
    _, position = parse_position(fen)
    if not position.full_material:
        raise OutOfTableError(
            f"the coach needs king, bishop and knight against a lone king: {fen!r}")
    return coach_position(position)


def _ending(position: KbnkPosition) -> str | None:
    if position.strong_to_move or position.moves():
        return None
    return "checkmate" if position.black_in_check() else "stalemate"


def _hanging(position: KbnkPosition) -> list[int]:
    """The strong side's minor pieces next to the lone king that nothing defends."""
    near = king_targets()[position.bk]
    defended = position.white_attacks()
    return [s for s in (position.wb, position.wn) if s in near and not defended >> s & 1]


def _board_order(name: str) -> tuple[int, int]:
    return (int(name[1]), "abcdefgh".index(name[0]))
