"""The 3D piece lab: its page and API (the 3D endgame tables: cube_endgames.py)."""

from __future__ import annotations

import time

from flask import Blueprint, jsonify, render_template, request
from flask_babel import gettext

from tablebase.core.message import Joined, N_, msg
from tablebase.core.rules import parse_color
from tablebase.core.cube_notation import MAX_N, MIN_N, CubePosition, parse_pieces
from tablebase.core.atoms import pieces_from_texts
from tablebase.cube import record
from tablebase.cube.engine import LEVELS, NoTable, computer_move
from tablebase.cube.lab import game_problem_messages, position_report
from tablebase.cube.pieces import custom_texts, pieces
from tablebase.errors import ChessInputError, IllegalPositionError, quoted, said

from .api_routes import api, example, or_blank, page as declared_page, query, read_once
from .i18n_say import say
from .jsonio import missing_field
from .links import linked_settings, refused_address
from .openapi import ok
from .openapi_examples import CUBE_KINGS, CUBE_KQK
from .openapi_schemas import COLOR, CUBE, INT, STR, obj, ref, said as described
from .tables import store

# A page's side to move in its address (the lab's, the endgames page's): White when absent.
TURN = query("turn", or_blank(COLOR), "w or b (White when absent or empty)",
             refusal=lambda given: msg(N_("the side to move is w or b, not %(given)s"), given=quoted(given)))

blueprint = Blueprint("cube", __name__)
LAB = {"board": ref("Board3D"), "pieces": ref("CustomPieces")}  # every lab route's board and its custom pieces
LAB_TURN = obj(["board"], **LAB, turn=COLOR)
TAG = "3D lab"


@declared_page(blueprint, "/3d", "The 3D piece lab", (
    query("board", STR, "the board to open"), TURN,
    query("pieces", STR, "custom pieces its letters name: U=011*;A=111*,012")))
@example(board=CUBE_KINGS)
def page():
    """``?board=`` as the board text (percent-encoded) or the URL form; ``&turn=b``;
    ``&pieces=U=011*;A=111*,012`` the custom pieces its letters name. A board the server rejects is
    kept as typed and its error shown at the top of the page."""
    board, custom, error = linked_board()
    board = board.notation() if board is not None else request.args.get("board", "")
    return render_template("cube.html", board=board, board_error=error, pieces=pieces_by_letter(custom),
                           turn=linked_turn(), sizes=range(MIN_N, MAX_N + 1))


def linked_turn() -> str:
    """The address's side to move as its declaration (``TURN``) reads it: White when absent or refused."""
    return linked_settings((TURN,)).get("turn", "w")


def linked_board() -> tuple[CubePosition | None, tuple, str]:
    """(the board of the address's ``?board=`` read with the custom pieces of its ``?pieces=``, None
    when there is none or it cannot be read; those custom pieces; the sentence saying what could not
    be read, "" when all could). Either refusal is noted on the page (``refused_address``)."""
    board, custom, error = request.args.get("board", ""), (), ""
    try:
        custom = pieces_from_texts(filter(None, request.args.get("pieces", "").split(";")))
    except ChessInputError as exc:
        error = refused_address(gettext("The pieces in this page's address cannot be read: %(error)s",
                                        error=say(said(exc))))
    try:
        return (CubePosition.parse(board, custom) if board else None), custom, error
    except ChessInputError as exc:
        return None, custom, error or refused_address(gettext("The board in this page's address cannot be read: "
                                                              "%(error)s", error=say(said(exc))))


def pieces_by_letter(custom: tuple) -> dict[str, str]:
    """Custom pieces (``linked_board``'s) by letter, each in its canonical text, as a page's script takes them."""
    return {letter: piece.text for letter, piece in custom}


def custom_pieces(body: dict) -> tuple:
    """The body's ``"pieces"``: custom pieces by letter, ``{"U": "011*"}`` (none when absent)."""
    return parse_pieces(body.get("pieces"))


