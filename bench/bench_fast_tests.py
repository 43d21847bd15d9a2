"""What ``./dev test --fast`` costs, the figures of docs/testing.md: its wall time, the CPU time of
every process it started (the JavaScript checks, pytest's two workers, the servers and commands the
tests start), that CPU time spread over the machine's cores (what the wall time would be on an idle
machine that kept every core busy), and the load average around the run, since the machine may be
shared. The tests are the ones ``./dev test --fast`` runs (the browser and slow tests left out), less
the check of this bench's own block in the docs, which this run rewrites.

Run: ``.venv/bin/python bench/bench_fast_tests.py [--record]`` (one fast run; ``--record`` keeps the
figures in ``results/bench_fast_tests.json`` and writes the docs' block: bench/figures.py).
"""

from __future__ import annotations

import argparse
import os
import re
import resource
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

BENCH = "bench/bench_fast_tests.py"
ABOUT = ("Written by `bench/bench_fast_tests.py --record`: one `./dev test --fast` run: wall seconds, CPU seconds of "
         "every process it started (user and system), that CPU over the cores, the load average before and after, "
         "the tests passed and the seconds ./dev printed for the JavaScript checks and the Python tests.")
# The test of the block this run rewrites: it holds the last run's figures until this one records.
OWN_BLOCK = "tests/test_doc_figures.py::test_each_block_is_what_its_bench_recorded[testing.md:bench/bench_fast_tests.py:fast]"


def children_cpu() -> float:
    """CPU seconds (user and system) of every finished child process of this one, and theirs."""
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def measure() -> dict:
    """One ``./dev test --fast`` run, timed; its output goes through to the terminal's."""
    load_before = os.getloadavg()[0]
    cpu_before, started = children_cpu(), time.perf_counter()
    done = subprocess.run(["./dev", "test", "--fast", "-q", "-p", "no:cacheprovider", "--deselect", OWN_BLOCK], cwd=ROOT,
                          capture_output=True, text=True)
    wall, cpu = time.perf_counter() - started, children_cpu() - cpu_before
    output = done.stdout + done.stderr
    print(output[-3000:])
    said = re.search(r"--fast: (\d+) s of JavaScript checks, (\d+) s of Python tests", output)
    passed, failed = re.search(r"(\d+) passed", output), re.search(r"(\d+) failed", output)
    if done.returncode not in (0, 1) or not said or not passed:  # 1: some test failed, the run's cost still stands
        raise SystemExit(f"./dev test --fast did not run its tests (exit {done.returncode}): nothing recorded")
    cores = os.cpu_count() or 1
    return {"wall_s": round(wall, 1), "cpu_s": round(cpu, 1), "cores": cores, "cpu_per_core_s": round(cpu / cores, 1),
            "load_before": round(load_before, 2), "load_after": round(os.getloadavg()[0], 2),
            "javascript_s": int(said.group(1)), "python_s": int(said.group(2)), "passed": int(passed.group(1)),
            "failed": int(failed.group(1)) if failed else 0}


def fast_block(results: dict) -> str:
    """The docs' table of the fast loop's last recorded run."""
    run = results["runs"]["fast"]
    tests = f"{run['passed']:,} passed" + (f", {run['failed']} failed" if run["failed"] else "")
    return "\n".join([
        "| tests | wall | CPU (every process) | CPU over the cores | load average before, after |",
        "|---|---|---|---|---|",
        f"| {tests} | {run['wall_s']:.0f} s | {run['cpu_s']:.0f} s | {run['cpu_per_core_s']:.0f} s "
        f"({run['cores']} cores) | {run['load_before']:.1f}, {run['load_after']:.1f} |",
        "",
        f"Measured on {run['on']} ({run['machine']}).",
    ])


BLOCKS = {"fast": fast_block}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--record", action="store_true", help="keep the figures and write the docs' block")
    args = parser.parse_args()
    found = measure()
    print(", ".join(f"{key} {value}" for key, value in found.items()))
    if args.record:
        import figures  # bench/figures.py

        results = figures.record(BENCH, {"fast": found}, ABOUT)
        for path in figures.write_docs(BENCH, BLOCKS, results):
            print(f"wrote {path.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
