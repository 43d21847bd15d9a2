"""Every basic mate's figures: the build time of every 2D table from nothing (target: each under
1 s, all within 10 s), the probe of a position with all its moves per material (target <= 0.2 ms,
median, blocks in the cache), and the page ready for /mates/KRK in Chromium.

Run: ``.venv/bin/python bench/bench_mates.py [--runs 3] [--probes 300] [--loads 10]``. Wall-clock
figures on a shared machine vary: the build is the best of ``runs`` (CPU time beside it), the probe
the median over random won positions and the positions after their best moves.
"""

from __future__ import annotations

import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tablebase.mates import MATERIALS, probe, random_position, to_fen  # noqa: E402
from tablebase.tables import Limits, TableStore  # noqa: E402

from bench_kbn_page import bench_args, mark_times_ms, serve  # noqa: E402


def bench_builds(runs: int) -> TableStore:
    """Each table built alone (the tables its captures lead to are already there: one-man
    materials first), the best of ``runs`` fresh folders; returns the last folder's store."""
    best: dict[str, tuple[float, float]] = {}
    for _ in range(runs):
        folder = Path(tempfile.mkdtemp(prefix="bench-mates-"))
        store = TableStore(folder, Limits(), background=False)
        for table in MATERIALS:
            started, cpu = time.perf_counter(), time.process_time()
            store.build_now(table)
            wall, used = time.perf_counter() - started, time.process_time() - cpu
            name = table.material.name
            best[name] = min(best.get(name, (wall, used)), (wall, used))
    total = sum(wall for wall, _ in best.values())
    print(f"{'table':<6} {'build wall (best)':>18} {'cpu':>8} {'longest mate':>13}")
    for table in MATERIALS:
        wall, used = best[table.material.name]
        flag = "" if wall < 1.0 else "  <- over 1 s"
        print(f"{table.material.name:<6} {wall:16.3f} s {used:6.3f} s {store.table(table).summary.longest:>13}{flag}")
    print(f"all 14 tables: {total:.2f} s wall ({'within' if total <= 10 else 'over'} the 10 s target)")
    return store


def bench_probes(store: TableStore, count: int) -> None:
    """Median time of ``probe`` (FEN read, every move valued and named) per material."""
    print(f"\n{'table':<6} {'probe median':>13} {'p95':>9} {'moves':>6}  (blocks cached; target <= 0.2 ms)")
    for table in MATERIALS:
        rng = random.Random(table.material.name)
        longest = store.table(table).summary.longest
        if not longest:
            fens = [f"4k3/8/8/8/8/8/8/{''.join(table.material.pieces)}{4 - len(table.material.pieces)}K3 w - - 0 1"]
        else:
            fens = [to_fen(random_position(store.table, table, 1, longest, rng=rng)) for _ in range(count)]
        for fen in fens:  # the blocks into the cache
            probe(store.table, fen)
        times, moves = [], []
        for _ in range(max(1, count // len(fens))):
            for fen in fens:
                started = time.perf_counter()
                answer = probe(store.table, fen)
                times.append((time.perf_counter() - started) * 1000)
                moves.append(len(answer["moves"]))
        ordered, median = sorted(times), statistics.median(times)
        flag = "" if median <= 0.2 else "  <- over 0.2 ms"
        print(f"{table.material.name:<6} {median:10.3f} ms {ordered[int(0.95 * (len(ordered) - 1))]:6.3f} ms "
              f"{statistics.mean(moves):6.1f}{flag}")


def bench_page(store: TableStore, loads: int) -> None:
    server, base = serve(store.folder)
    try:
        times = mark_times_ms(f"{base}/mates/KRK?fen=8/8/8/4k3/8/8/8/R3K3_w_-_-_0_1", "#trainer[data-ready]",
                              "trainer-board-ready", loads, cold=False)
    finally:
        server.shutdown()
    print(f"\n/mates/KRK ready (navigation to the board taking moves, warm): median {statistics.median(times):.0f} ms, "
          f"best {min(times):.0f} ms ({loads} loads)")


def main() -> None:
    args = bench_args(__doc__, runs=3, probes=300, loads=10)
    store = bench_builds(args.runs)
    bench_probes(store, args.probes)
    if args.loads:
        bench_page(store, args.loads)


if __name__ == "__main__":
    main()
