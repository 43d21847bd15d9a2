"""The 3D piece lab and the 3D endgame tables: their pages and API."""

from __future__ import annotations

import numpy as np
from flask import Blueprint, jsonify, render_template, request, url_for

from tablebase.core.rules import parse_color
from tablebase.cube import endgames
from tablebase.core.cube_notation import MAX_N, MIN_N, CubePosition
from tablebase.cube import record
from tablebase.cube.lab import game_problems, position_report
from tablebase.cube.pieces import pieces, with_pieces_after
from tablebase.errors import ChessInputError, IllegalPositionError, OutOfTableError
from tablebase.retrograde import Material
from tablebase.tables import MIN_CUBE, TableId, TablePending

from .errors import pending_answer
from .jsonio import BadRequestBody, field, int_query, json_object
from .tables import store, tables as lookup

blueprint = Blueprint("cube", __name__)


@blueprint.get("/3d")
def page():
    """``?board=`` in the seed's notation (percent-encoded) or the URL form; ``&turn=b``. A board
    the server rejects is kept as typed and its error shown at the top of the page."""
    board, error = request.args.get("board", ""), ""
    try:
        board = CubePosition.parse(board).notation() if board else ""
    except ChessInputError as exc:
        error = f"The board in this page's address cannot be read: {exc}"
    turn = request.args.get("turn", "w")
    return render_template("cube.html", board=board, board_error=error,
                           turn=turn if turn in ("w", "b") else "w", sizes=range(MIN_N, MAX_N + 1))


def _position(body: dict) -> CubePosition:
    return CubePosition.parse(field(body, "board", str, list))


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
        raise BadRequestBody(f"field 'color' must be 'w' or 'b', not {color!r}")
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
        start, turn, moves = record.read_tags(moves, board, field(body, "turn", str, required=False, default="w"))
    else:
        start, turn = _position(body), _turn(body)
    problems = game_problems(start, turn)
    if problems:
        raise IllegalPositionError(f"no game can start from this position: {'; '.join(problems)}")
    steps = record.replay(start, turn, moves)
    return jsonify(n=start.n, board=start.url_form(), turn=turn, pieces=pieces(start),
                   moves=[step.to_json() for step in steps], result=record.result(steps),
                   record=record.write(start, turn, steps), url=record.url_form(steps))


# --- 3D endgame tables ----------------------------------------------------------------------

def _size_arg(required: bool = True) -> int | None:
    n = int_query("n", None)  # ASCII digits only
    if n is None:
        if required:
            raise BadRequestBody("missing query parameter 'n' (the board size)")
        return None
    if not MIN_CUBE <= n <= MAX_N:
        raise OutOfTableError(f"no 3D tables for n = {n}: this server builds {store().limits.describe()}")
    return n


def _material(text) -> Material:
    if not isinstance(text, str):
        raise BadRequestBody(f"the material must be a name like 'KRK' or 'KQNK', not {text!r}")
    return Material.parse(text)


def _sizes(n: int | None) -> list[int]:
    return [n] if n is not None else list(range(MIN_CUBE, MAX_N + 1))


@blueprint.get("/3d/endgames")
def endgames_page():
    urls = {
        "status": url_for("cube.endgames_status"),
        "build": url_for("cube.endgames_build"),
        "position": url_for("cube.endgames_position"),
        "tablebase": url_for("cube.tablebase"),
        "page": url_for("cube.endgames_page"),
        "endgames": url_for("cube.endgames_overview"),
        "lab": url_for("cube.page"),
        "labPosition": url_for("cube.position"),
    }
    # ?n=&material= opens a cell's detail; the API's answer names whatever is wrong with them
    detail = {"material": request.args["material"], "n": request.args["n"]} \
        if "material" in request.args and "n" in request.args else None
    return render_template("cube_endgames.html", urls=urls, board=request.args.get("board", ""), detail=detail,
                           turn=request.args.get("turn", "w"), sizes=list(range(MIN_CUBE, MAX_N + 1)),
                           materials=[m.name for m in endgames.ALL_MATERIALS])


