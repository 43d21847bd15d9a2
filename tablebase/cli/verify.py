"""``verify``: every entry of each table re-checked against its successors apart from the engine
(``tables.verify``), and the checkmates and counts by the lone king's distance to the edge or face
against the file's summary. A table of the 8x8 board that is not there is an error; a cube's is
named and the others checked."""

from __future__ import annotations

import time

from ..tables import TableId, TableStore
from ..tables.verify import verify
from .choice import label
from .store import chosen, opened


def run(args) -> int:
    store, tables = chosen(args)
    failed = sum(not _verified(store, table) for table in tables)
    return 1 if failed else 0


def _verified(store: TableStore, table: TableId) -> bool:
    found = opened(store, table) if table.dim == 2 else store.opened(table)
    if found is None:
        print(f"{label(table)}: no table at {store.path(table)}")
        return False
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
    print(f"{label(table)}: {'passes' if ok else 'FAILS'} ({report.checked} entries, "
          f"{report.checkmates} checkmates, {time.perf_counter() - started:.1f} s)", flush=True)
    return ok