@read_once
def lab_position(body: dict) -> CubePosition:
    """The body's ``board`` (its declared type checked), with its custom pieces: read once per
    request, its work weighed as it is read (``CubePosition.parse``), the cost of the lab's routes."""
    if "board" not in body:
        raise missing_field("board")
    return CubePosition.parse(body["board"], custom_pieces(body))


def _turn(body: dict) -> str:
    return parse_color(body.get("turn", "w"))


@api(blueprint, "POST /api/3d/analyze", "Check, checkmate and stalemate on a 3D board", TAG,
     ok("for the side to move (White by default)", ref("Analysis3D")), body=LAB_TURN, heavy=True, cost=lab_position)
@example(body={"board": CUBE_KQK, "turn": "b"})
def analyze(body: dict):
    """Check, checkmate and stalemate of the side to move (turn, White by default) and the pieces giving
    check. The side to move needs a king (400)."""
    return jsonify(lab_position(body).analyze(_turn(body)))


@api(blueprint, "POST /api/3d/moves", "Legal destinations of one piece", TAG,
     ok("its destinations", obj(["moves"], moves={"type": "array", "items": CUBE})),
     body=obj(["board", "from"], **LAB, turn=COLOR, **{"from": CUBE}), heavy=True, cost=lab_position)
@example(body={"board": CUBE_KINGS, "from": [1, 1, 0]})
def moves(body: dict):
    """The legal destinations of the piece on from (its own king not left attacked), a piece of either colour;
    given turn, a piece of the side not to move has none (an empty list). An empty cube or one off the board:
    400."""
    turn = _turn(body) if "turn" in body else None
    return jsonify(moves=lab_position(body).legal_destinations(body["from"], turn))


@api(blueprint, "POST /api/3d/position", "The 3D lab's whole report on a position", TAG,
     ok("status, problems, attacks and every move", ref("Position3D")), body=LAB_TURN, heavy=True, cost=lab_position)
@example(body={"board": CUBE_KINGS})
def position(body: dict):
    """The lab's one request per edit. Any board but one with several kings of one colour (400): problems says
    in words what keeps it from being a game position (a missing king, the kings touching, the side not to move
    in check), empty when none; check, checkmate, stalemate and checkers are the side to move's; attacks, every
    cube each colour attacks; moves, every piece's legal destinations."""
    return jsonify(position_report(lab_position(body), _turn(body)))


@api(blueprint, "POST /api/3d/attacks", "Every cube one colour attacks", TAG,
     ok("the cubes", obj(["cubes"], cubes={"type": "array", "items": CUBE})), body=obj(["board"], **LAB, color=COLOR),
     refusals={"color": lambda given: msg(N_("field 'color' must be 'w' or 'b', not %(given)s"), given=repr(given))},
     heavy=True, cost=lab_position)
@example(body={"board": CUBE_KQK, "color": "w"})
def attacks(body: dict):
    """Every cube the pieces of color (Black by default) attack."""
    return jsonify(cubes=lab_position(body).attacked_by(body.get("color", "b")))


@read_once
def read_game(body: dict) -> record.ReadGame:
    """The game a body sends, read once per request and weighed as it is read (``record.read_game``):
    ``moves`` a whole record (its tags name the start) or, with ``board`` and ``turn``, a text or a
    list; the game route's cost."""
    moves, board = body.get("moves", ""), body.get("board")
    if isinstance(moves, str):
        start, turn, moves = record.read_tags(moves, board, body.get("turn", "w"), custom_pieces(body))
    else:
        start, turn = lab_position(body), _turn(body)
    return record.read_game(start, turn, moves)


GAME_MOVES = {
    "oneOf": [STR, {"type": "array", "items": {"oneOf": [
        STR, {"type": "array", "items": CUBE, "minItems": 2, "maxItems": 2}]}}],
    "description": "the moves as text (a whole record: its [Board] and [Turn] tags stand for board and turn; move "
                   "numbers, + and # optional) or a list of move texts or [from, to] cube pairs; board is needed "
                   "unless the text's tags name it"}


@api(blueprint, "POST /api/3d/game", "A two-player game on a 3D board: its record read, checked and written", TAG,
     ok("the start, each move written anew with the position after it, the record", ref("Game3D")),
     body=obj(**LAB, turn=COLOR, moves=GAME_MOVES), about="", heavy=True, cost=read_game)
