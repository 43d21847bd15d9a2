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
    MAX_LIST_TEXT,
    MoveQuestion,
    check_kings,
    parse_question,
    parse_uci,
    pieces_list,
    read_move,
    read_pieces,
)
from tablebase.moves.rule import analyze, check_move, check_uci

from .api_routes import api, example, page as declared_page, query
from .jsonio import BadRequestBody
from .links import linked_position
from .openapi import ok
from .openapi_examples import KBNK
from .openapi_schemas import STR, obj, ref

blueprint = Blueprint("moves", __name__)
START_FEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1"  # the page's Start button and default
TAG = "2D move checker"
# The move checker's boxes as typed, read by tablebase/moves/forms.py (issue 30: no page reads notation).
_TYPED = "as the user typed it, ' or \" quotes and any spaces; the server reads it (a 400 quotes what it cannot)"
BOARD = {"pieces": ref("Pieces2D"), "pieces_text": {
    "type": "string", "maxLength": MAX_LIST_TEXT, "description": f"the pieces as a list {_TYPED}: [['W', 'K', 5, 1], ...]"}}
MOVE_TEXT = {"type": "string", "description": f"a list like ['W', 'R', 8, 2] or UCI text like 'e2e4', {_TYPED}"}


@declared_page(blueprint, "/moves", "The 2D move checker", (query("fen", STR, "the position to open"),))
@example(fen=KBNK)
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
        return _board_cells(body["fen"])
    return read_pieces(body[given[0]])


def _move(body: dict):
    """The move asked about: a ``MoveQuestion`` (a piece question) or a ``Move`` (UCI)."""
    if "move_text" in body:
        if "move" in body or "uci" in body:
            raise BadRequestBody(msg(N_("give the move as 'move' (or 'uci') or as 'move_text', not both")))
        return read_move(body["move_text"])
    move = body.get("move", body.get("uci"))
    if move is None:
        raise BadRequestBody(msg(N_("missing field 'move': [colour, piece, x, y] or uci text like 'e2e4' (or "
                                    "'move_text')")))
    return parse_uci(move) if isinstance(move, str) else parse_question(move)


@api(blueprint, "POST /api/2d/validate", "Is a move legal, and why", TAG, ok("the verdict", ref("Verdict2D")), body={
    **obj(**BOARD, fen={"type": "string", "examples": ["8/8/8/8/8/8/2k5/KNB5 w - - 0 1"]},
          uci={"type": "string", "examples": ["b1c3"]},
          move={"oneOf": [{"type": "string"}, {"type": "array", "minItems": 4, "maxItems": 4}]}, move_text=MOVE_TEXT),
    "anyOf": [{"required": ["move"]}, {"required": ["uci"]}, {"required": ["move_text"]}]},
    own_words=("move", "uci"))  # a move of another form is refused in the move's words
@example(body={"fen": KBNK, "uci": "b1c3"})
def validate(body: dict):
    """Is a move legal, and why, in words a learner understands. The board as pieces (a list), pieces_text (that
    list as the user typed it) or fen, one of them, with at most one king a colour; the move as move, a list
    [colour, piece, file, rank] (legal if any piece of that colour and kind can go there, each such piece judged
    in pieces), as UCI text in move or uci (that one piece), or as move_text, either as the user typed it (the
    list form when it starts with '['). The server reads the typed text; a 400 quotes what it cannot read.
    Either colour may move; no castling, no en passant; a king is never captured. A pawn reaching the last rank
    promotes to a queen unless the UCI move names the piece (a7a8n); a promotion letter on another move makes it
    invalid. A valid UCI move also answers the board once played (after, after_board)."""
    cells = _cells(body)
    move = _move(body)
    verdict = check_move(cells, move) if isinstance(move, MoveQuestion) else check_uci(cells, move)
    answer = verdict.to_json()
    if verdict.after is not None:  # the board once played, as the page's board keys it
        answer["after_board"] = piece_keys(verdict.after)
    return jsonify(answer)


@api(blueprint, "POST /api/2d/position", "Checks, pins and legal destinations of a 2D position", TAG,
     ok("the position", ref("Position2D")), body=obj(**BOARD, fen=STR))
@example(body={"fen": "4k3/8/8/8/8/8/4R3/4K3 b - - 0 1"})
def position(body: dict):
    """The board (pieces, pieces_text or fen, as /api/2d/validate takes it) in both forms and by square, the
    pieces giving check to each colour's king, the kings in check, the pins, and every piece's legal
    destinations."""
    cells = _cells(body)
    return jsonify(fen=BoardPosition(cells).board_fen(), pieces=pieces_list(cells), board=piece_keys(cells),
                   **analyze(cells))
