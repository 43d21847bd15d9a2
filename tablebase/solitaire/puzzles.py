"""Solitaire puzzles: the seed's six, and generated ones by difficulty.

A generated puzzle is built backwards from one piece, so it is always solvable: a capture is undone
by moving the capturer back to an empty square from which it attacks its square, and putting a new
piece where it stood. Difficulty is the board size, the number of pieces and a cap on the number of
solutions (fewer solutions is harder), checked with the solver.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..errors import ChessInputError
from .board import KINDS, SolitaireBoard
from .captures import encode, move_tables, targets
from .solver import Solver

SEED_PUZZLES = (
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
_ATTEMPTS = 40


class UnknownDifficultyError(ChessInputError):
    code = "bad_difficulty"


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
    """A puzzle of that difficulty: its board, size, number of pieces and of solutions."""
    if difficulty not in DIFFICULTIES:
        raise UnknownDifficultyError(
            f"unknown difficulty {difficulty!r}: use one of {', '.join(DIFFICULTIES)}")
    level = DIFFICULTIES[difficulty]
    rng = random.Random(seed)
    best = None
    for _ in range(_ATTEMPTS):
        board = backward_board(level.n, rng.randint(level.min_pieces, level.max_pieces), rng)
        if board is None:
            continue
        count = Solver(level.n).count(*encode(board))
        if best is None or count < best[1]:
            best = (board, count)
        if level.max_solutions is None or count <= level.max_solutions:
            break
    board, count = best
    return {"board": board.to_string(), "n": board.n, "pieces": board.piece_count,
            "solutions": count, "difficulty": difficulty}
