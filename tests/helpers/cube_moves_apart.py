"""Legal moves on the n*n*n board written apart from the rules core and the engine, for tests: a
piece read from its atoms again (``atom_bruteforce.vectors``), a cube ``x + y*n + z*n*n``, a board
a dict of cube -> letter (upper case White), and a move legal when, after it, no enemy man reaches
the mover's king (a king is never taken). Also a plain forced-mate checker over these moves."""

from __future__ import annotations

from .atom_bruteforce import vectors

STANDARD = {"K": "001,011,111", "Q": "001*,011*,111*", "R": "001*", "B": "111*", "N": "012"}


class Moves:
    def __init__(self, n: int, custom: dict[str, str] | None = None):
        self.n = n
        self.pieces = {letter: vectors(text) for letter, text in {**STANDARD, **(custom or {})}.items()}

    def _xyz(self, cube: int):
        n = self.n
        return cube % n, cube // n % n, cube // (n * n)

    def _cube(self, xyz):
        n = self.n
        return xyz[0] + xyz[1] * n + xyz[2] * n * n if all(0 <= c < n for c in xyz) else None

    def reach(self, board: dict, cube: int) -> list[int]:
        """Every cube the man on ``cube`` attacks (its own men's cubes included)."""
        rides, leaps = self.pieces[board[cube].upper()]
        here = self._xyz(cube)
        found = [t for t in (self._cube(tuple(a + b for a, b in zip(here, v))) for v in leaps) if t is not None]
        for v in rides:
            at = here
            while True:
                at = tuple(a + b for a, b in zip(at, v))
                target = self._cube(at)
                if target is None:
                    break
                found.append(target)
                if target in board:
                    break
        return found

    def attacked(self, board: dict, cube: int, by_white: bool) -> bool:
        return any(letter.isupper() == by_white and cube in self.reach(board, s) for s, letter in board.items())

    def legal(self, board: dict, white: bool) -> set[tuple[int, int]]:
        found = set()
        for start, letter in board.items():
            if letter.isupper() != white:
                continue
            for end in set(self.reach(board, start)):
                there = board.get(end)
                if there is not None and (there.isupper() == white or there.upper() == "K"):
                    continue
                after = played(board, (start, end))
                kings = [s for s, p in after.items() if p == ("K" if white else "k")]
                if not kings or not self.attacked(after, kings[0], not white):
                    found.add((start, end))
        return found

    def in_check(self, board: dict, white: bool) -> bool:
        kings = [s for s, p in board.items() if p == ("K" if white else "k")]
        return bool(kings) and self.attacked(board, kings[0], not white)

    def mated(self, board: dict, white: bool) -> bool:
        return self.in_check(board, white) and not self.legal(board, white)

    def mates_in_one(self, board: dict, white: bool) -> bool:
        return any(self.mated(played(board, m), not white) for m in self.legal(board, white))

    def forces_mate(self, board: dict, white: bool, move, moves: int) -> bool:
        """Whether ``move`` mates at once or, for ``moves`` = 2, every reply to it is met by a mate."""
        after = played(board, move)
        if self.mated(after, not white):
            return True
        replies = self.legal(after, not white)
        return moves == 2 and bool(replies) and all(self.mates_in_one(played(after, r), white) for r in replies)

    def mate_in_two_exists(self, board: dict, white: bool) -> bool:
        return any(self.forces_mate(board, white, m, 2) for m in self.legal(board, white))


def played(board: dict, move) -> dict:
    start, end = move
    after = dict(board)
    after[end] = after.pop(start)
    return after


def from_cells(cells) -> dict:
    """The rules core's cells (Piece or None) as a board of letters."""
    return {s: p.symbol() for s, p in enumerate(cells) if p is not None}