@example(body={"moves": '[Board "k1K,3,3/3,3,3/1Q1,3,3"] 1. Qb3(I)-a3(I)+ Ka3(III)-a2(III) 2. Qa3(I)-b2(II)#'})
def game(body: dict):
    """A two-player game of the lab: ``{"moves": record}``, a whole record (its tags name the start),
    or ``{"board", "turn", "moves"}`` with the moves as text or a list (move texts or ``[from, to]``
    cube pairs). Each move is checked and written anew; the answer holds the position after each,
    the record to save and the moves' URL form."""
    read = read_game(body)  # a record that cannot be read is said first: its fault, not the board's
    start, turn = read.start, read.turn
    problems = game_problem_messages(start, turn)
    if problems:
        raise IllegalPositionError(msg(N_("no game can start from this position: %(problems)s"),
                                       problems=Joined(tuple(problems), "; ")))
    steps = record.replay_read(read)
    return jsonify(n=start.n, board=start.url_form(), turn=turn, pieces=pieces(start), custom_pieces=custom_texts(start),
                   moves=[step.to_json() for step in steps], result=record.result(steps),
                   record=record.write(start, turn, steps), url=record.url_form(steps))


# The engine's levels that are heavy work (seconds of CPU): the server's heavy lane takes them; the
# others are answered in the worker's loop like any request.
HEAVY_LEVELS = frozenset({4})
ENGINE_3D = obj(
    ["move", "score", "depth", "nodes", "source"],
    move={"oneOf": [obj(["from", "to"], **{"from": CUBE, "to": CUBE}), {"type": "null"}],
          "description": "the computer's move; null where the side to move has none"},
    notation=described(STR, "the move in the record's notation, like 'Qb3(I)-a3(I)+'"),
    outcome=described({"type": "string", "enum": ["checkmate", "stalemate"]}, "where the side to move has no move: why"),
    score={"oneOf": [obj(["mate"], mate=described(INT, "moves to mate: positive when the side to move mates, "
                                                       "negative when it is mated, 0 mated now")),
                     obj(["cp"], cp=described(INT, "centipawns for the side to move"))]},
    depth=described(INT, "plies searched in full (0: a table's answer)"),
    nodes=described(INT, "positions searched"),
    source=described({"type": "string", "enum": ["table", "search"]},
                     "table: exact, from a table file on the server; search: the engine's search"))


def stored_tables(table_id):
    """A 3D table whose file is on this server, else NoTable: the engine never queues a build."""
    found = store().opened(table_id)
    if found is None:
        raise NoTable(str(table_id))
    return found


@api(blueprint, "POST /api/3d/engine", "The computer's move in a 3D position", TAG,
     ok("the move, its notation and value, how it was found", ENGINE_3D),
     body=obj(["board"], **LAB, turn=COLOR, level=described(
         {"type": "integer", "minimum": min(LEVELS), "maximum": max(LEVELS)},
         "1 to 4 (default 2): about 0.1, 0.5, 2 and 5 s of search")),
     refusals={"level": lambda given: msg(N_("field 'level' must be 1, 2, 3 or 4, not %(given)s"), given=repr(given))},
     heavy=lambda body: body.get("level") in HEAVY_LEVELS, cost=lab_position)
@example(body={"board": "K3,1Q2,4,4/4,4,4,4/4,4,4,4/4,4,4,3k", "level": 2})
def engine(body: dict):
    """The computer's move for the side to move in any position a game can start from (both kings, not touching,
    the side not to move not in check: else 400), custom pieces included. Where a table file for the material is
    on the server the answer is exact (source table: the fastest mate, the longest defence); no table is ever built
    for it. Otherwise the engine searches for the level's seconds (about 0.1, 0.5, 2 and 5, counted from the
    request's start; level 4 is heavy work); from level 3 no mate in two is missed."""
    started = time.monotonic()
    return jsonify(computer_move(lab_position(body), _turn(body), body.get("level", 2), tables=stored_tables,
                                 started=started))
