"""The 3D tables on the command line: ``build3d``, ``verify3d`` and ``endgames3d``."""

from __future__ import annotations

import argparse
import sys
import time

from ...core.numbers import whole_number
from ...errors import ChessInputError
from ...retrograde import Material, solve
from ...tables import MAX_CUBE, MIN_CUBE, TableId, TableStore

MIN_N = MIN_CUBE


def _materials(text: str) -> list[Material]:
    from . import ALL_MATERIALS

    if text == "all":
        return list(ALL_MATERIALS)
    if text in ("one", "two"):
        return [m for m in ALL_MATERIALS if len(m.pieces) == (1 if text == "one" else 2)]
    return [Material.parse(name.strip().upper()) for name in text.split(",")]


def _sizes(text: str) -> list[int]:
    """``4`` or ``3-5``: the board sizes of a command."""
    low, dash, high = text.partition("-")
    beyond = f"must lie between {MIN_N} and {MAX_CUBE}"
    first = whole_number(low, "a board size", MIN_N, MAX_CUBE, beyond=beyond)
    last = whole_number(high, "a board size", MIN_N, MAX_CUBE, beyond=beyond) if dash else first
    if last < first:
        raise ChessInputError(f"sizes go from the smaller to the larger: {text!r}")
    return list(range(first, last + 1))


def _store(args) -> TableStore:
    from ...cli import table_store

    return table_store(args.dir)


def _build(args) -> int:
    sizes, materials = _sizes(args.n), _materials(args.material)  # bad input refuses before a cluster starts
    if args.scheduler is None:
        return _build_with(args, sizes, materials, solve)
    from ...retrograde.distributed import dask_solver

    with dask_solver(args.scheduler) as solver:
        return _build_with(args, sizes, materials, solver)


def _build_with(args, sizes: list[int], materials: list[Material], solver) -> int:
    from ...progress import ProgressBar

    store = _store(args)
    for n in sizes:
        for material in materials:
            started = time.perf_counter()
            bar = ProgressBar(sys.stderr)  # a bar on a terminal; elsewhere only the summary lines
            table = TableId.cube(material, n)
            facts = store.build_now(table, progress=bar if bar.interactive else None, solver=solver).summary
            bar.close()
            won = f"{facts.won / facts.positions:.1%}" if facts.positions else "-"
            print(f"{material.name} n={n}: {facts.positions} positions, {won} won, longest "
                  f"{facts.longest or '-'} ({store.path(table)}, {time.perf_counter() - started:.1f} s)",
                  flush=True)
    return 0


def _verify(args) -> int:
    from .verify import verify

    store, failed = _store(args), 0
    for n in _sizes(args.n):
        for material in _materials(args.material):
            table = TableId.cube(material, n)
            found = store.opened(table)
            if found is None:
                print(f"{material.name} n={n}: no table at {store.path(table)}")
                failed += 1
                continue
            smaller = {t.material: store.build_now(t).read_all() for t in table.captures()}
            started = time.perf_counter()
            report = verify(table, found.read_all(), smaller)
            faults = dict(report.faults)
            faults["checkmates differ from the file's summary"] = int(report.checkmates != found.summary.checkmates)
            recorded = found.summary.by_face_distance  # None in a file written before they were recorded
            faults["face distance counts differ from the file's summary"] = int(
                recorded is not None and report.by_face_distance != tuple((c.positions, c.won) for c in recorded))
            for name, count in faults.items():
                if count:
                    print(f"  FAULT {name}: {count}")
            for board in report.examples:
                print(f"        e.g. {board}")
            ok = not any(faults.values())
            print(f"{material.name} n={n}: {'passes' if ok else 'FAILS'} ({report.checked} entries, "
                  f"{report.checkmates} checkmates, {time.perf_counter() - started:.1f} s)", flush=True)
            failed += not ok
    return 1 if failed else 0


def _overview(args) -> int:
    from .summary import summary

    store = _store(args)
    sizes = _sizes(args.n)
    print("material " + " ".join(f"{'n=' + str(n):>14}" for n in sizes))
    for material in _materials(args.material):
        cells = []
        for n in sizes:
            table = store.opened(TableId.cube(material, n))
            if table is None:
                cells.append("not built")
                continue
            row = summary(table)
            won = row["won"] / row["positions"] if row["positions"] else 0
            cells.append(f"{won:6.1%} {('#' + str(row['longest'])) if row['longest'] else '-':>4}")
        print(f"{material.name:<8} " + " ".join(f"{c:>14}" for c in cells))
    if args.faces:
        _faces(store, sizes, _materials(args.material))
    return 0


def _faces(store, sizes, materials) -> None:
    from .faces import wins_by_face

    print("won positions by the lone king's distance to the nearest face (0: on a face); checkmates")
    for n in sizes:
        for material in materials:
            table = store.opened(TableId.cube(material, n))
            if table is not None and table.summary.won:
                recorded = table.summary.by_face_distance
                found = wins_by_face(table) if recorded is None else [c.won for c in recorded]
                print(f"{material.name} n={n}: " + ", ".join(f"{d}: {c}" for d, c in enumerate(found))
                      + f"; checkmates {table.summary.checkmates}", flush=True)


def add_commands(commands) -> None:
    def common(parser: argparse.ArgumentParser) -> None:
        parser.add_argument("--material", default="all",
                            help="KQK, KRNK, ... (comma-separated), 'one', 'two' or 'all' (default)")
        parser.add_argument("--n", default="3", help="board size, or a range like 3-6 (default 3)")
        parser.add_argument("--dir", help="table folder (default: $KBN_TABLES or data/tables)")

    build = commands.add_parser("build3d", help="build 3D endgame tables (smaller materials first)")
    common(build)
    build.add_argument("--scheduler", help="build on Dask distributed, split by the White king's square: 'local' "
                       "(a cluster of 2 processes here) or a scheduler's address like tcp://host:8786")
    build.set_defaults(run=_build)
    check = commands.add_parser("verify3d", help="re-check every entry of 3D tables against its successors")
    common(check)
    check.set_defaults(run=_verify)
    overview = commands.add_parser("endgames3d", help="won share and longest mate of the built 3D tables")
    common(overview)
    overview.add_argument("--faces", action="store_true",
                          help="also the won positions by the lone king's distance to the nearest face")
    overview.set_defaults(run=_overview)
