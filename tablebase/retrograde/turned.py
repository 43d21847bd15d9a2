"""Packed flags (``bits``) seen through a symmetry of the board without unpacking them whole: the
men's axes are turned as a view of the packed array (rows of a few bytes move as they are), and
each row's bits, the lone king's squares, are permuted by byte lookups: for each byte of the row,
a table of the 256 values it may hold gives the bits it sets in the turned row. A row of at most
``MAX_ROW_BYTES`` bytes (boards of up to 128 squares: the 5x5x5 cube, the 8x8 board) costs as
many lookups as it has bytes; on larger boards the rows are unpacked instead (``FrontierViews``).

    turned(board, lost, t) -> the packed flags ``V`` with ``V[x] = lost[T(x)]``, T symmetry t on
    every man and on the lone king (``Symmetry.view`` of the unpacked flags, packed again)
"""

from __future__ import annotations

import numpy as np

from . import bits
from .board_tables import Board

MAX_ROW_BYTES = 16  # beyond it a row's lookups (bytes squared) cost more than unpacking it
ROWS_AT_ONCE = 1 << 15  # rows permuted at once: their lookups stay in the processor's cache


def turnable(board: Board) -> bool:
    """Whether ``turned`` works the board's rows by lookups."""
    return bits.row_bytes(board.cubes) <= MAX_ROW_BYTES


def square_sources(board: Board, t: int) -> np.ndarray:
    """``source[s]``: the square whose flag lands on ``s`` when symmetry ``t`` turns a row."""
    squares = np.arange(board.cubes).reshape((board.n,) * board.dim)
    return np.ascontiguousarray(board.symmetries[t].view(squares, board.dim)).reshape(-1)


def _lookups(board: Board, t: int) -> np.ndarray:
    """``found[j, v]``: the turned row's bits (as words of 64) that byte ``j`` of a row sets when it
    holds ``v``, kept with the board's tables."""

    def make() -> np.ndarray:
        width = bits.row_bytes(board.cubes)
        words = (width + 7) // 8
        found = np.zeros((width, 256, words * 8), dtype=np.uint8)
        values = np.arange(256)
        for square, source in enumerate(square_sources(board, t).tolist()):
            byte, bit = divmod(source, 8)
            found[byte, (values >> bit) & 1 == 1, square // 8] |= np.uint8(1 << (square % 8))
        return found.view(np.uint64)

    return board.kept(("turned rows", t), make)


def turned(board: Board, lost: np.ndarray, t: int) -> np.ndarray:
    """``lost`` (packed flags ``[men..., lone king bytes]``, each man's axis his square) through
    symmetry ``t``: a new array of the same shape. Needs ``turnable(board)``.

    >>> from tablebase.retrograde.board_tables import cube_board
    >>> board = cube_board(3)
    >>> flags = np.zeros((27, 27), dtype=bool); flags[0, 1] = True  # a man on square 0, the lone king on 1
    >>> seen = bits.unpack(turned(board, bits.pack(flags), 1), 27)
    >>> [(int(man), int(king)) for man, king in zip(*np.nonzero(seen))]
    [(18, 19)]
    """
    n, dim, width = board.n, board.dim, lost.shape[-1]
    men = lost.ndim - 1
    block = lost.reshape((n,) * (dim * men) + (width,))
    rows = np.ascontiguousarray(board.symmetries[t].view(block, dim, trailing=1)).reshape(-1, width)
    lookups = _lookups(board, t)
    words = lookups.shape[-1]
    out = np.empty_like(rows)
    part = np.empty((min(ROWS_AT_ONCE, len(rows)), words), dtype=np.uint64)
    for start in range(0, len(rows), ROWS_AT_ONCE):
        chunk = rows[start:start + ROWS_AT_ONCE]
        found = part[:len(chunk)]
        found[...] = 0
        for byte in range(width):
            np.bitwise_or(found, lookups[byte].take(chunk[:, byte], axis=0), out=found)
        out[start:start + len(chunk)] = found.view(np.uint8)[:, :width]
    return out.reshape(lost.shape)
