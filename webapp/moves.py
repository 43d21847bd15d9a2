"""The 2D move checker: the board-editor page and its API.

A board is given as a piece list (``"pieces": [["W","K",5,1], ...]``), as that list's text as the
user typed it (``"pieces_text"``) or as ``"fen"``; a move as a piece question ``["W","R",8,2]`` (any piece
of that colour and type), as UCI text (one named piece), or as either typed (``"move_text"``). The
text is read by tablebase/moves/forms.py, never by the page.
"""

from __future__ import annotations

from flask import Blueprint, jsonify, render_template
from flask_babel import lazy_gettext

from tablebase.core.fen import BoardPosition, piece_keys
from tablebase.core.message import N_, msg
from tablebase.moves.forms import (
    MoveQuestion,
    check_kings,
    parse_question,
    parse_uci,
    pieces_list,
    read_move,
    read_pieces,
)
from tablebase.moves.rule import analyze, check_move, check_uci

from .jsonio import BadRequestBody, field, json_object
from .links import linked_position

blueprint = Blueprint("moves", __name__)
START_FEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1"  # the page's Start button and default


@blueprint.get("/moves")
def page():
    fen, link_error = linked_position("fen", _board_cells, lazy_gettext("the start position"))
    start = piece_keys(BoardPosition.from_fen(START_FEN).cells)
    board = piece_keys(_board_cells(fen)) if fen else start
    return render_template("moves.html", fen=fen, board=board, start=start, link_error=link_error)


def _board_cells(fen: str) -> tuple:
    cells = BoardPosition.from_fen(fen).cells
    check_kings(cells)
    return cells


BOARD_FIELDS = ("pieces", "pieces_text", "fen")


def _cells(body: dict) -> tuple:
    given = [name for name in BOARD_FIELDS if name in body]
    if len(given) > 1:
        raise BadRequestBody(msg(N_("give the board as one of 'pieces', 'pieces_text' or 'fen', not %(given)s"),
                                 given=" and ".join(map(repr, given))))
    if not given:
        raise BadRequestBody(msg(N_("missing field 'pieces' (or 'pieces_text' or 'fen')")))
    if given == ["fen"]:
        return _board_cells(field(body, "fen", str))
    return read_pieces(field(body, "pieces", list) if given == ["pieces"] else field(body, "pieces_text", str))


def _move(body: dict):
    """The move asked about: a ``MoveQuestion`` (a piece question) or a ``Move`` (UCI)."""
    if "move_text" in body:
        if "move" in body or "uci" in body:
            raise BadRequestBody(msg(N_("give the move as 'move' (or 'uci') or as 'move_text', not both")))
        return read_move(field(body, "move_text", str))
    move = body.get("move", body.get("uci"))
    if move is None:
        raise BadRequestBody(msg(N_("missing field 'move': [colour, piece, x, y] or uci text like 'e2e4' (or "
                                    "'move_text')")))
    return parse_uci(move) if isinstance(move, str) else parse_question(move)


@blueprint.post("/api/2d/validate")
def validate():
    body = json_object()
    cells = _cells(body)
    move = _move(body)
    verdict = check_move(cells, move) if isinstance(move, MoveQuestion) else check_uci(cells, move)
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
