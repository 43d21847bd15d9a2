"""Which 3D tables a server builds on demand: a size range per number of White's men."""

from __future__ import annotations

from dataclasses import dataclass

from ...errors import OutOfTableError
from ...retrograde import Material

MIN_N = 3  # on 2x2x2 the kings always touch


@dataclass(frozen=True)
class Limits:
    one_man: int = 10  # largest n for KQK, KRK, KBK, KNK
    two_men: int = 5  # largest n for KQQK ... KNNK

    def largest(self, material: Material) -> int:
        return {1: self.one_man, 2: self.two_men}.get(len(material.pieces), 0)  # KK needs no table

    def allows(self, material: Material, n: int) -> bool:
        return MIN_N <= n <= self.largest(material)

    def describe(self) -> str:
        return (f"White's king and one of Q R B N against a lone king for {MIN_N} <= n <= {self.one_man}, "
                f"two of them for {MIN_N} <= n <= {self.two_men}")

    def refuse(self, material: Material, n: int) -> OutOfTableError:
        return OutOfTableError(f"no 3D table for {material.name} on n = {n}: this server builds {self.describe()}")
