"""Which tables a server builds on demand. Tables beyond these are served when their files are
there (built beforehand with the command line)."""

from __future__ import annotations

from dataclasses import dataclass

from ..core.cube_notation import MAX_N
from ..core.message import N_, Message, msg
from ..errors import OutOfTableError
from ..retrograde import materials
from .ids import CHESS_DIM, TableId

MIN_CUBE = 3  # the smallest board with tables: on 2x2x2 the kings always touch


@dataclass(frozen=True)
class Limits:
    chess_men: int = 2  # the 8x8 board: every material of up to so many men
    one_man: int = 10  # the largest cube for KQK, KRK, KBK, KNK
    two_men: int = 5  # the largest cube for KQQK ... KNNK
    # Custom men make endlessly many materials: their tables are built on demand up to a small
    # cube (4x4x4: a two-man table in about a second, 0.1 MB), and the folder keeps so many of them,
    # the least recently used leaving first (tablebase/tables/queue.py).
    custom_n: int = 4
    custom_tables: int = 500
    # The build queue (tablebase/tables/queue.py): so many builds waiting at most, so many of them
    # queued by one client.
    queue: int = 16
    queue_per_client: int = 4

    @classmethod
    def everything(cls) -> Limits:
        return cls(2, MAX_N, MAX_N, MAX_N, 1 << 62, 1 << 62, 1 << 62)

    def allows(self, table: TableId) -> bool:
        men = len(table.material.pieces)
        if table.dim == CHESS_DIM:
            return 1 <= men <= self.chess_men
        largest = {1: self.one_man, 2: self.two_men}.get(men, 0)  # KK needs no table
        if table.material.custom:
            largest = min(largest, self.custom_n)
        return MIN_CUBE <= table.n <= largest

    def tables(self) -> tuple[TableId, ...]:
        """Every table these limits allow."""
        chess = [TableId.chess(m) for men in range(1, self.chess_men + 1) for m in materials(men)]
        cube = [TableId.cube(m, n) for men, largest in ((1, self.one_man), (2, self.two_men))
                for n in range(MIN_CUBE, largest + 1) for m in materials(men)]
        return tuple(chess + cube)

    def describe_words(self) -> Message:
        """``describe`` as a message of the pages' catalogue."""
        return Message(N_("White's king and one of Q R B N against a lone king for %(low)s <= n <= %(one)s, "
                          "two of them for %(low)s <= n <= %(two)s"),
                       {"low": MIN_CUBE, "one": self.one_man, "two": self.two_men})

    def describe(self) -> str:
        return (f"White's king and one of Q R B N against a lone king for {MIN_CUBE} <= n <= {self.one_man}, "
                f"two of them for {MIN_CUBE} <= n <= {self.two_men}")

    def refuse(self, table: TableId) -> OutOfTableError:
        name = table.material.name
        if table.dim == CHESS_DIM:
            return OutOfTableError(msg(N_("no table for %(material)s: this server builds a king and up to %(men)s men "
                                          "against a lone king"), material=name, men=self.chess_men))
        if table.material.custom and table.n > self.custom_n and self.allows_standard(table):
            return OutOfTableError(msg(N_("no 3D table for %(material)s on n = %(n)s: this server builds the tables of "
                                          "custom pieces for n <= %(most)s"), material=name, n=table.n,
                                       most=self.custom_n))
        return OutOfTableError(msg(N_("no 3D table for %(material)s on n = %(n)s: this server builds %(limits)s"),
                                   material=name, n=table.n, limits=self.describe_words()))

    def allows_standard(self, table: TableId) -> bool:
        """Whether the table's size is within the limits of the standard pieces' tables."""
        largest = {1: self.one_man, 2: self.two_men}.get(len(table.material.pieces), 0)
        return MIN_CUBE <= table.n <= largest
