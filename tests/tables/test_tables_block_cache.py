"""The block cache's pages (``tables.cache``): the wide blocks of the cube's big tables (several
pages in a row) and one-page blocks share one arena, and a block overwritten even in part is never
read again; a cube table reads the same in narrow and in wide blocks."""

from __future__ import annotations

import numpy as np
import pytest

from tablebase.tables import TableFile, TableId
from tablebase.tables.cache import BlockCache
from tablebase.tables.fileformat import write_table
from tablebase.tables.layout import TILED, TILED_WIDE

KBNK = TableId.chess("KBNK")
CUBES = [TableId.cube("KRNK", 3), TableId.cube("KQK", 4)]


def _indexes(table_file: TableFile, count: int, rng) -> np.ndarray:
    """Random file indexes of one table."""
    table = table_file.id
    pieces = len(table.material.pieces)
    king = rng.integers(0, table.board.cubes, count)
    men = [rng.integers(0, table.board.cubes, count) for _ in range(pieces)]
    lone = rng.integers(0, table.board.cubes, count)
    return table_file.index(king, men, lone)


@pytest.mark.parametrize("cube", CUBES, ids=str)
def test_wide_and_narrow_blocks_share_one_small_cache_without_a_stale_read(tables, table_store, tmp_path, cube):
    built = TableFile(table_store.path(cube), cube)
    wide = write_table(tmp_path / "wide.tbl", cube, built.read_all(), built.summary, order=TILED_WIDE)
    cache = BlockCache(0)  # the smallest arena: 64 pages, evicted all the time
    files = [TableFile(table_store.path(KBNK), KBNK, cache=cache), TableFile(wide, cube, cache=cache),
             TableFile(table_store.path(cube), cube, cache=cache)]
    assert files[1].block_entries > 4096  # the cube's file holds wide blocks
    rng = np.random.default_rng(7)
    wanted = []
    for table_file in files:
        index = _indexes(table_file, 4000, rng)
        truth = TableFile(table_file.path, table_file.id)  # its own cache
        wanted.append((table_file, index, truth.lookup(index)))
    for _ in range(30):
        for table_file, index, values in wanted:
            pick = rng.integers(0, index.size, 50)
            assert np.array_equal(table_file.lookup(index[pick]), values[pick])
            one = int(pick[0])
            assert table_file.entry(int(index[one])) == int(values[one])


@pytest.mark.parametrize("cube", CUBES, ids=str)
def test_a_cube_table_reads_the_same_in_narrow_and_wide_blocks(table_store, tmp_path, cube):
    built = TableFile(table_store.path(cube), cube)
    entries = built.read_all()
    narrow = TableFile(write_table(tmp_path / "narrow.tbl", cube, entries, built.summary, order=TILED), cube)
    wide = TableFile(write_table(tmp_path / "wide.tbl", cube, entries, built.summary, order=TILED_WIDE), cube)
    assert narrow.header.layout == TILED and narrow.block_entries <= 4096 < wide.block_entries
    assert wide.header.layout == TILED_WIDE and np.array_equal(wide.read_all(), entries)
    assert np.array_equal(narrow.read_all(), entries)
    won = np.flatnonzero(entries)  # positions a probe reads (the others hold fill, block by block)
    chosen = won[np.random.default_rng(3).integers(0, won.size, 2000)]
    king, men, lone = cube.space.squares(chosen)
    for table_file in (narrow, wide):
        assert np.array_equal(table_file.lookup(table_file.index(king, men, lone)), entries[chosen])
