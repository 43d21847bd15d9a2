"""What the endgames overview shows of a table: counts, the longest win and a board of one."""

from __future__ import annotations

from .position import EndgamePosition
from .table import CubeTable


def position_of(table: CubeTable, entry: int, symmetry: int = 0) -> EndgamePosition:
    """The White-to-move position of an entry, seen through one of the board's symmetries."""
    king, men, lone = table.space.squares([entry])
    image = table.space.board.image[symmetry]
    return EndgamePosition(table.n, int(image[king[0]]),
                           tuple(zip(table.material.pieces, (int(image[m[0]]) for m in men))),
                           int(image[lone[0]]), True)


def summary(table: CubeTable) -> dict:
    example = position_of(table, table.longest_entry).notation() if table.longest_entry is not None else None
    return {
        "material": table.material.name,
        "positions": table.positions,
        "won": table.won,
        "drawn": table.drawn,
        "longest": table.longest or None,
        "example": example,
    }
