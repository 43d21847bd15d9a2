"""The 2D move checker: the board-editor page and its API.

A board is given as the seed's list (``"pieces": [["W","K",5,1], ...]``) or as ``"fen"``; a move as
the seed's ``["W","R",8,2]`` (any piece of that colour and type) or as UCI text (one named piece).
"""

from __future__ import annotations

from flask import Blueprint, jsonify, render_template

from tablebase.core.fen import BoardPosition, piece_keys
from tablebase.moves.forms import (
    check_kings,
    parse_pieces,
    parse_question,
    parse_uci,
    pieces_list,
)
from tablebase.moves.rule import analyze, check_move, check_uci

from .jsonio import BadRequestBody, field, json_object
from .links import linked_position

blueprint = Blueprint("moves", __name__)
START_FEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1"  # the page's Start button and default


@blueprint.get("/moves")
def page():
    fen, link_error = linked_position("fen", _board_cells, "the start position")
    start = piece_keys(BoardPosition.from_fen(START_FEN).cells)
    board = piece_keys(_board_cells(fen)) if fen else start
    return render_template("moves.html", fen=fen, board=board, start=start, link_error=link_error)


def _board_cells(fen: str) -> tuple:
    cells = BoardPosition.from_fen(fen).cells
    check_kings(cells)
    return cells


def _cells(body: dict) -> tuple:
    if "fen" in body:
        if "pieces" in body:
            raise BadRequestBody("give the board as 'pieces' or as 'fen', not both")
        return _board_cells(field(body, "fen", str))
    if "pieces" not in body:
        raise BadRequestBody("missing field 'pieces' (or 'fen')")
    return parse_pieces(field(body, "pieces", list))


@blueprint.post("/api/2d/validate")
def validate():
    body = json_object()
    cells = _cells(body)
    move = body.get("move", body.get("uci"))
    if move is None:
        raise BadRequestBody("missing field 'move': [colour, piece, x, y] or uci text like 'e2e4'")
    if isinstance(move, str):
        verdict = check_uci(cells, parse_uci(move))
    else:
        verdict = check_move(cells, parse_question(move))
    answer = verdict.to_json()
    if verdict.after is not None:  # the board once played, as the page's board keys it
        answer["after_board"] = piece_keys(verdict.after)
    return jsonify(answer)


@blueprint.post("/api/2d/position")
def position():
    """Both board forms, the checking and pinned pieces, and every piece's legal destinations."""
    cells = _cells(json_object())
    return jsonify(fen=BoardPosition(cells).board_fen(), pieces=pieces_list(cells), board=piece_keys(cells),
                   **analyze(cells))
