"""Solitaire chess: the puzzle page and its API.

A board is sent as ``"board"`` in any of the seed's three forms (with ``"n"`` for the coordinate
form when the board is not 4x4). Boards too large to solve within the solver's budget (counted
work, not seconds: ``tablebase.solitaire.solver.Budget``; in practice up to 12 or 13 pieces on
4x4) get a 400 ``too_hard`` that says what is too big, the same answer whatever the load.
"""

from __future__ import annotations

import threading

from flask import Blueprint, jsonify, render_template, request

from tablebase.solitaire.board import MAX_N, MIN_N, SolitaireBoard
from tablebase.solitaire.puzzles import DIFFICULTIES, SEED_PUZZLES, generate
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
    board, link_error = linked_position("board", SolitaireBoard.parse, "the seed's example puzzle")
    return render_template("solitaire.html", board=board, link_error=link_error,
                           puzzles=list(SEED_PUZZLES), difficulties=list(DIFFICULTIES),
                           sizes={"min": MIN_N, "max": MAX_N})


def _board(body: dict) -> SolitaireBoard:
    n = field(body, "n", int, required=False)
    return SolitaireBoard.parse(field(body, "board", str, list), n)


@blueprint.post("/api/solitaire/solve", endpoint="solve")
def solve_board():
    body = json_object()
    board = _board(body)
    limit = field(body, "limit", int, required=False, default=100)
    if not 0 <= limit <= MAX_LIMIT:
        raise BadRequestBody(f"field 'limit' must be from 0 to {MAX_LIMIT}, not {limit}")
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
    """A generated puzzle: ``?difficulty=easy|medium|hard|expert`` and an optional ``seed``."""
    seed = int_query("seed", None, 0)
    return jsonify(generate(request.args.get("difficulty", "easy"), seed))
