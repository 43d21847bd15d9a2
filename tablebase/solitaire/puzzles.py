"""Solitaire puzzles: the six classic ones (``CLASSIC_PUZZLES``), and generated ones by difficulty.

A generated puzzle is built backwards from one piece, so it is always solvable: a capture is undone
by moving the capturer back to an empty square from which it attacks its square, and putting a new
piece where it stood. Difficulty is the board size, the number of pieces and a cap on the number of
solutions (fewer solutions is harder), checked with the solver. Few boards built so are under the
caps of ``hard`` and ``expert``, so a board over its cap is changed at random (a piece's kind, or a
piece moved to an empty square), each change kept while the board stays solvable with no more
solutions. That can take seconds: the server takes those difficulties from a pool made ahead of
time (``pool``).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..core.message import N_, msg
from ..errors import ChessInputError, TooMuchWorkError, quoted
from .board import KINDS, SolitaireBoard
from .captures import encode, move_tables, targets
from .solver import Solver, SolverLimitError

CLASSIC_PUZZLES = (
    "...N.....R....B.",
    ".....B..RP.....N",
    ".NR.B...N..B..P.",
    "...N...RRBB.NPP.",
    "P....R..R.R..R..",
    ".P.NK.....B...RQ",
)


@dataclass(frozen=True)
class Difficulty:
    n: int
    min_pieces: int
    max_pieces: int
    max_solutions: int | None


DIFFICULTIES = {
    "easy": Difficulty(4, 3, 4, None),
    "medium": Difficulty(4, 5, 6, 40),
    "hard": Difficulty(4, 7, 8, 10),
    "expert": Difficulty(5, 8, 9, 3),
}
_ATTEMPTS = 40  # boards built backwards
_COUNTS = 400  # boards counted in all, the changed ones included: the most one puzzle costs


class UnknownDifficultyError(ChessInputError):
    code = "bad_difficulty"


class PuzzleError(TooMuchWorkError):
    """No puzzle found: every board tried was past the solver's budget (never seen)."""


def backward_board(n: int, pieces: int, rng: random.Random) -> SolitaireBoard | None:
    """A solvable board of ``pieces`` pieces, or None if the random walk got stuck."""
    cells: list = [None] * (n * n)
    cells[rng.randrange(n * n)] = rng.choice(KINDS)
    while sum(1 for c in cells if c) < pieces:
        occupied = [s for s, c in enumerate(cells) if c]
        occ = sum(1 << s for s in occupied)
        tables = move_tables(n)
        undo = [(s, t) for t in occupied for s in range(n * n)
                if cells[s] is None and targets(tables, occ | 1 << s, KINDS.index(cells[t]) + 1, s) >> t & 1]
        if not undo:
            return None
        s, t = rng.choice(undo)
        cells[s], cells[t] = cells[t], rng.choice(KINDS)
    return SolitaireBoard(n, tuple(cells))


def generate(difficulty: str, seed: int | None = None) -> dict:
    """A puzzle of that difficulty: its board, size, number of pieces and of solutions. Under its
    cap of solutions unless ``_COUNTS`` boards were counted first (then the fewest found)."""
    level = level_of(difficulty)
    rng = random.Random(seed)
    best, counts = None, [_COUNTS]
    for _ in range(_ATTEMPTS):
        board = backward_board(level.n, rng.randint(level.min_pieces, level.max_pieces), rng)
        if board is None:
            continue
        found = _fewer_solutions(board, level, rng, counts)
        if found is None:
            continue
        if best is None or found[1] < best[1]:
            best = found
        if level.max_solutions is None or best[1] <= level.max_solutions or counts[0] <= 0:
            break
    if best is None:
        raise PuzzleError(msg(N_("no %(difficulty)s puzzle found from seed %(seed)s"), difficulty=difficulty,
                              seed=seed))
    board, count = best
    return {"board": board.to_string(), "n": board.n, "pieces": board.piece_count,
            "solutions": count, "difficulty": difficulty}


def level_of(difficulty: str) -> Difficulty:
    if difficulty not in DIFFICULTIES:
        raise UnknownDifficultyError(msg(N_("unknown difficulty %(given)s: use one of %(names)s"),
                                         given=quoted(difficulty), names=", ".join(DIFFICULTIES)))
    return DIFFICULTIES[difficulty]


def _fewer_solutions(board: SolitaireBoard, level: Difficulty, rng: random.Random, counts: list):
    """(board, its number of solutions), changed until under the cap or out of ``counts``; None
    if the board is past the solver's budget (the server could not count it either)."""
    cells = list(board.cells)
    count = _count(level.n, cells, counts)
    if count is None:
        return None
    while level.max_solutions is not None and count > level.max_solutions and counts[0] > 0:
        trial = list(cells)
        pieces = [s for s, kind in enumerate(cells) if kind]
        s = rng.choice(pieces)
        if rng.random() < 0.5:
            trial[s] = rng.choice([kind for kind in KINDS if kind != cells[s]])
        else:
            empty = rng.choice([e for e, kind in enumerate(cells) if not kind])
            trial[empty], trial[s] = cells[s], None
        found = _count(level.n, trial, counts)
        if found is not None and 0 < found <= count:
            cells, count = trial, found
    return SolitaireBoard(level.n, tuple(cells)), count


def _count(n: int, cells: list, counts: list) -> int | None:
    counts[0] -= 1
    try:
        return Solver(n).count(*encode(SolitaireBoard(n, tuple(cells))))
    except SolverLimitError:
        return None
