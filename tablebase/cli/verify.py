"""``verify``: every entry of each table re-checked against its successors apart from the engine
(``tables.verify``), and the checkmates and counts by the lone king's distance to the edge or face
against the file's summary. A table of the 8x8 board that is not there is an error; a cube's is
named and the others checked. ``--record``: each cube's table that passes goes into the results file
with its figures, read off the entries just verified (``cube.endgames.results``), and what the check
took."""

from __future__ import annotations

import time

from ..cube.endgames.results import measured_figures, updating
from ..tables import TableId, TableStore
from ..tables.verify import verify
from .choice import label
from .measure import Measure
from .store import chosen, opened


def run(args) -> int:
    store, tables = chosen(args)
    record = getattr(args, "record", None)
    if record is not None and any(t.dim == 2 for t in tables):
        raise ValueError("--record keeps the results of the cube's tables: name them with --n")
    failed = sum(not _verified(store, table, record) for table in tables)
    return 1 if failed else 0


def _verified(store: TableStore, table: TableId, record=None) -> bool:
    found = opened(store, table) if table.dim == 2 else store.opened(table)
    if found is None:
        print(f"{label(table)}: no table at {store.path(table)}")
        return False
    smaller = {t.material: store.build_now(t).read_all() for t in table.captures()}
    started = time.perf_counter()
    with Measure() as measured:
        report = verify(table, found, smaller)  # read a king's slice at a time
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
    if ok and record is not None:
        figures = measured_figures(found, found.read_all(), report.checkmates, report.by_face_distance)
        summary = found.summary
        if (figures["positions"], figures["won"], figures["longest"] or 0, tuple(figures["histogram"])) != (
                summary.positions, summary.won, summary.longest, tuple(summary.histogram)):
            print("  FAULT counts read off the entries differ from the file's summary")
            ok = False
        else:
            with updating(record) as results:
                results.verified(table, figures, measured.seconds, measured.cpu, measured.peak)
    print(f"{label(table)}: {'passes' if ok else 'FAILS'} ({report.checked} entries, "
          f"{report.checkmates} checkmates, {time.perf_counter() - started:.1f} s)", flush=True)
    return ok
