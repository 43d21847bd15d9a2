"""Which table: a material on a board. Every table of the service (KBNK and the other mates on
the 8x8 board, the 3D tables on the n*n*n cube) is named, stored and built by its ``TableId``."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from ..core.caches import entries
from ..core.message import N_, msg
from ..retrograde import Board, Material, MaterialError, Space, chess_board, cube_board

CHESS_DIM, CUBE_DIM = 2, 3


@dataclass(frozen=True, order=True)
class TableId:
    """``dim`` 2: the chessboard (``n`` = 8); ``dim`` 3: the n*n*n cube."""

    dim: int
    n: int
    material: Material

    def __post_init__(self):
        if (self.dim, self.n) != (CHESS_DIM, 8) and self.dim != CUBE_DIM:
            raise ValueError(f"tables live on the 8x8 board or an n*n*n cube, not dim {self.dim} n {self.n}")
        for kind, piece in self.material.custom:
            if piece.dim != self.dim:
                said = (N_("the custom man %(kind)s has atoms of %(digits)s digits: on the 8x8 board an atom has "
                           "%(dim)s") if self.dim == CHESS_DIM else
                        N_("the custom man %(kind)s has atoms of %(digits)s digits: on the cube an atom has %(dim)s"))
                raise MaterialError(msg(said, kind=repr(kind), digits=piece.dim, dim=self.dim))

    def __hash__(self) -> int:  # the dataclass's own hashes the material's too: a probe hashes ids often
        return hash((self.dim, self.n, self.material.pieces))

    @classmethod
    def chess(cls, material: Material | str) -> TableId:
        """A table of the 8x8 board.

        >>> str(TableId.chess("KBNK")), TableId.chess("KBNK").n
        ('KBNK on 8x8', 8)
        """
        return cls(CHESS_DIM, 8, _material(material))

    @classmethod
    def cube(cls, material: Material | str, n: int) -> TableId:
        """A table of the n*n*n board.

        >>> str(TableId.cube("KRNK", 5)), TableId.cube("KRNK", 5).dim
        ('KRNK on 5x5x5', 3)
        """
        return cls(CUBE_DIM, n, _material(material))

    @cached_property
    def board(self) -> Board:
        custom = self.material.custom
        return chess_board(custom) if self.dim == CHESS_DIM else cube_board(self.n, custom)

    @property
    def space(self) -> Space:
        """The table's positions, one per board and material, kept with the board's tables."""
        board = self.board
        return board.kept(("space", self.material), lambda: Space(board, self.material))

    @property
    def size_name(self) -> str:
        """``8x8``, ``5x5x5``."""
        return "x".join([str(self.n)] * self.dim)

    @property
    def file_name(self) -> str:
        return f"{self.material.file_stem}-{self.size_name}.tbl"

    def __str__(self) -> str:
        return f"{self.material.name} on {self.size_name}"

    def without(self, index: int) -> TableId:
        """The table the lone king's capture of man ``index`` leads to."""
        return _without(self, index)

    def captures(self) -> tuple[TableId, ...]:
        """The tables one capture away that hold men (KK needs no table), each once."""
        found = []
        for i in range(len(self.material.pieces)):
            smaller = self.without(i)
            if smaller.material.pieces and smaller not in found:
                found.append(smaller)
        return tuple(found)

    @property
    def build_order(self) -> tuple:
        """Smaller boards, fewer men, then name order: what a queue of builds takes first."""
        return (self.dim, self.n, len(self.material.pieces), self.material)


def _material(material: Material | str) -> Material:
    return material if isinstance(material, Material) else Material.parse(material)


@entries
def _without(table: TableId, index: int) -> TableId:
    return TableId(table.dim, table.n, table.material.without(index))
