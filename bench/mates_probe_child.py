"""Times the probe with all moves of one checkout (this one or an older one) for every material,
in a process of its own: ``bench_mates_probe.py`` runs one for each checkout, round after round,
so that the two are compared side by side in one run on a shared machine.

Run: ``python bench/mates_probe_child.py CHECKOUT FOLDER ROUNDS`` with ``MATERIAL FEN`` lines on
standard input, then an empty line. Builds the tables missing from FOLDER with the checkout's
code, probes every FEN once (blocks into the cache), then waits for a line on standard input
before each round and answers with the round's probe times (ms per FEN, JSON, in input order).
"""

from __future__ import annotations

import sys
from pathlib import Path

from kbnk_probe_child import answer_rounds


def main() -> None:
    checkout, folder, rounds = Path(sys.argv[1]), Path(sys.argv[2]), int(sys.argv[3])
    sys.path.insert(0, str(checkout))
    from tablebase.mates import MATERIALS, probe
    from tablebase.tables import Limits, TableStore

    fens = []
    for line in sys.stdin:
        if not line.strip():
            break
        fens.append(line.strip().split(" ", 1)[1])
    store = TableStore(folder, Limits(), background=False)
    for table in MATERIALS:
        if not store.path(table).exists():
            store.build_now(table)
    answer_rounds(lambda fen: probe(store.table, fen), fens, rounds)


if __name__ == "__main__":
    main()
