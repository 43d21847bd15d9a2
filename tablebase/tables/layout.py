"""Where a file of format version 3 keeps each position's value.

The engine's layout (``retrograde.Space``) stores a position under the symmetry that takes the
White king into its region; where that square has symmetries of its own (a diagonal of the 8x8
board, the cube's diagonals and middle planes), a position and its images under them are stored
apart, once each. Version 3 takes, among the symmetries that bring the White king into its region,
the first that takes the lone king to the least square it can reach: every position is read from
one entry, and the slices of the lone king's other squares (a twin of a stored slice) are read by
no probe. Men of one kind (KQQK's queens) are read in one order only, their stored squares
increasing (``alike_runs``): the placements in another order are twins too. Their entries, like
those of illegal positions, are written as whatever compresses best (``blocks``) and worked out
again by bulk reads (``restore``). Files written before the men's order was kept (without the flag
``fileformat.ALIKE_ONCE``) hold every order; read in the one order, they answer the same.

The order, and the blocks of entries compressed together (``blocks``):

- ``LONE_FIRST`` (the 8x8 board) stores each White king's slice with the lone king's axis first,
  then the men's (``[king, lone, men...]``), in blocks of ``BLOCK`` entries: for each lone king
  square, the plane of the men's squares, which compresses best (KBNK: 2.63 MB -> 525 KB; 775 KB in
  the engine's order).
- ``TILED`` (the cube) keeps the engine's order (``[king, men..., lone]``) in blocks of whole rows
  of the lone king's axis, as many as fit in ``BLOCK`` entries, each block stored transposed (the
  rows' first entries, then their second, ...): a probe's 26 replies of the lone king stay within
  one block, as in the engine's order, and a block compresses 1.3-1.5x better than untransposed
  (KQRK 6x6x6: 9.3% of its entries rather than 12.5%). The cube's lone king first, as on the 8x8
  board, would spread those replies over 27 slices of the lone king (decoded 10x more per probe
  whose blocks are not cached yet).
- ``TILED_WIDE`` (the cube's tables of ``WIDE_FROM`` entries or more: the two-man tables from
  7x7x7): ``TILED`` in blocks of up to ``WIDE_BLOCK`` entries, which compress about 30% better
  (KQRK 5x5x5 at zstd 6: 917 KB -> 648 KB; KQQK 8x8x8 in blocks of 4096 took 18% of its entries),
  each decoded in about 5 us rather than 2, on as many pages of the block cache as it fills.
  Smaller tables keep ``TILED``: a server's own tables are already a fortieth of their entries, and
  with its cache smaller than its tables a probe decoding wide blocks took 1.9x the time.
- ``ENGINE`` is the engine's order in blocks of ``BLOCK`` entries, as version 2 stores it.
"""

from __future__ import annotations

import numpy as np

from .ids import CHESS_DIM, TableId

ENGINE, LONE_FIRST, TILED, TILED_WIDE = 0, 1, 2, 3
ORDERS = (ENGINE, LONE_FIRST, TILED, TILED_WIDE)
BLOCK = 4096  # entries per block (and per checksum) at most, but in TILED_WIDE
WIDE_BLOCK = 16384  # TILED_WIDE's entries per block at most
TILES = {TILED: BLOCK, TILED_WIDE: WIDE_BLOCK}
WIDE_FROM = 1 << 28  # entries of a cube's table from which its blocks are wide


def order_of(table: TableId) -> int:
    """The order a build writes: the lone king first on the 8x8 board, tiled on the cube (in wide
    blocks from ``WIDE_FROM`` entries)."""
    if table.dim == CHESS_DIM:
        return LONE_FIRST
    return TILED_WIDE if table.space.size >= WIDE_FROM else TILED


def layout_of(table: TableId, order: int | None = None) -> "Layout":
    """The table's layout in ``order`` (the one a build writes by default), kept with its board."""
    order = order_of(table) if order is None else order
    return table.board.kept(("layout", table.material, order), lambda: Layout(table, order))


