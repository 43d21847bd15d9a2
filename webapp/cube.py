"""The 3D piece lab: the page and its API."""

from __future__ import annotations

from flask import Blueprint, jsonify, render_template, request

from tablebase.cube.board import MAX_N, MIN_N, CubePosition
from tablebase.cube.lab import parse_turn, position_report
from tablebase.errors import ChessInputError

from .jsonio import BadRequestBody, field, json_object

blueprint = Blueprint("cube", __name__)


@blueprint.get("/3d")
def page():
    """``?board=`` in the seed's notation (percent-encoded) or the URL form; ``&turn=b``. A board
    the server rejects is kept as typed and its error shown at the top of the page."""
    board, error = request.args.get("board", ""), ""
    try:
        board = CubePosition.parse(board).notation() if board else ""
    except ChessInputError as exc:
        error = str(exc)
    turn = request.args.get("turn", "w")
    return render_template("cube.html", board=board, board_error=error,
                           turn=turn if turn in ("w", "b") else "w", sizes=range(MIN_N, MAX_N + 1))


def _position(body: dict) -> CubePosition:
    return CubePosition.parse(field(body, "board", str, list))


def _turn(body: dict) -> str:
    return parse_turn(field(body, "turn", str, required=False, default="w"))


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
        raise BadRequestBody(f"field 'color' must be 'w' or 'b', not {color!r}")
    return jsonify(cubes=position.attacked_by(color))
