"""Solitaire chess: the puzzle page and its API.

A board is sent as ``"board"`` in any of its three forms (with ``"n"`` for the coordinate
form when the board is not 4x4). Every request answers or refuses within about 0.25 s of CPU: the
solver's budget (``tablebase.solitaire.solver.Budget``) counts all of a request's work in steps,
not seconds: 400,000 steps (a step is a piece looked at, a capture followed or a move listed; the
level counter's 10 captures), about 0.2 s on the bench machine (``bench/bench_solitaire_budget.py``).
In practice a solve takes about 12 pieces on 4x4 (some 12-piece boards and most of 13 are past
it), 10 or 11 on 5x5 and 6x6, 13 on 8x8, depending on how the pieces meet; and 10,000 solutions
listed of 8 moves each (of longer ones fewer: ask for a smaller ``limit``). Past it, a 400
``too_hard`` says what is too big, the same answer whatever the load; a board whose captures alone
show it is far past (64 pawns) is refused before any search. Puzzles of the costly difficulties (hard, expert) come from a pool
made ahead of time (``tablebase.solitaire.pool``), never generated on request.
"""

from __future__ import annotations

import threading

from flask import Blueprint, jsonify, render_template, request
from flask_babel import lazy_gettext

from tablebase.core.message import N_, msg
from tablebase.solitaire.board import MAX_SIDE, MIN_SIDE, SolitaireBoard
from tablebase.solitaire.pool import puzzle as pick_puzzle
from tablebase.solitaire.puzzles import DIFFICULTIES, CLASSIC_PUZZLES
from tablebase.solitaire.solver import hint, solve

from .jsonio import BadRequestBody, field, int_query, json_object
from .links import linked_position

blueprint = Blueprint("solitaire", __name__)
MAX_LIMIT = 10_000
# One solver at a time per process: each is CPU-bound (threads would only share the core) and
# may hold up to its budget's memory, so a process's memory stays bounded under any load.
_one_search = threading.Lock()


@blueprint.get("/solitaire")
def page():
    board, link_error = linked_position("board", SolitaireBoard.parse, lazy_gettext("an example puzzle"))
    return render_template("solitaire.html", board=board, link_error=link_error,
                           puzzles=list(CLASSIC_PUZZLES), difficulties=list(DIFFICULTIES),
                           sizes={"min": MIN_SIDE, "max": MAX_SIDE})


def _board(body: dict) -> SolitaireBoard:
    n = field(body, "n", int, required=False)
    return SolitaireBoard.parse(field(body, "board", str, list), n)


@blueprint.post("/api/solitaire/solve", endpoint="solve")
def solve_board():
    body = json_object()
    board = _board(body)
    limit = field(body, "limit", int, required=False, default=100)
    if not 0 <= limit <= MAX_LIMIT:
        raise BadRequestBody(msg(N_("field 'limit' must be from 0 to %(most)s, not %(given)s"), most=MAX_LIMIT,
                                 given=limit))
    with _one_search:
        solution = solve(board, limit)
    return jsonify(**solution.to_json(), n=board.n, board=board.to_string())


@blueprint.post("/api/solitaire/state")
def state():
    """The board in the string form and piece by piece (``coordinates``: ``[x, y, kind]``, so the
    page reads no board itself), its legal captures, and whether it is solved or stuck."""
    body = json_object()
    board = _board(body)
    if "move" in body:
        board = board.play(body["move"])
    captures = board.captures()
    status = "solved" if board.piece_count == 1 else "playing" if captures else "stuck"
    return jsonify(board=board.to_string(), n=board.n, pieces=board.piece_count, status=status,
                   coordinates=board.to_coordinates(), captures=[[list(a), list(b)] for a, b in captures])


@blueprint.post("/api/solitaire/hint", endpoint="hint")
def next_move():
    """A capture that still leads to a solution, or ``null`` with "no solution from here"."""
    board = _board(json_object())
    with _one_search:
        move = hint(board)
    if move is None:
        message = "solved" if board.piece_count == 1 else "no solution from here"
        return jsonify(move=None, message=message)
    (x1, y1), (x2, y2) = move
    return jsonify(move=[[x1, y1], [x2, y2]], message="this capture still leads to a solution")


@blueprint.get("/api/solitaire/puzzle")
def puzzle():
    """A puzzle: ``?difficulty=easy|medium|hard|expert`` and an optional ``seed`` (the same seed,
    the same puzzle); hard and expert ones from the pool."""
    seed = int_query("seed", None, 0)
    return jsonify(pick_puzzle(request.args.get("difficulty", "easy"), seed))
