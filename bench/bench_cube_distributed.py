"""The distributed 3D build on a Dask LocalCluster of worker processes: per table, the time of
passes 1-2 and of each depth (wall, and the workers' CPU time beyond what they spend idle: the
machine is shared), the packed frontier bytes sent between workers per depth, and each worker's
peak memory; the same table built in this process for comparison (and checked equal).
Then the estimate for the two-man tables of 9x9x9 and 10x10x10, from the measured figures.

Run: ``.venv/bin/python bench/bench_cube_distributed.py [--tables KRRK-5,KQRK-5,KRRK-6,KQRK-6]
[--workers 2] [--depths] [--record]``. Each table gets a new cluster, so a worker's peak is that
build's. ``--record`` keeps the tables' figures and the estimate in
``results/bench_cube_distributed.json`` and writes the docs' blocks marked with this bench
(``figures``: docs/distributed.md).
"""

from __future__ import annotations

import argparse
import resource
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import numpy as np  # noqa: E402
from dask.distributed import Client, LocalCluster  # noqa: E402

from tablebase.retrograde import Material, Space, cube_board, solve  # noqa: E402
from tablebase.retrograde.distributed import DaskSolver  # noqa: E402
from tablebase.tables import TableId, TableStore  # noqa: E402

MB = 1 << 20
DEPTHS = 20  # two men on 7x7x7 mate in at most 20 (KQK), 18 (KQRK)
NETWORK = 1.25 * 2**30  # bytes/s a worker receives: 10 Gb/s Ethernet


def _peak_rss() -> int:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024


def _rss() -> int:
    with open("/proc/self/statm") as statm:
        return int(statm.read().split()[1]) * resource.getpagesize()


def _idle_cpu(client, seconds: float = 3.0) -> float:
    """CPU s all workers spend per second when idle."""
    before = sum(client.run(time.process_time).values())
    time.sleep(seconds)
    return (sum(client.run(time.process_time).values()) - before) / seconds


def measure(name: str, n: int, workers: int, folder: Path, show_depths: bool) -> dict:
    table = TableId.cube(name, n)
    space = table.space
    store = TableStore(folder, background=False)
    smaller = {t.material: store.build_now(t).read_all() for t in table.captures()}
    with LocalCluster(n_workers=workers, threads_per_worker=1, processes=True, memory_limit="4GiB",
                      dashboard_address=":0") as cluster, Client(cluster) as client:
        base = client.run(_rss)
        idle = _idle_cpu(client)
        solver = DaskSolver(client)
        marks = []  # (stage, wall, CPU s of every worker) when the solver reports progress

        def mark(stage: str, fraction: float = 0.0) -> None:
            marks.append((stage, time.perf_counter(), sum(client.run(time.process_time).values())))

        mark("start")
        solution = solver(space, smaller, mark)
        mark("end")
        peaks = client.run(_peak_rss)
    rounds = solver.rounds
    started = time.process_time()
    single = solve(space, smaller)
    single_cpu = time.process_time() - started
    assert single.dtm.tobytes() == solution.dtm.tobytes(), f"{name} {n}: the builds differ"
    if show_depths:
        for r in rounds:
            print(f"  {name} n={n} depth {r.depth:3d}: {r.seconds:6.2f} s, won {r.won:,}, "
                  f"{r.exchanged / MB:8.1f} MB exchanged")
    opened = next(m for m in marks if m[0] == "mark mates")
    # Worker CPU s between marks, less what idle workers spend in the time (heartbeats, monitors).
    depth_cpu = [b[2] - a[2] - idle * (b[1] - a[1]) for a, b in zip(marks, marks[1:]) if b[0].startswith("depth")]
    grown = max(peaks[w] - base[w] for w in peaks)
    return dict(name=name, n=n, entries=space.size, kings=space.flat_shape[0], seconds=marks[-1][1] - marks[0][1],
                open_seconds=opened[1] - marks[0][1], open_cpu=opened[2] - marks[0][2],
                depth_seconds=sum(r.seconds for r in rounds), depths=len(rounds), idle=idle,
                depth_cpu=marks[-1][2] - opened[2] - idle * (marks[-1][1] - opened[1]), max_depth_s=max((r.seconds for r in rounds), default=0.0),
                max_exchanged=max((r.exchanged for r in rounds), default=0),
                exchanged=sum(r.exchanged for r in rounds), peak=max(peaks.values()), grown=grown,
                bytes_per_entry=grown * workers / space.size, single_cpu=single_cpu,
                # CPU s of a depth, all workers together, per entry
                depth_cost=statistics.median(depth_cpu) / space.size if depth_cpu else 0.0)


