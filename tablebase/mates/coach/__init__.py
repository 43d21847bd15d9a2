"""The coach of every basic mate: the lone king's box (``geometry``), and the phase and advice of
the material's method, one module per method (``method_of``):

- ``major``: one queen or rook, with or without a minor piece (KQK, KRK, KQBK, KQNK, KRBK, KRNK);
- ``ladder``: two queens or rooks (KQQK, KQRK, KRRK);
- ``bishops``: two bishops of both colours (KBBK);
- ``kbn``: the bishop and knight (KBNK), with the bishop's mating corners;
- ``no_mate``: material that cannot force mate (KBK, KNK, KNNK, bishops of one colour).

Everything the coach says is a list of claims (``claims``: each decided by one function of the
position, or of the position before a move and after it) and the method's instructions, worded
by ``words``. Before the method's own words come the game's end (checkmate, stalemate), the
table's draw (phase ``drawn``), and the warning for a man left next to the lone king unguarded.
The box is shown (``region``) only where it means something: in a won position of a method that
measures progress by it (every method but KBNK's, where only a box caught in a corner is told,
and the no-mate materials, where none is).

    coach(fen, tables, before=None) -> dict          # GET /api/coach: the material, then the facts
    coach_position(position, tables) -> CoachFacts   # a position already read
    coach_note(before, after, tables) -> dict        # a move's note: the box the user last saw, now
    kbn_coach(fen, tables) -> CoachFacts             # GET /api/kbn/coach: KBNK alone
"""

from __future__ import annotations

from dataclasses import dataclass

from ...core.geometry import square_name
from ...errors import OutOfTableError, quoted
from ...tables import TablePosition
from ...tables.values import Tables
from ..position import drawn_by_law, parse_position
from . import bishops, kbn, ladder, major, no_mate
from .claims import Claim, Seen, name, note, won
from .geometry import CORNERS, caught_corner, chebyshev, edge_distance, ending, hanging_men, lone_king_box
from ...core.message import N_, msg
from .words import PHASE_NAMES, text, words

METHODS = {"major": major, "ladder": ladder, "bishops": bishops, "kbnk": kbn, "no-mate": no_mate}
DRAWN = "drawn"  # the phase of a position the table does not win, whatever the material
PHASES = {key: (*method.PHASES, *((DRAWN,) if method is not no_mate else ())) for key, method in METHODS.items()}
KBNK_FAMILY = ((), ("B",), ("N",), ("B", "N"))  # what /api/kbn/coach reads: KBNK and its captures

__all__ = ["CORNERS", "CoachFacts", "DRAWN", "METHODS", "PHASES", "chebyshev", "coach", "coach_note",
           "coach_position", "edge_distance", "kbn_coach", "method_of"]


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
    """The coach's answer, squares named on the real board: the box where it is shown (``region``),
    the phase, the advice for the side with the men and for the lone king (``defence``), each with
    its claims; KBNK's also names the bishop's mating corners and the one the lone king is to be
    driven into."""

    region: tuple[str, ...]
    phase: str
    advice: str
    lone_king: str
    claims: tuple[Claim, ...] = ()
    defence: str = ""
    defence_kind: str = "steady"
    defence_claims: tuple[Claim, ...] = ()
    won: bool = True
    mating_corners: tuple[str, ...] = ()
    target_corner: str | None = None
    seen: Seen | None = None  # what a move's note compares
    advice_parts: tuple = ()  # the advice's claims and instructions, as words.words gives the pages
    defence_parts: tuple = ()

    @property
    def region_size(self) -> int:
        return len(self.region)

    def as_dict(self) -> dict:
        corners = {"mating_corners": list(self.mating_corners)} if self.target_corner is not None else {}
        target = {"target_corner": self.target_corner} if self.target_corner is not None else {}
        return {**corners, "region": list(self.region), "region_size": self.region_size,
                "box_shown": self.seen is not None and self.seen.box is not None, "phase": self.phase,
                "phase_name": PHASE_NAMES[self.phase], "advice": self.advice,
                "advice_words": words(self.advice_parts),
                "claims": [c.as_dict() for c in self.claims], "lone_king": self.lone_king, "won": self.won,
                "defence": {"kind": self.defence_kind, "text": self.defence, "words": words(self.defence_parts),
                            "claims": [c.as_dict() for c in self.defence_claims]}, **target}


