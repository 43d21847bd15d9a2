"""A material of the retrograde engine: White's king and some of Q R B N against a lone king."""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations_with_replacement

from ..errors import ChessInputError, quoted

ORDER = "QRBN"  # the order White's men are named and stored in
MAX_MEN = 4  # far past any table that fits in memory; a longer name is refused before any file is named


class MaterialError(ChessInputError):
    code = "bad_material"


@dataclass(frozen=True, order=True)
class Material:
    """White's men besides the king, in ``ORDER`` (``("R", "N")`` is KRNK)."""

    pieces: tuple[str, ...]

    def __post_init__(self):
        if any(p not in ORDER for p in self.pieces):
            raise MaterialError(f"white's men must be among {ORDER}: {self.pieces!r}")
        if list(self.pieces) != sorted(self.pieces, key=ORDER.index):
            raise MaterialError(f"white's men must be listed in the order {ORDER}: {self.pieces!r}")

    @classmethod
    def of(cls, kinds) -> Material:
        """From White's men in any order (``"NR"`` or ``["N", "R"]``)."""
        kinds = tuple(kinds)
        if any(k not in ORDER for k in kinds):
            raise MaterialError(f"white's men must be among {ORDER}: {''.join(map(str, kinds))!r}")
        return cls(tuple(sorted(kinds, key=ORDER.index)))

    @classmethod
    def parse(cls, name: str) -> Material:
        """From a name like ``"KRNK"``: K, White's men in the order Q R B N, then the lone K."""
        if not isinstance(name, str) or len(name) < 2 or name[0] != "K" or name[-1] != "K":
            raise MaterialError(f"a material is named K, White's men, K (like 'KRK' or 'KBNK'): {quoted(name, 40)}")
        if len(name) > MAX_MEN + 2:
            raise MaterialError(f"a material names at most {MAX_MEN} of White's men: {quoted(name, 40)}")
        try:
            material = cls(tuple(name[1:-1]))
        except MaterialError:
            raise MaterialError(
                f"a material lists White's men among {ORDER} in that order (like 'KQRK'): {name!r}") from None
        return material

    @property
    def name(self) -> str:
        return "K" + "".join(self.pieces) + "K"

    def __str__(self) -> str:
        return self.name

    @property
    def like_pair(self) -> bool:
        """Two men of one kind: swapping them gives the same position."""
        return len(self.pieces) == 2 and self.pieces[0] == self.pieces[1]

    def without(self, index: int) -> Material:
        """The material left when the lone king takes the man at ``index``."""
        return Material(self.pieces[:index] + self.pieces[index + 1:])

    def smaller(self) -> tuple[Material, ...]:
        """Every material a capture leads to, directly or after further captures (KK last)."""
        found: list[Material] = []
        for i in range(len(self.pieces)):
            sub = self.without(i)
            for m in (sub, *sub.smaller()):
                if m not in found:
                    found.append(m)
        return tuple(sorted(found, key=lambda m: (-len(m.pieces), m.pieces)))


def materials(count: int) -> tuple[Material, ...]:
    """Every material with ``count`` men besides White's king, in name order (KQK, KRK, ...)."""
    return tuple(Material(c) for c in combinations_with_replacement(ORDER, count))
