"""Both sides' values of every placement of a 2D table, in the interchange layout that
``export_u8`` writes (``python -m tablebase export --u8``) and ``side_stats`` counts
(``python -m tablebase stats``): one axis of 64 squares per piece, ``[king, men..., lone king]``
(KBNK: ``[wk, wb, wn, bk]``); 255 = illegal, 254 = draw, else DTM in White moves (Black to move:
White's moves still needed after Black's best reply, 0 = Black is checkmated)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import numpy as np

from ..retrograde.attacks import attack_sets
from ..tables import NOT_WON, TableId, lone_to_move
from ..tables.values import Tables
from .endings import KBNK

ILLEGAL = 255
DRAW = 254
SIDES = ("wtm", "btm")
SQUARES = 64


@dataclass(frozen=True, eq=False)
class FullTables:
    wtm: np.ndarray  # uint8 [king, men..., lone king]
    btm: np.ndarray
    table: TableId = KBNK

    def side(self, name: str) -> np.ndarray:
        return {"wtm": self.wtm, "btm": self.btm}[name]


@dataclass(frozen=True)
class SideStats:
    side: str  # "wtm" or "btm"
    legal: int
    won: int  # White mates (Black to move: including positions already checkmated)
    drawn: int
    histogram: tuple[int, ...]  # histogram[n]: positions with DTM n White moves

    @property
    def longest(self) -> int:
        return max((n for n, count in enumerate(self.histogram) if count), default=0)


def expand(tables: Tables, table: TableId = KBNK) -> FullTables:
    """Both sides' values of every placement, from the table (and those its captures lead to)."""
    axes = len(table.material.pieces) + 2
    stored = _stored_values(tables(table).read_all(), table)
    in_check = _in_check(table)
    black_illegal = _black_illegal(table, axes)
    wtm = np.where(stored == 0, np.uint8(DRAW), stored)
    wtm[black_illegal | in_check] = ILLEGAL
    btm = _black_to_move(tables, table)
    btm[black_illegal] = ILLEGAL
    return FullTables(wtm, btm, table)


def side_stats(full: FullTables, bishop_squares=None) -> tuple[SideStats, ...]:
    """Stats of both sides; ``bishop_squares`` (a boolean mask of 64) restricts the bishop of a
    material with one."""
    found = []
    for side in SIDES:
        values = full.side(side)
        if bishop_squares is not None:
            axis = 1 + full.table.material.pieces.index("B")
            values = np.compress(np.asarray(bishop_squares, dtype=bool), values, axis=axis)
        counts = np.bincount(values.reshape(-1), minlength=256)
        won = counts[:DRAW]
        last = int(np.flatnonzero(won).max()) + 1 if won.any() else 0
        found.append(SideStats(side, int(counts[:ILLEGAL].sum()), int(won.sum()), int(counts[DRAW]),
                               tuple(int(c) for c in won[:last])))
    return tuple(found)


def export_u8(full: FullTables, directory) -> list[Path]:
    """The files ``wtm.u8`` and ``btm.u8`` in ``directory``: the arrays' bytes, C order."""
    directory = Path(directory)
    directory.mkdir(parents=True, exist_ok=True)
    written = []
    for side in SIDES:
        path = directory / f"{side}.u8"
        full.side(side).tofile(path)
        written.append(path)
    return written


def _stored_values(entries: np.ndarray, table: TableId) -> np.ndarray:
    """The stored entry of every placement (illegal ones are overwritten later)."""
    men = len(table.material.pieces)
    rest = np.indices((SQUARES,) * (men + 1)).reshape(men + 1, -1)  # [men..., lone king]
    found = np.empty((SQUARES, rest.shape[1]), dtype=np.uint8)
    for king in range(SQUARES):
        found[king] = entries[table.space.index(king, list(rest[:-1]), rest[-1])]
    return found.reshape((SQUARES,) * (men + 2))


def _in_check(table: TableId) -> np.ndarray:
    """[king, men..., s]: White attacks s, the lone king lifted (so: the lone king on s is in check)."""
    sets = np.ascontiguousarray(attack_sets(table.board, table.material.pieces), dtype="<u8")
    bits = np.unpackbits(sets.reshape(-1).view(np.uint8), bitorder="little")
    return bits.view(bool).reshape((SQUARES,) * (len(table.material.pieces) + 2))


def _black_illegal(table: TableId, axes: int) -> np.ndarray:
    """[king, men..., lone king]: two pieces on one square, or the kings touching."""
    square = np.arange(SQUARES)
    grids = [square.reshape([-1 if i == axis else 1 for i in range(axes)]) for axis in range(axes)]
    illegal = table.board.touching[grids[0], grids[-1]]
    for a in range(axes):
        for b in range(a + 1, axes):
            illegal = illegal | (grids[a] == grids[b])
    return np.broadcast_to(illegal, (SQUARES,) * axes).copy()


def _black_to_move(tables: Tables, table: TableId) -> np.ndarray:
    """[king, men..., lone king]: the lone king's side's value from the tables' one lone-king
    evaluator (illegal placements are overwritten later). It is evaluated with the lone king on
    the squares of the board's region (``Board.kings``); every other column is a symmetric image
    of one of those."""
    board, men = table.board, len(table.material.pieces)
    white = np.indices((SQUARES,) * (men + 1)).reshape(men + 1, -1)  # [king, men...]
    count = white.shape[1]
    symmetry, _ = board.canonical
    computed: dict[int, np.ndarray] = {}
    result = np.empty((count, SQUARES), dtype=np.uint8)
    for lone in range(SQUARES):
        image = board.image[int(symmetry[lone])]
        home = int(image[lone])
        if home not in computed:
            value = lone_to_move(tables, table, white[0], list(white[1:]), np.full(count, home))
            computed[home] = np.where(value.dtm == NOT_WON, DRAW, value.dtm).astype(np.uint8)
        result[:, lone] = computed[home][np.ravel_multi_index(image[white], (SQUARES,) * (men + 1))]
    return result.reshape((SQUARES,) * (men + 2))
