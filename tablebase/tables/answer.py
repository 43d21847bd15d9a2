"""The one answer type of a probe, in lichess's conventions: the value of a position for the side
to move, and every legal move with the value after it, best first (``MoveAnswer.sort_key``)."""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import repeat
from operator import attrgetter
from typing import NamedTuple

from ..core.caches import entries
from .values import NOT_WON

CATEGORY_ORDER = {"loss": 0, "draw": 1, "win": 2}  # for the mover: the opponent lost is best
_DTM_SPAN = 1 << 20  # plies: every dtm is shorter, so the category's rank decides first in ``order``


@dataclass(frozen=True)
class Verdict:
    """``category`` for the side to move; ``dtm`` in plies, signed (None for draws); ``mate_in``
    the same in moves."""

    category: str
    dtm: int | None
    checkmate: bool = False
    stalemate: bool = False
    insufficient_material: bool = False

    @staticmethod
    def strong_to_move(moves: int, *, stalemate: bool = False, insufficient: bool = False) -> Verdict:
        """The strong side to move, mating in ``moves`` (or NOT_WON)."""
        return _strong(int(moves), bool(stalemate), bool(insufficient))

    @staticmethod
    def lone_to_move(moves: int, *, mate: bool = False, stalemate: bool = False,
                     insufficient: bool = False) -> Verdict:
        """The lone king to move, mated after ``moves`` more of the strong side's (or NOT_WON)."""
        return _lone(int(moves), bool(mate), bool(stalemate), bool(insufficient))

    @staticmethod
    def lone_to_move_all(moves: list[int], mate: list[bool], stalemate: list[bool], *,
                         insufficient: bool = False) -> list[Verdict]:
        """``lone_to_move`` of each position of a batch (Python ints and bools)."""
        return list(map(_lone.cached, moves, mate, stalemate, repeat(insufficient)))

    def to_json(self) -> dict:
        return dict(self.fields)

    @property
    def mate_in(self) -> int | None:
        """Moves until mate, whichever side mates (0: checkmated); None for draws. The pages show
        this, so that no page turns plies back into moves."""
        if self.dtm is None:
            return None
        return (self.dtm + 1) // 2 if self.dtm > 0 else -self.dtm // 2

    # Derived once per verdict (verdicts are shared, see ``_strong`` and ``_lone``) and read for
    # every move of every probe: plain attributes, not properties. ``order``: best first for the
    # side that moved here (the mover's opponent lost, quickest mate first; draws; the opponent
    # winning, longest first), one int (the category's rank, then -dtm: ints compare faster than
    # tuples in a probe's sort). ``fields``: the answer's fields.
    order: int = field(init=False, repr=False, compare=False)
    fields: tuple[tuple[str, object], ...] = field(init=False, repr=False, compare=False)
    values: tuple = field(init=False, repr=False, compare=False)  # the fields' values, in order

    def __post_init__(self):
        if self.dtm is not None and abs(self.dtm) >= _DTM_SPAN:
            raise ValueError(f"dtm {self.dtm} beyond the sort key's span")
        object.__setattr__(self, "order", CATEGORY_ORDER[self.category] * 2 * _DTM_SPAN - (self.dtm or 0))
        object.__setattr__(self, "fields", (
            ("category", self.category), ("dtm", self.dtm), ("mate_in", self.mate_in), ("checkmate", self.checkmate),
            ("stalemate", self.stalemate), ("insufficient_material", self.insufficient_material)))
        object.__setattr__(self, "values", tuple(value for _, value in self.fields))


@entries  # a few hundred verdicts exist: each is made once
def _strong(moves: int, stalemate: bool, insufficient: bool) -> Verdict:
    if insufficient or moves == NOT_WON:
        return Verdict("draw", None, False, stalemate, insufficient)
    return Verdict("win", 2 * moves - 1)


@entries
def _lone(moves: int, mate: bool, stalemate: bool, insufficient: bool) -> Verdict:
    if insufficient or moves == NOT_WON:
        return Verdict("draw", None, mate, stalemate, insufficient)
    return Verdict("loss", -2 * moves, mate)


