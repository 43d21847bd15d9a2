"""Where each White-to-move position lives in the table file.

The 8 symmetries of the board (no pawns, no castling) leave DTM unchanged, so the file holds one
position per symmetry class: the White king on the a1-d1-d4 triangle, and when it stands on the
a1-h8 diagonal, the Black king on or below that diagonal. That leaves 462 king pairs; bishop and
knight take any square: entry ``kk * 4096 + wb * 64 + wn``. (When both kings are on the diagonal,
two entries describe mirror images of one another; both hold the same value.)
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from .board import SQUARES, symmetries

KING_PAIRS = 462
ENTRIES = KING_PAIRS * SQUARES * SQUARES


def _canonical(wk, bk):
    """Whether kings on ``wk``, ``bk`` (int arrays) form a canonical pair, touching or not."""
    wf, wr, bf, br = wk % 8, wk // 8, bk % 8, bk // 8
    in_triangle = (wf <= 3) & (wr <= wf)
    return in_triangle & ((wf != wr) | (br <= bf))


def _kings_apart(wk, bk):
    return (abs(wk % 8 - bk % 8) > 1) | (abs(wk // 8 - bk // 8) > 1)


@lru_cache(maxsize=None)
def king_pairs() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(pair_wk, pair_bk, pair_index): the 462 canonical king pairs, and ``pair_index[wk, bk]``
    for canonical pairs (-1 elsewhere)."""
    wk, bk = np.meshgrid(np.arange(SQUARES), np.arange(SQUARES), indexing="ij")
    chosen = _canonical(wk, bk) & _kings_apart(wk, bk)
    pair_wk, pair_bk = wk[chosen], bk[chosen]
    assert len(pair_wk) == KING_PAIRS
    index = np.full((SQUARES, SQUARES), -1, dtype=np.int64)
    index[pair_wk, pair_bk] = np.arange(KING_PAIRS)
    return pair_wk, pair_bk, index


@lru_cache(maxsize=None)
def king_pair_symmetry() -> tuple[np.ndarray, np.ndarray]:
    """(transform[wk, bk], pair[wk, bk]): the first symmetry that brings the kings to a canonical
    pair, and that pair's index (-1 when the kings touch or share a square)."""
    sym = symmetries()
    _, _, index = king_pairs()
    wk, bk = np.meshgrid(np.arange(SQUARES), np.arange(SQUARES), indexing="ij")
    fits = np.stack([_canonical(sym[t][wk], sym[t][bk]) for t in range(8)])
    transform = np.argmax(fits, axis=0)
    pair = index[sym[transform, wk], sym[transform, bk]]
    return transform, pair


@lru_cache(maxsize=None)
def _flat_lookup() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(symmetry rows [wk*64+bk] as offsets into the flat symmetry table, entry base of the king
    pair [wk*64+bk] (very negative when the kings touch), flat symmetry table)."""
    transform, pair = king_pair_symmetry()
    base = np.where(pair < 0, -(1 << 40), pair * (SQUARES * SQUARES))
    return (transform * SQUARES).reshape(-1), base.reshape(-1), symmetries().reshape(-1)


def entry_index(wk, wb, wn, bk):
    """Table entry of White-to-move positions (ints or broadcastable int arrays); negative where
    the kings touch or share a square (always illegal)."""
    row, base, sym = _flat_lookup()
    kings = np.asarray(wk) * SQUARES + bk
    offset = row.take(kings)
    return base.take(kings) + sym.take(offset + wb) * SQUARES + sym.take(offset + wn)


@lru_cache(maxsize=None)
def entry_squares() -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """(wk, wb, wn, bk) of every entry, as int arrays of length ENTRIES."""
    pair_wk, pair_bk, _ = king_pairs()
    kk, wb, wn = np.unravel_index(np.arange(ENTRIES), (KING_PAIRS, SQUARES, SQUARES))
    return pair_wk[kk], wb, wn, pair_bk[kk]
