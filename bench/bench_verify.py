"""The independent verifier of a 3D table (``python -m tablebase verify``, issue 39): CPU seconds
and peak resident memory, now and before, and whether the two verdicts are the same.

The table (and its smaller tables) must be built already in ``--dir`` (``python -m tablebase build
MATERIAL --n N --dir DIR``); the verifier runs in a child process of its own, the command line's
``verify`` of this checkout, and with ``--old CHECKOUT`` an older checkout's as well (``git archive
REV | tar -x -C DIR`` makes one). The peak is reset just before the verify (Linux). The two runs'
output lines (passes or fails, entries checked, checkmates) are compared. Without ``--old`` the
"before" figures are those ``verify --record`` kept in the results file at ``--before``.

Run: ``.venv/bin/python bench/bench_verify.py --dir DIR [--table KRRRK:5] [--old CHECKOUT]
[--before REV] [--record]``. ``--record`` keeps the figures in ``results/bench_verify.json`` and
writes the docs' block marked with this bench (docs/3d-endgames.md#memory-and-time).
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))

import figures  # noqa: E402  (bench/figures.py)
from table_runs import SAME, before_now, keep, table_arguments, in_child, peak_bytes, recorded_before, reset_peak  # noqa: E402

BENCH = "bench/bench_verify.py"
BEFORE = "295c6e0"  # the commit this work started from: its results file holds K+3R's 5x5x5 verify
ABOUT = ("Written by `bench/bench_verify.py --record`: the command line's `verify` of a built 3D table in a process of "
         "its own, its CPU seconds and peak resident memory, beside the earlier verifier's (measured by the same run "
         "with --old, or as `verify --record` kept them in the results file), and whether the two verdicts agree.")


def child(checkout: str, folder: str, material: str, n: int) -> None:
    """Verify one table with ``checkout``'s command line; print its output, then one JSON line."""
    import contextlib
    import io
    import time

    sys.path.insert(0, checkout)
    from tablebase.cli import main

    reset_peak()
    cpu, wall = time.process_time(), time.perf_counter()
    said = io.StringIO()
    with contextlib.redirect_stdout(said):
        code = main(["verify", material, "--n", str(n), "--dir", folder])
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    peak = peak_bytes()
    verdict = [re.sub(r", [0-9.]+ s\)$", ")", line) for line in said.getvalue().splitlines()]  # less the time
    print(json.dumps({"cpu_seconds": round(cpu, 1), "wall_seconds": round(wall, 1), "peak_bytes": peak,
                      "exit": code, "verdict": verdict}), flush=True)


def measured(checkout: Path, folder: str, material: str, n: int) -> dict:
    return in_child(__file__, checkout, folder, material, n)


def verify_table(results: dict) -> str:
    rows = ["| table | before: CPU · peak | now: CPU · peak | same verdict | measured |",
            "| --- | --- | --- | --- | --- |"]
    for key, run in sorted(results["runs"].items()):
        material, n = key.rsplit("-", 1)
        same = SAME[run.get("same_verdict")]
        rows.append(f"| {material} {n}×{n}×{n} | {before_now(run, 2)} | {same} | {run['on']} |")
    return "\n".join(rows) + "\n"


BLOCKS = {"verify": verify_table}


def main() -> None:
    if sys.argv[1:2] == ["--child"]:
        child(sys.argv[2], sys.argv[3], sys.argv[4], int(sys.argv[5]))
        return
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--dir", required=True, help="the folder the table and its smaller tables are built in")
    table_arguments(parser, "verifies", BEFORE)
    args = parser.parse_args()
    material, _, n = args.table.partition(":")
    n = int(n)
    now = measured(ROOT, args.dir, material, n)
    if args.old:
        before = {**measured(Path(args.old), args.dir, material, n), "source": "measured"}
        same = before["verdict"] == now["verdict"] and before["exit"] == now["exit"]
    else:
        before, same = recorded_before(args.before, material, n, "verified"), None
    run = {"before": before, "now": now, "same_verdict": same}
    keep(BENCH, f"{material}-{n}", run, ABOUT, BLOCKS, args.record)


if __name__ == "__main__":
    main()
