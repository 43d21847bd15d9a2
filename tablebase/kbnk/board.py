"""Bitboards for the KBNK squares, built from the move-rules core's direction vectors.

A set of squares is a uint64 with bit ``s`` for square ``s`` (a1 = 0 .. h8 = 63).
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from ..core.geometry import CHESSBOARD, is_light  # noqa: F401 - is_light: the KBNK tools' import
from ..core.rules import CHESS_RULES, WHITE

SQUARES = 64


def _mask(squares) -> int:
    total = 0
    for s in squares:
        total |= 1 << s
    return total


@lru_cache(maxsize=None)
def king_targets() -> tuple[tuple[int, ...], ...]:
    vectors = CHESS_RULES.leap_vectors(WHITE, "K")
    return tuple(CHESSBOARD.leaps(s, vectors) for s in range(SQUARES))


@lru_cache(maxsize=None)
def knight_targets() -> tuple[tuple[int, ...], ...]:
    vectors = CHESS_RULES.leap_vectors(WHITE, "N")
    return tuple(CHESSBOARD.leaps(s, vectors) for s in range(SQUARES))


@lru_cache(maxsize=None)
def bishop_rays() -> tuple[tuple[tuple[int, ...], ...], ...]:
    """For each square, its diagonal rays (nearest square first), empty rays left out."""
    vectors = CHESS_RULES.slides["B"]
    return tuple(
        tuple(r for r in (CHESSBOARD.ray(s, v) for v in vectors) if r) for s in range(SQUARES)
    )


@lru_cache(maxsize=None)
def attack_masks() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(king, knight, empty-board bishop) attack sets per square, as uint64 arrays."""
    king = np.array([_mask(t) for t in king_targets()], dtype=np.uint64)
    knight = np.array([_mask(t) for t in knight_targets()], dtype=np.uint64)
    bishop = np.array([_mask(sum(rays, ())) for rays in bishop_rays()], dtype=np.uint64)
    return king, knight, bishop


@lru_cache(maxsize=None)
def bishop_shadows() -> np.ndarray:
    """``shadow[b, x]``: the squares a bishop on ``b`` no longer reaches when ``x`` is occupied
    (those beyond ``x`` on its ray; 0 when ``x`` is not on one of its rays)."""
    shadow = np.zeros((SQUARES, SQUARES), dtype=np.uint64)
    for b, rays in enumerate(bishop_rays()):
        for ray in rays:
            for i, x in enumerate(ray):
                shadow[b, x] = _mask(ray[i + 1:])
    return shadow


@lru_cache(maxsize=None)
def attacks_table() -> np.ndarray:
    """``attacks[wk, wb, wn]``: the squares White's king, bishop and knight attack or defend with
    the Black king lifted off the board (so the bishop sees through the square it leaves).
    Entries where two white pieces share a square are meaningless."""
    king, knight, bishop = attack_masks()
    shadow = bishop_shadows()
    wk = np.arange(SQUARES)[:, None, None]
    wb = np.arange(SQUARES)[None, :, None]
    wn = np.arange(SQUARES)[None, None, :]
    slider = bishop[wb] & ~shadow[wb, wk] & ~shadow[wb, wn]
    return king[wk] | knight[wn] | slider


def bishop_attacks(bishop: int, occupied: int) -> int:
    """Squares a bishop on ``bishop`` attacks on a board with ``occupied`` (a Python int set)."""
    found = 0
    for ray in bishop_rays()[bishop]:
        for s in ray:
            found |= 1 << s
            if occupied >> s & 1:
                break
    return found


@lru_cache(maxsize=None)
def symmetries() -> np.ndarray:
    """``sym[t, s]``: square ``s`` under each of the 8 symmetries of the board (t = 0 identity;
    bit 0 of t flips files, bit 1 flips ranks, bit 2 swaps files and ranks, applied in that order)."""
    table = np.zeros((8, SQUARES), dtype=np.int64)
    for t in range(8):
        for s in range(SQUARES):
            f, r = s % 8, s // 8
            if t & 1:
                f = 7 - f
            if t & 2:
                r = 7 - r
            if t & 4:
                f, r = r, f
            table[t, s] = r * 8 + f
    return table
