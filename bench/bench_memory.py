"""Memory of the production server (gunicorn as ``./dev serve`` runs it) under a mixed load of every
route of ``/openapi.json`` (``memory_load.py``): the PSS of the master and of each worker after
start-up and after each round of the same number of requests, beside the bytes of the table files
it serves (every table the default limits allow, built first into a temporary folder: about 20 s
and 480 MB).

Targets: after the last round, all processes together at most 2.5 times their PSS after start-up;
between the last two rounds at most 2% growth (the caches are full: memory has levelled off).

``--old REF`` first runs the same rounds on another commit (checked out with ``git worktree`` into a
temporary folder, removed after), so that the figures before and after are printed side by side.
Environment variables the server reads (``KBN_TABLE_CACHE_MB``, ...) pass through to both servers.

Run: ``.venv/bin/python bench/bench_memory.py [--workers 4] [--requests 5000] [--clients 4]
[--rounds 3] [--seconds 300] [--tables DIR] [--old REF] [--record]``. ``--record`` keeps this
checkout's figures in ``results/bench_memory.json`` and writes the docs' blocks marked with this
bench (``figures``: docs/deploying.md#memory).
"""

from __future__ import annotations

import argparse
import os
import signal
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BENCH = "bench/bench_memory.py"
ABOUT = ("Written by `bench/bench_memory.py --record`: the PSS of gunicorn's master and workers (MB) after "
         "start-up and after each round of the mixed load, beside the table files' MB.")
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from memory_load import CUBE_SIZES, drive, requests  # noqa: E402
from serving import free_port, wait_healthy  # noqa: E402

from tablebase.mates import MATERIALS  # noqa: E402
from tablebase.retrograde import materials  # noqa: E402
from tablebase.tables import Limits, TableId, TableStore  # noqa: E402

GUNICORN = Path(sys.executable).with_name("gunicorn")
TARGET_RATIO, TARGET_GROWTH = 2.5, 0.02


def build_tables(folder: Path) -> None:
    """Every table the server's default limits allow, so that no request waits for a build."""
    store = TableStore(folder, Limits(), background=False)
    wanted = list(MATERIALS) + [TableId.cube(m, n) for count, sizes in CUBE_SIZES.items()
                                for n in sizes for m in materials(count)]
    for table in wanted:
        store.build_now(table)


def table_bytes(folder: Path) -> tuple[int, int]:
    files = list(folder.glob("*.tbl"))
    return sum(f.stat().st_size for f in files), len(files)




def start(checkout: Path, port: int, workers: int, tables: Path) -> subprocess.Popen:
    env = {k: v for k, v in os.environ.items() if k != "KBNK_TABLE"}
    env.update(KBN_TABLES=str(tables), WEB_CONCURRENCY=str(workers), KBN_ACCESS_LOG="",
               PYTHONPATH=str(checkout))
    return subprocess.Popen([str(GUNICORN), "-c", "gunicorn.conf.py", "--bind", f"127.0.0.1:{port}",
                             "webapp.wsgi:app"], cwd=checkout, env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)




def children(pid: int) -> tuple[list[int], list[int]]:
    """(workers, others: a table builder) among a process's children."""
    found = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        found += [int(c) for c in (task / "children").read_text().split()]
    workers, others = [], []
    for child in sorted(found):
        try:
            command = Path(f"/proc/{child}/cmdline").read_bytes()
        except OSError:
            continue
        (others if b"tablebase.tables.builder" in command else workers).append(child)
    return workers, others