def frontier_views(n: int) -> tuple[int, int, int, int]:
    """(king slices, packed frontier bytes of one two-man slice, the frontier views a slice reads
    from others at most, and all slices together): one view per (other slice, symmetry) its White
    king steps read."""
    space = Space(cube_board(n), Material.parse("KQRK"))
    reads = {(king, target, t) for king, target, t in space.board.king_links if king != target}
    per_slice = max(sum(1 for r in reads if r[0] == k) for k in range(space.flat_shape[0]))
    return space.flat_shape[0], int(np.prod(space.packed_shape[1:])), per_slice, len(reads)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", default="KRRK-5,KQRK-5,KRRK-6,KQRK-6", help="MATERIAL-N, comma-separated")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--depths", action="store_true", help="print every depth's round")
    parser.add_argument("--record", action="store_true", help="keep the figures and write the docs' blocks")
    args = parser.parse_args()
    found = []
    with tempfile.TemporaryDirectory(prefix="cube-distributed-") as folder:
        for item in args.tables.split(","):
            name, _, n = item.partition("-")
            found.append(measure(name, int(n), args.workers, Path(folder), args.depths))
            row = found[-1]
            print(f"{row['name']} {row['n']}x{row['n']}x{row['n']}: {row['entries']:,} entries in {row['kings']} slices "
                  f"on {args.workers} workers: {row['seconds']:.1f} s; passes 1-2 {row['open_seconds']:.1f} s "
                  f"({row['open_cpu']:.1f} worker CPU s); {row['depths']} depths {row['depth_seconds']:.1f} s "
                  f"({row['depth_cpu']:.1f} worker CPU s over idle, at most {row['max_depth_s']:.2f} s each); "
                  f"single process {row['single_cpu']:.1f} CPU s; frontiers exchanged {row['exchanged'] / MB:.0f} MB "
                  f"(at most {row['max_exchanged'] / MB:.1f} MB a depth); worker peak {row['peak'] / MB:.0f} MB, "
                  f"{row['grown'] / MB:.0f} MB over its start = {row['bytes_per_entry']:.2f} B/entry held; "
                  f"{row['depth_cost'] * 1e9:.1f} CPU ns per entry and depth", flush=True)
    # The largest tables have the least fixed overhead per entry; the dearest of them and of the
    # CPU figures stands for every material.
    size = max(r["entries"] for r in found)
    bytes_per_entry = max(r["bytes_per_entry"] for r in found if r["entries"] == size)
    depth_cost = max(r["depth_cost"] for r in found)
    open_cost = max(r["open_cpu"] / r["entries"] for r in found)
    print(f"\nestimate for two men, a worker per slice, at {bytes_per_entry:.2f} B/entry held, "
          f"{open_cost * 1e9:.0f} CPU ns per entry for passes 1-2 and {depth_cost * 1e9:.1f} per entry and depth "
          f"(the dearest measured), plus the frontier views a slice receives at most; {DEPTHS} depths, "
          f"views received at {NETWORK / 2**30:.2f} GB/s per worker:")
    print("n   entries   slices  slice entries  memory/worker  view  all views/depth  received/depth  "
          "CPU/depth  receive/depth  total")
    estimates = {}
    for n in (9, 10):
        kings, view, per_slice, reads = frontier_views(n)
        entries = n ** 9  # per slice
        memory = entries * bytes_per_entry + per_slice * view
        cpu, receive = entries * depth_cost, per_slice * view / NETWORK
        total = entries * open_cost + DEPTHS * (cpu + receive)
        print(f"{n:<3} {kings * entries:.2e} {kings:>6} {entries:>14.2e} {memory / 2**30:>11.1f} GB "
              f"{view / MB:>4.0f} MB {reads * view / 2**30:>12.1f} GB {per_slice * view / 2**30:>11.1f} GB "
              f"{cpu:>8.0f} s {receive:>12.1f} s {total / 60:>5.0f} min")
        estimates[f"estimate-{n}"] = dict(n=n, entries=kings * entries, workers=kings, held=entries * bytes_per_entry,
                                          received=per_slice * view, all_views=reads * view, cpu=cpu, receive=receive,
                                          total=total, driver=kings * entries)
    if args.record:
        _record(found, estimates, args.workers, dict(bytes_per_entry=bytes_per_entry, open_cost=open_cost,
                                                    depth_cost=depth_cost))
    return 0


