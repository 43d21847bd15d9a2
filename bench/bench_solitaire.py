"""Solitaire solver figures: exact counts on the hardest random 4x4 boards of 10 to 16 pieces, and
the time to find one solution. Run: python bench/bench_solitaire.py [boards per size]

"Hardest" = the most positions to explore among random solvable boards of that many pieces (built
backwards, so they are solvable). Boards whose count exceeds the solver's limits are reported as such.
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tablebase.solitaire_puzzles import backward_board  # noqa: E402
from tablebase.solitaire_solver import Solver, SolverLimitError, encode  # noqa: E402


def main(per_size: int = 5) -> None:
    rng = random.Random(2024)
    print(f"{'pieces':>6} {'board':>18} {'positions':>10} {'solutions':>22} {'count s':>8} {'one ms':>7}")
    for pieces in range(10, 17):
        boards = [b for b in (backward_board(4, pieces, rng) for _ in range(per_size * 3)) if b][:per_size]
        for board in boards:
            occ, packed = encode(board)
            start = time.perf_counter()
            Solver(4).first_solution(occ, packed)
            one_ms = (time.perf_counter() - start) * 1000
            solver = Solver(4, max_positions=3_000_000, time_limit=30)
            start = time.perf_counter()
            try:
                count = str(solver.count(occ, packed))
            except SolverLimitError:
                count = "over the limit"
            seconds = time.perf_counter() - start
            print(f"{pieces:>6} {board.to_string():>18} {len(solver.memo):>10} {count:>22} "
                  f"{seconds:>8.2f} {one_ms:>7.1f}", flush=True)


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 5)
