"""Solitaire solver figures: exact counts on the hardest random 4x4 boards of 10 to 16 pieces, and
the time to find one solution. Run: python bench/bench_solitaire.py [boards per size] [max pieces]

"Hardest" = the most positions explored by the level counter among random solvable boards of that
many pieces (built backwards, so they are solvable). A board past the counter's limits (captures
out of one level, or time) is reported with how far it got. Each level's positions are printed
for the hardest board.
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tablebase.solitaire.count import CountLimitError, count_solutions, work  # noqa: E402
from tablebase.solitaire.puzzles import backward_board  # noqa: E402
from tablebase.solitaire.solver import (  # noqa: E402
    BUDGET,
    LEVEL_CAPTURES_PER_STEP,
    Solver,
    SolverLimitError,
    encode,
)

# Far past the server's budget (solver.BUDGET), to show how the cost grows: about 2 GB at the peak.
LEVEL_CAPTURES, TOTAL_CAPTURES = 40_000_000, 400_000_000


def measure(board) -> dict:
    stats: list = []
    start = time.perf_counter()
    try:
        count = str(count_solutions(4, encode(board)[1], LEVEL_CAPTURES, TOTAL_CAPTURES, stats=stats))
    except CountLimitError as error:
        count = f"refused: {error}"
    seconds = time.perf_counter() - start
    return {"board": board, "stats": stats, "count": count, "seconds": seconds,
            "positions": sum(s[1] for s in stats), "captures": sum(s[2] for s in stats)}


def one_solution_ms(board) -> str:
    start = time.perf_counter()
    try:
        Solver(4).first_solution(*encode(board))
    except SolverLimitError:
        return "refused"
    return f"{(time.perf_counter() - start) * 1000:.1f}"


def main(per_size: int = 3, most: int = 16) -> None:
    rng = random.Random(2024)
    print(f"{'pieces':>6} {'board':>16} {'positions':>10} {'captures':>11} {'count s':>8} "
          f"{'one ms':>7}  solutions")
    for pieces in range(10, most + 1):
        boards = [b for b in (backward_board(4, pieces, rng) for _ in range(per_size * 3)) if b]
        results = [measure(board) for board in boards[:per_size]]
        hardest = max(results, key=lambda r: (r["count"].startswith("refused"), r["positions"]))
        print(f"{pieces:>6} {hardest['board'].to_string():>16} {hardest['positions']:>10} "
              f"{hardest['captures']:>11} {hardest['seconds']:>8.2f} "
              f"{one_solution_ms(hardest['board']):>7}  {hardest['count']}", flush=True)
        print("       levels (pieces: positions):",
              " ".join(f"{p}:{n}" for p, n, _, _ in hardest["stats"]), flush=True)
        steps = -(-work(hardest["stats"]) // LEVEL_CAPTURES_PER_STEP)
        within = (hardest["count"][0].isdigit() and steps <= BUDGET.steps
                  and max(c for _, _, c, _ in hardest["stats"]) <= BUDGET.level_captures)
        print(f"       the server's budget {'counts' if within else 'refuses'} it", flush=True)


if __name__ == "__main__":
    main(*(int(a) for a in sys.argv[1:3]))
