"""A custom piece's table build beside the built-in piece with the same moves, in one run: ``111*``
against B and ``001*`` against R, each beside a rook (or bishop) on one cube size (default 5).

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


def build(material: Material, n: int, repeats: int) -> tuple[np.ndarray, float]:
    """(the material's DTM array, the best time of its own build): the smaller tables made first, untimed."""
    board = cube_board(n, material.custom)
    smaller = solve_all(board, material)
    smaller.pop(material)
    best = float("inf")
    for _ in range(repeats):
        started = time.perf_counter()
        dtm = solve(Space(board, material), smaller).dtm
        best = min(best, time.perf_counter() - started)
    return dtm, best


def stored_bytes(dtm: np.ndarray) -> tuple[float, float]:
    raw = dtm.reshape(-1)
    return raw.itemsize, len(zlib.compress(raw.tobytes(), 6)) / raw.size


def main(argv: list[str]) -> int:
    n = int(argv[0]) if argv else 5
    repeats = int(argv[1]) if len(argv) > 1 else 3
    pairs = [("111*", Material(("R", "B")), AsCustom(("R", "111*"))),
             ("001*", Material(("R", "B")), AsCustom(("B", "001*")))]
    print(f"n={n}, best of {repeats} builds each")
    print(f"{'piece':<6} {'built-in':<8} {'custom':<10} {'entries':>10} {'bytes/value':>12} {'zlib b/value':>13} "
          f"{'built-in s':>10} {'custom s':>9} {'ratio':>6}")
    worst = 0.0
    for atoms, builtin, custom in pairs:
        # warm both boards' tables first (rays, lines, symmetries): the build is what is timed
        for material in (builtin, custom):
            build(material, min(n, 3), 1)
        base, base_time = build(builtin, n, repeats)
        mine, my_time = build(custom, n, repeats)
        same = np.array_equal(base, mine) if builtin.pieces[0] == custom.pieces[0] else np.array_equal(
            base, np.swapaxes(mine.reshape(Space(cube_board(n, custom.custom), custom).flat_shape), 1, 2).reshape(
                base.shape))
        if not same:
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
