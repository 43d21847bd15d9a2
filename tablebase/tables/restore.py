"""Bulk reads of a version 3 file: entries of the engine's layout, every one as the engine built it.

A file of version 3 keeps one entry per position (``layout``) and "don't care" values where no
probe reads. A bulk read (verify, export, the builds that read smaller tables, the chunks that
random positions are drawn from) wants the engine's layout whole. It is read a run of whole rows
of the lone king's axis at a time (a row: one placement of the White king and men): the blocks
that hold them are decoded; the twin squares of the lone king are read where their images under
the White king's symmetry lie (``Layout.twin_symmetries``); men of one kind in decreasing order
where they stand in increasing order (``Layout.canonical_rows``); and an illegal White-to-move position
gets 0 again, found by the engine's own marks for a whole White king's slice
(``masks.white_to_move``) or, for part of one, from the board's attack tables (``legal_entries``).
"""

from __future__ import annotations

import numpy as np

from ..retrograde.attacks import attacked
from ..retrograde.masks import white_to_move
from .layout import LONE_FIRST

STEP = 1 << 22  # entries worked out at once


def read_exact(file, start: int, stop: int) -> np.ndarray:
    """Entries ``start`` to ``stop`` of the engine's layout of the table in ``file`` (a version 3
    ``TableFile``)."""
    layout = file.layout
    size, cubes = layout.slice, layout.cubes
    rows, step = size // cubes, max(1, STEP // cubes)
    out = np.empty(max(stop - start, 0), dtype=np.uint8)
    for k in range(start // size, -(-stop // size)):
        low, high = max(start, k * size) - k * size, min(stop, (k + 1) * size) - k * size
        whole = (low, high) == (0, size)
        legal = white_to_move(layout.space, [k]).reshape(rows, cubes) if whole else None
        source = None  # the whole slice, [lone, row]: the lone king first (an 8x8 board's: 256 KB at most),
        if layout.order == LONE_FIRST:  # or men of one kind, whose other orders are read across the slice
            source = _stored_span(file, k * size, (k + 1) * size).reshape(cubes, rows)
        elif layout.alike and whole:
            source = _stored_span(file, k * size, (k + 1) * size).reshape(rows, cubes).T
        for first in range(low // cubes, -(-high // cubes), step):
            last = min(first + step, -(-high // cubes))
            values = _rows(file, k, first, last, source)
            ok = legal[first:last] if whole else _legal_rows(layout, k, first, last)
            found = np.where(ok, values, np.uint8(0)).reshape(-1)
            a, b = max(low, first * cubes), min(high, last * cubes)
            out[k * size + a - start:k * size + b - start] = found[a - first * cubes:b - first * cubes]
    return out


def _men(layout, first: int, last: int) -> list[np.ndarray]:
    """The men's squares of rows ``first`` to ``last`` of a White king's slice, one array per man."""
    return list(np.unravel_index(np.arange(first, last, dtype=np.int64), (layout.cubes,) * (layout.men - 1)))


def _rows(file, k: int, first: int, last: int, source: np.ndarray | None) -> np.ndarray:
    """[row, lone king square]: the entries of rows ``first`` to ``last`` of White king square
    ``k``'s slice, exact but for illegal positions. ``source``: the whole slice as stored, [lone, row]."""
    layout = file.layout
    size, cubes = layout.slice, layout.cubes
    if source is not None:
        values = source[:, first:last].T.copy()
    else:
        values = _stored_span(file, k * size + first * cubes, k * size + last * cubes).reshape(-1, cubes)
    symmetries = layout.twin_symmetries(k)
    image = layout.space.board.image

    def read(rows: np.ndarray, lones: np.ndarray) -> np.ndarray:
        """[row, lone]: the stored entries of ``rows`` (numbers within the slice) and lone king squares."""
        if source is not None:
            return source[lones[None, :], rows[:, None]]
        return _gather(file, k * size + rows[:, None] * cubes + lones[None, :])

    if not layout.alike and not symmetries.any():
        return values
    men = _men(layout, first, last)
    if layout.alike:  # men of one kind in another order: read where they stand in increasing order
        rows = _row_numbers(layout, layout.canonical_rows(men))
        moved = np.flatnonzero(rows != np.arange(first, last))
        lones = np.flatnonzero(symmetries == 0)
        if moved.size:
            values[np.ix_(moved, lones)] = read(rows[moved], lones)
    for symmetry in np.unique(symmetries[symmetries > 0]).tolist():
        lones = np.flatnonzero(symmetries == symmetry)
        rows = _row_numbers(layout, layout.canonical_rows([image[symmetry].take(square) for square in men]))
        values[:, lones] = read(rows, image[symmetry].take(lones))
    return values


def _row_numbers(layout, men: list[np.ndarray]) -> np.ndarray:
    """The rows of a White king's slice where the men (one array of squares per man) stand."""
    rows = np.zeros(men[0].shape, dtype=np.int64)
    for square in men:
        rows = rows * layout.cubes + square
    return rows


def _legal_rows(layout, k: int, first: int, last: int) -> np.ndarray:
    """[row, lone king square]: legal White-to-move positions of rows ``first`` to ``last``."""
    men = [m[:, None] for m in _men(layout, first, last)]
    return legal_entries(layout, int(layout.space.board.kings[k]), men, np.arange(layout.cubes)[None, :])


def _stored_span(file, start: int, stop: int) -> np.ndarray:
    """The file's entries ``start`` to ``stop`` as it holds them, each block checked."""
    size = file.block_entries
    first, last = start // size, -(-stop // size)
    found = np.empty((last - first) * size, dtype=np.uint8)
    for block in range(first, last):
        data = file.decoded_block(block)
        found[(block - first) * size:(block - first) * size + data.size] = data
    return found[start - first * size:stop - first * size]


def _gather(file, index: np.ndarray) -> np.ndarray:
    """The file's entries at ``index``, decoding each block they lie in once."""
    size = file.block_entries
    blocks = index // size
    low = int(blocks.min())
    needed = np.zeros(int(blocks.max()) - low + 1, dtype=bool)
    needed[blocks - low] = True
    wanted = np.flatnonzero(needed)
    place = np.full(needed.size, -1, dtype=np.int64)
    place[wanted] = np.arange(wanted.size)
    found = np.zeros((wanted.size, size), dtype=np.uint8)
    for i, block in enumerate((wanted + low).tolist()):
        data = file.decoded_block(block)
        found[i, :data.size] = data
    return found.reshape(-1)[place[blocks - low] * size + (index - blocks * size)]


def legal_entries(layout, king: int, men: list, lone: np.ndarray) -> np.ndarray:
    """Legal White-to-move positions, White's king on ``king`` (its men on ``men``, one array per
    man, and the lone king on ``lone``): every man on a square of its own, the kings apart, the
    lone king not attacked."""
    board = layout.space.board
    ok = ~attacked(board, layout.space.material.pieces, [np.int64(king), *men], lone) & ~board.touching[king, lone]
    for i, square in enumerate(men):
        ok &= (square != king) & (square != lone)
        for other in men[:i]:
            ok &= square != other
    return ok
