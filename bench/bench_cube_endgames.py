"""3D endgame tables: build time and peak memory of every table, per size and material, and probe
time of a position with all its moves (target <= 1 ms).

Each table is built in a child process of its own (its smaller tables already on disk), so the
peak resident memory is that build's alone; CPU time is reported beside wall time because the
machine is shared. Then, in this process, probes of random legal positions of each table.

Bytes per stored value: the build's peak over its values, a value being one position with one side
to move (two per entry: the engine stores White to move, and works out Black to move on the way).

Run: ``.venv/bin/python bench/bench_cube_endgames.py [--one 3-10] [--two 3-5] [--only KRNK-6,KQK-8]
[--dir DIR] [--probes N] [--record]``. Tables already in ``--dir`` are timed as loaded, not rebuilt
(``--rebuild``). ``--record`` keeps the figures of the tables it built in
``results/bench_cube_endgames.json`` and writes the docs' blocks marked with this bench
(``figures``: docs/3d-endgames.md#memory-and-time), as the run for the docs does:
``--only KQK-10,KRRK-5,KRNK-6,KQRK-6,KQQK-6 --record``.
"""

from __future__ import annotations

import argparse
import json
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import numpy as np  # noqa: E402

from tablebase.cube.endgames import ALL_MATERIALS, probe  # noqa: E402
from tablebase.retrograde import Material, cube_board  # noqa: E402
from tablebase.tables import Limits, TableId, TablePosition, TableStore  # noqa: E402

import figures  # noqa: E402  (bench/figures.py)

BENCH = "bench/bench_cube_endgames.py"
ABOUT = ("Written by `bench/bench_cube_endgames.py --record`: each 3D table built in a process of its own (its "
         "smaller tables on disk), its peak resident memory, CPU and wall seconds, bytes per stored value (the "
         "peak over two values an entry), and the probe with all moves.")


def _range(text: str) -> list[int]:
    low, _, high = text.partition("-")
    return list(range(int(low), int(high or low) + 1)) if text else []


def peak_mb() -> float:
    """This process's peak resident memory. Not ``ru_maxrss``: Linux carries the parent's resident
    size into it across fork and exec."""
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def child(material: str, n: int, folder: str) -> None:
    """Build one table (its smaller ones are on disk) and print its figures as JSON."""
    store = TableStore(folder, Limits.everything(), background=False)
    table = TableId.cube(material, n)
    for smaller in table.captures():
        store.build_now(smaller)
    started, cpu = time.perf_counter(), time.process_time()
    facts = store.build_now(table).summary
    print(json.dumps({"seconds": time.perf_counter() - started, "cpu": time.process_time() - cpu,
                      "peak_mb": peak_mb(), "positions": facts.positions, "won": facts.won,
                      "longest": facts.longest, "entries": table.space.size}))


def build(material: Material, n: int, folder: Path, rebuild: bool) -> dict:
    path = folder / TableId.cube(material, n).file_name
    if path.exists() and rebuild:
        path.unlink()
    existed = path.exists()
    result = subprocess.run([sys.executable, __file__, "--child", material.name, str(n), str(folder)],
                            check=True, capture_output=True, text=True, cwd=ROOT)
    figures = json.loads(result.stdout.strip().splitlines()[-1])
    figures["built"] = not existed
    return figures


def random_positions(table: TableId, rng, count) -> list[TablePosition]:
    """Legal White-to-move positions drawn from the table's entries (won or not)."""
    from tablebase.retrograde.attacks import attacked

    board, kinds = cube_board(table.n), table.material.pieces
    found = []
    while len(found) < count:
        king, men, lone = table.space.squares(rng.integers(table.space.size, size=1))
        king, men, lone = int(king[0]), [int(m[0]) for m in men], int(lone[0])
        squares = [king, *men, lone]
        if len(set(squares)) < len(squares) or board.touching[king, lone]:
            continue
        if attacked(board, kinds, [king, *men], lone):
            continue
        found.append(TablePosition(3, table.n, king, tuple(zip(kinds, men)), lone, True))
    return found


