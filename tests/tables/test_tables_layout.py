"""Where a compressed file keeps each position (``tables.layout``): one entry per position, no
probe reading a twin slice or needing an illegal entry; what the file holds besides them ("don't
care" values); and the bulk reads that give the engine's layout back whole (``tables.restore``),
part of a White king's slice as the whole of it."""

from __future__ import annotations

import random

import numpy as np
import pytest

from tablebase.tables import TableId, strong_to_move
from tablebase.tables.blocks import cared
from tablebase.tables.fileformat import BLOCK, CHUNK
from tablebase.tables.layout import LONE_FIRST, TILED, TILED_WIDE, WIDE_FROM, layout_of
from tablebase.tables.restore import legal_entries

TABLES = [TableId.chess("KBNK"), TableId.chess("KBBK"), TableId.chess("KRK"), TableId.cube("KRNK", 3),
          TableId.cube("KRRK", 3), TableId.cube("KQK", 4)]


def _placements(table: TableId, count: int, seed: int):
    """Random placements (king, men, lone king) on distinct squares, the king anywhere."""
    rng = random.Random(seed)
    found = []
    for _ in range(count):
        king, lone, *men = rng.sample(range(table.board.cubes), 2 + len(table.material.pieces))
        found.append((king, men, lone))
    return found


def _arrays(placements, men: int):
    king, lone = (np.array([p[i] for p in placements]) for i in (0, 2))
    return king, [np.array([p[1][i] for p in placements]) for i in range(men)], lone


@pytest.mark.parametrize("table", TABLES, ids=str)
def test_one_position_index_is_the_array_index(table):
    layout = layout_of(table)
    placements = _placements(table, 300, seed=table.n)
    batch = layout.index(*_arrays(placements, len(table.material.pieces)))
    one = [layout.index(k, m, s) for k, m, s in placements]
    assert all(type(i) is int for i in one) and one == batch.tolist()


@pytest.mark.parametrize("table", TABLES, ids=str)
def test_no_probe_reads_a_twin_slice(table):
    layout = layout_of(table)
    assert layout.order == (LONE_FIRST if table.dim == 2 else TILED)
    index = layout.index(*_arrays(_placements(table, 3000, seed=2), len(table.material.pieces)))
    king, within = np.divmod(index, layout.slice)
    cubes = table.board.cubes
    lone = within // cubes ** (layout.men - 1) if layout.order == LONE_FIRST else within % cubes
    twins = np.stack([layout.twins(k) for k in range(len(table.board.kings))])
    assert twins.any() and not twins[king, lone].any()


@pytest.mark.parametrize("table", TABLES[:4], ids=str)
def test_a_position_and_its_images_have_one_value(table, tables):
    board, men = table.board, len(table.material.pieces)
    king, pieces, lone = _arrays(_placements(table, 2000, seed=5), men)
    legal = np.zeros(king.size, dtype=bool)
    for square in np.unique(king).tolist():
        here = king == square
        legal[here] = legal_entries(layout_of(table), square, [m[here] for m in pieces], lone[here])
    king, pieces, lone = king[legal], [m[legal] for m in pieces], lone[legal]
    values = strong_to_move(tables, table, king, pieces, lone)
    assert (values > 0).any()
    for image in board.image:
        images = strong_to_move(tables, table, image[king], [image[m] for m in pieces], image[lone])
        assert np.array_equal(images, values)


@pytest.mark.parametrize("table", TABLES, ids=str)
def test_a_part_of_a_bulk_read_is_the_whole_reads_part(table, tables):
    found = tables(table)
    whole = found.read_all()
    rng = np.random.default_rng(table.n)
    spans = [(0, 1), (whole.size - 1, whole.size), (0, min(whole.size, CHUNK))]
    for _ in range(6):
        start = int(rng.integers(0, whole.size))
        spans.append((start, int(min(whole.size, start + rng.integers(1, 3 * layout_of(table).slice)))))
    for start, stop in spans:
        assert np.array_equal(found.read_span(start, stop), whole[start:stop]), (start, stop)
    for chunk in range(found.header.chunks):
        assert np.array_equal(found.chunk(chunk), whole[chunk * CHUNK:(chunk + 1) * CHUNK])


@pytest.mark.parametrize("table", [TableId.chess("KBNK"), TableId.cube("KRNK", 3)], ids=str)
def test_the_file_holds_the_entries_probes_read_and_fills_the_others(table, tables):
    """Entries a probe reads are stored as they are; the others (illegal, twin slices) hold the
    last such entry before them, not the 0 the engine wrote there."""
    found, layout = tables(table), layout_of(table)
    stored = np.concatenate([np.frombuffer(found.decoded_block(b), dtype=np.uint8) for b in range(found.header.blocks)])
    whole = found.read_all()
    size, differ, kept = layout.slice, 0, 0
    for k in range(len(table.board.kings)):
        care = layout.to_stored(cared(layout, k))
        here, truth = stored[k * size:(k + 1) * size], layout.to_stored(whole[k * size:(k + 1) * size])
        assert np.array_equal(here[care], truth[care])
        differ += int(np.count_nonzero(here[~care] != truth[~care]))
        kept += int(care.sum())
    assert differ > 0 and kept < whole.size and BLOCK == 4096


def test_the_cubes_big_tables_are_written_in_wide_blocks():
    small, big = TableId.cube("KQRK", 6), TableId.cube("KQRK", 7)
    assert small.space.size < WIDE_FROM <= big.space.size
    assert layout_of(small).order == TILED and layout_of(small).block_entries <= 4096
    assert layout_of(big).order == TILED_WIDE and 4096 < layout_of(big).block_entries <= 16384
    assert layout_of(big).block_entries % big.board.cubes == 0  # whole rows of the lone king
