"""Puzzles of the difficulties too costly to make on request, made ahead of time.

Making a ``hard`` or ``expert`` puzzle under its cap of solutions costs up to seconds of CPU
(``puzzles.generate``), too much for a request; ``puzzle`` takes them from ``pool_data.POOL``
instead, and makes the others (under 0.02 s) as it is asked. The pool is deterministic: it holds,
in order, the generator's puzzles from seeds 0, 1, 2, ... that are under their cap, each board
once. ``?seed=`` picks from the pool (seed modulo its size), so one seed always gives the same
puzzle.

Remake it with ``python -m tablebase.solitaire.pool [puzzles per difficulty]`` (about a minute of
CPU for the default 200); ``tests/solitaire/test_solitaire_pool.py`` re-solves each.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

from .board import SolitaireBoard
from .puzzles import DIFFICULTIES, generate, level_of

POOLED = ("hard", "expert")
PER_DIFFICULTY = 200
_PER_LINE = 3
DATA = Path(__file__).with_name("pool_data.py")


def entries(difficulty: str) -> tuple[tuple[str, int], ...]:
    """The pooled puzzles of a difficulty as (board, number of solutions)."""
    from .pool_data import POOL

    words = " ".join(POOL[difficulty]).split()
    return tuple((board, int(count)) for board, count in zip(words[::2], words[1::2]))


def puzzle(difficulty: str, seed: int | None = None) -> dict:
    """A puzzle for the server: from the pool for the pooled difficulties, otherwise made now."""
    level_of(difficulty)
    if difficulty not in POOLED:
        return generate(difficulty, seed)
    pooled = entries(difficulty)
    text, count = pooled[random.randrange(len(pooled)) if seed is None else seed % len(pooled)]
    board = SolitaireBoard.parse(text)
    return {"board": text, "n": board.n, "pieces": board.piece_count, "solutions": count,
            "difficulty": difficulty}


def make(difficulty: str, size: int) -> list[tuple[str, int]]:
    """``size`` puzzles under the difficulty's cap, from seeds 0, 1, ... in turn."""
    cap = DIFFICULTIES[difficulty].max_solutions
    found: dict[str, int] = {}
    seed = 0
    while len(found) < size:
        made = generate(difficulty, seed)
        if made["solutions"] <= cap:
            found.setdefault(made["board"], made["solutions"])
        seed += 1
    return list(found.items())


def write(per_difficulty: int = PER_DIFFICULTY, path: Path = DATA) -> None:
    lines = ['"""Solitaire puzzles made ahead of time by ``python -m tablebase.solitaire.pool`` (do not edit):',
             'per difficulty, "board solutions" pairs, three to a line (read by ``pool.entries``)."""',
             "", "POOL = {"]
    for difficulty in POOLED:
        made = make(difficulty, per_difficulty)
        lines.append(f'    "{difficulty}": (')
        for i in range(0, len(made), _PER_LINE):
            lines.append('        "' + "  ".join(f"{b} {c}" for b, c in made[i:i + _PER_LINE]) + '",')
        lines.append("    ),")
        print(f"{difficulty}: {len(made)} puzzles", file=sys.stderr, flush=True)
    lines.append("}")
    path.write_text("\n".join(lines) + "\n")


if __name__ == "__main__":
    write(*(int(a) for a in sys.argv[1:2]))
