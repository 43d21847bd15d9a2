"""Raumschach's three men on 3x3x3 (issue 39): a few of the 20 tables, built by the engine, pass
the independent verifier and agree with a mate search written apart from the engine and the rules
core (``tests/helpers/mate_search.py``) on random positions: a mate in d <= 3 is found in exactly
d, a longer one or a draw finds none within 3. And the turned frontiers and packed king steps the
three-man builds rest on equal the plain unpacked ones."""

import random

import numpy as np
import pytest

from tests.helpers.mate_search import MateSearch

from tablebase.cube.endgames.three_men import THREE_MEN, raumschach_letters, verdict
from tablebase.retrograde import Material, bits, solve_all
from tablebase.retrograde.board_tables import chess_board, cube_board
from tablebase.retrograde.shifts import KingSteps
from tablebase.retrograde.turned import turned
from tablebase.tables import TableId
from tablebase.tables.verify import verify

ATOMS = {"R": "001*", "B": "111*", "N": "012"}  # this project's letters; a custom man is its atoms
SEARCHED = 3  # moves the search looks ahead


def _placements(n: int, men: int, rng: random.Random):
    cubes = [(x, y, z) for z in range(n) for y in range(n) for x in range(n)]
    while True:
        king, lone, *squares = rng.sample(cubes, men + 2)
        if max(abs(a - b) for a, b in zip(king, lone)) > 1:
            yield king, squares, lone


@pytest.mark.slow
@pytest.mark.parametrize("name", ["KRB(011*)K", "KNN(011*)K", "KRRBK", "KBBBK"])
def test_three_men_agree_with_a_mate_search(name):
    material = Material.parse(name, dim=3)
    table = TableId.cube(material, 3)
    tables = solve_all(table.board, material)
    dtm = tables[material].reshape(-1)
    report = verify(table, dtm, {m: a for m, a in tables.items() if m != material})
    assert not any(report.faults.values()), report.faults
    search, rng = MateSearch(3), random.Random(39)
    atoms = [ATOMS.get(kind, kind) for kind in material.pieces]
    checked = {"mate": 0, "none": 0}
    for king, squares, lone in _placements(3, len(atoms), rng):
        men = tuple((a, search.index(s)) for a, s in zip(atoms, squares))
        place = (search.index(king), men, search.index(lone))
        if search.in_check(*place):
            continue  # not a White-to-move position
        entry = table.space.index(place[0], [s for _, s in men], place[2])
        value = int(dtm[entry])
        found = search.white_mate_length(*place, most=SEARCHED)
        assert found == (value if 0 < value <= SEARCHED else None), (name, king, squares, lone, value)
        checked["mate" if found else "none"] += 1
        if sum(checked.values()) >= 120:
            break
    assert checked["none"] > 0
    assert checked["mate"] > 0 or not dtm.any()


def test_the_twenty_materials_are_every_choice_of_three_of_raumschachs_men():
    assert len(THREE_MEN) == len(set(THREE_MEN)) == 20
    assert all(len(m.pieces) == 3 and set(m.pieces) <= {"R", "B", "N", "011*"} for m in THREE_MEN)
    assert raumschach_letters(Material.parse("KBBBK")) == "U U U"
    assert verdict({"won": 3, "positions": 3}) == "every" and verdict({"won": 0, "positions": 3}) == "never"


@pytest.mark.parametrize("board", [cube_board(4), cube_board(5), chess_board()], ids=["4", "5", "8x8"])
def test_a_frontier_turned_packed_is_the_unpacked_one_turned(board):
    rng = np.random.default_rng(5)
    flags = rng.random((board.cubes, board.cubes)) < 0.2  # [man, lone king]
    n, dim = board.n, board.dim
    for t in range(len(board.symmetries)):
        view = board.symmetries[t].view(flags.reshape((n,) * (2 * dim)), dim).reshape(flags.shape)
        assert np.array_equal(bits.unpack(turned(board, bits.pack(flags), t), board.cubes), view), t


@pytest.mark.parametrize("n, dim", [(3, 3), (5, 3), (8, 3), (10, 3), (8, 2)])
def test_the_lone_kings_steps_on_packed_rows_are_the_unpacked_ones(n, dim):
    steps = KingSteps(n, dim)
    flags = np.random.default_rng(n).random((64, n ** dim)) < 0.03
    assert np.array_equal(bits.unpack(steps.packed_neighbours(bits.pack(flags)), n ** dim),
                          steps.neighbours(flags).copy())
