"""3D analyze on n = 10 with 30 pieces, White to move in check with many replies (target <= 5 ms
per call in process), plus the legal destinations of a queen on the same boards."""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tablebase.core.cube_notation import CubePosition  # noqa: E402

N, PIECES, BOARDS, REPEATS = 10, 30, 50, 20


def random_board(rng: random.Random) -> str:
    cubes = rng.sample(range(N ** 3), PIECES)
    symbols = ["K", "k"] + [rng.choice("QRBN") for _ in range(14)] + [rng.choice("qrbn") for _ in range(14)]
    cells = ["#"] * N ** 3
    for cube, symbol in zip(cubes, symbols):
        cells[cube] = symbol
    layers = []
    for z in range(N):
        rows = ["".join(cells[z * N * N + y * N: z * N * N + y * N + N]) for y in range(N)]
        layers.append("[" + ",".join(rows) + "]")
    return ",".join(layers)


def boards_in_check(rng: random.Random) -> list[str]:
    found = []
    while len(found) < BOARDS:
        board = random_board(rng)
        if CubePosition.parse(board).analyze()["check"]:
            found.append(board)
    return found


def per_call_ms(fn, items) -> list[float]:
    times = []
    for item in items:
        start = time.perf_counter()
        for _ in range(REPEATS):
            fn(item)
        times.append((time.perf_counter() - start) / REPEATS * 1000)
    return times


def main() -> None:
    rng = random.Random(2026)
    boards = boards_in_check(rng)
    positions = [CubePosition.parse(b) for b in boards]
    for p in positions:  # first use fills the ray tables; time the steady state
        p.analyze()
    parse_and_analyze = per_call_ms(lambda b: CubePosition.parse(b).analyze(), boards)
    analyze_only = per_call_ms(lambda p: p.analyze(), positions)
    queens = [(p, next(i for i, c in enumerate(p.cells) if c and c.kind == "Q")) for p in positions
              if any(c and c.kind == "Q" for c in p.cells)]
    moves = per_call_ms(lambda pq: pq[0].rules.legal_targets(pq[0].cells, pq[1]), queens)
    mates = sum(p.analyze()["checkmate"] for p in positions)
    print(f"3D analyze, n={N}, {PIECES} pieces, White in check ({len(boards)} boards, {mates} mates):")
    print(f"  parse + analyze: mean {statistics.mean(parse_and_analyze):.3f} ms, "
          f"max {max(parse_and_analyze):.3f} ms  (target <= 5 ms)")
    print(f"  analyze only:    mean {statistics.mean(analyze_only):.3f} ms, max {max(analyze_only):.3f} ms")
    print(f"  a queen's legal destinations: mean {statistics.mean(moves):.3f} ms, max {max(moves):.3f} ms")


if __name__ == "__main__":
    main()
