"""Solving solitaire chess: exact solution counts without enumerating them, solutions up to a limit,
one solution fast, and hints.

A position is an int with 3 bits per square (0 empty, 1..6 = K Q R B N P), plus its occupancy
bitmask. ``count(position)`` = number of capture sequences from it that end with one piece, the sum
over its captures of the count after each. Boards up to 4x4 with ``FAST_FROM`` pieces or more are
counted level by level with NumPy (``solitaire_count``, about 20 times faster per position);
others by a memoized depth-first search, so a board with hundreds of millions of solutions costs
only its number of reachable positions. Solutions and hints come from a depth-first search that
remembers dead ends. Captures come from the one capture rule in ``captures``.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import ChessInputError, TooMuchWorkError
from . import count as solitaire_count
from .board import SolitaireBoard
from .captures import Capture, capture_count, captures, encode, move_tables

FAST_FROM = 8  # fewer pieces: the depth-first count is quicker than NumPy's fixed costs


@dataclass(frozen=True)
class Budget:
    """The work one solver may do, counted in steps rather than seconds, so that a board is always
    answered or always refused, however busy the machine. ``bench/bench_solitaire_budget.py``
    measures the worst request within it (target: under 2 s and 300 MB).

    ``search_steps``: captures followed by the depth-first searches (counting, listing solutions,
    a hint), all of one request together: about a microsecond each, and at most one remembered
    position (about 150 bytes) each. ``level_captures``, ``total_captures``: the level counter's
    captures out of one level and over all levels (see ``count``)."""

    search_steps: int = 400_000
    level_captures: int = solitaire_count.LEVEL_CAPTURES
    total_captures: int = solitaire_count.TOTAL_CAPTURES


BUDGET = Budget()


class SolverLimitError(TooMuchWorkError):
    code = "too_hard"


class TooFewPiecesError(ChessInputError):
    code = "too_few_pieces"


class Solver:
    """One board size's solver, with one budget for all its work; its memo of counts is kept
    across calls on the same instance."""

    def __init__(self, n: int, budget: Budget | None = None):
        self.n = n
        self.tables = move_tables(n)
        self.budget = budget or BUDGET
        self.steps = 0  # search steps spent so far
        self.memo: dict[int, int] = {}

    def captures(self, occ: int, packed: int) -> list[Capture]:
        """(from, to, next occupancy, next packed) for each capture, by from then to square."""
        return list(captures(self.tables, occ, packed))

    def count(self, occ: int, packed: int) -> int:
        """The exact number of solutions from a position (1 when one piece is left)."""
        if self.n <= solitaire_count.MAX_N and occ.bit_count() >= FAST_FROM:
            return self.count_levels(packed)
        return self.count_memo(occ, packed)

    def count_levels(self, packed: int) -> int:
        budget = self.budget
        try:
            return solitaire_count.count_solutions(self.n, packed, budget.level_captures, budget.total_captures)
        except solitaire_count.CountLimitError as error:
            pieces = sum(1 for s in range(self.n * self.n) if packed >> 3 * s & 7)
            raise SolverLimitError(
                f"this {pieces}-piece {self.n}x{self.n} board is too big to solve here: counting its "
                f"solutions needs {error} (the limit that keeps every answer quick); use fewer "
                f"pieces") from None

    def count_memo(self, occ: int, packed: int) -> int:
        """``count`` by memoized depth-first search; the memo is kept across calls."""
        memo, tables, limit = self.memo, self.tables, self.budget.search_steps
        steps, pieces = self.steps, occ.bit_count()

        def rec(occ: int, packed: int) -> int:
            nonlocal steps
            found = memo.get(packed)
            if found is not None:
                return found
            others = occ & (occ - 1)
            if not others & (others - 1):  # two pieces: each capture ends the game
                total = capture_count(tables, occ, packed)
                steps += 1
            else:
                total = 0
                for _, _, next_occ, next_packed in captures(tables, occ, packed):
                    steps += 1
                    total += rec(next_occ, next_packed)
            if steps > limit:
                self.memo.clear()
                raise self._over_budget(pieces, "counting its solutions")
            memo[packed] = total
            return total

        if not occ & (occ - 1):
            return 1
        try:
            return rec(occ, packed)
        finally:
            self.steps = steps

    def _over_budget(self, pieces: int, doing: str) -> SolverLimitError:
        return SolverLimitError(
            f"this {pieces}-piece {self.n}x{self.n} board is too big to solve here: {doing} needs more than "
            f"{self.budget.search_steps} search steps (captures followed; the limit that keeps "
            f"every answer quick); use fewer pieces or a smaller board")

    def solutions(self, occ: int, packed: int, limit: int) -> list[list[tuple[int, int]]]:
        """Up to ``limit`` solutions as lists of (from, to) squares, in capture order, by a
        depth-first search that remembers the positions with no solution."""
        found: list = []
        if limit > 0:
            self._search(occ, packed, found, limit)
        return found

    def first_solution(self, occ: int, packed: int) -> list[tuple[int, int]] | None:
        """One solution, without counting."""
        found: list = []
        self._search(occ, packed, found, 1)
        return found[0] if found else None

    def _search(self, occ: int, packed: int, found: list, limit: int) -> None:
        dead: set[int] = set()
        path: list = []
        tables, memo, budget = self.tables, self.memo, self.budget.search_steps
        steps, pieces = self.steps, occ.bit_count()

        def walk(occ: int, packed: int) -> bool:
            """Whether a solution was found from here (the search stops at ``limit``)."""
            nonlocal steps
            if not occ & (occ - 1):
                found.append(list(path))
                return True
            if packed in dead or memo.get(packed) == 0:
                return False
            alive = False
            for s, t, next_occ, next_packed in captures(tables, occ, packed):
                steps += 1
                if steps > budget:
                    raise self._over_budget(pieces, "finding its solutions")
                path.append((s, t))
                alive = walk(next_occ, next_packed) or alive
                path.pop()
                if len(found) >= limit:
                    return True
            if not alive:
                dead.add(packed)
            return alive

        try:
            walk(occ, packed)
        finally:
            self.steps = steps


@dataclass(frozen=True)
class Solution:
    solvable: bool
    count: int
    solutions: tuple  # each a tuple of ((x1, y1), (x2, y2))

    def to_json(self) -> dict:
        return {
            "solvable": self.solvable,
            "count": self.count,
            "solutions": [[[list(a), list(b)] for a, b in moves] for moves in self.solutions],
        }


def require_pieces(board: SolitaireBoard) -> None:
    if board.piece_count < 2:
        raise TooFewPiecesError(
            f"a puzzle needs at least two pieces; {board.piece_count} on {board.to_string()!r}")


def solve(board: SolitaireBoard, limit: int = 100) -> Solution:
    """Whether the board is solvable, its exact number of solutions, and up to ``limit`` of them."""
    require_pieces(board)
    solver = Solver(board.n)
    occ, packed = encode(board)
    total = solver.count(occ, packed)
    moves = solver.solutions(occ, packed, limit) if total else []
    xy = board.xy
    return Solution(total > 0, total, tuple(tuple((xy(s), xy(t)) for s, t in m) for m in moves))


def hint(board: SolitaireBoard):
    """A capture that still leads to a solution, as ``((x1, y1), (x2, y2))``, or None."""
    if board.piece_count < 2:
        return None
    moves = Solver(board.n).first_solution(*encode(board))
    if not moves:
        return None
    s, t = moves[0]
    return board.xy(s), board.xy(t)


def first_solution(board: SolitaireBoard):
    """One solution as a tuple of ``((x1, y1), (x2, y2))``, or None when there is none."""
    require_pieces(board)
    moves = Solver(board.n).first_solution(*encode(board))
    return None if moves is None else tuple((board.xy(s), board.xy(t)) for s, t in moves)
