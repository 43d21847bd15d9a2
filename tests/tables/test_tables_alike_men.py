"""Men of one kind (KBBK's bishops, KQQK's queens) are read in one order only, their stored
squares increasing (``Layout.alike``): a probe of either order reads one entry; a build stores the
other orders as "don't care" values, which compress to next to nothing; a bulk read gives every
order back exactly as the engine solved it; a file written before (every order stored) reads the same."""

from __future__ import annotations

import itertools
import random

import numpy as np
import pytest
from tests.helpers.old_tables import written_before_the_flag

from tablebase.retrograde import Space, solve, solve_all
from tablebase.tables import TableFile, TableId
from tablebase.tables.blocks import cared
from tablebase.tables.fileformat import ALIKE_ONCE, FILLED, write_table
from tablebase.tables.layout import alike_runs, layout_of
from tablebase.tables.summary import TableSummary

SESSION = [TableId.chess("KBBK"), TableId.chess("KNNK"), TableId.cube("KRRK", 3), TableId.cube("KQQK", 3)]
THREE_MEN = [TableId.cube("KRRRK", 3), TableId.cube("KQRRK", 3)]


def test_runs_of_one_kind():
    assert alike_runs(("Q", "Q")) == ((0, 2),)
    assert alike_runs(("Q", "R", "R")) == ((1, 3),)
    assert alike_runs(("R", "R", "R")) == ((0, 3),)
    assert alike_runs(("B", "N")) == () and alike_runs(("Q",)) == ()


def _placements(table: TableId, count: int, seed: int):
    rng = random.Random(seed)
    return [rng.sample(range(table.board.cubes), 2 + len(table.material.pieces)) for _ in range(count)]


@pytest.mark.parametrize("table", SESSION + THREE_MEN, ids=str)
def test_every_order_of_men_of_one_kind_reads_one_entry(table):
    layout = layout_of(table)
    (first, last), = layout.alike
    placements = _placements(table, 200, seed=len(table.material.pieces))
    for order in itertools.permutations(range(first, last)):
        swapped = [[*p[:2], *p[2:2 + first], *(p[2 + i] for i in order), *p[2 + last:]] for p in placements]
        one = [layout.index(p[0], p[2:], p[1]) for p in placements]
        again = [layout.index(p[0], p[2:], p[1]) for p in swapped]
        batch = layout.index(np.array([p[0] for p in swapped]), [np.array([p[2 + i] for p in swapped])
                                                                 for i in range(len(table.material.pieces))],
                             np.array([p[1] for p in swapped]))
        assert one == again == batch.tolist()
    assert len(set(one)) > len(one) // 2  # not one entry for everything


@pytest.mark.parametrize("table", SESSION, ids=str)
def test_a_build_keeps_one_order_and_a_bulk_read_gives_back_every_order(table, tables):
    found, layout = tables(table), layout_of(table)
    assert found.header.flags == FILLED | ALIKE_ONCE
    solved = solve_all(table.board, table.material)[table.material].reshape(-1)
    assert np.array_equal(found.read_all(), solved)
    rows = solved.reshape(len(table.board.kings), -1, table.board.cubes)
    swapped = rows.reshape(rows.shape[0], *(table.board.cubes,) * 2, -1).transpose(0, 2, 1, 3)
    assert np.array_equal(rows, swapped.reshape(rows.shape))  # the engine solves both orders alike
    care = np.stack([cared(layout, k) for k in range(rows.shape[0])]).reshape(rows.shape)
    first, second = np.unravel_index(np.arange(rows.shape[1]), (table.board.cubes,) * 2)
    assert not care[:, first >= second].any() and care[:, first < second].any()


@pytest.mark.parametrize("table", THREE_MEN, ids=str)
def test_three_men_a_file_of_every_order_and_one_of_one_order_read_the_same(table, tmp_path):
    entries, summary = _solved(table)
    built = write_table(tmp_path / "new.tbl", table, entries, summary)
    new = TableFile(built, table)
    assert new.header.flags == FILLED | ALIKE_ONCE and np.array_equal(new.read_all(), entries)
    old = TableFile(written_before_the_flag(tmp_path / "old.tbl", table, entries, summary), table)
    assert old.header.flags == FILLED and np.array_equal(old.read_all(), entries)
    assert built.stat().st_size < old.path.stat().st_size
    won = np.flatnonzero(entries)[::97]
    king, men, lone = table.space.squares(won)
    assert np.array_equal(new.lookup(new.index(king, men, lone)), entries[won])
    assert np.array_equal(old.lookup(old.index(king, men, lone)), entries[won])
    (first, last), = layout_of(table).alike
    for i in range(0, won.size, 50):
        placed = [int(m[i]) for m in men]
        placed[first:last] = placed[first:last][::-1]  # the men of one kind in another order
        args = int(king[i]), placed, int(lone[i])
        assert new.entry(new.index(*args)) == old.entry(old.index(*args)) == entries[won[i]]


def _solved(table: TableId):
    """(the engine's entries, the summary) of ``table``, solved here."""
    arrays = {}
    for material in reversed(table.material.smaller()):
        if material.pieces:
            arrays[material] = solve(Space(table.board, material), arrays).dtm
    solution = solve(table.space, arrays)
    return solution.dtm.reshape(-1), TableSummary.of(table.space, solution)
