"""The one answer type of a probe, in lichess's conventions: the value of a position for the side
to move, and every legal move with the value after it, best first (``MoveAnswer.sort_key``)."""

from __future__ import annotations

from dataclasses import dataclass

from .values import NOT_WON

CATEGORY_ORDER = {"loss": 0, "draw": 1, "win": 2}  # for the mover: the opponent lost is best


@dataclass(frozen=True)
class Verdict:
    """``category`` for the side to move; ``dtm`` in plies, signed (None for draws)."""

    category: str
    dtm: int | None
    checkmate: bool = False
    stalemate: bool = False
    insufficient_material: bool = False

    @classmethod
    def strong_to_move(cls, moves: int, *, stalemate: bool = False, insufficient: bool = False) -> Verdict:
        """The strong side to move, mating in ``moves`` (or NOT_WON)."""
        if insufficient or moves == NOT_WON:
            return cls("draw", None, False, bool(stalemate), bool(insufficient))
        return cls("win", 2 * moves - 1)

    @classmethod
    def lone_to_move(cls, moves: int, *, mate: bool = False, stalemate: bool = False,
                     insufficient: bool = False) -> Verdict:
        """The lone king to move, mated after ``moves`` more of the strong side's (or NOT_WON)."""
        if insufficient or moves == NOT_WON:
            return cls("draw", None, bool(mate), bool(stalemate), bool(insufficient))
        return cls("loss", -2 * moves, bool(mate))

    def to_json(self) -> dict:
        return {"category": self.category, "dtm": self.dtm, "checkmate": self.checkmate,
                "stalemate": self.stalemate, "insufficient_material": self.insufficient_material}


@dataclass(frozen=True)
class MoveAnswer:
    """A legal move and the value after it (for the side then to move). ``names`` are the tool's
    names of the move at the edge (``uci`` and ``san``; ``from``, ``to`` and ``piece``);
    ``tiebreak`` orders equal moves so that the order is fixed."""

    names: tuple[tuple[str, object], ...]
    verdict: Verdict
    check: bool
    capture: bool
    tiebreak: tuple

    @property
    def sort_key(self) -> tuple:
        """Best first for the mover: the opponent lost (quickest mate first), draws, the opponent
        winning (longest first)."""
        dtm = self.verdict.dtm or 0
        return (CATEGORY_ORDER[self.verdict.category], -dtm if self.verdict.category != "draw" else 0,
                self.tiebreak)

    def name(self, key: str):
        return dict(self.names)[key]

    def to_json(self, zeroing: bool = True) -> dict:
        found = {**dict(self.names), **self.verdict.to_json(), "check": self.check}
        if zeroing:
            found["zeroing"] = self.capture  # lichess's name: the move resets the fifty-move count
        return found


@dataclass(frozen=True)
class ProbeAnswer:
    verdict: Verdict
    check: bool  # the side to move is in check
    moves: tuple[MoveAnswer, ...]  # best first

    @classmethod
    def of(cls, verdict: Verdict, check: bool, moves) -> ProbeAnswer:
        return cls(verdict, check, tuple(sorted(moves, key=lambda m: m.sort_key)))

    def to_json(self, zeroing: bool = True) -> dict:
        return {**self.verdict.to_json(), "check": self.check,
                "moves": [m.to_json(zeroing) for m in self.moves]}
