"""Both sides' DTM for all 64^4 placements, in the interchange layout of ``export``:
``[wk, wb, wn, bk]``, 255 = illegal, 254 = draw, else DTM in White moves (Black to move:
White's moves still needed after Black's best reply, 0 = Black is checkmated)."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .board import SQUARES, attacks_table, king_targets, symmetries
from .layout import KING_PAIRS, king_pair_symmetry
from .table import KbnkTable

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


def expand(table: KbnkTable) -> FullTables:
    stored = _stored_values(table)
    in_check = _in_check()
    black_illegal = _black_illegal()
    wtm = np.where(stored == 0, np.uint8(DRAW), stored)
    wtm[black_illegal | in_check] = ILLEGAL
    btm = _black_to_move(wtm, in_check)
    btm[black_illegal] = ILLEGAL
    return FullTables(wtm, btm)


def _stored_values(table: KbnkTable) -> np.ndarray:
    """The stored entry of every placement [wk, wb, wn, bk] (0 where the kings touch)."""
    transform, pair = king_pair_symmetry()
    sym = symmetries()
    blocks = np.asarray(table.entries).reshape(KING_PAIRS, SQUARES, SQUARES)
    by_kings = np.zeros((SQUARES, SQUARES, SQUARES, SQUARES), dtype=np.uint8)  # [wk, bk, wb, wn]
    for t in range(8):
        wk, bk = np.nonzero((transform == t) & (pair >= 0))
        if len(wk):
            turned = sym[t]
            by_kings[wk, bk] = blocks[pair[wk, bk][:, None, None], turned[None, :, None], turned[None, None, :]]
    return np.ascontiguousarray(by_kings.transpose(0, 2, 3, 1))


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


def _black_to_move(wtm: np.ndarray, in_check: np.ndarray) -> np.ndarray:
    """Black's value as the best over its king steps of what each destination is worth to it:
    0 can't go there (attacked, White's king zone included), 255 escapes (takes an undefended
    piece, or a drawn White-to-move position), else the White-to-move DTM there. Best 0: no
    move, so mate in check and stalemate otherwise."""
    square = np.arange(SQUARES)
    takes = (square[None, :, None, None] == square[None, None, None, :]) | (
        square[None, None, :, None] == square[None, None, None, :])  # [_, wb, wn, t]
    worth = np.where(takes | (wtm == DRAW), np.uint8(255), wtm)
    worth[in_check] = 0
    worth = worth.reshape(_N, SQUARES)
    files = square % 8
    off_a = np.where(files == 0, np.uint8(0), np.uint8(255))
    off_h = np.where(files == 7, np.uint8(0), np.uint8(255))
    worth_no_a, worth_no_h = worth & off_a, worth & off_h  # a step east never lands on file a
    best = np.zeros((_N, SQUARES), dtype=np.uint8)
    for step, source in ((1, worth_no_a), (9, worth_no_a), (-7, worth_no_a),
                         (-1, worth_no_h), (-9, worth_no_h), (7, worth_no_h), (8, worth), (-8, worth)):
        if step > 0:
            np.maximum(best[:, :-step], source[:, step:], out=best[:, :-step])
        else:
            np.maximum(best[:, -step:], source[:, :step], out=best[:, -step:])
    best = best.reshape(wtm.shape)
    result = np.where(best == 255, np.uint8(DRAW), best)
    result[(best == 0) & ~in_check] = DRAW  # stalemate
    return result
