"""All of a solve's work comes out of one budget of counted steps (the level counter's captures,
the pieces each search looks at, the moves listed), and a board far past it is refused before any
search: the 64-pawn board once cost 1.4 to 3.1 s of CPU before its refusal."""

from __future__ import annotations

import random

import pytest

from tablebase.solitaire import count as solitaire_count
from tablebase.solitaire import solver
from tablebase.solitaire.board import SolitaireBoard
from tablebase.solitaire.captures import disjoint_captures
from tablebase.solitaire.solver import Budget, Solver, SolverLimitError, encode, solve

PAWNS = "P" * 64
WITHIN = "B..K.BBN.PQKQBNP"  # 12 pieces, counted level by level
QUEENS = "QQQQQQQQQ......."  # 9 queens: 133,370,312 solutions of 8 moves


@pytest.fixture
def searches(monkeypatch):
    """How many positions the searches and the level counter were asked to expand."""
    calls = {"captures": 0, "levels": 0}
    real_captures, real_levels = solver.captures, solitaire_count.count_solutions

    def captures(*args):
        calls["captures"] += 1
        return real_captures(*args)

    def levels(*args, **kwargs):
        calls["levels"] += 1
        return real_levels(*args, **kwargs)

    monkeypatch.setattr(solver, "captures", captures)
    monkeypatch.setattr(solitaire_count, "count_solutions", levels)
    return calls


@pytest.mark.parametrize("board", [PAWNS, "Q" * 64, "N" * 36])
def test_a_board_far_past_the_budget_is_refused_before_any_search(searches, board):
    with pytest.raises(SolverLimitError) as info:
        solve(SolitaireBoard.parse(board), limit=0)
    assert searches == {"captures": 0, "levels": 0}
    assert repr(board) in str(info.value) and "can be played in any order" in str(info.value)


def test_the_64_pawn_board_is_a_quick_400_that_quotes_it(client, searches):
    answers = [client.post("/api/solitaire/solve", json={"board": PAWNS}) for _ in range(2)]
    assert [a.status_code for a in answers] == [400, 400] and answers[0].data == answers[1].data
    body = answers[0].get_json()
    assert body["error"] == "too_hard" and PAWNS in body["message"] and "64-piece 8x8" in body["message"]
    assert searches["captures"] == 0


@pytest.mark.slow
def test_the_pre_check_never_refuses_what_the_budget_would_count():
    """Its bound is below the steps the count spends, on boards of every size."""
    rng = random.Random(12)
    checked = 0
    for n in (3, 4, 5, 6, 8):
        for _ in range(40):
            cells = [None] * (n * n)
            for s in rng.sample(range(n * n), rng.randint(2, min(12, n * n))):
                cells[s] = rng.choice("KQRBNP")
            board = SolitaireBoard(n, tuple(cells))
            counter = Solver(n, Budget(steps=100_000))
            least = counter.least_count_steps(*encode(board))
            try:
                counter.count(*encode(board))
            except SolverLimitError:
                continue
            assert least <= counter.steps, board.to_string()
            checked += 1
    assert checked >= 150


def test_disjoint_captures_touch_different_squares():
    board = SolitaireBoard.parse("PP......" * 8)  # pawns on two files: the diagonal pairs
    tables = Solver(8).tables
    assert disjoint_captures(tables, *encode(board)) == 8
    assert disjoint_captures(tables, *encode(SolitaireBoard.parse("N..............N"))) == 0


@pytest.mark.slow
def test_the_level_counter_spends_from_the_same_budget():
    board = SolitaireBoard.parse(WITHIN)
    counter = Solver(4)
    stats: list = []
    assert counter.count(*encode(board)) == 13_498_716_686
    solitaire_count.count_solutions(4, encode(board)[1], stats=stats)
    assert counter.steps == -(-solitaire_count.work(stats) // solver.LEVEL_CAPTURES_PER_STEP) > 100_000
    with pytest.raises(SolverLimitError):
        Solver(4, Budget(steps=counter.steps - 1)).count(*encode(board))
    assert Solver(4, Budget(steps=counter.steps)).count(*encode(board)) == 13_498_716_686


def test_pieces_that_cannot_capture_still_cost_steps():
    """Pawns on the even files, away from four kings in a corner, never capture nor are captured,
    yet each position's search looks at each of them."""
    kings = [[x, y, "K"] for x in (0, 1) for y in (0, 1)]
    pawns = [[x, y, "P"] for x in (0, 2, 4, 6) for y in range(8) if x > 2 or y > 2]
    alone, crowded = Solver(8), Solver(8)
    alone.count_memo(*encode(SolitaireBoard.parse(kings, 8)))
    crowded.count_memo(*encode(SolitaireBoard.parse(kings + pawns, 8)))
    assert crowded.steps > 3 * alone.steps > 0


def test_moves_listed_are_counted(monkeypatch):
    board = SolitaireBoard.parse(QUEENS)
    lister = Solver(4)
    listed = lister.solutions(*encode(board), 1000)
    assert len(listed) == 1000
    assert lister.steps >= solver.MOVE_STEPS * 8 * 1000
    counted = Solver(4)
    counted.count(*encode(board))
    monkeypatch.setattr(solver, "BUDGET", Budget(steps=counted.steps + lister.steps))
    assert len(solve(board, limit=1000).solutions) == 1000
    with pytest.raises(SolverLimitError) as info:
        solve(board, limit=1001)
    assert "listing 1001 of its solutions" in str(info.value) and "limit" in str(info.value)
