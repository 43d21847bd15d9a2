"""A position of the tables: the strong side's king and one to three men against a lone king, on
the 8x8 board or an n*n*n cube, seen with the strong side as White (the tables' frame).

On the 8x8 board the strong side may be Black: ``flip`` is the rank mirror (56) that turns the
real board into the frame (squares xor 56), 0 when the strong side is White."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from ..core.caches import entries
from ..core.rules import BLACK, WHITE, Piece
from ..retrograde import Board, Material
from ..retrograde.material import ORDER, man_order
from .ids import TableId

_STRONG = {kind: Piece(WHITE, kind) for kind in ("K", *ORDER)}
_LONE = Piece(BLACK, "K")


@dataclass(frozen=True)
class TablePosition:
    dim: int
    n: int
    king: int  # the strong side's king
    men: tuple[tuple[str, int], ...]  # (kind, square) of the strong side's men, in the order Q R B N
    lone: int  # the lone king
    strong_to_move: bool
    flip: int = 0
    table: TableId = field(init=False, repr=False, compare=False)

    def __post_init__(self):
        ordered = tuple(sorted(self.men, key=lambda m: (man_order(m[0]), m[1])))
        if ordered != self.men:
            object.__setattr__(self, "men", ordered)
        object.__setattr__(self, "table", _table(self.dim, self.n, tuple(kind for kind, _ in ordered)))

    @property
    def material(self) -> Material:
        return self.table.material

    @property
    def board(self) -> Board:
        return self.table.board

    @property
    def squares(self) -> list[int]:
        return [s for _, s in self.men]

    @property
    def cells(self) -> list:
        """The board as the rules core holds it (the strong side White); made once per position
        (kept by hand: a cached_property takes a lock on every first use, and a probe makes
        positions by the dozen)."""
        cells = self.__dict__.get("_cells")
        if cells is None:
            cells = [None] * self.board.cubes
            cells[self.king], cells[self.lone] = _STRONG["K"], _LONE
            for kind, square in self.men:
                cells[square] = _STRONG.get(kind) or _strong(kind)
            self.__dict__["_cells"] = cells
        return cells

    @property
    def in_check(self) -> bool:
        """The lone king is attacked."""
        return self.board.rules.is_attacked(self.cells, self.lone, WHITE)

    @property
    def kings_touch(self) -> bool:
        return bool(self.board.touching[self.king, self.lone])

    def strong_moves(self) -> list[tuple[int, int, int]]:
        """The strong side's legal moves as (man, from, to), grouped by man: the king's (man -1)
        first, then each man's in the material's order. The rules core's
        moves: the lone king, the only attacker, pins nothing and checks no king it cannot touch,
        so only the king's steps beside it are illegal."""
        board, cells = self.board, self.cells
        targets = board.rules.pseudo_targets
        near_lone = board.steps("K")[self.lone]
        moves = [(-1, self.king, t) for t in targets(cells, self.king) if t not in near_lone]
        for i, (_, square) in enumerate(self.men):
            moves += [(i, square, t) for t in targets(cells, square)]
        return moves

    def play_strong(self, man: int, target: int) -> TablePosition:
        if man < 0:
            return replace(self, king=target, strong_to_move=False)
        men = tuple((kind, target if i == man else s) for i, (kind, s) in enumerate(self.men))
        return replace(self, men=men, strong_to_move=False)

    def play_lone(self, target: int) -> TablePosition:
        """The lone king steps to ``target``, taking a man there, if any."""
        men = tuple(m for m in self.men if m[1] != target)
        return replace(self, men=men, lone=target, strong_to_move=True)

    def real(self, square: int) -> int:
        """The square on the real board of a square of the frame."""
        return self.real_all((square,))[0]

    def real_all(self, squares) -> list[int]:
        """``real`` of many squares (a probe's moves); the squares themselves when the frame is the
        real board."""
        flip = self.flip
        return [square ^ flip for square in squares] if flip else squares


def _strong(kind: str) -> Piece:
    """A custom man of the strong side (its kind the atoms' text), one object per kind."""
    return _STRONG.setdefault(kind, Piece(WHITE, kind))


@entries
def _table(dim: int, n: int, kinds: tuple[str, ...]) -> TableId:
    """One ``TableId`` per table for every position: its board, space and index lists are made
    once, not once a probe."""
    return TableId(dim, n, Material(kinds))