def coach_position(position: TablePosition, tables: Tables) -> CoachFacts:
    """The coach's facts for a position of any 2D table with at least one man."""
    key = method_of(position)
    method = METHODS[key]
    box = lone_king_box(position)
    is_won = won(tables, position)
    end = ending(position)
    phase = method.phase(position, box) if is_won or method is no_mate else DRAWN
    shown = (end is None and phase != DRAWN and method.SHOWS_BOX is not False
             and (method.SHOWS_BOX is True or caught_corner(box) is not None))
    told = box if shown else None
    end_claim = Claim(end, {"king": name(position, position.lone)}) if end is not None else None
    box_claim = [Claim("box", {"size": len(box)})] if shown else []
    advice = _advice(position, method, phase, box, is_won, end_claim) + box_claim
    kind, defence = _defence(position, method, phase, box, is_won, end_claim)
    if shown and end_claim is None and is_won:
        defence = [*box_claim, *defence]
    corner = caught_corner(box) if told is not None and method is kbn else None
    seen = Seen(told, name(position, corner) if corner is not None else None, is_won, phase,
                PHASES[key].index(phase), end_claim, key)
    region = tuple(map(square_name, sorted(position.real_all(list(told))))) if told is not None else ()
    claims = lambda parts: tuple(p for p in parts if isinstance(p, Claim))  # noqa: E731
    common = dict(region=region, phase=phase, advice=text(advice), lone_king=name(position, position.lone),
                  claims=claims(advice), defence=text(defence), defence_kind=kind, defence_claims=claims(defence),
                  won=is_won, seen=seen, advice_parts=tuple(advice), defence_parts=tuple(defence))
    if method is kbn:
        mating, right, _ = kbn.corners(position)
        return CoachFacts(**common, mating_corners=tuple(sorted(name(position, c) for c in mating)),
                          target_corner=name(position, right))
    return CoachFacts(**common)


def _advice(position: TablePosition, method, phase: str, box: frozenset[int], is_won: bool,
            end: Claim | None) -> list:
    """The game's end, else the material's or the table's draw, else the warning for a man left
    hanging (where the method gives one), else the method's own claims and instruction."""
    if end is not None:
        return [end]
    if method is no_mate:
        return [Claim("forced-here" if is_won else "no-forced-mate", {"material": position.material.name})]
    if not is_won:
        return [Claim("drawn")]
    hanging = hanging_men(position)
    if hanging and method.CAREFUL is not None:
        men = [[kind, name(position, s)] for kind, s in hanging]
        if position.strong_to_move:
            then = (N_("Guard it or move it, or the king takes it and the mate is gone.") if method.CAREFUL
                    else N_("Guard it or move it, or the king takes it."))
        else:
            then = N_("The king can take it and the mate is gone.") if method.CAREFUL else N_("The king can take it.")
        return [Claim("hanging", {"men": men}), then]
    return method.advice(position, phase, box)


def _defence(position: TablePosition, method, phase: str, box: frozenset[int], is_won: bool,
             end: Claim | None) -> tuple[str, list]:
    """The lone king's side of the same facts: (its kind for the defender, its parts)."""
    if end is not None:
        return ("setback" if end.kind == "checkmate" else "progress"), [end]
    if method is no_mate:
        material = {"material": position.material.name}
        if is_won:
            return "setback", [Claim("forced-here", material)]
        return "progress", [Claim("no-forced-mate", material), N_("Keep away from the corners.")]
    if not is_won:
        return "progress", [Claim("drawn")]
    return method.defence(position, phase, box)


def coach_note(before: TablePosition, after: TablePosition, tables: Tables) -> dict:
    """The note of a move (or of the moves) from ``before`` to ``after``: ``kind`` (progress,
    setback, steady), ``text`` and ``claims``; ``box_changed`` when the box shown is not the
    box shown before (its size, or shown only on one side)."""
    was, now = coach_position(before, tables).seen, coach_position(after, tables).seen
    kind, claims = note(was, now)
    changed = (was.box is None) != (now.box is None) or (was.box is not None and len(was.box) != len(now.box))
    return {"kind": kind, "text": text(claims), "words": words(claims), "claims": [c.as_dict() for c in claims],
            "box_changed": changed}


def coach(fen: str, tables: Tables, before: str | None = None) -> dict:
    """The coach's facts as a dict, the material first, for any position of the 2D tables with at
    least one man; with ``before`` (a FEN) also the ``note`` of the move from it. Raises the errors
    of ``parse_position``; ``OutOfTableError`` for KK."""
    position = _with_men(fen)
    found = {"material": position.material.name, **coach_position(position, tables).as_dict()}
    if before is not None:
        found["note"] = coach_note(_with_men(before), position, tables)
    return found


def _with_men(fen: str) -> TablePosition:
    position = parse_position(fen).position
    if not position.men:
        raise OutOfTableError(msg(N_("the coach needs at least one man against the lone king: %(given)s"),
                                  given=quoted(fen)))
    return position


def kbn_coach(fen: str, tables: Tables) -> CoachFacts:
    """The coach's facts for a KBNK position given as FEN, either side holding the pieces. Raises the
    errors of ``parse_position``, and ``OutOfTableError`` for another material, or when a piece is
    missing (the coach teaches the mate with both pieces on the board)."""
    position = parse_position(fen).position
    if position.material.pieces not in KBNK_FAMILY:
        raise OutOfTableError(msg(N_("not in the kbnk table (only kbnk, kbk, knk, kk): %(given)s"), given=quoted(fen)))
    if position.material.pieces != ("B", "N"):
        raise OutOfTableError(msg(N_("the coach needs king, bishop and knight against a lone king: %(given)s"),
                                  given=repr(fen)))
    return coach_position(position, tables)


