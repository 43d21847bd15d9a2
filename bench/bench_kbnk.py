"""KBNK tablebase figures: build time (the whole ``build`` command, and the build in process),
probe time per position with all its moves (its blocks read and checked, then from the block
cache), table file size, open time.

Run: ``.venv/bin/python bench/bench_kbnk.py [--runs N] [--probes N]``. Wall-clock figures on a
shared machine vary: each is the best and the median of several runs.
"""

from __future__ import annotations

import argparse
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

from tablebase.kbnk import KBNK, probe, random_position  # noqa: E402
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
                    "from tablebase.kbnk import probe; from tablebase.tables import TableStore;"
                    "s = TableStore(sys.argv[2], background=False);"
                    "probe(s.table, '8/8/8/8/8/8/2k5/KNB5 w')", str(ROOT), str(path.parent)], check=True)
    print(f"{'fresh process: import, open, first probe':<44} {time.perf_counter() - started:8.3f} s")


def bench_probe(path: Path, count: int) -> None:
    store = TableStore(path.parent, Limits(), background=False)
    table = store.table
    rng = random.Random(2024)
    fens = []
    for _ in range(count):
        fen = random_position(table, 1, 33, rng=rng).to_fen()
        fens.append(fen)
        fens.append(fen.replace(" w ", " b "))  # the same placement with Black to move, when legal
    usable = []
    for fen in fens:
        try:
            probe(table, fen)
            usable.append(fen)
        except ValueError:
            pass
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--probes", type=int, default=1000)
    args = parser.parse_args()
    print(f"machine: {os.cpu_count()} cores, load average {os.getloadavg()[0]:.2f}")
    with tempfile.TemporaryDirectory() as directory:
        path = bench_build_command(args.runs, Path(directory))
        bench_in_process(args.runs, Path(directory))
        print(f"{'table file size':<44} {path.stat().st_size:8d} bytes")
        bench_open(path, args.runs * 4)
        bench_probe(path, args.probes)


if __name__ == "__main__":
    main()
