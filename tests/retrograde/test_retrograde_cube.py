"""The retrograde engine on the cube: symmetry views, the kings' region, and every value of small
tables against an independent brute-force solver (whole board, no symmetry, the variant's distance
tests for moves)."""

from __future__ import annotations

from math import comb

import numpy as np
import pytest

from tablebase.retrograde import (
    Material,
    MaterialError,
    Space,
    cube_board,
    materials,
    solve_all,
)
from tablebase.retrograde.symmetry import symmetries


@pytest.mark.parametrize("dim, count", [(2, 8), (3, 48)])
def test_symmetries_are_distinct_and_start_with_the_identity(dim, count):
    found = symmetries(dim)
    assert len(found) == count and found[0].is_identity
    n = 4
    images = {tuple(t.apply(c, n) for c in [(1, 0, 2)[:dim], (0, 3, 1)[:dim]]) for t in found}
    assert len(images) == count


def test_a_symmetry_view_reads_every_man_through_the_symmetry():
    board = cube_board(3)
    block = np.arange(27 ** 2).reshape((3,) * 6)  # two men, 3 axes each
    for t, symmetry in enumerate(board.symmetries):
        view = symmetry.view(block, 3).reshape(27, 27)
        image = board.image[t]
        assert np.array_equal(view, block.reshape(27, 27)[image[:, None], image[None, :]])


@pytest.mark.parametrize("n", range(3, 11))
def test_the_kings_region_holds_one_square_per_class(n):
    board = cube_board(n)
    half = (n + 1) // 2
    assert len(board.kings) == comb(half + 2, 3)
    assert board.orbit_sizes.sum() == n ** 3
    symmetry, region = board.canonical
    assert np.array_equal(board.image[symmetry, np.arange(n ** 3)], board.kings[region])


def test_material_names():
    assert Material.parse("KRNK").pieces == ("R", "N")
    assert Material.of("NR") == Material.parse("KRNK")
    assert [m.name for m in materials(1)] == ["KQK", "KRK", "KBK", "KNK"]
    assert len(materials(2)) == 10 and Material.parse("KBBK").like_pair
    assert [m.name for m in Material.parse("KQRK").smaller()] == ["KQK", "KRK", "KK"]
    for bad in ("KNRK", "KXK", "QK", "", "K", "krk"):
        with pytest.raises(MaterialError):
            Material.parse(bad)


CASES = [(3, m.name) for count in (1, 2) for m in materials(count)] + [  # 4x4x4: the whole suite's
    pytest.param(4, name, marks=pytest.mark.slow) for name in ("KQK", "KRK", "KBK", "KNK")]


@pytest.mark.parametrize("n, name", CASES)
def test_every_value_matches_the_brute_force(brute_force, n, name):
    material = Material.parse(name)
    board = cube_board(n)
    engine = solve_all(board, material)[material]
    expected = brute_force(n).solve(material.pieces)
    expected = expected.reshape((n ** 3,) * (len(material.pieces) + 2))[board.kings]
    assert np.array_equal(engine.reshape(expected.shape), expected)


def test_the_brute_force_finds_mates_where_they_exist(brute_force):
    """Guard against two solvers agreeing on nothing: the materials above include wins."""
    assert brute_force(3).solve(("R", "N")).max() == 13
    assert brute_force(4).solve(("Q",)).max() == 4
    assert brute_force(3).solve(("R",)).max() == 0


def test_space_index_and_squares_are_inverse():
    space = Space(cube_board(4), Material.parse("KRNK"))
    rng = np.random.default_rng(3)
    entries = rng.integers(space.size, size=1000)
    king, men, lone = space.squares(entries)
    assert np.array_equal(space.index(king, men, lone), entries)
