"""A custom piece's table build beside the built-in piece with the same moves, in one run: ``111*``
against B (beside a queen: KQBK) and ``001*`` against R (beside a rook: KRRK), on one cube size
(default 5).

A custom man with a standard piece's atoms is the standard piece everywhere (its table is the
standard one); here the engine is made to take it as a custom man (its kind its atoms' text, its
board the custom rules'), so that the time and the bytes measured are the custom path's. Prints,
per pair: entries, bytes per stored value (the DTM array's, and zlib-compressed), the build's
best time over the repeats, and the ratio (target <= 1.2x); the two tables must be equal.

    python bench/bench_custom_piece.py [N] [REPEATS]
"""

from __future__ import annotations

import sys
import time
import zlib
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tablebase.retrograde import Material, Space, cube_board, solve, solve_all  # noqa: E402
from tablebase.retrograde.material import man_order  # noqa: E402


class AsCustom(Material):
    """A material whose custom men keep their atoms as their kind, standard atoms or not."""

    def __post_init__(self):
        if list(self.pieces) != sorted(self.pieces, key=man_order):
            raise ValueError(f"men out of order: {self.pieces!r}")

    def without(self, index: int) -> Material:
        return AsCustom(self.pieces[:index] + self.pieces[index + 1:])


def builds(materials: tuple[Material, ...], n: int, repeats: int) -> list[tuple[np.ndarray, float]]:
    """Per material: (its DTM array, the best time of its own build), the builds taking turns so
    that a busy machine slows each alike; the smaller tables made first, untimed."""
    boards = [cube_board(n, m.custom) for m in materials]
    smaller = []
    for board, material in zip(boards, materials):
        found = solve_all(board, material)
        found.pop(material)
        smaller.append(found)
    best = [float("inf")] * len(materials)
    dtm: list = [None] * len(materials)
    for _ in range(repeats):
        for i, (board, material) in enumerate(zip(boards, materials)):
            started = time.process_time()  # CPU time: steadier than wall time on a shared machine
            dtm[i] = solve(Space(board, material), smaller[i]).dtm
            best[i] = min(best[i], time.process_time() - started)
    return list(zip(dtm, best))


def stored_bytes(dtm: np.ndarray) -> tuple[float, float]:
    raw = dtm.reshape(-1)
    return raw.itemsize, len(zlib.compress(raw.tobytes(), 6)) / raw.size


def main(argv: list[str]) -> int:
    n = int(argv[0]) if argv else 5
    repeats = int(argv[1]) if len(argv) > 1 else 3
    # beside a queen or a rook: materials that mate, so that the build runs its every depth
    pairs = [("111*", Material(("Q", "B")), AsCustom(("Q", "111*"))),
             ("001*", Material(("R", "R")), AsCustom(("R", "001*")))]
    print(f"n={n}, best CPU seconds of {repeats} builds each, taking turns")
    print(f"{'piece':<6} {'built-in':<8} {'custom':<10} {'entries':>10} {'bytes/value':>12} {'zlib b/value':>13} "
          f"{'built-in s':>10} {'custom s':>9} {'ratio':>6}")
    worst = 0.0
    for atoms, builtin, custom in pairs:
        builds((builtin, custom), n, 1)  # the boards' tables made first (rays, lines, symmetries): builds are timed
        (base, base_time), (mine, my_time) = builds((builtin, custom), n, repeats)
        if not np.array_equal(base, mine):  # the men in the same order: the same entries
            print(f"FAIL: the custom {atoms} table differs from the built-in one")
            return 1
        raw_b, zb = stored_bytes(base)
        raw_c, zc = stored_bytes(mine)
        ratio = my_time / base_time
        worst = max(worst, ratio)
        print(f"{atoms:<6} {builtin.name:<8} {custom.name:<10} {base.size:>10} {raw_b:>5} / {raw_c:<5} "
              f"{zb:>6.3f}/{zc:<6.3f} {base_time:>10.2f} {my_time:>9.2f} {ratio:>5.2f}x")
    print(f"worst ratio {worst:.2f}x (target <= 1.2x)")
    return 0 if worst <= 1.2 else 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
