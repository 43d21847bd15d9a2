"""The coach of every basic mate: the lone king's box (``geometry``), and the phase and advice of
the material's method, one module per method (``method_of``):

- ``major``: one queen or rook, with or without a minor piece (KQK, KRK, KQBK, KQNK, KRBK, KRNK);
- ``ladder``: two queens or rooks (KQQK, KQRK, KRRK);
- ``bishops``: two bishops of both colours (KBBK);
- ``kbn``: the bishop and knight (KBNK), with the bishop's mating corners;
- ``no_mate``: material that cannot force mate (KBK, KNK, KNNK, bishops of one colour).

Everything is worked out in the tables' frame (the side with the men turned to White) and named on
the real board at the end. Before the method's own words, every method tells the game's end
(checkmate, stalemate) and warns of a man left next to the lone king unguarded.

    coach(fen) -> dict                      # GET /api/coach: the material, then the facts
    coach_position(position) -> CoachFacts  # a position already read
    kbn_coach(fen) -> CoachFacts            # GET /api/kbn/coach: KBNK alone
"""

from __future__ import annotations

from dataclasses import dataclass

from ...core.geometry import square_name
from ...errors import OutOfTableError, quoted
from ...tables import TablePosition
from ..position import drawn_by_law, parse_position
from . import bishops, kbn, ladder, major, no_mate
from .geometry import CORNERS, chebyshev, edge_distance, ending, hanging_men, lone_king_box
from .words import careful, game_over

METHODS = {"major": major, "ladder": ladder, "bishops": bishops, "kbnk": kbn, "no-mate": no_mate}
PHASES = {name: method.PHASES for name, method in METHODS.items()}
KBNK_FAMILY = ((), ("B",), ("N",), ("B", "N"))  # what /api/kbn/coach reads: KBNK and its captures

__all__ = ["CORNERS", "CoachFacts", "METHODS", "PHASES", "chebyshev", "coach", "coach_position", "edge_distance",
           "kbn_coach", "method_of"]


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


@dataclass(frozen=True)
class CoachFacts:
    """The coach's answer, squares named on the real board; KBNK's also names the bishop's mating
    corners and the one the lone king is to be driven into."""

    region: tuple[str, ...]
    phase: str
    advice: str
    lone_king: str
    mating_corners: tuple[str, ...] = ()
    target_corner: str | None = None

    @property
    def region_size(self) -> int:
        return len(self.region)

    def as_dict(self) -> dict:
        corners = {"mating_corners": list(self.mating_corners)} if self.target_corner is not None else {}
        target = {"target_corner": self.target_corner} if self.target_corner is not None else {}
        return {**corners, "region": list(self.region), "region_size": self.region_size, "phase": self.phase,
                "advice": self.advice, "lone_king": self.lone_king, **target}


def coach_position(position: TablePosition) -> CoachFacts:
    """The coach's facts for a position of any 2D table with at least one man."""
    method = METHODS[method_of(position)]
    box = lone_king_box(position)
    phase = method.phase(position, box)
    name = lambda s: square_name(position.real(s))  # noqa: E731 - the real board's name
    region = tuple(name(s) for s in sorted(box, key=position.real))
    advice = _advice(position, method, phase, box)
    if method is kbn:
        mating, right, _ = kbn.corners(position)
        return CoachFacts(region, phase, advice, name(position.lone), tuple(sorted(map(name, mating))), name(right))
    return CoachFacts(region, phase, advice, name(position.lone))


def _advice(position: TablePosition, method, phase: str, box: frozenset[int]) -> str:
    """The game's end, else the warning for a man left hanging (where the method gives one), else
    the method's own words."""
    name = lambda s: square_name(position.real(s))  # noqa: E731 - the real board's name
    end = ending(position)
    if end is not None:
        return game_over(end, name(position.lone))
    hanging = hanging_men(position)
    if hanging and method.CAREFUL is not None:
        return careful([(kind, name(s)) for kind, s in hanging], method.CAREFUL)
    return method.advice(position, phase, box)


def coach(fen: str) -> dict:
    """The coach's facts as a dict, the material first, for any position of the 2D tables with at
    least one man. Raises the errors of ``parse_position``; ``OutOfTableError`` for KK."""
    position = parse_position(fen).position
    if not position.men:
        raise OutOfTableError(f"the coach needs at least one man against the lone king: {quoted(fen)}")
    return {"material": position.material.name, **coach_position(position).as_dict()}


def kbn_coach(fen: str) -> CoachFacts:
    """The coach's facts for a KBNK position given as FEN, either side holding the pieces. Raises the
    errors of ``parse_position``, and ``OutOfTableError`` for another material, or when a piece is
    missing (the coach teaches the mate with both pieces on the board)."""
    position = parse_position(fen).position
    if position.material.pieces not in KBNK_FAMILY:
        raise OutOfTableError(f"not in the kbnk table (only kbnk, kbk, knk, kk): {quoted(fen)}")
    if position.material.pieces != ("B", "N"):
        raise OutOfTableError(f"the coach needs king, bishop and knight against a lone king: {fen!r}")
    return coach_position(position)
