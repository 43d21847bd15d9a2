"""The probe with all moves per material (target <= 0.2 ms, median), this checkout side by side
with another commit (default ``main``): each in a child process of its own with its blocks cached
(``mates_probe_child.py``), one round each in turn, so that the machine's other work falls on
both alike.

Run: ``.venv/bin/python bench/bench_mates_probe.py [--against REV] [--probes 200] [--rounds 5]``.
The positions are random won White-to-move positions of each material (drawn once, by this
checkout); per material the median over every round's probes of each checkout, and their ratio.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tablebase.mates import MATERIALS, random_position, to_fen  # noqa: E402
from tablebase.tables import Limits, TableStore  # noqa: E402


def positions(store: TableStore, count: int) -> list[tuple[str, str]]:
    """(material, FEN) of ``count`` random won positions per material (one drawn position where
    nothing is won), as ``bench_mates.py`` draws them."""
    found = []
    for table in MATERIALS:
        name, rng, longest = table.material.name, random.Random(table.material.name), store.table(table).summary.longest
        if not longest:
            found.append((name, f"4k3/8/8/8/8/8/8/{''.join(table.material.pieces)}{4 - len(table.material.pieces)}K3 w - - 0 1"))
            continue
        found.extend((name, to_fen(random_position(store.table, table, 1, longest, rng=rng))) for _ in range(count))
    return found


def children_in_turn(child: Path, sides, lines: list[str], rounds: int, key) -> dict[str, dict[str, list[float]]]:
    """Times per side and key: one child process per side (label, checkout, tables folder, extra
    arguments) reads ``lines``, says it is ready, then answers one round at a time, the sides in
    turn; ``key(line)`` groups the lines' times."""
    runs = {}
    for label, checkout, tables, extra in sides:
        runs[label] = subprocess.Popen([sys.executable, str(child), str(checkout), str(tables), str(rounds), *extra],
                                       stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        runs[label].stdin.write("".join(line + "\n" for line in lines) + "\n")
        runs[label].stdin.flush()
        assert runs[label].stdout.readline().strip() == "ready"
    per: dict[str, dict[str, list[float]]] = {label: {} for label in runs}
    for _ in range(rounds):
        for label, process in runs.items():
            process.stdin.write("\n")
            process.stdin.flush()
            for line, ms in zip(lines, json.loads(process.stdout.readline())):
                per[label].setdefault(key(line), []).append(ms)
    for process in runs.values():
        process.stdin.close()
        process.wait()
    return per


def side_by_side(revision: str, fens: list[tuple[str, str]], rounds: int, directory: Path) -> dict[str, list[float]]:
    """Prints each material's median probe time (ms) of this checkout and of ``revision``; returns
    them, ``{"KBNK": [now, before]}``."""
    old = directory / "against"
    old.mkdir()
    archive = subprocess.run(["git", "archive", revision, "tablebase"], cwd=ROOT, check=True, capture_output=True)
    subprocess.run(["tar", "-x", "-C", str(old)], input=archive.stdout, check=True)
    child = Path(__file__).with_name("mates_probe_child.py")
    per = children_in_turn(child, [("now", ROOT, directory / "tables", []), (revision, old, directory / "tables-against", [])],
                           [f"{name} {fen}" for name, fen in fens], rounds, lambda line: line.split(" ", 1)[0])
    print(f"probe with all moves per material, side by side ({rounds} rounds in turn, blocks cached; "
          f"target <= 0.2 ms)")
    print(f"{'table':<6} {'now':>9} {revision:>12} {'now/' + revision:>12}")
    found = {}
    for table in MATERIALS:
        name = table.material.name
        now, before = statistics.median(per["now"][name]), statistics.median(per[revision][name])
        flag = "" if now <= 0.2 else "  <- over 0.2 ms"
        print(f"{name:<6} {now:6.3f} ms {before:9.3f} ms {now / before:12.2f}{flag}")
        found[name] = [now, before]
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--against", default="main", help="the commit to compare the probe with")
    parser.add_argument("--probes", type=int, default=200, help="positions per material")
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="bench-mates-probe-") as directory:
        store = TableStore(Path(directory) / "tables", Limits(), background=False)
        for table in MATERIALS:
            store.build_now(table)
        side_by_side(args.against, positions(store, args.probes), args.rounds, Path(directory))


if __name__ == "__main__":
    main()
