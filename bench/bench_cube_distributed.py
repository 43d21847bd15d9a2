"""The distributed 3D build on a Dask LocalCluster of worker processes: per table, the time of
passes 1-2 and of each depth, the packed frontier bytes sent between workers per depth, and each
worker's peak memory; the same table built in this process for comparison (and checked equal).
Then the estimate for the two-man tables of 9x9x9 and 10x10x10, from the measured figures.

Run: ``.venv/bin/python bench/bench_cube_distributed.py [--tables KRRK-5,KQRK-5,KRRK-6,KQRK-6]
[--workers 2] [--depths]``. Each table gets a new cluster, so a worker's peak is that build's.
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


def _peak_rss() -> int:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024


def _rss() -> int:
    with open("/proc/self/statm") as statm:
        return int(statm.read().split()[1]) * resource.getpagesize()


def measure(name: str, n: int, workers: int, folder: Path, show_depths: bool) -> dict:
    table = TableId.cube(name, n)
    space = table.space
    store = TableStore(folder, background=False)
    smaller = {t.material: store.build_now(t).read_all() for t in table.captures()}
    with LocalCluster(n_workers=workers, threads_per_worker=1, processes=True, memory_limit="4GiB",
                      dashboard_address=":0") as cluster, Client(cluster) as client:
        base = client.run(_rss)
        solver = DaskSolver(client)
        started = time.perf_counter()
        solution = solver(space, smaller)
        seconds = time.perf_counter() - started
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
    kings = space.flat_shape[0]
    per_worker = space.size / workers
    grown = max(peaks[w] - base[w] for w in peaks)
    return dict(name=name, n=n, entries=space.size, kings=kings, seconds=seconds,
                depth_seconds=sum(r.seconds for r in rounds), depths=len(rounds),
                max_depth_s=max((r.seconds for r in rounds), default=0.0),
                max_exchanged=max((r.exchanged for r in rounds), default=0),
                exchanged=sum(r.exchanged for r in rounds), peak=max(peaks.values()), grown=grown,
                bytes_per_entry=grown / per_worker, single_cpu=single_cpu,
                # worker-seconds of a depth per entry: every worker busy on its share
                depth_cost=statistics.median(r.seconds for r in rounds) * workers / space.size if rounds else 0.0)


def frontier_reads(n: int) -> tuple[int, int, int]:
    """(king slices, packed frontier bytes of one two-man slice, slices read per depth in all)."""
    space = Space(cube_board(n), Material.parse("KQRK"))
    reads = {(king, target) for king, target, _ in space.board.king_links if king != target}
    return space.flat_shape[0], int(np.prod(space.packed_shape[1:])), len(reads)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", default="KRRK-5,KQRK-5,KRRK-6,KQRK-6", help="MATERIAL-N, comma-separated")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--depths", action="store_true", help="print every depth's round")
    args = parser.parse_args()
    found = []
    with tempfile.TemporaryDirectory(prefix="cube-distributed-") as folder:
        for item in args.tables.split(","):
            name, _, n = item.partition("-")
            found.append(measure(name, int(n), args.workers, Path(folder), args.depths))
            row = found[-1]
            print(f"{row['name']} {row['n']}x{row['n']}x{row['n']}: {row['entries']:,} entries in {row['kings']} slices "
                  f"on {args.workers} workers: {row['seconds']:.1f} s ({row['depths']} depths, "
                  f"{row['depth_seconds']:.1f} s, at most {row['max_depth_s']:.2f} s each); single process "
                  f"{row['single_cpu']:.1f} CPU s; frontiers exchanged {row['exchanged'] / MB:.0f} MB "
                  f"(at most {row['max_exchanged'] / MB:.1f} MB a depth); worker peak {row['peak'] / MB:.0f} MB, "
                  f"{row['grown'] / MB:.0f} MB over its start = {row['bytes_per_entry']:.2f} B/entry; "
                  f"{row['depth_cost'] * 1e9:.1f} worker-ns per entry and depth", flush=True)
    bytes_per_entry = max(r["bytes_per_entry"] for r in found)
    depth_cost = max(r["depth_cost"] for r in found)
    print(f"\nestimate for two men, one slice per worker, at {bytes_per_entry:.2f} B/entry and "
          f"{depth_cost * 1e9:.1f} worker-ns per entry and depth (the dearest measured):")
    print("n   entries   slices  slice entries  memory/worker  frontier/slice  traffic/depth  compute/depth")
    for n in (9, 10):
        kings, frontier, reads = frontier_reads(n)
        slice_entries = n ** 9
        print(f"{n:<3} {kings * slice_entries:.2e} {kings:>6} {slice_entries:>14.2e} "
              f"{slice_entries * bytes_per_entry / 2**30:>11.1f} GB {frontier / MB:>12.0f} MB "
              f"{reads * frontier / 2**30:>11.1f} GB {slice_entries * depth_cost:>11.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
