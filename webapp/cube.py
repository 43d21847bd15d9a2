"""The 3D piece lab and the 3D endgame tables: their pages and API."""

from __future__ import annotations

import numpy as np
from flask import Blueprint, jsonify, render_template, request, url_for

from tablebase.core.rules import parse_color
from tablebase.cube import endgames
from tablebase.cube.board import MAX_N, MIN_N, CubePosition
from tablebase.cube.lab import position_report
from tablebase.errors import ChessInputError, OutOfTableError
from tablebase.retrograde import Material

from .jsonio import BadRequestBody, field, int_query, json_object
from .resources import app_resource

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


# --- 3D endgame tables ----------------------------------------------------------------------

def _tables() -> endgames.TableStore:
    """The app's 3D tables: one store, its files read into memory once loaded."""
    return app_resource("cube_tables", _make_store)


def _make_store(config) -> endgames.TableStore:
    limits = endgames.Limits(int(config["CUBE_MAX_N_ONE_MAN"]), int(config["CUBE_MAX_N_TWO_MEN"]))
    return endgames.TableStore(config["CUBE_TABLES"], limits)


def _size_arg(required: bool = True) -> int | None:
    n = int_query("n", None)  # ASCII digits only
    if n is None:
        if required:
            raise BadRequestBody("missing query parameter 'n' (the board size)")
        return None
    if not endgames.MIN_N <= n <= MAX_N:
        raise OutOfTableError(f"no 3D tables for n = {n}: this server builds {_tables().limits.describe()}")
    return n


def _material(text) -> Material:
    if not isinstance(text, str):
        raise BadRequestBody(f"the material must be a name like 'KRK' or 'KQNK', not {text!r}")
    return Material.parse(text)


def _status(material: Material, n: int) -> dict:
    store = _tables()
    if not store.available(material, n):
        return {"material": material.name, "n": n, "state": "unavailable"}
    state = store.status(material, n)
    found = {"material": material.name, "n": n, "state": state.state, "stage": state.stage,
             "fraction": round(state.fraction, 4)}
    if state.counts:
        found.update(state.counts)
    return found


@blueprint.get("/3d/endgames")
def endgames_page():
    urls = {
        "status": url_for("cube.endgames_status"),
        "build": url_for("cube.endgames_build"),
        "position": url_for("cube.endgames_position"),
        "tablebase": url_for("cube.tablebase"),
        "page": url_for("cube.endgames_page"),
        "lab": url_for("cube.page"),
        "labPosition": url_for("cube.position"),
    }
    return render_template("cube_endgames.html", urls=urls, board=request.args.get("board", ""),
                           turn=request.args.get("turn", "w"), sizes=list(range(endgames.MIN_N, MAX_N + 1)),
                           materials=[m.name for m in endgames.ALL_MATERIALS])


@blueprint.post("/api/3d/tablebase")
def tablebase():
    """SPEC: the value of a 3D endgame position and of each of its moves; builds tables on first use."""
    body = json_object()
    position = _position(body)
    turn = field(body, "turn", str, required=False, default="w")
    setup = endgames.EndgamePosition.from_board(position, turn)
    store = _tables()
    if setup.material.pieces and not store.available(setup.material, setup.n):
        raise store.limits.refuse(setup.material, setup.n)
    return jsonify(endgames.probe(lambda m: store.table(m, setup.n), setup))


@blueprint.get("/api/3d/endgames")
def endgames_overview():
    """SPEC: for every material the server has at size n, its counts and longest win."""
    n = _size_arg()
    store = _tables()
    chosen = store.materials(n)
    if not chosen:
        raise OutOfTableError(f"no 3D tables for n = {n}: this server builds {store.limits.describe()}")
    return jsonify(n=n, endgames=[endgames.summary(store.table(m, n)) for m in chosen])


@blueprint.get("/api/3d/endgames/status")
def endgames_status():
    """Every table of one size (``?n=``) or of all sizes: ready (with its summary), building (with
    its progress), queued, missing, or unavailable (beyond what this server builds)."""
    n = _size_arg(required=False)
    sizes = [n] if n is not None else list(range(endgames.MIN_N, MAX_N + 1))
    return jsonify(limits=_tables().limits.describe(),
                   tables=[_status(m, size) for size in sizes for m in endgames.ALL_MATERIALS])


@blueprint.post("/api/3d/endgames/build")
def endgames_build():
    """Queue the builds of every missing table within the limits (``{"n": 4, "material": "KRK"}``,
    both optional); answers at once with their states (202 while any builds)."""
    body = json_object()
    n = field(body, "n", int, required=False)
    if n is not None and not endgames.MIN_N <= n <= MAX_N:
        raise OutOfTableError(f"no 3D tables for n = {n}: this server builds {_tables().limits.describe()}")
    chosen = [_material(field(body, "material", str))] if "material" in body else endgames.ALL_MATERIALS
    store = _tables()
    sizes = [n] if n is not None else list(range(endgames.MIN_N, MAX_N + 1))
    wanted = [(m, size) for size in sizes for m in chosen if store.available(m, size)]
    if "material" in body and n is not None and not wanted:
        raise store.limits.refuse(chosen[0], n)
    for material, size in wanted:
        store.request(material, size)
    states = [_status(m, size) for m, size in wanted]
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
    store = _tables()
    table = store.table(material, n)
    rng = np.random.default_rng(int_query("seed", None, 0))
    position = endgames.won_position(table, rng, longest=pick == "longest", at_least=at_least)
    return jsonify(board=position.notation(), **endgames.probe(lambda m: store.table(m, n), position))
