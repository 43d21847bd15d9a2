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

from flask import Blueprint, jsonify, render_template
from flask_babel import lazy_gettext

from tablebase.core.message import N_, msg
from tablebase.solitaire.board import MAX_SIDE, MIN_SIDE, SolitaireBoard
from tablebase.solitaire.pool import puzzle as pick_puzzle
from tablebase.solitaire.puzzles import DIFFICULTIES, CLASSIC_PUZZLES
from tablebase.solitaire.solver import hint, solve

from .api_routes import api, example, or_blank, page as declared_page, query
from .links import linked_position
from .openapi import ok
from .openapi_examples import SOLITAIRE
from .openapi_schemas import INT, STR, obj, ref

blueprint = Blueprint("solitaire", __name__)
TAG = "solitaire"
BOARD = {"board": ref("SolitaireBoard"), "n": INT}
LEVELS = "; ".join(f"{name}: {d.min_pieces}-{d.max_pieces} pieces on {d.n}×{d.n}"
                   + (f", at most {d.max_solutions} solutions" if d.max_solutions else "")
                   for name, d in DIFFICULTIES.items())
MAX_LIMIT = 10_000
# One solver at a time per process: each is CPU-bound (threads would only share the core) and
# may hold up to its budget's memory, so a process's memory stays bounded under any load.
_one_search = threading.Lock()


@declared_page(blueprint, "/solitaire", "Solitaire chess", (query("board", STR, "the puzzle to open"),))
@example(board=SOLITAIRE)
def page():
    board, link_error = linked_position("board", SolitaireBoard.parse, lazy_gettext("an example puzzle"))
    return render_template("solitaire.html", board=board, link_error=link_error,
                           puzzles=list(CLASSIC_PUZZLES), difficulties=list(DIFFICULTIES),
                           sizes={"min": MIN_SIDE, "max": MAX_SIDE})


def _board(body: dict) -> SolitaireBoard:
    return SolitaireBoard.parse(body["board"], body.get("n"))


@api(blueprint, "POST /api/solitaire/solve", "Every solution of a solitaire board (the count is exact)", TAG,
     ok("the solutions, up to limit", ref("Solution")), endpoint="solve",
     body=obj(["board"], **BOARD, limit={"type": "integer", "minimum": 0, "maximum": MAX_LIMIT}),
     refusals={"limit": lambda given: msg(N_("field 'limit' must be from 0 to %(most)s, not %(given)s"),
                                          most=MAX_LIMIT, given=given)}, heavy=True)
@example(body={"board": SOLITAIRE, "limit": 2})
def solve_board(body: dict):
    """Every solution, counted exactly, up to limit listed (default 100). A board past the solver's work budget
    (counted work, not seconds: in practice 12 or 13 pieces on 4×4) is a 400 too_hard that says what is too big,
    the same answer whatever the load."""
    board = _board(body)
    limit = body.get("limit", 100)
    with _one_search:
        solution = solve(board, limit)
    return jsonify(**solution.to_json(), n=board.n, board=board.to_string())


@api(blueprint, "POST /api/solitaire/state", "The board after a capture, and its legal captures", TAG,
     ok("the position", ref("SolitaireState")), body=obj(["board"], **BOARD, move={"type": "array"}),
     own_words=("move",), heavy=True)  # a capture of another form is refused in the capture's words
@example(body={"board": SOLITAIRE, "move": [[3, 0], [1, 1]]})
def state(body: dict):
    """The board after move (a capture [[x1, y1], [x2, y2]], if given; an illegal one is a 400), piece by piece,
    its legal captures, and whether it is solved, still playing or stuck."""
    board = _board(body)
    if "move" in body:
        board = board.play(body["move"])
    captures = board.captures()
    status = "solved" if board.piece_count == 1 else "playing" if captures else "stuck"
    return jsonify(board=board.to_string(), n=board.n, pieces=board.piece_count, status=status,
                   coordinates=board.to_coordinates(), captures=[[list(a), list(b)] for a, b in captures])


@api(blueprint, "POST /api/solitaire/hint", "A capture that still solves", TAG, ok("a move, or null", ref("Hint")),
     body=obj(["board"], **BOARD), endpoint="hint", heavy=True)
@example(body={"board": SOLITAIRE})
def next_move(body: dict):
    """A capture that still leads to a solution, or null with the message 'no solution from here' (or 'solved').
    400 too_hard as for /api/solitaire/solve."""
    board = _board(body)
    with _one_search:
        move = hint(board)
    if move is None:
        message = "solved" if board.piece_count == 1 else "no solution from here"
        return jsonify(move=None, message=message)
    (x1, y1), (x2, y2) = move
    return jsonify(move=[[x1, y1], [x2, y2]], message="this capture still leads to a solution")


@api(blueprint, "GET /api/solitaire/puzzle", "A generated solvable puzzle", TAG, ok("the puzzle", ref("Puzzle")),
     about=f"A generated puzzle with at least one solution; by difficulty: {LEVELS}.", params=(
         query("difficulty", {"type": "string", "enum": list(DIFFICULTIES)}, "how hard (default easy)",
               own_words=True),  # another: 400 bad_difficulty naming the difficulties (``pick_puzzle``)
         query("seed", or_blank({"type": "integer", "minimum": 0}), "the same number gives the same puzzle")))
@example(difficulty="easy", seed="3")
def puzzle(params: dict):
    """A puzzle: ``?difficulty=easy|medium|hard|expert`` and an optional ``seed`` (the same seed,
    the same puzzle); hard and expert ones from the pool."""
    return jsonify(pick_puzzle(params.get("difficulty", "easy"), params.get("seed")))
