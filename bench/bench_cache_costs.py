"""What each bounded cache of the engine costs (tablebase/core/caches.py), the figures of the cache
table in docs/deploying.md#memory: the bytes Python and NumPy allocate (tracemalloc) to fill it, each
figure in a fresh process of its own so that nothing made before counts.

- ``board_shapes``: the per-square move tables of one board shape, every square asked (each kind's
  rays and leaps, and the attack tables of both colours) on the cube of n = 6, 8 and 10.
- ``engine_boards``: the 3D engine's tables a server makes before its workers fork
  (``tablebase.tables.values.prepare`` of every table of the default limits on that board) for
  n = 8, 9 and 10, and for every n from 3 to 10.
- ``attack_set_bytes``: the attack sets of one material of one man and of two men on the 8x8 board.

Run: ``.venv/bin/python bench/bench_cache_costs.py [--record]`` (a minute or so; ``--record`` keeps the
figures in ``results/bench_cache_costs.json`` and writes the docs' block: bench/figures.py).
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tracemalloc
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

BENCH = "bench/bench_cache_costs.py"
ABOUT = ("Written by `bench/bench_cache_costs.py --record`: bytes allocated (tracemalloc, NumPy included) to fill "
         "each cache, by cache and board; `bounds`, the caches' default bounds and the table cache's MB.")
MEASURES = ["shapes:6", "shapes:8", "shapes:10", "engine:8", "engine:9", "engine:10", "engine:3-10",
            "attacks:Q", "attacks:QR"]


def shape_tables(n: int) -> None:
    """Every square's rays, leaps and attack tables of the n*n*n board."""
    from tablebase.core.rules import cube_rules

    rules = cube_rules(n)
    for square in range(n ** 3):
        for kind in rules.kinds:
            if kind in rules.slides:
                rules._slide_rays(square, kind)
            for color in "wb":
                rules._leaps(square, color, kind)
        for by in "wb":
            rules._attack_table(square, by)


def engine_tables(sizes: range) -> None:
    """The engine's tables of every table the default limits allow on those boards."""
    from tablebase.cube.endgames import ALL_MATERIALS
    from tablebase.tables import Limits, TableId
    from tablebase.tables.values import prepare

    limits = Limits()
    for n in sizes:
        for material in ALL_MATERIALS:
            table = TableId.cube(material, n)
            if limits.allows(table):
                prepare(table)


def attack_set_bytes(men: str) -> int:
    from tablebase.retrograde import chess_board
    from tablebase.retrograde.attacks import attack_sets

    return int(attack_sets(chess_board(), tuple(men)).nbytes)


def measure(what: str) -> int:
    """Bytes allocated and still held after filling ``what`` (one of MEASURES), in this process."""
    kind, _, arg = what.partition(":")
    if kind == "attacks":
        return attack_set_bytes(arg)
    import tablebase.core.rules  # noqa: F401  (its module-level tables are not the cache's)
    import tablebase.tables.values  # noqa: F401

    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    if kind == "shapes":
        shape_tables(int(arg))
    else:
        low, _, high = arg.partition("-")
        engine_tables(range(int(low), int(high or low) + 1))
    held = tracemalloc.get_traced_memory()[0] - before
    tracemalloc.stop()
    return held


def bounds() -> dict:
    from dataclasses import asdict

    from tablebase.core import caches
    from webapp import TABLE_CACHE_MB

    return {**asdict(caches.DEFAULTS), "table_cache_mb": TABLE_CACHE_MB}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--record", action="store_true", help="keep the figures and write the docs' block")
    parser.add_argument("--one", help=argparse.SUPPRESS)  # a child's one figure
    args = parser.parse_args()
    if args.one:
        print(json.dumps(measure(args.one)))
        return
    found = {}
    for what in MEASURES:
        done = subprocess.run([sys.executable, __file__, "--one", what], cwd=ROOT, check=True, capture_output=True,
                              text=True)
        found[what] = json.loads(done.stdout.splitlines()[-1])
        print(f"{what:<12} {found[what] / 2**20:8.2f} MB", flush=True)
    if args.record:
        import figures  # bench/figures.py

        results = figures.record(BENCH, {"costs": found, "bounds": bounds()}, ABOUT)
        for path in figures.write_docs(BENCH, BLOCKS, results):
            print(f"wrote {path.relative_to(ROOT)}")


def _size(count: float) -> str:
    """``5.6 MB``, ``32 KB``: bytes as the table writes them (MB and KB of 2²⁰ and 2¹⁰)."""
    return f"{count / 2**20:.1f} MB" if count >= 2**20 else f"{count / 2**10:.0f} KB"


def costs_block(results: dict) -> str:
    """The docs' table of the caches: what each holds, what it costs as measured, its default bound."""
    run, bound = results["runs"]["costs"], results["runs"]["bounds"]
    rows = [
        ("`TABLE_CACHE_BYTES` (`KBN_TABLE_CACHE_MB`)", "the table store's checked blocks", "its size, per process",
         f"{bound['table_cache_mb']} MB"),
        ("`CACHE_BOARD_SHAPES` (`KBN_CACHE_BOARD_SHAPES`)", "per-square move tables of 3D and solitaire board sizes",
         f"{_size(run['shapes:10'])} at n = 10, {_size(run['shapes:8'])} at n = 8, {_size(run['shapes:6'])} at n = 6",
         f"{bound['board_shapes']} sizes (the 8×8 board's always kept)"),
        ("`CACHE_ENGINE_BOARDS` (`KBN_CACHE_ENGINE_BOARDS`)", "the 3D engine's tables (reach, lines, symmetries, index tables)",
         f"{_size(run['engine:10'])} at n = 10, {_size(run['engine:9'])} at n = 9, {_size(run['engine:8'])} at n = 8; "
         f"{_size(run['engine:3-10'])} for n = 3..10", f"{bound['engine_boards']} sizes: all"),
        ("`CACHE_ATTACK_SET_BYTES`", "attack sets of the 2D materials and the small cubes",
         f"{_size(run['attacks:QR'])} for two men, {_size(run['attacks:Q'])} for one",
         f"{_size(bound['attack_set_bytes'])}; past it attacks are computed directly"),
        ("`CACHE_ENTRIES`", "small lookup caches (table ids, verdicts, solitaire's move tables)", "not measured: small values",
         f"{bound['entries']:,} entries each"),
    ]
    lines = [f"Costs measured on {run['on']} ({run['machine']}; bytes allocated to fill each, every square asked):", "",
             "| config key (environment) | what it holds | cost | default bound |", "| --- | --- | --- | --- |"]
    lines += [f"| {' | '.join(row)} |" for row in rows]
    return "\n".join(lines) + "\n"


BLOCKS = {"costs": costs_block}


if __name__ == "__main__":
    main()
