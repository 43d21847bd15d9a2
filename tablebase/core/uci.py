"""A move of the 8x8 board between two squares, and its UCI name."""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import IllegalMoveError, quoted
from .message import N_, msg
from .geometry import parse_square, square_name

INVALID = N_("invalid uci: %(given)s")


@dataclass(frozen=True)
class Move:
    """A move between two squares of the 8x8 board, with an optional promotion piece kind."""

    from_square: int
    to_square: int
    promotion: str | None = None

    @classmethod
    def from_uci(cls, uci: str) -> Move:
        if not isinstance(uci, str) or len(uci) not in (4, 5):
            raise IllegalMoveError(msg(INVALID, given=quoted(uci)))
        try:
            start, end = parse_square(uci[:2]), parse_square(uci[2:4])
        except ValueError:
            raise IllegalMoveError(msg(INVALID, given=quoted(uci))) from None
        promotion = uci[4:].upper() or None
        if promotion is not None and promotion not in "QRBN":
            raise IllegalMoveError(msg(INVALID, given=quoted(uci)))
        if start == end:
            raise IllegalMoveError(msg(N_("invalid uci (null move): %(given)s"), given=quoted(uci)))
        return cls(start, end, promotion)

    def uci(self) -> str:
        return uci(self.from_square, self.to_square, self.promotion)


def uci(start: int, end: int, promotion: str | None = None) -> str:
    """A move's UCI name from its squares (a tablebase names dozens a probe without ``Move``)."""
    name = _UCI[start][end]
    return name + promotion.lower() if promotion else name


_UCI = [[square_name(start) + square_name(end) for end in range(64)] for start in range(64)]
