"""The probe's paths for one position (Python ints, no array work) give what the array paths give,
and its strong side's moves are the rules core's, on random positions of every 2D material."""

from __future__ import annotations

import random

import numpy as np
import pytest

from tablebase.core.rules import BLACK, WHITE, Move
from tablebase.core.san import SanWriter
from tablebase.mates import MATERIALS
from tablebase.retrograde.attacks import attack_sets, attacked, attacked_fast, king_replies
from tablebase.tables import TableFile, TableId, TablePosition, strong_to_move
from tablebase.tables.cache import BlockCache


def _placements(table: TableId, count: int, seed: int):
    """Random placements (king, men, lone king) of distinct squares with the kings apart."""
    rng, board = random.Random(seed), table.board
    found = []
    while len(found) < count:
        king, lone, *men = rng.sample(range(board.cubes), 2 + len(table.material.pieces))
        if not board.touching[king, lone]:
            found.append((king, men, lone))
    return found


@pytest.mark.parametrize("table", [*MATERIALS, TableId.cube("KRNK", 3), TableId.cube("KQK", 9)], ids=str)
def test_one_position_index_is_the_array_index(table):
    placements = _placements(table, 300, seed=len(table.material.pieces) * table.n)
    king, lone = (np.array([p[i] for p in placements]) for i in (0, 2))
    men = [np.array([p[1][i] for p in placements]) for i in range(len(table.material.pieces))]
    batch = table.space.index(king, men, lone)
    one = [table.space.index(k, m, s) for k, m, s in placements]
    assert all(type(i) is int for i in one)
    assert one == batch.tolist()


def test_one_entry_is_the_lookup_read_or_cached(tables, kbnk_table_path):
    table = TableId.chess("KBNK")
    rng = np.random.default_rng(5)
    index = rng.integers(0, tables(table).entries, 2000)
    expected = tables(table).lookup(index)
    fresh = TableFile(kbnk_table_path, table, BlockCache(64 * 4096))  # the smallest cache: blocks come and go
    assert [fresh.entry(int(i)) for i in index] == expected.tolist()
    assert expected.max() > 0  # won positions among them: the test reads values, not zeros only


@pytest.mark.parametrize("table", MATERIALS, ids=str)
def test_one_position_value_is_the_batch_value(table, tables):
    placements = _placements(table, 200, seed=3)
    king, lone = (np.array([p[i] for p in placements]) for i in (0, 2))
    men = [np.array([p[1][i] for p in placements]) for i in range(len(table.material.pieces))]
    batch = strong_to_move(tables, table, king, men, lone)
    assert [strong_to_move(tables, table, k, m, s) for k, m, s in placements] == batch.tolist()


@pytest.mark.parametrize("table", MATERIALS, ids=str)
def test_strong_moves_are_the_rules_cores_legal_moves(table):
    rules, kinds = table.board.rules, table.material.pieces
    for king, men, lone in _placements(table, 300, seed=11):
        position = TablePosition(2, 8, king, tuple(zip(kinds, men)), lone, True)
        if position.in_check:
            continue  # illegal with White to move
        cells = position.cells
        assert sorted(p.kind for p in cells if p is not None and p.color == WHITE) == sorted(("K", *kinds))
        core = sorted((s, t) for s in (king, *men) for t in rules.legal_targets(cells, s))
        moves = position.strong_moves()
        assert sorted((start, end) for _, start, end in moves) == core
        men_moving = [man for man, _, _ in moves]
        assert men_moving == sorted(men_moving)  # grouped by man, the king's first (the probe reads them so)
        assert all(start == (position.king, *position.squares)[man + 1] for man, start, _ in moves)


@pytest.mark.parametrize("table", [TableId.chess("KBNK"), TableId.chess("KQRK"), TableId.cube("KRNK", 3)], ids=str)
def test_attack_sets_answer_as_the_attack_test(table):
    """The probe reads attacks from bit sets made per board and material: the same as ``attacked``."""
    placements = _placements(table, 300, seed=8)
    men = [np.array([p[0] for p in placements])[:, None],
           *(np.array([p[1][i] for p in placements])[:, None] for i in range(len(table.material.pieces)))]
    targets = king_replies(table.board, [p[2] for p in placements])
    fast = attacked_fast(table.board, table.material.pieces, men, targets)
    assert np.array_equal(fast, attacked(table.board, table.material.pieces, men, targets))
    assert fast.any() and not fast.all()


@pytest.mark.parametrize("table", [TableId.chess("KQRK"), pytest.param(TableId.chess("KBBK"), marks=pytest.mark.slow),
                                   TableId.cube("KRNK", 4)], ids=str)
def test_attack_sets_hold_the_attack_test_of_every_placement(table):
    """The bit sets are made from reaches and shadows, not by asking ``attacked``: every placement
    of the king and the men, every target, against ``attacked`` itself."""
    board, kinds = table.board, table.material.pieces
    sets = attack_sets(board, kinds)
    placed = np.indices((board.cubes,) * (len(kinds) + 1)).reshape(len(kinds) + 1, -1)
    hit = attacked(board, kinds, [axis[:, None] for axis in placed], np.arange(board.cubes)[None, :])
    from_sets = (sets.reshape(-1)[:, None] >> np.arange(board.cubes, dtype=np.uint64)) & np.uint64(1)
    assert np.array_equal(from_sets.astype(bool), hit)


@pytest.mark.parametrize("table", MATERIALS, ids=str)
def test_sans_of_a_probe_are_the_san_of_each_move(table):
    """The probe names its moves in one pass (``SanWriter.piece_sans``): the SAN of each move alone,
    twins (two like men reaching one square) included."""
    kinds = table.material.pieces
    for king, men, lone in _placements(table, 200, seed=13):
        for strong_to_move in (True, False):
            position = TablePosition(2, 8, king, tuple(zip(kinds, men)), lone, strong_to_move)
            cells = position.cells
            mover = WHITE if strong_to_move else BLACK
            if strong_to_move and position.in_check:
                continue  # illegal with White to move
            legal = [(s, t) for s, p in enumerate(cells) if p is not None and p.color == mover
                     for t in table.board.rules.legal_targets(cells, s)]
            checks = [i % 2 == 0 for i in range(len(legal))]
            mates = [i % 3 == 0 for i in range(len(legal))]
            starts, ends = [s for s, _ in legal], [t for _, t in legal]
            fast = SanWriter(cells, legal_moves=legal).piece_sans(starts, ends, checks, mates)
            one = SanWriter(cells)
            assert fast == [one.san(Move(s, t), check=c, mate=m) for (s, t), c, m in zip(legal, checks, mates)]
