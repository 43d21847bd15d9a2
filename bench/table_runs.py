"""What the benches of one 3D table's build or verify share (bench/bench_three_men.py,
bench/bench_verify.py): the peak resident memory from a point on, one measured run in a child
process, the figures an earlier run left in the results file, and the docs' "before · now" cells."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def reset_peak() -> None:
    """Count this process's peak resident memory from here on (Linux)."""
    Path("/proc/self/clear_refs").write_text("5")


def peak_bytes() -> int:
    """This process's peak resident memory since :func:`reset_peak`, in bytes."""
    return int(re.search(r"VmHWM:\s+(\d+) kB", Path("/proc/self/status").read_text()).group(1)) << 10


def in_child(script: str, checkout: Path, folder: Path | str, material: str, n: int) -> dict:
    """Runs ``script --child CHECKOUT FOLDER MATERIAL N`` and returns the JSON of its last line."""
    done = subprocess.run([sys.executable, script, "--child", str(checkout), str(folder), material, str(n)],
                          check=True, capture_output=True, text=True)
    return json.loads(done.stdout.strip().splitlines()[-1])


def recorded_before(rev: str, material: str, n: int, step: str) -> dict:
    """The figures of ``step`` ("build" or "verified") that the results file held at ``rev`` for the
    table: its CPU seconds and peak, the file's size for a build, and where they come from."""
    text = subprocess.run(["git", "-C", str(ROOT), "show", f"{rev}:results/3d.json"], check=True,
                          capture_output=True, text=True).stdout
    for table in json.loads(text)["tables"]:
        if table["material"] == material and table["n"] == n and table.get(step):
            kept = table[step]
            found = {"cpu_seconds": kept["cpu_seconds"], "peak_bytes": kept["peak_bytes"],
                     "source": f"results/3d.json at {rev} ({kept.get('on', '?')})"}
            if "file_bytes" in kept:
                found["file_bytes"] = kept["file_bytes"]
            return found
    raise SystemExit(f"the results file at {rev} has no {step} figures of {material} on {n}x{n}x{n}")


def before_now(run: dict, places: int) -> str:
    """The table's two cells "before: CPU · peak" and "now: CPU (wall) · peak" of one run, the peaks in
    GB with ``places`` decimals.

    >>> before_now({"before": {"cpu_seconds": 743.491, "peak_bytes": 6.8e9},
    ...             "now": {"cpu_seconds": 349.6, "wall_seconds": 1745.8, "peak_bytes": 3.67e9}}, 1)
    '743 CPU s · 6.8 GB | 350 CPU s (1746 s wall) · 3.7 GB'
    """
    before, now = run["before"], run["now"]
    return (f"{before['cpu_seconds']:.0f} CPU s · {before['peak_bytes'] / 1e9:.{places}f} GB "
            f"| {now['cpu_seconds']:.0f} CPU s ({now['wall_seconds']:.0f} s wall) · {now['peak_bytes'] / 1e9:.{places}f} GB")


SAME = {True: "yes", False: "NO", None: "not compared"}  # a run's comparison with the earlier code, in its table


def table_arguments(parser, what: str, before: str) -> None:
    """The arguments both benches take: the table, an older checkout, the revision of the figures
    before, and whether to record."""
    parser.add_argument("--table", default="KRRRK:5", help="MATERIAL:N (default KRRRK:5)")
    parser.add_argument("--old", help=f"an older checkout, whose code {what} beside this one's")
    parser.add_argument("--before", default=before, help=f"the revision whose results file holds the figures "
                        f"before (default {before})")
    parser.add_argument("--record", action="store_true", help="keep the figures and write the docs' block")


def keep(bench: str, key: str, run: dict, about: str, blocks: dict, record: bool) -> None:
    """Prints the run, and with ``record`` keeps it in the bench's results and writes its docs' blocks."""
    import figures  # bench/figures.py

    print(json.dumps(run, indent=1))
    if record:
        results = figures.record(bench, {key: run}, about)
        for path in figures.write_docs(bench, blocks, results):
            print(f"wrote {path.relative_to(ROOT)}")
