"""The level-by-level NumPy counter against the memoized depth-first count: random boards of 3x3
and 4x4, the six classic puzzles, exact limb arithmetic past 2**63, and the solver's limits."""

from __future__ import annotations

import random

import numpy as np
import pytest

from tablebase.solitaire import count as solitaire_count
from tablebase.solitaire import solver
from tablebase.solitaire.board import SolitaireBoard
from tablebase.solitaire.count import count_solutions, merge
from tablebase.solitaire.puzzles import CLASSIC_PUZZLES, backward_board
from tablebase.solitaire.solver import Budget, Solver, SolverLimitError, encode, solve


def random_board(rng: random.Random, n: int, pieces: int) -> SolitaireBoard:
    cells = [None] * (n * n)
    for s in rng.sample(range(n * n), pieces):
        cells[s] = rng.choice("KQRBNP")
    return SolitaireBoard(n, tuple(cells))


def depth_first(board: SolitaireBoard) -> int:
    return Solver(board.n, Budget(steps=10**8)).count_memo(*encode(board))  # an oracle: no budget


def levels(board: SolitaireBoard) -> int:
    return count_solutions(board.n, encode(board)[1])


@pytest.mark.parametrize("n, most", [(3, 9), pytest.param(4, 11, marks=pytest.mark.slow)])
def test_counts_match_the_depth_first_count(n, most):
    rng = random.Random(n)
    checked = solvable = 0
    for pieces in range(2, most + 1):
        tries = 12 if pieces <= 8 else 3
        for i in range(tries):
            board = backward_board(n, pieces, rng) if i % 3 else random_board(rng, n, pieces)
            if board is None:
                continue
            expected = depth_first(board)
            assert levels(board) == expected, board.to_string()
            checked += 1
            solvable += expected > 0
    assert checked >= 60 and solvable >= 40


def test_seed_puzzles():
    counts = [levels(SolitaireBoard.parse(text)) for text in CLASSIC_PUZZLES]
    assert counts == [depth_first(SolitaireBoard.parse(text)) for text in CLASSIC_PUZZLES]
    assert counts[0] == counts[1] == 1 and counts[2] == 204


def test_no_capture_and_one_piece():
    assert levels(SolitaireBoard.parse("N..............N")) == 0
    assert levels(SolitaireBoard.parse("...N............")) == 1
    assert levels(SolitaireBoard.parse("QQQQQQQQQ.......")) == depth_first(
        SolitaireBoard.parse("QQQQQQQQQ......."))


def test_narrow_limbs_carry_exactly(monkeypatch):
    # 3-bit limbs: every count of more than 7 paths is split and carried, on real boards.
    monkeypatch.setattr(solitaire_count, "_MAX_LIMB_BITS", 3)
    rng = random.Random(9)
    for pieces in (6, 8, 9):
        board = backward_board(4, pieces, rng)
        expected = depth_first(board)
        assert expected > 8 and levels(board) == expected, board.to_string()


@pytest.mark.parametrize("bits", [4, 16, 40])
def test_merge_sums_big_counts_exactly(bits):
    rng = random.Random(bits)
    parents_counts = [rng.randrange(1 << rng.choice((1, 30, 63, 64, 100))) for _ in range(300)]
    limbs, rest = [], list(parents_counts)
    while any(rest):
        limbs.append(np.array([c & ((1 << bits) - 1) for c in rest], np.uint64))
        rest = [c >> bits for c in rest]
    keys = [rng.randrange(1, 40) for _ in range(2000)]
    parents = [rng.randrange(len(parents_counts)) for _ in keys]
    expected: dict = {}
    for key, parent in zip(keys, parents):
        expected[key] = expected.get(key, 0) + parents_counts[parent]
    distinct, summed = merge(np.array(keys, np.uint64) << np.uint64(bits),
                             np.array(parents, np.int32), limbs, bits)
    got = {int(k) >> bits: sum(int(limb[i]) << (bits * j) for j, limb in enumerate(summed))
           for i, k in enumerate(distinct)}
    assert got == expected
    assert max(expected.values()) > 2 ** 63


def test_solver_uses_the_level_counter_and_its_limit(monkeypatch):
    board = SolitaireBoard.parse("B..K.BBN.PQKQBNP")  # 12 pieces
    assert solve(board, limit=0).count == 13_498_716_686
    monkeypatch.setattr(solver, "BUDGET", Budget(level_captures=1000))
    with pytest.raises(SolverLimitError) as info:
        solve(board, limit=0)
    assert "too big" in str(info.value) and "12-piece 4x4" in str(info.value)


def test_solutions_of_a_big_board_are_listed_lazily():
    board = SolitaireBoard.parse("B..K.BBN.PQKQBNP")
    result = solve(board, limit=5)
    assert result.count > 5 and len(set(result.solutions)) == 5
    for moves in result.solutions:
        end = board
        for move in moves:
            end = end.play(move)
        assert end.piece_count == 1


def test_larger_boards_keep_the_depth_first_count():
    with pytest.raises(ValueError):
        count_solutions(5, 1)
    board = SolitaireBoard.parse([[0, 0, "R"], [4, 0, "Q"], [4, 4, "B"], [2, 2, "N"]], n=5)
    assert solve(board, limit=0).count == depth_first(board)
