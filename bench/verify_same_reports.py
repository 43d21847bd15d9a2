"""The verifier's reports now and in an older checkout, compared (issue 39): on the engine's own
tables of each material named, and on copies of them with faults planted (a few entries set to
other values, one won entry a move quicker), every ``VerifyReport`` field must be equal.

The older checkout's ``tablebase/tables/verify.py`` is loaded beside this checkout's package (it
needs only the rules core and the engine's board tables, whose interfaces it shares), so both see
the same arrays. Run: ``.venv/bin/python bench/verify_same_reports.py OLD_CHECKOUT NAME:N ...`` (N = 0:
the 8x8 board; ``3men:N``: the twenty three-man materials of issue 39 on N×N×N; ``--plants P``
copies with faults, 3 by default). Exit 1 when any report differs.
"""

from __future__ import annotations

import argparse
import importlib.util
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tablebase.cube.endgames.three_men import THREE_MEN  # noqa: E402
from tablebase.retrograde import Material, solve_all  # noqa: E402
from tablebase.tables import TableId  # noqa: E402
from tablebase.tables import verify as now  # noqa: E402


def older(checkout: Path):
    """The older checkout's verify module, as a module of this package (its relative imports)."""
    spec = importlib.util.spec_from_file_location("tablebase.tables.verify_before",
                                                  checkout / "tablebase/tables/verify.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def tables_named(names: list[str]) -> list[TableId]:
    found = []
    for name in names:
        material, _, n = name.rpartition(":")
        n = int(n)
        materials = THREE_MEN if material == "3men" else [Material.parse(material, dim=2 if n == 0 else 3)]
        found += [TableId.cube(m, n) if n else TableId.chess(m) for m in materials]
    return found


def planted(dtm: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    changed = dtm.copy()
    for entry in rng.choice(changed.size, size=5, replace=False):
        changed[entry] = rng.choice([0, 1, 2, int(changed[entry]) + 1, max(int(changed[entry]) - 1, 0), 254, 255, 7])
    won = np.flatnonzero(changed)
    if won.size:
        changed[won[rng.integers(won.size)]] -= 1
    return changed


def fields(report) -> tuple:
    return (report.material, report.n, report.checked, report.faults, report.examples, report.checkmates,
            report.by_face_distance)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("old", type=Path, help="an older checkout (git archive REV | tar -x -C DIR)")
    parser.add_argument("tables", nargs="+", help="NAME:N (N = 0: the 8x8 board), or 3men:N")
    parser.add_argument("--plants", type=int, default=3, help="copies with faults planted per table")
    args = parser.parse_args()
    before = older(args.old)
    differ = 0
    for table in tables_named(args.tables):
        solved = solve_all(table.board, table.material)
        dtm = solved[table.material].reshape(-1)
        smaller = {m: a for m, a in solved.items() if m != table.material}
        rng = np.random.default_rng(table.n * 1000 + len(table.material.name))
        for label in ["clean"] + [f"planted {p + 1}" for p in range(args.plants)]:
            entries = dtm if label == "clean" else planted(dtm, rng)
            started = time.process_time()
            was = before.verify(table, entries, smaller)
            middle = time.process_time()
            is_now = now.verify(table, entries, smaller)
            same = fields(was) == fields(is_now)
            differ += not same
            print(f"{table.material.name} n={table.n} {label}: {'same' if same else 'DIFFER'} (before "
                  f"{middle - started:.2f} CPU s, now {time.process_time() - middle:.2f}; {was.checked} checked, "
                  f"{was.checkmates} checkmates, {sum(was.faults.values())} faults)", flush=True)
    print(f"{differ} reports differ")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
