"""The 3D piece lab: its page and API (the 3D endgame tables: cube_endgames.py)."""

from __future__ import annotations

from flask import Blueprint, jsonify, render_template, request
from flask_babel import gettext

from tablebase.core.message import Joined, N_, msg
from tablebase.core.rules import parse_color
from tablebase.core.cube_notation import MAX_N, MIN_N, CubePosition, parse_pieces
from tablebase.core.atoms import pieces_from_texts
from tablebase.cube import record
from tablebase.cube.lab import game_problem_messages, position_report
from tablebase.cube.pieces import custom_texts, pieces
from tablebase.errors import ChessInputError, IllegalPositionError, said

from .i18n_say import say
from .jsonio import BadRequestBody, field, json_object

blueprint = Blueprint("cube", __name__)


@blueprint.get("/3d")
def page():
    """``?board=`` as the board text (percent-encoded) or the URL form; ``&turn=b``;
    ``&pieces=U=011*;A=111*,012`` the custom pieces its letters name. A board the server rejects is
    kept as typed and its error shown at the top of the page."""
    board, error, custom = request.args.get("board", ""), "", ()
    try:
        custom = pieces_from_texts(filter(None, request.args.get("pieces", "").split(";")))
    except ChessInputError as exc:
        error = gettext("The pieces in this page's address cannot be read: %(error)s", error=say(said(exc)))
    try:
        board = CubePosition.parse(board, custom).notation() if board else ""
    except ChessInputError as exc:
        error = error or gettext("The board in this page's address cannot be read: %(error)s", error=say(said(exc)))
    turn = request.args.get("turn", "w")
    return render_template("cube.html", board=board, board_error=error,
                           pieces={letter: piece.text for letter, piece in custom},
                           turn=turn if turn in ("w", "b") else "w", sizes=range(MIN_N, MAX_N + 1))


def address_pieces(text: str) -> dict[str, str]:
    """An address's ``U=011*;A=111*,012`` by letter, each in canonical text; none when it cannot be
    read (then a board holding the letter is refused, naming it)."""
    try:
        return {letter: piece.text for letter, piece in pieces_from_texts(filter(None, text.split(";")))}
    except ChessInputError:
        return {}


def custom_pieces(body: dict) -> tuple:
    """The body's ``"pieces"``: custom pieces by letter, ``{"U": "011*"}`` (none when absent)."""
    return parse_pieces(field(body, "pieces", dict, required=False, default=None))


def _position(body: dict) -> CubePosition:
    return CubePosition.parse(field(body, "board", str, list), custom_pieces(body))


def _turn(body: dict) -> str:
    return parse_color(field(body, "turn", str, required=False, default="w"))


@blueprint.post("/api/3d/analyze")
def analyze():
    body = json_object()
    return jsonify(_position(body).analyze(_turn(body)))


@blueprint.post("/api/3d/moves")
def moves():
    """Either colour's piece; with ``turn``, a piece of the side not to move has no move."""
    body = json_object()
    turn = _turn(body) if "turn" in body else None
    return jsonify(moves=_position(body).legal_destinations(field(body, "from", list), turn))


@blueprint.post("/api/3d/position")
def position():
    """The lab's one request per edit: status, problems, attacks of both colours, every move."""
    body = json_object()
    return jsonify(position_report(_position(body), _turn(body)))


@blueprint.post("/api/3d/attacks")
def attacks():
    """Every cube attacked by one colour: ``{"board": ..., "color": "b"}``."""
    body = json_object()
    position = _position(body)
    color = field(body, "color", str, required=False, default="b")
    if color not in ("w", "b"):
        raise BadRequestBody(msg(N_("field 'color' must be 'w' or 'b', not %(given)s"), given=repr(color)))
    return jsonify(cubes=position.attacked_by(color))


@blueprint.post("/api/3d/game")
def game():
    """A two-player game of the lab: ``{"moves": record}``, a whole record (its tags name the start),
    or ``{"board", "turn", "moves"}`` with the moves as text or a list (move texts or ``[from, to]``
    cube pairs). Each move is checked and written anew; the answer holds the position after each,
    the record to save and the moves' URL form."""
    body = json_object()
    moves = field(body, "moves", str, list, required=False, default="")
    board = field(body, "board", str, list, required=False)
    if isinstance(moves, str):
        start, turn, moves = record.read_tags(moves, board, field(body, "turn", str, required=False, default="w"),
                                              custom_pieces(body))
    else:
        start, turn = _position(body), _turn(body)
    read = record.read_moves(start, moves)  # a record that cannot be read is said first: its fault, not the board's
    problems = game_problem_messages(start, turn)
    if problems:
        raise IllegalPositionError(msg(N_("no game can start from this position: %(problems)s"),
                                       problems=Joined(tuple(problems), "; ")))
    steps = record.replay_read(start, turn, read)
    return jsonify(n=start.n, board=start.url_form(), turn=turn, pieces=pieces(start), custom_pieces=custom_texts(start),
                   moves=[step.to_json() for step in steps], result=record.result(steps),
                   record=record.write(start, turn, steps), url=record.url_form(steps))
