"""The endings of the basic-mate trainer as the pages list them: each table's name in words, the
men's words, whether a bishop's colour matters, the difficulty levels (cut from the table's
longest mate), and a start position for the editor."""

from __future__ import annotations

from dataclasses import dataclass

from ..core.fen import BoardPosition
from ..core.message import N_, msg
from ..errors import OutOfTableError, quoted
from ..retrograde import Material, MaterialError, materials
from ..tables import CHESS_DIM, TableId, TablePosition
from .position import classify_material, drawn_by_law, to_fen

MATERIALS = tuple(TableId.chess(m) for count in (1, 2) for m in materials(count))  # KQK ... KNNK
KBNK = TableId.chess("KBNK")  # the first table: the default of /kbn, of the random positions and of the command line
WORDS = {"Q": "queen", "R": "rook", "B": "bishop", "N": "knight"}
LEARNING_PATH = ("KQK", "KRK", "KBBK", "KBNK")  # the order of /mates/learn
LEVELS = 3


@dataclass(frozen=True)
class Ending:
    table: TableId

    @property
    def name(self) -> str:
        return self.table.material.name

    @property
    def men_words(self) -> str:
        """"rook", "two bishops", "bishop and knight"."""
        kinds = self.table.material.pieces
        if len(kinds) == 2 and kinds[0] == kinds[1]:
            return f"two {WORDS[kinds[0]]}s"
        return " and ".join(WORDS[k] for k in kinds)

    @property
    def title(self) -> str:
        """"King and rook against king"."""
        return f"King, {self.men_words} against king" if " and " in self.men_words else \
            f"King and {self.men_words} against king"

    @property
    def bishop_matters(self) -> bool:
        """One bishop: its colour decides the mating corners (KBNK) or the position's look."""
        return self.table.material.pieces.count("B") == 1

    @property
    def forced(self) -> bool:
        """Whether the material wins at all (KBK, KNK: never; KNNK: only when the defence errs)."""
        return self.name not in ("KBK", "KNK", "KNNK")

    def example_fen(self) -> str:
        """A legal start for the editor: the kings on e1 and e8, the men from a1 on."""
        men = tuple((kind, square) for kind, square in zip(self.table.material.pieces, (0, 1)))
        return to_fen(TablePosition(CHESS_DIM, 8, 4, men, 60, True))

    def levels(self, longest: int | None) -> list[tuple[int, int, str]]:
        """(min, max, label) ranges of mate length, ``LEVELS`` of them cut from the table's longest
        mate (None while the table is built: one range of any length)."""
        if not longest:
            return [(1, 255, "Any length")]
        cuts = sorted({round(longest * i / LEVELS) for i in range(LEVELS + 1)})
        ranges = [(low + 1, high) for low, high in zip(cuts, cuts[1:]) if high > low]
        return [(low, high, f"Mate in {low}" if low == high else f"Mate in {low}–{high}") for low, high in ranges]

    def as_dict(self, longest: int | None) -> dict:
        return {"name": self.name, "title": self.title, "men": self.men_words, "bishop": self.bishop_matters,
                "longest": longest, "levels": [list(level) for level in self.levels(longest)],
                "example": self.example_fen(), "forced": self.forced}


def ending(name: str) -> Ending:
    """The ending of a material name like "KRK" (a 2D table: one or two men). Raises
    ``OutOfTableError`` (a ValueError) for any other name."""
    try:
        material = Material.parse(name)
    except MaterialError:
        raise OutOfTableError(msg(N_("no such ending: %(given)s (name one like 'KRK' or 'KBNK')"),
                                  given=quoted(name))) from None
    if not 1 <= len(material.pieces) <= 2:
        raise OutOfTableError(msg(N_("no such ending: %(given)s (one or two men against a lone king)"),
                                  given=quoted(name)))
    return Ending(TableId.chess(material))


def ending_of(board: BoardPosition) -> Ending | None:
    """The ending whose table holds a board (a king and one or two men against a lone king, either
    colour holding them), or None when none does (no men, more of them, a pawn, men on both sides)."""
    holdings = classify_material(board)
    if not holdings.in_table or not holdings.men:
        return None
    return Ending(TableId.chess(holdings.material))


def endings() -> list[Ending]:
    """Every ending, the learning path's first, then by the number of men."""
    path = [ending(name) for name in LEARNING_PATH]
    return path + [Ending(t) for t in MATERIALS if t.material.name not in LEARNING_PATH]


__all__ = ["Ending", "KBNK", "LEARNING_PATH", "MATERIALS", "drawn_by_law", "ending", "ending_of", "endings"]
