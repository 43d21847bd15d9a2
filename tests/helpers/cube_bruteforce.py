"""An independent small solver for the 3D endgames, for tests on n = 3 and 4.

Nothing here comes from the engine or the rules core: every placement of the men on the whole
board is a position (no symmetry), a cube is ``x + y*n + z*n*n``, and a move is legal by the variant's
own distance tests (king: every axis at most 1; rook: two axes 0; bishop: three axes equal;
queen: rook, bishop, or one axis 0 and two equal; knight: axes 0, 1, 2), sliders blocked by any
man on a cube strictly between. Values by plain fixed-point iteration over explicit successor
lists. Returns White-to-move DTM in White moves (0: not won, or illegal) per full placement.
"""

from __future__ import annotations

import numpy as np

SLIDERS = "QRB"


def _diffs(n):
    cube = np.arange(n ** 3)
    xyz = np.stack([cube % n, cube // n % n, cube // (n * n)], axis=1)
    return xyz[None, :, :] - xyz[:, None, :]  # [s, t, axis]: t - s


def reaches(n, kind):
    """[s, t]: a ``kind`` on s moves to t on an empty board (the distance tests of the variant's definition)."""
    d = np.sort(np.abs(_diffs(n)), axis=2)
    a, b, c = d[..., 0], d[..., 1], d[..., 2]
    moved = c > 0
    rook = (a == 0) & (b == 0)
    bishop = (a == b) & (b == c)
    return moved & {
        "K": c <= 1,
        "R": rook,
        "B": bishop,
        "Q": rook | bishop | ((a == 0) & (b == c)),
        "N": (a == 0) & (b == 1) & (c == 2),
    }[kind]


def between(n):
    """[s, t, o]: o lies strictly between s and t on a straight or diagonal line."""
    diff = _diffs(n)
    steps = np.abs(diff).max(axis=2)
    table = np.zeros((n ** 3,) * 3, dtype=bool)
    for s in range(n ** 3):
        for t in range(n ** 3):
            k = steps[s, t]
            if k < 2 or not all(abs(c) in (0, k) for c in diff[s, t]):
                continue
            unit = diff[s, t] // k
            x, y, z = s % n, s // n % n, s // (n * n)
            for j in range(1, k):
                table[s, t, (x + j * unit[0]) + (y + j * unit[1]) * n + (z + j * unit[2]) * n * n] = True
    return table


class BruteForce:
    def __init__(self, n: int):
        self.n = n
        self.cubes = n ** 3
        self.reach = {k: reaches(n, k) for k in "KQRBN"}
        self.between = between(n)
        self.solved: dict[tuple[str, ...], np.ndarray] = {}
        self.checkmates: dict[tuple[str, ...], int] = {}  # Black-to-move checkmates per material
        self.white_to_move: dict[tuple[str, ...], np.ndarray] = {}  # per material: legal White-to-move placements

    def attacked(self, men, kinds, target):
        """Whether White's men (arrays of cubes, the king first) attack ``target`` (array)."""
        hit = np.zeros(np.broadcast(target, *men).shape, dtype=bool)
        for i, (square, kind) in enumerate(zip(men, kinds)):
            reach = self.reach[kind][square, target]
            if kind in SLIDERS:
                for j, other in enumerate(men):
                    if j != i:
                        reach = reach & ~self.between[square, target, other]
            hit |= reach
        return hit

    def solve(self, pieces: tuple[str, ...]) -> np.ndarray:
        """White-to-move DTM over every placement ``[king, men..., lone king]`` (flattened)."""
        if pieces in self.solved:
            return self.solved[pieces]
        N, kinds = self.cubes, ("K",) + pieces
        count = len(kinds) + 1
        grids = np.indices((N,) * count).reshape(count, -1)
        size = grids.shape[1]
        distinct = np.ones(size, dtype=bool)
        for i in range(count):
            for j in range(i + 1, count):
                distinct &= grids[i] != grids[j]
        legal_b = distinct & ~self.reach["K"][grids[0], grids[-1]]
        check = self.attacked(list(grids[:-1]), kinds, grids[-1])
        legal_w = legal_b & ~check
        self.white_to_move[pieces] = legal_w
        white_edges = self._white_edges(grids, kinds, legal_w)
        black_edges, worst_capture, has_move = self._black_edges(grids, kinds, legal_b)

        mated = legal_b & check & ~has_move
        self.checkmates[pieces] = int(np.count_nonzero(mated))
        black = np.where(mated, 0, INF)  # White moves still needed
        wtm = np.full(size, INF)
        while True:
            new_wtm = np.minimum(white_edges.reduce(np.minimum, black, INF) + 1, INF)
            worst = np.maximum(black_edges.reduce(np.maximum, new_wtm, -1), worst_capture)
            new_black = np.where(legal_b & has_move, worst, black)
            if np.array_equal(new_wtm, wtm) and np.array_equal(new_black, black):
                break
            wtm, black = new_wtm, new_black
        result = np.where(wtm >= INF, 0, wtm).astype(np.int64)
        self.solved[pieces] = result
        return result

    def _index(self, squares):
        """The flat index of placements given as arrays of cubes, the first slowest."""
        flat = np.zeros_like(squares[0])
        for s in squares:
            flat = flat * self.cubes + s
        return flat

    def _white_edges(self, grids, kinds, legal_w) -> "Edges":
        """White's moves: any man to any cube it reaches, not onto a man, the kings kept apart."""
        count = len(kinds) + 1
        white_edges = Edges(grids.shape[1])
        for i, kind in enumerate(kinds):
            for t in range(self.cubes):
                src = np.flatnonzero(legal_w & self.reach[kind][grids[i], t])
                men = grids[:, src]
                ok = np.ones(len(src), dtype=bool)
                for j in range(count):
                    ok &= men[j] != t
                    if kind in SLIDERS and j != i:
                        ok &= ~self.between[men[i], t, men[j]]
                men = men[:, ok]
                men[i] = t
                keep = ~self.reach["K"][men[0], men[-1]]
                white_edges.add(src[ok][keep], self._index(list(men[:, keep])))
        return white_edges

    def _black_edges(self, grids, kinds, legal_b):
        """Black's moves: the lone king to any cube it reaches and is not attacked on; taking an
        undefended man leads to the smaller material (worst capture kept per position). Returns
        the edges, the worst capture (-1: none; INF: a capture draws) and whether a move exists."""
        size = grids.shape[1]
        black_edges = Edges(size)
        worst_capture = np.full(size, -1)
        has_move = np.zeros(size, dtype=bool)
        for t in range(self.cubes):
            src = np.flatnonzero(legal_b & self.reach["K"][grids[-1], t] & (grids[0] != t))
            men = grids[:, src]
            taken = np.full(len(src), -1)
            for i in range(1, len(kinds)):
                taken = np.where(men[i] == t, i, taken)
            plain = taken < 0
            to = np.full(len(src), t)
            safe = np.zeros(len(src), dtype=bool)
            safe[plain] = ~self.attacked(list(men[:-1, plain]), kinds, to[plain])
            black_edges.add(src[plain & safe], self._index(list(men[:-1, plain & safe]) + [to[plain & safe]]))
            has_move[src[plain & safe]] = True
            for i in range(1, len(kinds)):
                sel = np.flatnonzero(taken == i)
                if not len(sel):
                    continue
                rest = [men[j, sel] for j in range(len(kinds)) if j != i]
                rest_kinds = tuple(k for j, k in enumerate(kinds) if j != i)
                ok = ~self.attacked(rest, rest_kinds, to[sel])
                sel, rest = sel[ok], [r[ok] for r in rest]
                sub_pieces = rest_kinds[1:]
                value = (self.solve(sub_pieces)[self._index(rest + [to[sel]])] if sub_pieces
                         else np.zeros(len(sel), dtype=np.int64))
                value = np.where(value == 0, INF, value)
                np.maximum.at(worst_capture, src[sel], value)
                has_move[src[sel]] = True
        return black_edges, worst_capture, has_move


INF = 10 ** 6


class Edges:
    """Moves as (source, destination) pairs, reduced per source over the destinations' values."""

    def __init__(self, size: int):
        self.size = size
        self.parts: list[tuple[np.ndarray, np.ndarray]] = []
        self._sorted = None

    def add(self, src, dst):
        self.parts.append((np.asarray(src, dtype=np.int64), np.asarray(dst, dtype=np.int64)))

    def reduce(self, ufunc, values, empty):
        if self._sorted is None:
            src = np.concatenate([s for s, _ in self.parts] or [np.zeros(0, np.int64)])
            dst = np.concatenate([d for _, d in self.parts] or [np.zeros(0, np.int64)])
            order = np.argsort(src, kind="stable")
            src, dst = src[order], dst[order]
            sources, starts = np.unique(src, return_index=True)
            self._sorted = (sources, starts, dst)
        sources, starts, dst = self._sorted
        out = np.full(self.size, empty, dtype=np.int64)
        if len(dst):
            out[sources] = ufunc.reduceat(values[dst], starts)
        return out
