"""The solver's work is bounded by counted steps, never by a clock: a board is answered or refused
the same way however busy the machine, and the refusal says what is too big."""

import threading
import time

import pytest

from tablebase.solitaire import solver
from tablebase.solitaire.board import SolitaireBoard
from tablebase.solitaire.solver import Budget, SolverLimitError, solve

BIG = "B..KQBBNRPQKKBNP"  # 14 pieces: once 8 s and 1.3 GB for one request
WITHIN = "B..K.BBN.PQKQBNP"  # 12 pieces, 13,498,716,686 solutions


def test_a_board_past_the_budget_is_a_400_that_says_what_is_too_big(client):
    r = client.post("/api/solitaire/solve", json={"board": BIG})
    assert r.status_code == 400
    body = r.get_json()
    assert body["error"] == "too_hard"
    assert "14-piece 4x4 board" in body["message"] and "too big" in body["message"]
    assert str(solver.BUDGET.steps) in body["message"]


def test_a_slow_clock_changes_no_answer(monkeypatch):
    """Each reading of the clock jumps 1000 s, as if the machine were crawling under load."""
    fake = [0.0]

    def crawling() -> float:
        fake[0] += 1000.0
        return fake[0]

    for name in ("perf_counter", "monotonic", "time", "process_time"):
        monkeypatch.setattr(time, name, crawling)
    assert solve(SolitaireBoard.parse(WITHIN), limit=3).count == 13_498_716_686
    with pytest.raises(SolverLimitError):
        solve(SolitaireBoard.parse(BIG), limit=0)


def test_the_depth_first_budget_counts_steps_across_a_request():
    board = SolitaireBoard.parse("...N...RRBB.NPP.")  # 10 pieces on 4x4: the depth-first count
    needed = solver.Solver(4)
    needed.count_memo(*solver.encode(board))
    assert needed.steps > 0
    tight = solver.Solver(4, Budget(steps=needed.steps - 1))
    with pytest.raises(SolverLimitError) as info:
        tight.count_memo(*solver.encode(board))
    assert f"more than {needed.steps - 1} steps" in str(info.value)
    exact = solver.Solver(4, Budget(steps=needed.steps))
    assert exact.count_memo(*solver.encode(board)) == needed.count_memo(*solver.encode(board))


def test_refusals_are_the_same_every_time(client):
    answers = {client.post("/api/solitaire/solve", json={"board": BIG}).get_data() for _ in range(3)}
    assert len(answers) == 1


def test_one_search_at_a_time_per_process(client, monkeypatch):
    import webapp.solitaire as page

    running, most = [0], [0]
    lock = threading.Lock()

    def slow_hint(board):
        with lock:
            running[0] += 1
            most[0] = max(most[0], running[0])
        time.sleep(0.05)
        with lock:
            running[0] -= 1
        return None

    monkeypatch.setattr(page, "hint", slow_hint)
    threads = [threading.Thread(target=lambda: client.post("/api/solitaire/hint", json={"board": WITHIN}))
               for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert most[0] == 1
