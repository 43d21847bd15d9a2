"""Times the 3D probe with every move's value of one checkout (this one or an older one), in a
process of its own: ``bench_table_sizes.py`` runs one per checkout, round after round, so that the
two are compared side by side in one run on a shared machine.

Run: ``python bench/cube_probe_child.py CHECKOUT FOLDER ROUNDS`` with ``MATERIAL N KING LONE MEN...``
lines (White to move, squares as ints) on standard input, then an empty line. Builds the tables
missing from FOLDER with the checkout's code, probes every position once (blocks into the cache),
then answers each line on standard input with a round's probe times (ms per position, JSON).
"""

from __future__ import annotations

import sys
from pathlib import Path

from kbnk_probe_child import answer_rounds


def main() -> None:
    checkout, folder, rounds = Path(sys.argv[1]), Path(sys.argv[2]), int(sys.argv[3])
    sys.path.insert(0, str(checkout))
    from tablebase.cube.endgames.probing import probe
    from tablebase.tables import Limits, TableId, TablePosition, TableStore

    store = TableStore(folder, Limits.everything(), background=False, cache_bytes=int(sys.argv[4]) << 20)
    positions = {}
    for line in sys.stdin:
        if not line.strip():
            break
        material, n, king, lone, *men = line.split()
        table = TableId.cube(material, int(n))
        if not store.path(table).exists():
            store.build_now(table)
        pieces = tuple(zip(table.material.pieces, map(int, men)))
        positions[line.strip()] = TablePosition(3, int(n), int(king), pieces, int(lone), True)
    answer_rounds(lambda key: probe(store.table, positions[key]), list(positions), rounds)


if __name__ == "__main__":
    main()