class Layout:
    """``index(king, men, lone)``: the entry of positions in a file of this layout, as
    ``Space.index`` gives it in the engine's layout (Python ints in and out for one position)."""

    def __init__(self, table: TableId, order: int):
        self.table, self.order = table, order
        self.space = space = table.space
        board = space.board
        self.cubes = cubes = board.cubes
        self.men = space.men  # White's men and the lone king
        self.slice = cubes ** self.men  # entries per White king square
        # The place value of each piece's square, in ``index``'s order: men..., lone king.
        men = range(self.men - 1)
        if order == LONE_FIRST:
            self.powers = tuple(self.men - 2 - i for i in men) + (self.men - 1,)
        else:
            self.powers = tuple(self.men - 1 - i for i in men) + (0,)
        symmetry, region = board.canonical
        self._pairs = _pair_symmetries(board)  # [king * cubes + lone]: symmetry * cubes
        self._region = region.astype(np.int64) * self.slice
        self._weighted = [board.kept(("weighted image", p), lambda p=p: board.image.reshape(-1).astype(np.int64)
                                     * cubes ** p) for p in self.powers]
        self._region_list = region.tolist()
        squares = board.geometry.squares  # each square's int made once: the list holds pointers
        self._image_list = board.kept(("image list",), lambda: [squares[s] for s in board.image.reshape(-1).tolist()])
        self._lone_first = order == LONE_FIRST
        self.alike = alike_runs(table.material.pieces)
        # TILED, TILED_WIDE: rows of the lone king's axis per block (a block never splits a row)
        self.tile_rows = TILES[order] // cubes if order in TILES else 0
        self.block_entries = self.tile_rows * cubes if order in TILES else BLOCK

    def index(self, king, men, lone):
        """Entries of positions given as squares (ints, or int arrays that broadcast)."""
        if type(king) is int and type(lone) is int:
            image, cubes = self._image_list, self.cubes
            offset = int(self._pairs[king * cubes + lone])
            index = self._region_list[king]
            if self._lone_first:
                index = index * cubes + image[offset + lone]
            if self.alike:
                stored = [image[offset + square] for square in men]
                for first, last in self.alike:
                    stored[first:last] = sorted(stored[first:last])
                for square in stored:
                    index = index * cubes + square
            else:
                for square in men:
                    index = index * cubes + image[offset + square]
            if not self._lone_first:
                index = index * cubes + image[offset + lone]
            return index
        king = np.asarray(king, dtype=np.int64)
        offset = self._pairs.take(king * self.cubes + lone)
        index = self._region.take(king)
        if self.alike:  # the men's images, each run of one kind sorted, then weighed by their places
            image = self._weighted[self.powers.index(0)]  # the images themselves (a place value of 1)
            stored = self.canonical_rows([image.take(offset + square) for square in men])
            for power, square in zip(self.powers, stored):
                index = index + square * self.cubes ** power
            return index + self._weighted[-1].take(offset + lone)
        for image, square in zip(self._weighted, (*men, lone)):
            index = index + image.take(offset + square)
        return index

    def ordered_rows(self) -> np.ndarray:
        """bool per row of a White king's slice (a placement of the men, in the engine's order):
        the men of each kind on increasing squares, the one order a probe reads."""

        def make() -> np.ndarray:
            axes = self.men - 1
            ok = np.ones((self.cubes,) * axes, dtype=bool)
            squares = [np.arange(self.cubes).reshape([-1 if a == i else 1 for a in range(axes)]) for i in range(axes)]
            for first, last in self.alike:
                for i in range(first, last - 1):
                    ok &= squares[i] < squares[i + 1]
            return ok.reshape(-1)

        return self.space.board.kept(("ordered rows", self.table.material.pieces), make)

    def canonical_rows(self, men: list[np.ndarray]) -> list[np.ndarray]:
        """The men's stored squares (one array per man) with each run of men of one kind sorted:
        the row a probe reads for the placement."""
        men = list(men)
        for first, last in self.alike:
            men[first:last] = sorted_arrays(men[first:last])
        return men

    def prepare(self) -> None:
        """Nothing is left to make on first use (a server prepares before its workers fork)."""

    def twin_symmetries(self, k: int) -> np.ndarray:
        """Per lone king square, the symmetry (keeping White king square ``k`` of the region)
        under whose image its positions are stored: 0 (the identity) but on the twin squares."""
        square = int(self.space.board.kings[k])
        return self._pairs[square * self.cubes:(square + 1) * self.cubes] // self.cubes

    def twins(self, k: int) -> np.ndarray:
        """bool per lone king square: the slices of White king square ``k`` of the region that no
        probe reads (a symmetry keeping the king takes the lone king to a lesser square)."""
        square = int(self.space.board.kings[k])
        return self._pairs[square * self.cubes:(square + 1) * self.cubes] != 0

    def to_stored(self, values: np.ndarray) -> np.ndarray:
        """One White king's slice in the engine's order, in this layout's order (a copy or a view;
        TILED: still the engine's, its blocks are transposed by ``tiled``)."""
        if not self._lone_first:
            return values.reshape(-1)
        return np.ascontiguousarray(values.reshape(-1, self.cubes).T).reshape(-1)

    def tiled(self, values: np.ndarray) -> np.ndarray:
        """Whole blocks of the engine's order (and one last block of fewer rows), each transposed as
        a TILED file stores it (other orders: as they are)."""
        if not self.tile_rows:
            return values
        size, cubes = self.block_entries, self.cubes
        whole = values.size - values.size % size
        found = np.empty_like(values)
        rows = values[:whole].reshape(-1, self.tile_rows, cubes)
        found[:whole].reshape(-1, cubes, self.tile_rows)[...] = rows.transpose(0, 2, 1)
        if whole < values.size:
            found[whole:].reshape(cubes, -1)[...] = values[whole:].reshape(-1, cubes).T
        return found

    def untiled(self, stored: np.ndarray) -> np.ndarray:
        """One block's entries as a TILED file stores them, in the engine's order (others: as they are)."""
        if not self.tile_rows:
            return stored
        return np.ascontiguousarray(stored.reshape(self.cubes, -1).T).reshape(-1)