@blueprint.post("/api/3d/tablebase")
def tablebase():
    """SPEC: the value of a 3D endgame position and of each of its moves (202 while its table is built)."""
    body = json_object()
    position = _position(body)
    turn = field(body, "turn", str, required=False, default="w")
    setup = endgames.from_board(position, turn)
    tables = store()
    if setup.material.pieces and not tables.available(setup.table):
        raise tables.limits.refuse(setup.table)
    return jsonify(with_pieces_after(position, endgames.probe(lookup(), setup)))


@blueprint.get("/api/3d/endgames")
def endgames_overview():
    """SPEC: for every material the server has at size n (or the one ``material`` names), its
    counts, longest win and what they mean; 202 with the tables' states while some are being
    built (their builds are queued)."""
    n = _size_arg()
    tables = store()
    if "material" in request.args:
        wanted = TableId.cube(_material(request.args["material"]), n)
        if not tables.available(wanted):
            raise tables.limits.refuse(wanted)
        chosen = [wanted]
    else:
        chosen = [t for t in (TableId.cube(m, n) for m in endgames.ALL_MATERIALS) if tables.available(t)]
    if not chosen:
        raise OutOfTableError(f"no 3D tables for n = {n}: this server builds {tables.limits.describe()}")
    found, waiting, read = [], [], lookup()
    for table in chosen:
        try:
            found.append(endgames.summary(read(table)))
        except TablePending as pending:
            waiting.append(pending.status)
    if waiting:
        return pending_answer({"n": n, "state": "building", "tables": [s.to_json() for s in waiting]})
    return jsonify(n=n, endgames=found)


@blueprint.get("/api/3d/endgames/status")
def endgames_status():
    """Every table of one size (``?n=``) or of all sizes: ready (with its summary), building (with
    its progress), queued, failed (with its reason), missing, or unavailable (beyond what this
    server builds). The same whichever worker answers."""
    tables = store()
    sizes = _sizes(_size_arg(required=False))
    return jsonify(limits=tables.limits.describe(),
                   tables=[tables.status(TableId.cube(m, size)).to_json()
                           for size in sizes for m in endgames.ALL_MATERIALS])


@blueprint.post("/api/3d/endgames/build")
def endgames_build():
    """Queue the builds of every missing table within the limits (``{"n": 4, "material": "KRK"}``,
    both optional); answers at once with their states (202 while any builds)."""
    body = json_object()
    n = field(body, "n", int, required=False)
    tables = store()
    if n is not None and not MIN_CUBE <= n <= MAX_N:
        raise OutOfTableError(f"no 3D tables for n = {n}: this server builds {tables.limits.describe()}")
    chosen = [_material(field(body, "material", str))] if "material" in body else endgames.ALL_MATERIALS
    wanted = [TableId.cube(m, size) for size in _sizes(n) for m in chosen]
    wanted = [t for t in wanted if tables.available(t)]
    if "material" in body and n is not None and not wanted:
        raise tables.limits.refuse(TableId.cube(chosen[0], n))
    states = [tables.request(t).to_json() for t in wanted]
    busy = any(s["state"] in ("queued", "building") for s in states)
    return jsonify(tables=states), 202 if busy else 200


@blueprint.get("/api/3d/endgames/position")
def endgames_position():
    """A won position to play: ``?material=KRNK&n=4&pick=random|longest`` (``min``: at least so
    many moves to mate, capped at the longest; ``seed`` optional), with its probe."""
    n = _size_arg()
    material = _material(request.args.get("material"))
    pick = request.args.get("pick", "random")
    if pick not in ("random", "longest"):
        raise BadRequestBody(f"query parameter 'pick' must be random or longest, not {pick!r}")
    at_least = int_query("min", 1)
    rng = np.random.default_rng(int_query("seed", None, 0))  # every parameter read before a build is queued
    read = lookup()
    table = read(TableId.cube(material, n))
    position = endgames.won_position(table, rng, longest=pick == "longest", at_least=at_least)
    board = endgames.notation(position)
    return jsonify(board=board, **with_pieces_after(CubePosition.parse(board), endgames.probe(read, position)))
