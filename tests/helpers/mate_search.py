"""A mate search from one position (king and men against a lone king on the n*n*n cube), on the
moves of ``atom_bruteforce`` (written apart from the engine and the rules core): whether White mates
within so many moves. For positions the whole-table brute force is too big for (three men), on short
mates. A position is ``(king, men, lone)``: cube indices ``x + y*n + z*n*n``, ``men`` a tuple of
``(atoms, cube)``."""

from __future__ import annotations

from functools import lru_cache

from .atom_bruteforce import Cube, Man


class MateSearch:
    def __init__(self, n: int):
        self.cube = Cube(n)
        self.near = [set(k) | {s} for s, k in enumerate(self.cube.king)]
        self._men: dict[str, Man] = {}
        self.white_mates_within = lru_cache(maxsize=None)(self._white_mates_within)
        self.black_lost_within = lru_cache(maxsize=None)(self._black_lost_within)

    def index(self, coords) -> int:
        return self.cube.index[tuple(coords)]

    def man(self, atoms: str) -> Man:
        if atoms not in self._men:
            self._men[atoms] = Man(self.cube, atoms)
        return self._men[atoms]

    def attacked(self, target: int, king: int, men, occupied) -> bool:
        return target in self.cube.king[king] or any(
            target in self.man(atoms).targets(square, occupied) for atoms, square in men)

    def in_check(self, king: int, men, lone: int) -> bool:
        return self.attacked(lone, king, men, {king, *(s for _, s in men)})

    def white_moves(self, king: int, men, lone: int):
        occupied = {king, lone, *(s for _, s in men)}
        for t in self.cube.king[king]:
            if t not in occupied and t not in self.near[lone]:
                yield t, men, lone
        for i, (atoms, square) in enumerate(men):
            for t in self.man(atoms).targets(square, occupied):
                if t not in occupied:
                    yield king, men[:i] + ((atoms, t),) + men[i + 1:], lone

    def black_moves(self, king: int, men, lone: int):
        for t in self.cube.king[lone]:
            if t in self.near[king]:
                continue
            rest = tuple(m for m in men if m[1] != t)  # a capture takes the man off
            if not self.attacked(t, king, rest, {king, *(s for _, s in rest)}):
                yield king, rest, t

    def _white_mates_within(self, king: int, men, lone: int, moves: int) -> bool:
        if moves <= 0 or not men:
            return False
        return any(self.black_lost_within(*after, moves - 1) for after in self.white_moves(king, men, lone))

    def _black_lost_within(self, king: int, men, lone: int, moves: int) -> bool:
        """Black to move: mated now, or every reply leaves White a mate within ``moves``."""
        replies = list(self.black_moves(king, men, lone))
        if not replies:
            return self.in_check(king, men, lone)
        return moves > 0 and all(self.white_mates_within(*after, moves) for after in replies)

    def white_mate_length(self, king: int, men, lone: int, most: int) -> int | None:
        """The fewest moves White mates in, if at most ``most``."""
        return next((m for m in range(1, most + 1) if self.white_mates_within(king, men, lone, m)), None)