def pss_mb(pid: int) -> float:
    try:
        for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
            if line.startswith("Pss:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


def snapshot(master: int) -> dict:
    workers, others = children(master)
    return {"master": pss_mb(master), "workers": {w: pss_mb(w) for w in workers},
            "others": sum(pss_mb(o) for o in others)}


def total(shot: dict) -> float:
    return shot["master"] + sum(shot["workers"].values())


def run(checkout: Path, args, tables: Path) -> dict:
    port = free_port()
    process = start(checkout, port, args.workers, tables)
    try:
        wait_healthy(port, process, 120, lambda: len(children(process.pid)[0]) == args.workers)
        time.sleep(1.0)
        shots, counts, seconds = [snapshot(process.pid)], [], []
        for round_ in range(1, args.rounds + 1):
            batch = requests(args.seed + round_, args.requests)
            began = time.monotonic()
            counts.append(drive(port, batch, args.clients, args.seconds))
            seconds.append(time.monotonic() - began)
            time.sleep(1.0)
            shots.append(snapshot(process.pid))
            print(f"  round {round_}: {seconds[-1]:.1f} s, {total(shots[-1]):.1f} MB", flush=True)
        return {"shots": shots, "counts": counts, "seconds": seconds}
    finally:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(30)
        except subprocess.TimeoutExpired:
            process.kill()


def report(name: str, result: dict) -> tuple[float, float]:
    shots = result["shots"]
    heads = ["start-up"] + [f"round {i}" for i in range(1, len(shots))]
    print(f"\n{name}")
    print(f"  {'PSS, MB':<12}" + "".join(f"{h:>10}" for h in heads))
    print(f"  {'master':<12}" + "".join(f"{s['master']:>10.1f}" for s in shots))
    pids = sorted({pid for s in shots for pid in s["workers"]})
    for i, pid in enumerate(pids, start=1):
        print(f"  {f'worker {i}':<12}" + "".join(
            f"{s['workers'][pid]:>10.1f}" if pid in s["workers"] else f"{'-':>10}" for s in shots))
    if any(s["others"] for s in shots):
        print(f"  {'builder':<12}" + "".join(f"{s['others']:>10.1f}" for s in shots))
    print(f"  {'all':<12}" + "".join(f"{total(s):>10.1f}" for s in shots))
    rates = [sum(c.values()) / t for c, t in zip(result["counts"], result["seconds"])]
    print(f"  {'requests/s':<12}{'':>10}" + "".join(f"{r:>10.0f}" for r in rates))
    statuses = sum(result["counts"], Counter())
    print("  answers: " + ", ".join(f"{k}: {v}" for k, v in sorted(statuses.items(), key=str)))
    ratio = total(shots[-1]) / total(shots[0])
    growth = total(shots[-1]) / total(shots[-2]) - 1
    print(f"  after the load / after start-up: {ratio:.2f}x (target <= {TARGET_RATIO}x: "
          f"{'met' if ratio <= TARGET_RATIO else 'MISSED'}); last two rounds: {growth:+.1%} "
          f"(target <= {TARGET_GROWTH:.0%}: {'met' if growth <= TARGET_GROWTH else 'MISSED'})")
    return ratio, growth


def old_checkout(ref: str, into: Path) -> Path:
    if Path(ref).is_dir():
        return Path(ref).resolve()
    subprocess.run(["git", "worktree", "add", "--detach", str(into), ref], cwd=ROOT, check=True,
                   stdout=subprocess.DEVNULL)
    return into


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--workers", type=int, default=4, help="WEB_CONCURRENCY")
    parser.add_argument("--requests", type=int, default=5000, help="requests a round")
    parser.add_argument("--clients", type=int, default=4, help="client processes")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=300, help="the most one round may take")
    parser.add_argument("--seed", type=int, default=24)
    parser.add_argument("--tables", type=Path, help="a table folder to keep between runs (built if need be)")
    parser.add_argument("--old", help="a commit (or a folder holding a checkout) to measure first")
    parser.add_argument("--record", action="store_true", help="keep this checkout's figures and write the docs")
    args = parser.parse_args()
    if args.rounds < 2:
        parser.error("the growth is measured over the last two rounds: at least 2")
    with tempfile.TemporaryDirectory(prefix="kbn-memory-") as temp:
        tables = args.tables or Path(temp) / "tables"
        tables.mkdir(parents=True, exist_ok=True)
        began = time.monotonic()
        build_tables(tables)
        size, count = table_bytes(tables)
        print(f"tables: {size / 2**20:.1f} MB in {count} files ({time.monotonic() - began:.0f} s to build or check); "
              f"{args.workers} workers, {args.rounds} rounds of {args.requests} requests from {args.clients} clients")
        results = []
        if args.old:
            old = old_checkout(args.old, Path(temp) / "old")
            try:
                print(f"old: {args.old}", flush=True)
                results.append((f"old ({args.old})", run(old, args, tables)))
            finally:
                if old == Path(temp) / "old":
                    subprocess.run(["git", "worktree", "remove", "--force", str(old)], cwd=ROOT, check=False)
        print("this checkout", flush=True)
        results.append(("this checkout", run(ROOT, args, tables)))
        print(f"\ntable files: {size / 2**20:.1f} MB in {count} files")
        for name, result in results:
            report(name, result)
        if args.record:
            _record(results[-1][1], args, size / 2**20)


def _record(result: dict, args, tables_mb: float) -> None:
    import figures  # bench/figures.py

    shots = result["shots"]
    measured = {"this checkout": {
        "workers": args.workers, "rounds": args.rounds, "requests": args.requests,
        "pss_mb": [round(total(shot), 1) for shot in shots], "tables_mb": round(tables_mb, 1),
        "worker_mb": round(max(max(shot["workers"].values()) for shot in shots) - shots[0]["master"], 1)}}
    results = figures.record(BENCH, measured, ABOUT)
    for path in figures.write_docs(BENCH, BLOCKS, results):
        print(f"wrote {path.relative_to(ROOT)}")


def memory_block(results: dict) -> str:
    """The docs' sentence (docs/deploying.md#memory)."""
    run = results["runs"]["this checkout"]
    pss = run["pss_mb"]
    ratio, growth = pss[-1] / pss[0], pss[-1] / pss[-2] - 1
    return (f"Measured on {run['on']} ({run['machine']}; {run['workers']} workers, {run['rounds']} rounds of "
            f"{run['requests']:,} requests): {pss[0]:.1f} MB after start-up, {pss[-1]:.1f} MB after the last round "
            f"({ratio:.2f}x, target ≤ {TARGET_RATIO}x), {growth:+.1%} between the last two rounds (target ≤ "
            f"{TARGET_GROWTH:.0%} growth), beside {run['tables_mb']:.0f} MB of table files.\n")


BLOCKS = {"memory": memory_block}


if __name__ == "__main__":
    main()
