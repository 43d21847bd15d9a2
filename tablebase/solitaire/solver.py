"""Solving solitaire chess: exact solution counts without enumerating them, solutions up to a limit,
one solution fast, and hints.

A position is an int with 3 bits per square (0 empty, 1..6 = K Q R B N P), plus its occupancy
bitmask. ``count(position)`` = number of capture sequences from it that end with one piece, the sum
over its captures of the count after each. Boards up to 4x4 with ``FAST_FROM`` pieces or more are
counted level by level with NumPy (``solitaire_count``, about 20 times faster per position);
others by a memoized depth-first search, so a board with hundreds of millions of solutions costs
only its number of reachable positions. Solutions and hints come from a depth-first search that
remembers dead ends. Captures come from the one capture rule in ``captures``.

All the work of one request (counting, listing, a hint) comes out of one ``Budget`` of counted
steps, so that every answer or refusal costs at most about 0.2 s of CPU; a board whose captures
alone show that counting it would need more (``least_count_steps``) is refused before any search.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core.message import N_, msg
from ..errors import ChessInputError, TooMuchWorkError, quoted
from . import count as solitaire_count
from .board import SolitaireBoard
from .captures import Capture, capture_count, captures, disjoint_captures, encode, move_tables

FAST_FROM = 8  # fewer pieces: the depth-first count is quicker than NumPy's fixed costs
# What the other kinds of work cost in steps (each about half a microsecond of CPU on the bench
# machine: bench/bench_solitaire_budget.py).
LEVEL_CAPTURES_PER_STEP = 10  # the level counter's captures (``count.LEVEL_COST`` per level included)
MOVE_STEPS = 2  # a move of a listed solution, as the answer writes it out


@dataclass(frozen=True)
class Budget:
    """The work one request's solver may do, counted in steps rather than seconds, so that a board
    is always answered or always refused, however busy the machine. ``bench/bench_solitaire_budget.py``
    measures the worst request within it (target: 0.25 s of CPU).

    ``steps``: all the request's work together. A step is a piece looked at or a capture followed
    by the depth-first searches (counting, listing solutions, a hint), ``MOVE_STEPS`` per move of
    a listed solution, and one per ``LEVEL_CAPTURES_PER_STEP`` captures of the level counter; at
    most one remembered position (about 150 bytes) per step. ``level_captures``: the level
    counter's captures out of one level (its peak memory, about 45 bytes each)."""

    steps: int = 400_000
    level_captures: int = 2_500_000


BUDGET = Budget()


class SolverLimitError(TooMuchWorkError):
    code = "too_hard"


class TooFewPiecesError(ChessInputError):
    code = "too_few_pieces"


_OVER_BUDGET = {  # the solver past its budget, while counting, finding one solution or listing some
    "count": N_("this %(pieces)s-piece %(n)sx%(n)s board is too big to solve here: counting its solutions needs more "
                "than %(steps)s steps (pieces looked at, captures followed, moves listed; the limit that keeps every "
                "answer quick); use fewer pieces or a smaller board"),
    "find": N_("this %(pieces)s-piece %(n)sx%(n)s board is too big to solve here: finding a solution needs more than "
               "%(steps)s steps (pieces looked at, captures followed, moves listed; the limit that keeps every answer "
               "quick); use fewer pieces or a smaller board"),
    "list": N_("this %(pieces)s-piece %(n)sx%(n)s board is too big to solve here: listing %(limit)s of its solutions "
               "needs more than %(steps)s steps (pieces looked at, captures followed, moves listed; the limit that "
               "keeps every answer quick); ask for fewer solutions (limit), or use fewer pieces or a smaller board"),
}


