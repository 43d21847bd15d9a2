"""The KBN coach's speed: one ``coach(fen, tables)`` call (parse, box, the table's value, phase,
claims and advice) in process, and the
``GET /api/kbn/coach`` route through Flask's test client. Target: the coach call at most 1 ms.

Run: ``.venv/bin/python bench/bench_kbnk_coach.py [--positions N] [--runs N]``. Positions are
drawn from the table over every mate length, both colours holding the pieces, both sides to move.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench_tables_setup import kbnk_store  # noqa: E402

from tablebase.mates import KBNK, random_position, to_fen  # noqa: E402
from tablebase.mates.coach import kbn_coach  # noqa: E402
from webapp import create_app  # noqa: E402

TARGET_MS = 1.0


def mirrored(fen: str) -> str:
    """Colours swapped and the board turned: the same position with Black holding the pieces."""
    placement, turn = fen.split()[:2]
    rows = [row.swapcase() for row in reversed(placement.split("/"))]
    return f"{'/'.join(rows)} {'b' if turn == 'w' else 'w'} - - 0 1"


def positions(count: int) -> tuple[list[str], object]:
    """(``count`` FENs, half with Black holding the pieces; the table lookup they came from)."""
    table = kbnk_store(tempfile.mkdtemp(prefix="kbnk-")).table
    rng = random.Random(1)
    fens = []
    for i in range(count):
        fen = to_fen(random_position(table, KBNK, 1, 33, rng=rng))
        fens.append(mirrored(fen) if i % 2 else fen)
    return fens, table


def per_call_ms(call, fens: list[str], runs: int) -> list[float]:
    """The mean time of one call over all positions, once per run, in ms."""
    samples = []
    for _ in range(runs):
        started = time.perf_counter()
        for fen in fens:
            call(fen)
        samples.append((time.perf_counter() - started) * 1000 / len(fens))
    return samples


def single_calls_ms(call, fens: list[str]) -> list[float]:
    times = []
    for fen in fens:
        started = time.perf_counter()
        call(fen)
        times.append((time.perf_counter() - started) * 1000)
    return sorted(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=2000)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    fens, table = positions(args.positions)
    coach = lambda fen: kbn_coach(fen, table)  # noqa: E731
    coach(fens[0])  # warm the attack tables

    samples = per_call_ms(coach, fens, args.runs)
    best, median = min(samples), statistics.median(samples)
    print(f"coach(fen) in process, mean per call      best {best:.3f} ms  median {median:.3f} ms  "
          f"({args.positions} positions x {args.runs} runs)")
    single = single_calls_ms(coach, fens)
    print(f"coach(fen) single calls                   p99 {single[int(0.99 * len(single))]:.3f} ms  "
          f"max {single[-1]:.3f} ms")

    client = create_app({"TESTING": True}).test_client()
    http = per_call_ms(lambda fen: client.get("/api/kbn/coach", query_string={"fen": fen}),
                       fens[:500], max(1, args.runs // 2))
    print(f"GET /api/kbn/coach via test client        best {min(http):.3f} ms  median {statistics.median(http):.3f} ms")
    verdict = "meets" if median <= TARGET_MS else "MISSES"
    print(f"target: coach call <= {TARGET_MS} ms: {verdict} (median {median:.3f} ms)")


if __name__ == "__main__":
    main()