def alike_runs(pieces) -> tuple[tuple[int, int], ...]:
    """(first, last) of each run of two or more men of one kind (a material lists them together)."""
    runs, first = [], 0
    for i in range(1, len(pieces) + 1):
        if i == len(pieces) or pieces[i] != pieces[first]:
            if i - first > 1:
                runs.append((first, i))
            first = i
    return tuple(runs)


def sorted_arrays(arrays: list[np.ndarray]) -> list[np.ndarray]:
    """Element-wise sorted: the least of each place's values first."""
    if len(arrays) == 2:
        return [np.minimum(*arrays), np.maximum(*arrays)]
    return list(np.sort(np.stack(np.broadcast_arrays(*arrays)), axis=0))


def _pair_symmetries(board) -> np.ndarray:
    """``[king * cubes + lone]``: the first symmetry (times ``cubes``) of those taking ``king`` into
    the region that takes ``lone`` to the least square; 0 (the identity) where nothing is lesser."""

    def make() -> np.ndarray:
        cubes, image = board.cubes, board.image
        where = np.full(cubes, -1, dtype=np.int64)
        where[board.kings] = np.arange(len(board.kings))
        into = where[image] >= 0  # [symmetry, square]: the symmetry takes the square into the region
        pairs = np.empty((cubes, cubes), dtype=np.int32)
        for king in range(cubes):
            candidates = np.flatnonzero(into[:, king])  # in order: the identity first where it is one
            pairs[king] = candidates[np.argmin(image[candidates], axis=0)] * cubes
        return pairs.reshape(-1)

    return board.kept(("pair symmetries",), make)
