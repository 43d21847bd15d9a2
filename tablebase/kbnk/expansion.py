"""Both sides' DTM for all 64^4 placements, in the interchange layout of ``export``:
``[wk, wb, wn, bk]``, 255 = illegal, 254 = draw, else DTM in White moves (Black to move:
White's moves still needed after Black's best reply, 0 = Black is checkmated)."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..tables import NOT_WON, lone_to_move
from ..tables.values import Tables
from .board import SQUARES, attacks_table, king_targets, symmetries
from .probing import KBNK

ILLEGAL = 255
DRAW = 254
SIDES = ("wtm", "btm")
_N = SQUARES ** 3  # placements of the white pieces


@dataclass(frozen=True, eq=False)
class FullTables:
    wtm: np.ndarray  # uint8 [wk, wb, wn, bk]
    btm: np.ndarray

    def side(self, name: str) -> np.ndarray:
        return {"wtm": self.wtm, "btm": self.btm}[name]


def expand(tables: Tables) -> FullTables:
    """Both sides' values of every placement, from the KBNK table (and KBK, KNK after a capture)."""
    stored = _stored_values(tables(KBNK).read_all())
    in_check = _in_check()
    black_illegal = _black_illegal()
    wtm = np.where(stored == 0, np.uint8(DRAW), stored)
    wtm[black_illegal | in_check] = ILLEGAL
    btm = _black_to_move(tables)
    btm[black_illegal] = ILLEGAL
    return FullTables(wtm, btm)


def _stored_values(entries: np.ndarray) -> np.ndarray:
    """The stored entry of every placement [wk, wb, wn, bk] (illegal ones are overwritten later)."""
    square = np.arange(SQUARES)
    wb, wn, bk = (a.reshape(-1) for a in np.meshgrid(square, square, square, indexing="ij"))
    found = np.empty((SQUARES, _N), dtype=np.uint8)
    for wk in range(SQUARES):
        found[wk] = entries[KBNK.space.index(wk, [wb, wn], bk)]
    return found.reshape((SQUARES,) * 4)


def _in_check() -> np.ndarray:
    """[wk, wb, wn, s]: White attacks s, the Black king lifted (so: Black on s is in check)."""
    bits = attacks_table().reshape(-1).view(np.uint8)
    return np.unpackbits(bits, bitorder="little").view(bool).reshape((SQUARES,) * 4)


def _black_illegal() -> np.ndarray:
    """[wk, wb, wn, bk]: two pieces on one square, or the kings touching."""
    square = np.arange(SQUARES)
    wb, wn, bk = square[:, None, None], square[None, :, None], square[None, None, :]
    without_king = (wb == wn) | (bk == wb) | (bk == wn)  # [wb, wn, bk]
    same = square[:, None] == square[None, :]
    zone = np.zeros((SQUARES, SQUARES), dtype=bool)
    for k in range(SQUARES):
        zone[k, [k, *king_targets()[k]]] = True
    illegal = without_king[None] | zone[:, None, None, :]
    illegal |= same[:, :, None, None]  # king on the bishop
    illegal |= same[:, None, :, None]  # king on the knight
    return illegal


def _black_to_move(tables: Tables) -> np.ndarray:
    """[wk, wb, wn, bk]: Black's value from the tables' one lone-king evaluator (illegal placements
    are overwritten later). It is evaluated with the Black king on the 10 squares of the a1-d1-d4
    triangle; every other column is a symmetric image of one of those."""
    white = np.arange(_N)
    wk, wb, wn = white // (SQUARES * SQUARES), white // SQUARES % SQUARES, white % SQUARES
    sym = symmetries()
    computed: dict[int, np.ndarray] = {}
    result = np.empty((_N, SQUARES), dtype=np.uint8)
    for bk in range(SQUARES):
        t = next(t for t in range(8) if _in_triangle(int(sym[t, bk])))
        home = int(sym[t, bk])
        if home not in computed:
            value = lone_to_move(tables, KBNK, wk, [wb, wn], np.full(_N, home))
            computed[home] = np.where(value.dtm == NOT_WON, DRAW, value.dtm).astype(np.uint8)
        turned = (sym[t][wk] * SQUARES + sym[t][wb]) * SQUARES + sym[t][wn]
        result[:, bk] = computed[home][turned]
    return result.reshape((SQUARES,) * 4)


def _in_triangle(square: int) -> bool:
    file, rank = square % 8, square // 8
    return file < 4 and rank <= file
