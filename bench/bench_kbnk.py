"""KBNK tablebase figures: build time (the whole ``build`` command, and the build in process),
probe time per position with all its moves (its blocks read and checked, then from the block
cache), table file size, open time; then the probe side by side with the code of another commit
(by default 3c0e32f, the last before the table service), each in a process of its own, rounds
taken in turn (``kbnk_probe_child.py``).

Run: ``.venv/bin/python bench/bench_kbnk.py [--runs N] [--probes N] [--against REV] [--rounds N]``
(``--against ''`` leaves the comparison out; ``--only-against`` runs nothing else). Wall-clock
figures on a shared machine vary: each is the best and the median of several runs.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tablebase.mates import KBNK, probe, random_position, to_fen  # noqa: E402

BEFORE_SERVICE = "3c0e32f"  # the last commit before the table service (issue 15)
from tablebase.tables import Limits, TableFile, TableStore  # noqa: E402


def _figure(name: str, samples: list[float], unit: str = "s", scale: float = 1.0,
            cpu: list[float] | None = None) -> None:
    best, median = min(samples) * scale, statistics.median(samples) * scale
    line = f"{name:<46} wall best {best:7.3f} {unit}  median {median:7.3f} {unit}"
    if cpu:
        line += f"  | cpu best {min(cpu) * scale:7.3f} {unit}"
    print(line + f"  ({len(samples)} runs)")


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def bench_build_command(runs: int, directory: Path) -> Path:
    out = directory / KBNK.file_name
    samples, cpu = [], []
    for _ in range(runs):
        started, cpu_before = time.perf_counter(), _children_cpu()
        subprocess.run([sys.executable, "-m", "tablebase", "build", "--out", str(out)], cwd=ROOT,
                       check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        samples.append(time.perf_counter() - started)
        cpu.append(_children_cpu() - cpu_before)
    _figure("build command (python -m tablebase build)", samples, cpu=cpu)
    return out


def bench_in_process(runs: int, directory: Path) -> None:
    store = TableStore(directory, Limits(), background=False)
    samples, cpu = [], []
    for _ in range(runs):
        started, cpu_before = time.perf_counter(), time.process_time()
        store.build_now(KBNK, rebuild=True)
        samples.append(time.perf_counter() - started)
        cpu.append(time.process_time() - cpu_before)
    _figure("build in process (KBNK, KBK and KNK there)", samples, cpu=cpu)


def bench_open(path: Path, runs: int) -> None:
    samples = []
    for _ in range(runs):
        started = time.perf_counter()
        TableFile(path, KBNK).close()
        samples.append(time.perf_counter() - started)
    _figure("open a table file (header, block checksums)", samples, "ms", 1000)
    started = time.perf_counter()
    subprocess.run([sys.executable, "-c", "import sys; sys.path.insert(0, sys.argv[1]);"
                    "from tablebase.mates import probe; from tablebase.tables import TableStore;"
                    "s = TableStore(sys.argv[2], background=False);"
                    "probe(s.table, '8/8/8/8/8/8/2k5/KNB5 w')", str(ROOT), str(path.parent)], check=True)
    print(f"{'fresh process: import, open, first probe':<44} {time.perf_counter() - started:8.3f} s")


def probe_fens(path: Path, count: int) -> list[str]:
    """``count`` random won positions of every length, each White to move and, where legal, Black
    to move (the figure of the benchmark before the table service)."""
    table = TableStore(path.parent, Limits(), background=False).table
    rng = random.Random(2024)
    fens = []
    for _ in range(count):
        fen = to_fen(random_position(table, KBNK, 1, 33, rng=rng))
        fens.append(fen)
        fens.append(fen.replace(" w ", " b "))  # the same placement with Black to move, when legal
    usable = []
    for fen in fens:
        try:
            probe(table, fen)
            usable.append(fen)
        except ValueError:
            pass
    return usable


def bench_probe(path: Path, count: int) -> None:
    usable = probe_fens(path, count)
    for label, cache in (("cold: a 64-block cache", 0), ("from the block cache", 16 << 20)):
        samples, cpu = [], []
        for _ in range(3):
            store = TableStore(path.parent, Limits(), background=False, cache_bytes=cache)
            table = store.table
            if cache:
                for fen in usable:
                    probe(table, fen)
            started, cpu_before = time.perf_counter(), time.process_time()
            for fen in usable:
                probe(table, fen)
            samples.append((time.perf_counter() - started) / len(usable))
            cpu.append((time.process_time() - cpu_before) / len(usable))
        _figure(f"probe with all moves, {label}", samples, "ms", 1000, cpu)
    moves = sum(len(probe(table, f)["moves"]) for f in usable[:200]) / min(200, len(usable))
    print(f"({len(usable)} positions, ~{moves:.0f} moves each)")


def bench_against(revision: str, fens: list[str], rounds: int, directory: Path) -> None:
    """The probe of this checkout and of ``revision`` (exported with ``git archive``), each in a
    child process with its blocks cached, one round each in turn: mean and median ms per probe."""
    old = directory / "against"
    for folder in (old, directory / "tables-now", directory / "tables-against"):
        folder.mkdir()
    archive = subprocess.run(["git", "archive", revision, "tablebase"], cwd=ROOT, check=True, capture_output=True)
    subprocess.run(["tar", "-x", "-C", str(old)], input=archive.stdout, check=True)
    child = str(Path(__file__).with_name("kbnk_probe_child.py"))
    runs = {}
    for label, checkout, tables in (("this checkout", ROOT, "tables-now"), (revision, old, "tables-against")):
        runs[label] = subprocess.Popen([sys.executable, child, str(checkout), str(directory / tables), str(rounds)],
                                       stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        runs[label].stdin.write("\n".join(fens) + "\n\n")
        runs[label].stdin.flush()
        assert runs[label].stdout.readline().strip() == "ready"
    means: dict[str, list[float]] = {label: [] for label in runs}
    medians: dict[str, list[float]] = {label: [] for label in runs}
    for _ in range(rounds):
        for label, process in runs.items():
            process.stdin.write("\n")
            process.stdin.flush()
            times = json.loads(process.stdout.readline())
            means[label].append(statistics.mean(times))
            medians[label].append(statistics.median(times))
    for process in runs.values():
        process.stdin.close()
        process.wait()
    print(f"\nprobe with all moves, side by side ({len(fens)} positions, {rounds} rounds in turn, blocks cached):")
    for label in runs:
        print(f"  {label:<14} median {statistics.median(medians[label]):6.3f} ms (best round "
              f"{min(medians[label]):6.3f})  mean {statistics.median(means[label]):6.3f} ms")
    now, before = (statistics.median(medians[label]) for label in runs)
    print(f"  this checkout / {revision}: {now / before:.2f} (median probe, the figure the machine's other work "
          f"disturbs least; <= 1.00: no slower)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--probes", type=int, default=1000)
    parser.add_argument("--against", default=BEFORE_SERVICE, help="the commit to compare the probe with")
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--only-against", action="store_true", help="only the side-by-side probe")
    args = parser.parse_args()
    print(f"machine: {os.cpu_count()} cores, load average {os.getloadavg()[0]:.2f}")
    with tempfile.TemporaryDirectory() as directory:
        if args.only_against:
            path = Path(directory) / KBNK.file_name
            TableStore(directory, Limits(), background=False).build_now(KBNK)
        else:
            path = bench_build_command(args.runs, Path(directory))
            bench_in_process(args.runs, Path(directory))
            print(f"{'table file size':<44} {path.stat().st_size:8d} bytes")
            bench_open(path, args.runs * 4)
            bench_probe(path, args.probes)
        if args.against:
            bench_against(args.against, probe_fens(path, args.probes), args.rounds, Path(directory))


if __name__ == "__main__":
    main()