class MoveAnswer(NamedTuple):
    """A legal move and the value after it (for the side then to move). ``names`` are the tool's
    names of the move at the edge (``uci`` and ``san``; ``from``, ``to`` and ``piece``);
    ``tiebreak`` (any value that orders, one per move) orders equal moves so that the order is
    fixed. (A value object; a tuple, as a probe makes dozens.)"""

    names: tuple[tuple[str, object], ...]
    verdict: Verdict
    check: bool
    capture: bool
    tiebreak: tuple

    @classmethod
    def columns(cls, keys: tuple[str, ...], names: tuple[list, ...], verdicts, checks, captures,
                tiebreaks) -> list[MoveAnswer]:
        """The answers of many moves from columns, one a field (``names``: one column per key,
        named by ``keys``), made without a Python call per move (``_make`` is ``tuple.__new__``
        checking the length, which the columns' zip fixes)."""
        pairs = zip(*(zip(repeat(key), column) for key, column in zip(keys, names)))
        return list(map(tuple.__new__, repeat(cls), zip(pairs, verdicts, checks, captures, tiebreaks)))

    @property
    def sort_key(self) -> tuple:
        """Best first for the mover (``Verdict.order``), then the tiebreak."""
        return self.verdict.order, self.tiebreak

    def name(self, key: str):
        return dict(self.names)[key]


@dataclass(frozen=True)
class ProbeAnswer:
    verdict: Verdict
    check: bool  # the side to move is in check
    moves: tuple[MoveAnswer, ...]  # best first

    @classmethod
    def of(cls, verdict: Verdict, check: bool, moves) -> ProbeAnswer:
        """The answer with ``moves`` best first: by ``MoveAnswer.sort_key``, sorted as two stable
        sorts of plain values (the tiebreak, then the verdict's order), quicker than one of tuples
        (held equal to sorting by the key by a test)."""
        ordered = sorted(moves, key=_TIEBREAK)
        ordered.sort(key=_ORDER)
        return cls(verdict, check, tuple(ordered))

    def to_json(self, zeroing: bool = True, halfmove: int | None = None) -> dict:
        """lichess's answer, each move with its names, its verdict's fields, ``check`` and (unless
        not asked) ``zeroing``: lichess's name for a capture, which resets the fifty-move count.
        Given the position's ``halfmove`` clock, each move also says ``halfmove_clock`` after it
        and ``fifty_move_draw``: it reaches the draw. Every move's answer is made in one pass."""
        # The clock after a move, by whether it captures, and whether that draws, by whether the
        # move mates: worked out for the four kinds of move, looked up for each move.
        clocks = None if halfmove is None else tuple(
            (after, (fifty_move_draw(after, False), fifty_move_draw(after, True))) for after in (halfmove + 1, 0))
        if zeroing and clocks is not None and self.moves and len(self.moves[0].names) == 2:
            moves = self._two_name_rows(clocks)
        else:
            moves = self._rows(zeroing, clocks)
        return {**self.verdict.to_json(), "check": self.check, "moves": moves}

    def _rows(self, zeroing: bool, clocks) -> list[dict]:
        """``to_json``'s moves."""
        moves = []
        for move in self.moves:
            found = dict(move.names + move.verdict.fields)
            found["check"] = move.check
            if zeroing:
                found["zeroing"] = move.capture
            if clocks is not None:
                found["halfmove_clock"], draws = clocks[move.capture]
                found["fifty_move_draw"] = draws[move.verdict.checkmate]
            moves.append(found)
        return moves

    def _two_name_rows(self, clocks) -> list[dict]:
        """``_rows`` for the 2D probes (each move two names, UCI and SAN; zeroing and the clock
        asked), each row written as one dict display: about a third quicker than merging pairs,
        and the rows are the bulk of a probe of forty moves (held equal to ``_rows`` by a test)."""
        rows = []
        for ((first, first_name), (second, second_name)), verdict, check, capture, _ in self.moves:
            category, dtm, mate_in, checkmate, stalemate, insufficient = verdict.values
            after, draws = clocks[capture]
            rows.append({first: first_name, second: second_name, "category": category, "dtm": dtm, "mate_in": mate_in,
                         "checkmate": checkmate, "stalemate": stalemate, "insufficient_material": insufficient,
                         "check": check, "zeroing": capture, "halfmove_clock": after,
                         "fifty_move_draw": draws[checkmate]})
        return rows


FIFTY_MOVES = 100  # plies without a capture or pawn move that draw the game


def fifty_move_draw(halfmove: int, checkmate: bool) -> bool:
    """A position with this halfmove clock is drawn by the fifty-move rule: the count has reached
    FIFTY_MOVES and the side to move is not checkmated (lichess ends the game so)."""
    return halfmove >= FIFTY_MOVES and not checkmate


_TIEBREAK, _ORDER = attrgetter("tiebreak"), attrgetter("verdict.order")  # read in C: a probe sorts dozens
