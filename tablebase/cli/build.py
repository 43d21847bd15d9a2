"""``build``: build tables, the smaller ones their captures lead to first. A table of the 8x8 board
is built anew, its progress told stage by stage; a cube's is built when missing or damaged, a
line per table (the bar only on a terminal). ``--scheduler`` builds on Dask distributed. ``--record``
writes what each cube's build took (seconds, CPU seconds, peak memory, file size) into the results
file (``cube.endgames.results``), for the tables built by this command."""

from __future__ import annotations

import sys
import time

from ..cube.endgames.results import updating
from ..errors import TableFileError
from ..mates import KBNK
from ..retrograde import solve
from ..tables import TableId, TableStore
from .choice import chosen_tables, label
from .measure import Measure
from .progress import ProgressBar
from .store import table_store


def run(args) -> int:
    tables = chosen_tables(args.material, args.n, args.piece)  # bad input refuses before a cluster starts
    if args.out and tables != [KBNK]:
        raise ValueError(f"--out names the file of the KBNK table alone, not of {', '.join(map(label, tables))}")
    store = table_store(args.dir, kbnk_path=args.out)
    record = getattr(args, "record", None)
    if record is not None and any(t.dim == 2 for t in tables):
        raise ValueError("--record keeps the results of the cube's tables: name them with --n")
    if args.scheduler is None:
        return _build(store, tables, solve, record)
    from ..retrograde.distributed import dask_solver  # Dask: installed for a cluster only

    with dask_solver(args.scheduler) as solver:
        return _build(store, tables, solver, record)


def _present(store: TableStore, table: TableId) -> bool:
    try:
        return store.opened(table) is not None
    except TableFileError:
        return False


def _build(store: TableStore, tables: list[TableId], solver, record=None) -> int:
    for table in tables:
        started = time.perf_counter()
        bar = ProgressBar(sys.stderr)
        if table.dim == 2:
            built = store.build_now(table, progress=bar, rebuild=True, solver=solver)
            bar.close()
            path = store.path(table)
            print(f"wrote {path} ({path.stat().st_size} bytes, longest mate {built.summary.longest} moves) "
                  f"in {time.perf_counter() - started:.2f} s")
            continue
        for smaller in table.captures():  # before the measure: what this table's build takes alone
            store.build_now(smaller, solver=solver)
        built = not _present(store, table)
        with Measure() as measured:
            facts = store.build_now(table, progress=bar if bar.interactive else None, solver=solver).summary
        bar.close()
        if record is not None and built:
            with updating(record) as results:
                results.built(table, measured.seconds, measured.cpu, measured.peak, store.path(table).stat().st_size)
        won = f"{facts.won / facts.positions:.1%}" if facts.positions else "-"
        print(f"{label(table)}: {facts.positions} positions, {won} won, longest {facts.longest or '-'} "
              f"({store.path(table)}, {time.perf_counter() - started:.1f} s)", flush=True)
    return 0
