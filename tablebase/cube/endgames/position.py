"""A position of the 3D endgame tables: White's king and men against a lone king, one side to move."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from ...core.rules import BLACK, WHITE, Piece, parse_color
from ...errors import IllegalPositionError, OutOfTableError
from ...retrograde import Material, cube_board
from ...retrograde.attacks import attacked
from ...retrograde.material import ORDER
from ..board import CubePosition


@dataclass(frozen=True)
class EndgamePosition:
    n: int
    king: int
    men: tuple[tuple[str, int], ...]  # (kind, square) of White's men, in the order Q R B N
    lone: int
    white_to_move: bool

    @classmethod
    def from_board(cls, position: CubePosition, turn: str) -> EndgamePosition:
        parse_color(turn)
        kings = {color: position.kings(color) for color in (WHITE, BLACK)}
        for color, name in ((WHITE, "white"), (BLACK, "black")):
            if not kings[color]:
                raise IllegalPositionError(f"there is no {name} king on the board")
        black_men = [p.symbol() for p in position.cells if p is not None and p.color == BLACK and p.kind != "K"]
        white_men = sorted(((p.kind, s) for s, p in enumerate(position.cells)
                            if p is not None and p.color == WHITE and p.kind != "K"), key=lambda m: (ORDER.index(m[0]), m[1]))
        if black_men:
            raise OutOfTableError(f"the 3D tables hold a lone black king; this board also has black {''.join(black_men)!r}")
        if len(white_men) > 2:
            raise OutOfTableError(f"the 3D tables hold one or two white men besides the king, not "
                                  f"{''.join(k for k, _ in white_men)!r}")
        found = cls(position.n, kings[WHITE][0], tuple(white_men), kings[BLACK][0], turn == WHITE)
        found._check_legal(position)
        return found

    def _check_legal(self, position: CubePosition) -> None:
        board = cube_board(self.n)
        if board.touching[self.king, self.lone]:
            raise IllegalPositionError(f"illegal position (the kings stand side by side at "
                                       f"{list(position.coords(self.king))} and {list(position.coords(self.lone))})")
        if self.white_to_move and self.in_check:
            raise IllegalPositionError("illegal position (black is in check with white to move)")

    @property
    def material(self) -> Material:
        return Material(tuple(kind for kind, _ in self.men))

    @property
    def kinds(self) -> tuple[str, ...]:
        return self.material.pieces

    @property
    def squares(self) -> list[int]:
        return [s for _, s in self.men]

    @cached_property
    def in_check(self) -> bool:
        """The lone king is attacked."""
        return bool(attacked(cube_board(self.n), self.kinds, [self.king, *self.squares], self.lone))

    def cells(self) -> tuple:
        cells = [None] * self.n ** 3
        cells[self.king] = Piece(WHITE, "K")
        cells[self.lone] = Piece(BLACK, "K")
        for kind, square in self.men:
            cells[square] = Piece(WHITE, kind)
        return tuple(cells)

    def board(self) -> CubePosition:
        return CubePosition(self.n, self.cells())

    def notation(self) -> str:
        return self.board().notation()
