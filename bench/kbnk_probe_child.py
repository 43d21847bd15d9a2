"""Times the KBNK probe with all moves of one checkout, this one or an older one, in a process of
its own: ``bench_kbnk.py`` runs it for both, round after round, so that the two are compared side
by side in one run on a shared machine.

Run: ``python bench/kbnk_probe_child.py CHECKOUT FOLDER ROUNDS`` with FENs on standard input, one a
line. Builds the checkout's KBNK table in FOLDER, probes every FEN once (blocks into the cache),
then waits for a line on standard input before each round and answers with the round's probe times
(ms per FEN, a JSON list). The code before the table service (commit 3c0e32f: ``build_table``,
``save_table``, ``load_table``) and the table service's (``TableStore``) are both understood.
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path


def open_probe(checkout: Path, folder: Path):
    """``probe(fen)`` of the checkout's KBNK table, built in ``folder``."""
    sys.path.insert(0, str(checkout))
    try:
        import tablebase.kbnk as kbnk  # a checkout from before KBNK became one ending of tablebase.mates
    except ImportError:
        import tablebase.mates as kbnk

    if hasattr(kbnk, "load_table"):  # before the table service: the table is loaded whole
        path = kbnk.save_table(kbnk.build_table(), folder / "kbnk.bin")
        table = kbnk.load_table(path)
        return lambda fen: kbnk.probe(table, fen)
    from tablebase.tables import Limits, TableStore

    store = TableStore(folder, Limits(), background=False)
    store.build_now(kbnk.KBNK)
    return lambda fen: kbnk.probe(store.table, fen)


def main() -> None:
    checkout, folder, rounds = Path(sys.argv[1]), Path(sys.argv[2]), int(sys.argv[3])
    fens = []
    for line in sys.stdin:
        if not line.strip():
            break
        fens.append(line.strip())
    answer_rounds(open_probe(checkout, folder), fens, rounds)


def answer_rounds(probe, fens: list[str], rounds: int) -> None:
    """Probes every FEN once (blocks into the cache), says ready, then answers each line on
    standard input with a round's probe times (ms per FEN, a JSON list)."""
    for fen in fens:
        probe(fen)
    print("ready", flush=True)
    for _ in range(rounds):
        sys.stdin.readline()
        times = []
        for fen in fens:
            started = time.perf_counter()
            probe(fen)
            times.append((time.perf_counter() - started) * 1000)
        print(json.dumps(times), flush=True)


if __name__ == "__main__":
    main()
