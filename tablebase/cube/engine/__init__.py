"""The 3D lab's computer opponent: the move it plays for the side to move in any position the lab
holds (2 ≤ n ≤ 10, men of either colour, standard and custom pieces alike through the rules core).

    computer_move(position, turn, level, tables=None) -> {"move", "notation", "score", "depth", "nodes", "source"}

Where a table file holds the position's material (``tables``, a lookup raising ``NoTable`` where
the server has none: ``table.py``) the answer is exact; otherwise ``search.py`` searches it for
the level's time (``LEVELS``), from level ``MATE_SEARCH_FROM`` up after ``mate.py`` has looked for
a mate in one or two. Pure: no Flask, no table is ever built here.

>>> from tablebase.core.cube_notation import CubePosition
>>> answer = computer_move(CubePosition.parse("[###,#K#,###],[###,###,###],[k##,###,#Q#]"), "w", 3)
>>> answer["notation"], answer["score"], answer["source"]
('Qb1(I)-a2(II)#', {'mate': 1}, 'search')
"""

from __future__ import annotations

import time

from ...core.cube_notation import CubePosition
from ...core.message import Joined, N_, msg
from ...errors import IllegalPositionError
from ..lab import game_problem_messages
from ..record import move_text
from .board import Move, SearchBoard
from .mate import forced_mate
from .search import MATE, OutOfTime, Result, Search, mate_plies
from .table import NoTable, table_answer

LEVELS = {1: 0.1, 2: 0.5, 3: 2.0, 4: 5.0}  # seconds each level searches at most
MATE_SEARCH_FROM = 3  # levels from which no mate in two is missed
MATE_SEARCH_SHARE = 0.6  # of the level's time, the most the mate search takes
NEW_DEPTH_SHARE = 0.4  # past this share of the time, no new depth starts (it would not finish)

__all__ = ["LEVELS", "NoTable", "computer_move"]


def computer_move(position: CubePosition, turn: str, level: int = 2, tables=None,
                  started: float | None = None) -> dict:
    """The computer's move for ``turn`` at ``level`` (1 to 4), within the level's seconds counted
    from ``started`` (``time.monotonic()``, now by default)."""
    started = time.monotonic() if started is None else started
    problems = game_problem_messages(position, turn)
    if problems:
        raise IllegalPositionError(msg(N_("no game can start from this position: %(problems)s"),
                                       problems=Joined(tuple(problems), "; ")))
    seconds = LEVELS[level]
    board = SearchBoard(position, turn)
    moves = board.legal_moves()
    if not moves:
        mated = board.in_check()
        return {"move": None, "outcome": "checkmate" if mated else "stalemate",
                "score": {"mate": 0} if mated else {"cp": 0}, "depth": 0, "nodes": 0, "source": "search"}
    exact = table_answer(tables, position, turn)
    if exact is not None:
        return {**exact, "depth": 0, "nodes": 0, "source": "table"}
    search = Search(board, started + seconds)
    found = _forced_mate(board, search, started + seconds * MATE_SEARCH_SHARE) if level >= MATE_SEARCH_FROM else None
    if found is None:
        search.deadline = started + seconds
        found = search.run(moves, finish=started + seconds * NEW_DEPTH_SHARE)
    return _answer(board, found)


def _forced_mate(board: SearchBoard, search: Search, deadline: float) -> Result | None:
    """The mate in one or two, if the mate search finds one before ``deadline``."""
    search.deadline = deadline
    try:
        found = forced_mate(board, search.tick)
    except OutOfTime:
        return None
    if found is None:
        return None
    move, plies = found
    return Result(move, MATE - plies, plies, search.nodes)


def _answer(board: SearchBoard, found: Result) -> dict:
    move: Move = found.move
    coords = board.rules.geometry.coords
    piece = board.cells[move[0]]
    capture = board.cells[move[1]] is not None
    taken = board.make(move)
    check = board.in_check()
    mate = check and not board.has_legal_move()
    board.unmake(move, taken)
    plies = mate_plies(found.score)
    score = {"cp": found.score} if plies is None else {"mate": (plies + 1) // 2 if plies > 0 else -(-plies // 2)}
    return {"move": {"from": list(coords(move[0])), "to": list(coords(move[1]))},
            "notation": move_text(board.n, piece.kind, coords(move[0]), coords(move[1]), capture=capture, check=check,
                                  mate=mate),
            "score": score, "depth": found.depth, "nodes": found.nodes, "source": "search"}