class Solver:
    """One board size's solver, with one budget for all its work; its memo of counts is kept
    across calls on the same instance."""

    def __init__(self, n: int, budget: Budget | None = None):
        self.n = n
        self.tables = move_tables(n)
        self.budget = budget or BUDGET
        self.steps = 0  # steps spent so far, of all kinds
        self.memo: dict[int, int] = {}

    def captures(self, occ: int, packed: int) -> list[Capture]:
        """(from, to, next occupancy, next packed) for each capture, by from then to square."""
        return list(captures(self.tables, occ, packed))

    def levels_first(self, occ: int) -> bool:
        return self.n <= solitaire_count.MAX_COUNTED_SIDE and occ.bit_count() >= FAST_FROM

    def least_count_steps(self, occ: int, packed: int) -> int:
        """A lower bound on the steps ``count`` spends. Of the m ``disjoint_captures``, each of
        the 2**m - 1 subsets played leads to its own position of at least p - m pieces: the
        level counter makes a capture to reach each; the depth-first count follows one, and looks
        at each piece of it (or, at two pieces, counts its captures for 2 steps)."""
        m = disjoint_captures(self.tables, occ, packed)
        if self.levels_first(occ):
            return -(-((1 << m) - 1) // LEVEL_CAPTURES_PER_STEP)
        return ((1 << m) - 1) * (occ.bit_count() - m + 1)

    def count(self, occ: int, packed: int) -> int:
        """The exact number of solutions from a position (1 when one piece is left)."""
        if self.levels_first(occ):
            return self.count_levels(packed)
        return self.count_memo(occ, packed)

    def count_levels(self, packed: int) -> int:
        budget = self.budget
        room = (budget.steps - self.steps) * LEVEL_CAPTURES_PER_STEP
        stats: list = []
        try:
            total = solitaire_count.count_solutions(self.n, packed, budget.level_captures, room, stats)
        except solitaire_count.CountLimitError as error:
            pieces = sum(1 for s in range(self.n * self.n) if packed >> 3 * s & 7)
            raise SolverLimitError(msg(
                N_("this %(pieces)s-piece %(n)sx%(n)s board is too big to solve here: counting its solutions needs "
                   "%(needs)s (%(steps)s steps of %(captures)s captures, the limit that keeps every answer quick); use "
                   "fewer pieces"), pieces=pieces, n=self.n, needs=error.says, steps=budget.steps,
                captures=LEVEL_CAPTURES_PER_STEP)) from None
        self.steps += -(-solitaire_count.work(stats) // LEVEL_CAPTURES_PER_STEP)
        return total

    def count_memo(self, occ: int, packed: int) -> int:
        """``count`` by memoized depth-first search; the memo is kept across calls."""
        memo, tables, limit = self.memo, self.tables, self.budget.steps
        steps, pieces = self.steps, occ.bit_count()

        def rec(occ: int, packed: int) -> int:
            nonlocal steps
            found = memo.get(packed)
            if found is not None:
                return found
            others = occ & (occ - 1)
            if not others & (others - 1):  # two pieces: each capture ends the game
                total = capture_count(tables, occ, packed)
                steps += 2
            else:
                total = 0
                steps += occ.bit_count()
                for _, _, next_occ, next_packed in captures(tables, occ, packed):
                    steps += 1
                    total += rec(next_occ, next_packed)
            if steps > limit:
                self.memo.clear()
                raise self._over_budget(pieces, "count")
            memo[packed] = total
            return total

        if not occ & (occ - 1):
            return 1
        try:
            return rec(occ, packed)
        finally:
            self.steps = steps

    def _over_budget(self, pieces: int, doing: str, limit: int = 1) -> SolverLimitError:
        """Past the budget while ``doing`` "count" (the solutions), "find" (one) or "list" (``limit`` of them)."""
        return SolverLimitError(msg(_OVER_BUDGET[doing], pieces=pieces, n=self.n, steps=self.budget.steps, limit=limit))

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
        tables, memo, budget = self.tables, self.memo, self.budget.steps
        steps, pieces = self.steps, occ.bit_count()
        doing = "find" if limit == 1 else "list"

        def walk(occ: int, packed: int) -> bool:
            """Whether a solution was found from here (the search stops at ``limit``)."""
            nonlocal steps
            if not occ & (occ - 1):
                steps += MOVE_STEPS * len(path)
                if steps > budget:
                    raise self._over_budget(pieces, doing, limit)
                found.append(list(path))
                return True
            if packed in dead or memo.get(packed) == 0:
                return False
            alive = False
            steps += occ.bit_count()
            for s, t, next_occ, next_packed in captures(tables, occ, packed):
                steps += 1
                if steps > budget:
                    raise self._over_budget(pieces, doing, limit)
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
            "solutions": self.solutions,  # tuples: JSON writes them as arrays, without copies
        }


def require_pieces(board: SolitaireBoard) -> None:
    if board.piece_count < 2:
        raise TooFewPiecesError(msg(N_("a puzzle needs at least two pieces; %(size)s on %(given)s"),
                                    size=board.piece_count, given=repr(board.to_string())))


def solve(board: SolitaireBoard, limit: int = 100) -> Solution:
    """Whether the board is solvable, its exact number of solutions, and up to ``limit`` of them."""
    require_pieces(board)
    solver = Solver(board.n)
    occ, packed = encode(board)
    least = solver.least_count_steps(occ, packed)
    if least > solver.budget.steps:
        raise SolverLimitError(msg(
            N_("the %(pieces)s-piece %(n)sx%(n)s board %(given)s is too big to solve here: %(free)s of its captures "
               "can be played in any order, so counting its solutions needs at least %(least)s steps, past the limit "
               "of %(steps)s that keeps every answer quick; use fewer pieces or a smaller board"),
            pieces=board.piece_count, n=board.n, given=quoted(board.to_string()),
            free=disjoint_captures(solver.tables, occ, packed), least=least, steps=solver.budget.steps))
    total = solver.count(occ, packed)
    moves = solver.solutions(occ, packed, limit) if total else []
    xy = [board.xy(s) for s in range(board.n * board.n)]
    return Solution(total > 0, total, tuple(tuple((xy[s], xy[t]) for s, t in m) for m in moves))


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
