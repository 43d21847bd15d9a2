"""The boards' tables as made at once (rays from the steps that stay on the board, the symmetry
images, reach and lines as whole arrays) are those of their definitions, square by square; and a
board sent to another process (a distributed build) takes none of its tables along."""

from __future__ import annotations

import pickle

import numpy as np
import pytest

from tablebase.core.geometry import Geometry, knight_vectors, unit_vectors
from tablebase.retrograde import chess_board, cube_board


def _stepped(geo: Geometry, square: int, vector) -> tuple[int, ...]:
    cells, here = [], geo.step(square, vector)
    while here is not None:
        cells.append(here)
        here = geo.step(here, vector)
    return tuple(cells)


@pytest.mark.parametrize("shape", [(8, 8), (4, 4), (2, 2, 2), (5, 5, 5), (10, 10, 10)])
def test_rays_are_the_steps_to_the_edge(shape):
    geo = Geometry(shape)
    vectors = unit_vectors(len(shape)) + knight_vectors(len(shape))
    for square in range(geo.size):
        for vector in vectors:
            assert geo.ray(square, vector) == _stepped(geo, square, vector), (square, vector)


@pytest.mark.parametrize("board", [chess_board(), cube_board(3), cube_board(6)], ids=["8x8", "3", "6"])
def test_board_tables_are_their_definitions(board):
    geo, n, cubes = board.geometry, board.n, board.cubes
    image = [[geo.square(t.apply(geo.coords(s), n)) for s in range(cubes)] for t in board.symmetries]
    assert np.array_equal(board.image, image)
    for kind in "KQRBN":
        reach = np.zeros((cubes, cubes), dtype=bool)
        for p in range(cubes):
            if board.slides(kind):
                for v in board.rules.slides[kind]:
                    reach[p, list(geo.ray(p, v))] = True
            else:
                reach[p, list(board.steps(kind)[p])] = True
        assert np.array_equal(board.reach(kind), reach), kind
        if board.slides(kind):
            line, distance = board.lines(kind)
            for p in range(cubes):
                for index, v in enumerate(board.rules.slides[kind]):
                    ray = list(geo.ray(p, v))
                    assert (line[p, ray] == index).all() and list(distance[p, ray]) == list(range(1, len(ray) + 1))
            assert ((line >= 0) == reach).all() and ((distance > 0) == reach).all()


def test_a_pickled_board_takes_no_tables_along():
    board = cube_board(4)
    board.reach("Q")
    board.geometry.ray(0, (1, 0, 0))  # filled here: other tests' board sizes may have evicted them
    assert board._cache and board.geometry._rays
    copy = pickle.loads(pickle.dumps(board))
    assert copy == board and copy._cache == {} and copy.geometry._rays == {}
    assert np.array_equal(copy.reach("Q"), board.reach("Q"))