BENCH = "bench/bench_cube_distributed.py"
ABOUT = ("Written by `bench/bench_cube_distributed.py --record`: each table built on a LocalCluster (checked equal to "
         "the single-process build), and the estimate for 9x9x9 and 10x10x10 from the dearest figures measured.")


def _record(found: list, estimates: dict, workers: int, basis: dict) -> None:
    import figures  # bench/figures.py

    measured = {f"{r['name']}-{r['n']}": {**r, "workers": workers} for r in found}
    measured.update({key: {**row, **basis} for key, row in estimates.items()})
    results = figures.record(BENCH, measured, ABOUT)
    for path in figures.write_docs(BENCH, BLOCKS, results):
        print(f"wrote {path.relative_to(ROOT)}")


def measured_block(results: dict) -> str:
    """The docs' table of the tables built (docs/distributed.md#measured)."""
    from figures import power

    rows = sorted((r for key, r in results["runs"].items() if not key.startswith("estimate")),
                  key=lambda r: (r["entries"], r["name"]))
    lines = ["| table | entries (slices) | wall s | passes 1-2: worker CPU s | depths: worker CPU s · most wall s per "
             "depth | one process: CPU s | exchanged: in all · most per depth | worker peak · over start · B/entry held |",
             "| --- | --- | --- | --- | --- | --- | --- | --- |"]
    for r in rows:
        lines.append(f"| {r['name']} {r['n']}×{r['n']}×{r['n']} | {power(r['entries'])} ({r['kings']}) | "
                     f"{r['seconds']:.1f} | {r['open_cpu']:.1f} | {r['depths']} · {r['depth_cpu']:.1f} · "
                     f"{r['max_depth_s']:.2f} | {r['single_cpu']:.1f} | {r['exchanged'] / MB:.0f} MB · "
                     f"{r['max_exchanged'] / MB:.1f} MB | {r['peak'] / MB:.0f} MB · {r['grown'] / MB:.0f} MB · "
                     f"{r['bytes_per_entry']:.1f} |")
    on = rows[0]
    lines += ["", f"Measured on {on['on']} ({on['machine']}), {on['workers']} workers."]
    return "\n".join(lines) + "\n"


def estimate_block(results: dict) -> str:
    """The docs' estimate for 9x9x9 and 10x10x10 (docs/distributed.md#estimate-for-9x9x9-and-10x10x10)."""
    from figures import power

    rows = [results["runs"][f"estimate-{n}"] for n in (9, 10)]
    gb = 2 ** 30
    basis = rows[0]
    lines = [f"At the dearest measured figures ({basis['bytes_per_entry']:.1f} B/entry held; "
             f"{basis['open_cost'] * 1e9:.0f} CPU ns per entry for passes 1-2, {basis['depth_cost'] * 1e9:.1f} per "
             f"entry and depth), with one worker per slice, {DEPTHS} depths and views received at 10 Gb/s (GB here: "
             f"2³⁰ bytes):", "",
             "| two men on | entries | workers | memory per worker | traffic per depth: all · per worker | "
             "per depth: CPU · receiving | total |", "| --- | --- | --- | --- | --- | --- | --- |"]
    for r in rows:
        n = r["n"]
        lines.append(f"| {n}×{n}×{n} | {power(r['entries'])} | {r['workers']} | "
                     f"{(r['held'] + r['received']) / gb:.1f} GB ({r['held'] / gb:.1f} held + {r['received'] / gb:.1f} "
                     f"received) | {r['all_views'] / gb:.0f} GB · {r['received'] / gb:.1f} GB | {r['cpu']:.0f} s · "
                     f"{r['receive']:.1f} s | ~{r['total'] / 60:.0f} min |")
    lines += ["", f"plus gathering the table on the driver ({rows[0]['driver'] / 1e9:.0f} and "
                  f"{rows[1]['driver'] / 1e9:.0f} GB) and writing the file."]
    return "\n".join(lines) + "\n"


BLOCKS = {"measured": measured_block, "estimate": estimate_block}


if __name__ == "__main__":
    sys.exit(main())
