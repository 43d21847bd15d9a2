"""A three-man 3D table's build (issue 39): CPU seconds and peak resident memory, now and before,
and whether the file is byte for byte the one the earlier engine wrote.

The table is built in a child process of its own (its smaller tables built first, unmeasured; the
peak is reset before the measured build), with this checkout's code, and with ``--old CHECKOUT``
with an older checkout's as well (``git archive REV | tar -x -C DIR`` makes one), each in a folder
of its own, and the two files' SHA-256 compared. Without ``--old`` the "before" figures are those
``build --record`` kept in the results file at revision ``--before`` (the commit issue 39 started
from), and the file is compared with ``--same-as FILE`` when given (a kept copy of the earlier
engine's file).

Run: ``.venv/bin/python bench/bench_three_men.py [--table KRRRK:5] [--dir DIR] [--old CHECKOUT]
[--same-as FILE] [--before REV] [--record]``. ``--record`` keeps the figures in
``results/bench_three_men.json`` and writes the docs' blocks marked with this bench
(docs/3d-endgames.md#memory-and-time).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))

import figures  # noqa: E402  (bench/figures.py)
from table_runs import SAME, before_now, keep, table_arguments, in_child, peak_bytes, recorded_before, reset_peak  # noqa: E402

BENCH = "bench/bench_three_men.py"
BEFORE = "a1d938c"  # the commit issue 39 started from: its results file holds K+3R's 5x5x5 build
ABOUT = ("Written by `bench/bench_three_men.py --record`: a three-man 3D table built in a process of its own (its "
         "smaller tables built first, unmeasured), its CPU seconds and peak resident memory, beside the earlier "
         "engine's (measured by the same run with --old, or as `build --record` kept them in the results file), and "
         "whether the two files are byte for byte the same.")


def child(checkout: str, folder: str, material: str, n: int) -> None:
    """Build one table with ``checkout``'s code and print one JSON line of what it took."""
    import time

    sys.path.insert(0, checkout)
    from tablebase.retrograde import Material
    from tablebase.tables import Limits, TableId, TableStore

    store = TableStore(Path(folder), Limits.everything(), background=False)
    table = TableId.cube(Material.parse(material, dim=3), n)
    for smaller in table.captures():
        store.build_now(smaller)
    path = store.path(table)
    path.unlink(missing_ok=True)
    reset_peak()
    cpu, wall = time.process_time(), time.perf_counter()
    store.build_now(table)
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    peak = peak_bytes()
    print(json.dumps({"cpu_seconds": round(cpu, 1), "wall_seconds": round(wall, 1), "peak_bytes": peak,
                      "file_bytes": path.stat().st_size, "sha256": _digest(path)}), flush=True)


def _digest(path: Path) -> str:
    found = hashlib.sha256()
    with open(path, "rb") as file:
        while block := file.read(1 << 24):
            found.update(block)
    return found.hexdigest()


def measured(checkout: Path, folder: Path, material: str, n: int) -> dict:
    folder.mkdir(parents=True, exist_ok=True)
    return in_child(__file__, checkout, folder, material, n)


def three_table(results: dict) -> str:
    rows = ["| table | before: CPU · peak | now: CPU · peak | file | same bytes | measured |",
            "| --- | --- | --- | --- | --- | --- |"]
    for key, run in sorted(results["runs"].items()):
        material, n = key.rsplit("-", 1)
        same = SAME[run.get("same_bytes")]
        rows.append(f"| {material} {n}×{n}×{n} | {before_now(run, 1)} | {run['now']['file_bytes'] / 1e6:.1f} MB "
                    f"| {same} | {run['on']} |")
    return "\n".join(rows) + "\n"


BLOCKS = {"builds": three_table}


def main() -> None:
    if sys.argv[1:2] == ["--child"]:
        child(sys.argv[2], sys.argv[3], sys.argv[4], int(sys.argv[5]))
        return
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    table_arguments(parser, "builds", BEFORE)
    parser.add_argument("--dir", help="the folder the tables are built in (default: a temporary one)")
    parser.add_argument("--same-as", help="the earlier engine's file of the table, to compare bytes with")
    args = parser.parse_args()
    material, _, n = args.table.partition(":")
    n = int(n)
    with tempfile.TemporaryDirectory(prefix="bench-three-") as scratch:
        folder = Path(args.dir or scratch)
        now = measured(ROOT, folder / "now", material, n)
        if args.old:
            before = {**measured(Path(args.old), folder / "before", material, n), "source": "measured"}
            same = before["sha256"] == now["sha256"]
        else:
            before = recorded_before(args.before, material, n, "build")
            same = _digest(Path(args.same_as)) == now["sha256"] if args.same_as else None
    run = {"before": before, "now": now, "same_bytes": same}
    keep(BENCH, f"{material}-{n}", run, ABOUT, BLOCKS, args.record)


if __name__ == "__main__":
    main()
