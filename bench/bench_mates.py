"""Every basic mate's figures: the build time of every 2D table from nothing (target: each under
1 s, all within 10 s), the probe of a position with all its moves per material (target <= 0.2 ms,
median, blocks in the cache), and the page ready for /mates/KRK in Chromium.

Run: ``.venv/bin/python bench/bench_mates.py [--runs 3] [--probes 300] [--loads 10] [--record]``.
Wall-clock figures on a shared machine vary: the build is the best of ``runs`` (CPU time beside it),
the probe the median over random won positions and the positions after their best moves.
``--record`` keeps the figures in ``results/bench_mates.json`` and writes the docs' blocks marked
with this bench (``figures``: docs/mates.md#the-tables-and-their-figures).
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

import figures  # noqa: E402  (bench/figures.py)
from bench_kbn_page import bench_args, mark_times_ms, serve  # noqa: E402

BENCH = "bench/bench_mates.py"
ABOUT = ("Written by `bench/bench_mates.py --record`: each 2D table's build (best of the runs, wall and CPU "
         "seconds), the probe with all moves (median and p95 in ms, blocks cached), /mates/KRK ready in Chromium.")


def bench_builds(runs: int) -> tuple[TableStore, dict]:
    """Each table built alone (the tables its captures lead to are already there: one-man
    materials first), the best of ``runs`` fresh folders; returns the last folder's store and
    the figures by material."""
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
    return store, {name: {"build_s": round(wall, 3), "build_cpu": round(used, 3),
                          "longest": store.table(t).summary.longest}
                   for t in MATERIALS for name in [t.material.name] for wall, used in [best[name]]}


def bench_probes(store: TableStore, count: int) -> dict:
    """Median time of ``probe`` (FEN read, every move valued and named) per material, and its p95."""
    found = {}
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
        p95 = ordered[int(0.95 * (len(ordered) - 1))]
        print(f"{table.material.name:<6} {median:10.3f} ms {p95:6.3f} ms {statistics.mean(moves):6.1f}{flag}")
        found[table.material.name] = {"probe_ms": round(median, 3), "probe_p95_ms": round(p95, 3)}
    return found


def bench_page(store: TableStore, loads: int) -> float:
    server, base = serve(store.folder)
    try:
        times = mark_times_ms(f"{base}/mates/KRK?fen=8/8/8/4k3/8/8/8/R3K3_w_-_-_0_1", "#trainer[data-ready]",
                              "trainer-board-ready", loads, cold=False)
    finally:
        server.shutdown()
    print(f"\n/mates/KRK ready (navigation to the board taking moves, warm): median {statistics.median(times):.0f} ms, "
          f"best {min(times):.0f} ms ({loads} loads)")
    return statistics.median(times)


def tables_block(results: dict) -> str:
    """The docs' table of every basic mate (docs/mates.md#the-tables-and-their-figures)."""
    runs = results["runs"]
    lines = ["| table | longest mate | build: CPU (wall) | probe with all moves: median · p95 |",
             "| --- | --- | --- | --- |"]
    for table in MATERIALS:
        run = runs[table.material.name]
        lines.append(f"| {table.material.name} | {run['longest'] or 'drawn'} | {run['build_cpu']:.2f} s "
                     f"({run['build_s']:.2f} s) | {run['probe_ms']:.3f} · {run['probe_p95_ms']:.3f} ms |")
    every = runs["all"]
    page = f"; `/mates/KRK` ready for moves {every['page_ms']:.0f} ms after navigation (warm, median)" \
        if every.get("page_ms") else ""
    lines += ["", f"All fourteen tables build in {every['build_s']:.1f} s of wall time ({every['build_cpu']:.1f} s of "
                  f"CPU){page}. Measured on {every['on']} ({every['machine']})."]
    return "\n".join(lines) + "\n"


BLOCKS = {"tables": tables_block}


def main() -> None:
    args = bench_args(__doc__, runs=3, probes=300, loads=10, record=False)
    store, builds = bench_builds(args.runs)
    probes = bench_probes(store, args.probes)
    page = bench_page(store, args.loads) if args.loads else None
    if args.record:
        measured = {name: {**built, **probes[name]} for name, built in builds.items()}
        measured["all"] = {"build_s": round(sum(f["build_s"] for f in builds.values()), 2),
                           "build_cpu": round(sum(f["build_cpu"] for f in builds.values()), 2),
                           "page_ms": None if page is None else round(page, 1)}
        results = figures.record(BENCH, measured, ABOUT)
        for path in figures.write_docs(BENCH, BLOCKS, results):
            print(f"wrote {path.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