def probe_times(folder: Path, material: Material, n: int, count: int) -> tuple[float, float, float]:
    """(median, p95, mean moves) of a White-to-move probe with all moves, in ms, each position's
    blocks read and checked on first use (a fresh store per table)."""
    store = TableStore(folder, Limits.everything(), background=False)
    positions = random_positions(TableId.cube(material, n), np.random.default_rng(n), count)
    probe(store.table, positions[0])  # first use fills the board's lookup tables
    times, moves = [], []
    for position in positions:
        started = time.perf_counter()
        answer = probe(store.table, position)
        times.append((time.perf_counter() - started) * 1000)
        moves.append(len(answer["moves"]))
    return statistics.median(times), float(np.percentile(times, 95)), statistics.mean(moves)


def memory_table(results: dict) -> str:
    """The docs' table (docs/3d-endgames.md#memory-and-time): a row per table recorded, smallest first."""
    runs = sorted(results["runs"].values(), key=lambda r: (r["entries"], r["material"]))
    lines = ["| table | entries | build: peak · B/value · CPU s (wall s) | probe: median · p95 | measured |",
             "| --- | --- | --- | --- | --- |"]
    for run in runs:
        n = run["n"]
        lines.append(f"| {run['material']} {n}×{n}×{n} | {figures.power(run['entries'])} | {run['peak_mb']:.0f} MB · "
                     f"{run['bytes_per_value']:.2f} · {run['cpu']:.1f} ({run['seconds']:.0f}) | "
                     f"{run['probe_ms']:.2f} · {run['probe_p95_ms']:.2f} ms | {run['on']} |")
    return "\n".join(lines) + "\n"


BLOCKS = {"memory": memory_table}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--one", default="3-10", help="sizes for one man (default 3-10)")
    parser.add_argument("--two", default="3-5", help="sizes for two men (default 3-5)")
    parser.add_argument("--only", help="just these tables, MATERIAL-N separated by commas (e.g. KRNK-6)")
    parser.add_argument("--dir", help="table folder (default: a temporary one)")
    parser.add_argument("--probes", type=int, default=200, help="positions probed per table")
    parser.add_argument("--rebuild", action="store_true", help="rebuild tables already in --dir")
    parser.add_argument("--record", action="store_true", help="keep the figures and write the docs' blocks")
    parser.add_argument("--child", nargs=3, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(args.child[0], int(args.child[1]), args.child[2])
        return
    folder = Path(args.dir or tempfile.mkdtemp(prefix="cube-tables-"))
    folder.mkdir(parents=True, exist_ok=True)
    plan = [(m, n) for n in _range(args.one) for m in ALL_MATERIALS if len(m.pieces) == 1]
    plan += [(m, n) for n in _range(args.two) for m in ALL_MATERIALS if len(m.pieces) == 2]
    if args.only:
        plan = [(Material.parse(name), int(n)) for name, _, n in
                (item.strip().rpartition("-") for item in args.only.split(","))]
    print(f"tables in {folder}")
    print(f"{'material':<8} {'n':>2} {'entries':>11} {'positions':>13} {'won':>7} {'longest':>7} "
          f"{'build s':>8} {'cpu s':>7} {'peak MB':>8} {'B/value':>7} {'probe ms':>8} {'p95 ms':>7} {'moves':>6}")
    measured = {}
    for material, n in plan:
        found = build(material, n, folder, args.rebuild)
        median, p95, moves = probe_times(folder, material, n, args.probes)
        won = found["won"] / found["positions"] if found["positions"] else 0.0
        note = "" if found["built"] else "  (loaded, not built)"
        per_value = found["peak_mb"] * 2 ** 20 / (2 * found["entries"])
        print(f"{material.name:<8} {n:>2} {found['entries']:>11,} {found['positions']:>13,} {won:>7.1%} "
              f"{found['longest'] or '-':>7} {found['seconds']:>8.2f} {found['cpu']:>7.2f} "
              f"{found['peak_mb']:>8.0f} {per_value:>7.2f} {median:>8.3f} {p95:>7.3f} {moves:>6.0f}{note}", flush=True)
        if found["built"]:
            measured[f"{material.name}-{n}"] = {
                "material": material.name, "n": n, "entries": found["entries"], "seconds": round(found["seconds"], 2),
                "cpu": round(found["cpu"], 2), "peak_mb": round(found["peak_mb"], 1),
                "bytes_per_value": round(per_value, 3), "probe_ms": round(median, 3), "probe_p95_ms": round(p95, 3)}
    if args.record:
        results = figures.record(BENCH, measured, ABOUT)
        for path in figures.write_docs(BENCH, BLOCKS, results):
            print(f"wrote {path.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
