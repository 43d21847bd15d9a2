"""``compress``: convert table files of format version 2 (a byte per entry), or of version 3 in an
older layout, into the current one (compressed blocks) in place, atomically, every entry checked
equal after decoding (``tables.convert``). A file already in it is left as it is; a table that is
not there is named and the others converted."""

from __future__ import annotations

import sys
import time

from ..cube.endgames.results import updating
from ..tables import TableStore
from ..tables.convert import Converted, compress
from .choice import label
from .progress import ProgressBar
from .store import chosen


def run(args) -> int:
    store, tables = chosen(args)
    record = getattr(args, "record", None)
    if record is not None and any(t.dim == 2 for t in tables):
        raise ValueError("--record keeps the results of the cube's tables: name them with --n")
    missing = 0
    for table in tables:
        done = _compressed(store, table)
        missing += done is None
        if record is not None and done is not None and done.converted:
            with updating(record) as results:
                results.compressed(table, done.before, done.after)
    return 1 if missing == len(tables) else 0


def _compressed(store: TableStore, table) -> Converted | None:
    path = store.path(table)
    if not path.is_file():
        print(f"{label(table)}: no table at {path}")
        return None
    started = time.perf_counter()
    bar = ProgressBar(sys.stderr)
    done = compress(path, table, progress=bar if bar.interactive else None)
    bar.close()
    if not done.converted:
        print(f"{label(table)}: already compressed ({done.after} bytes, {path})")
    else:
        print(f"{label(table)}: {done.before} -> {done.after} bytes ({done.after / done.before:.1%}), every entry "
              f"checked, in {time.perf_counter() - started:.1f} s ({path})", flush=True)
    return done
