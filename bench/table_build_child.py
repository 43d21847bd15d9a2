"""Builds tables with one checkout's code (this one or an older one), in a process of its own:
``bench_table_sizes.py`` runs one for each checkout, so that both are measured in one run.

Run: ``python bench/table_build_child.py CHECKOUT FOLDER TABLE...`` where TABLE is a material of the
8x8 board (``KBNK``), a cube's (``KQRK:5``), or ``defaults`` (every table a server builds within
the default limits). The tables their captures lead to are built first, unmeasured; each table
named is then built anew (its file removed first) and one JSON line printed per table: its file's
bytes, the build's CPU and wall seconds.
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path


def main() -> None:
    checkout, folder, names = Path(sys.argv[1]), Path(sys.argv[2]), sys.argv[3:]
    sys.path.insert(0, str(checkout))
    from tablebase.tables import Limits, TableId, TableStore

    store = TableStore(folder, Limits.everything(), background=False)
    tables = []  # (table, built anew even when its file is there)
    for name in names:
        if name == "defaults":
            tables.extend((t, False) for t in sorted(Limits().tables(), key=lambda t: t.build_order))
        else:
            material, _, n = name.partition(":")
            tables.append((TableId.cube(material, int(n)) if n else TableId.chess(material), True))
    for table, anew in tables:
        for smaller in table.captures():
            store.build_now(smaller)
        path = store.path(table)
        if anew:
            path.unlink(missing_ok=True)
        cpu, wall = time.process_time(), time.perf_counter()
        store.build_now(table)
        cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
        print(json.dumps({"dim": table.dim, "n": table.n, "material": table.material.name,
                          "bytes": path.stat().st_size, "cpu": cpu, "wall": wall}), flush=True)


if __name__ == "__main__":
    main()
