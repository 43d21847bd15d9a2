"""The 3D endgame tables: their page (/3d/endgames) and API. A table's figures come from its file
where this server has it, else from the results file (``results/3d.json``, written by ``verify
--record`` from verified tables), so that every verified result shows on any server; a table
that is not here says what its build costs, and is built on request within the server's limits."""

from __future__ import annotations

import threading
from pathlib import Path

import numpy as np
from flask import Blueprint, current_app, jsonify, render_template, request, url_for
from flask_babel import gettext

from tablebase.core.cube_notation import MAX_N
from tablebase.core.message import Message, N_, msg
from tablebase.cube import endgames
from tablebase.cube.endgames.position import custom_kinds, letters_of
from tablebase.cube.endgames.results import Results, cost
from tablebase.cube.endgames.summary import custom_letters, recorded
from tablebase.cube.pieces import with_pieces_after
from tablebase.core.numbers import whole_number
from tablebase.core.units import UNITS, in_units
from tablebase.errors import ChessInputError, OutOfTableError, quoted, said
from tablebase.retrograde import Material
from tablebase.tables import MIN_CUBE, TableId, TablePending, TableStore

from .api_routes import api, example, or_blank, page as declared_page, query
from .cube import LAB_TURN, TURN, lab_position, linked_board, linked_turn, pieces_by_letter
from .cube_three_men import three_men
from .errors import pending_answer
from .i18n_say import say
from .jsonio import BadRequestBody
from .links import linked_settings, refused_address, refused_setting
from .openapi import building, ok
from .openapi_schemas import STR, obj, ref
from .tables import client_address, store, tables as lookup

blueprint = Blueprint("endgames", __name__)
TAG = "3D endgames"
SIZE = {"type": "integer", "minimum": MIN_CUBE, "maximum": MAX_N}
MATERIAL = {"type": "string", "minLength": 2, "examples": ["KQK"]}
# A size no table has is a 404 naming the sizes this server builds (``_size``); a material is read
# by ``Material.parse``, which refuses it in its own words.
SIZE_QUERY = query("n", SIZE, "the board size", True, missing=msg(N_("missing query parameter 'n' (the board size)")),
                   own_range=True)
_read_lock = threading.Lock()


def results() -> Results:
    """The results file (``CUBE_RESULTS``), read again when it changes; none when there is none."""
    path = current_app.config.get("CUBE_RESULTS")
    if not path:
        return Results()
    try:
        stamp = Path(path).stat().st_mtime_ns
    except OSError:
        return Results()
    kept = current_app.extensions.get("cube_results")
    if kept is None or kept[0] != stamp:
        with _read_lock:
            kept = (stamp, Results.read(path))
            current_app.extensions["cube_results"] = kept
    return kept[1]


def _size(n: int | None) -> int | None:
    """The board size asked for (None: none asked), within the sizes of the tables, else 404."""
    if n is not None and not MIN_CUBE <= n <= MAX_N:
        raise OutOfTableError(no_tables(n, store().limits))
    return n


def _material(text) -> Material:
    if not isinstance(text, str):
        raise BadRequestBody(msg(N_("the material must be a name like 'KRK' or 'KQNK', not %(given)s"),
                                 given=repr(text)))
    return Material.parse(text, dim=3)  # bracketed atoms are the cube's: three digits


def _sizes(n: int | None) -> list[int]:
    return [n] if n is not None else list(range(MIN_CUBE, MAX_N + 1))


def _refuse(tables: TableStore, table: TableId) -> OutOfTableError:
    """The limits' refusal, with what the table's build would take."""
    need = cost(results(), table)
    return OutOfTableError(msg(N_("%(refusal)s; this table's build takes about %(memory)s of memory and %(cpu)s of "
                                  "CPU (`python -m tablebase build %(material)s --n %(n)s` writes its file, which this "
                                  "server then serves)"), refusal=said(tables.limits.refuse(table)),
                               memory=in_units(need.peak_bytes, "bytes"), cpu=in_units(need.seconds, "seconds"),
                               material=table.material.name, n=table.n))


def no_tables(n: int, limits) -> Message:
    return msg(N_("no 3D tables for n = %(n)s: this server builds %(limits)s"), n=n, limits=limits.describe_words())


def table_state(tables: TableStore, table: TableId) -> dict:
    """The table's state (``TableStatus``), whether the results file holds it verified, and where
    it is not here its verified figures (``result``), what its build takes (``cost``) and whether
    this server builds it (``buildable``)."""
    found = tables.status(table).to_json()
    figures = results().figures(table.material.name, table.n)
    found["verified"] = figures is not None
    if found["state"] != "ready":
        if figures is not None:
            found["result"] = {key: figures[key] for key in ("positions", "won", "longest", "checkmates")}
        found["cost"] = cost(results(), table).to_json()
        found["buildable"] = tables.limits.allows(table)
    return found


def _address_detail() -> tuple[dict | None, str]:
    """The cell's detail the address opens (``?n=&material=``), read here: a size none of the tables
    has, or a material the server cannot read, is said at the top of the page (naming the sizes
    there are) and opens no detail, whose title names a table."""
    if "material" not in request.args or "n" not in request.args:
        return None, ""
    given = request.args["n"]
    try:
        n = whole_number(given, "n", MIN_CUBE, MAX_N)
    except ChessInputError:
        return None, refused_address(gettext(
            "This page's address asks for the board size %(given)s, which no table has: the sizes are %(first)s to "
            "%(last)s.", given=quoted(given, 40), first=f"{MIN_CUBE}×{MIN_CUBE}×{MIN_CUBE}", last=f"{MAX_N}×{MAX_N}×{MAX_N}"))
    try:
        _material(request.args["material"])
    except ChessInputError as exc:
        return None, refused_address(gettext("The material in this page's address cannot be read: %(error)s",
                                             error=say(said(exc))))
    return {"material": request.args["material"], "n": n}, ""


PLY = query("ply", or_blank({"type": "integer", "minimum": 0}), "with moves: the move shown (default: the last)",
            refusal=lambda given: msg(N_("the move shown is counted in plies from 0, the first position, not "
                                         "%(given)s"), given=quoted(given)))


@declared_page(blueprint, "/3d/endgames", "The 3D endgame tables", (
    query("board", STR, "a position to play"), TURN,
    query("moves", STR, "with board: the moves played from it, as the page's links write them"),
    PLY,
    query("pieces", STR, "custom pieces the board's letters name: U=011*;A=111*,012"),
    query("n", STR, "with material: the cell whose detail opens"),
    query("material", STR, "with n: the cell whose detail opens")))
@example(n="3", material="KQK")
def page():
    urls = {
        "status": url_for("endgames.status"),
        "build": url_for("endgames.build"),
        "position": url_for("endgames.position"),
        "tablebase": url_for("endgames.tablebase"),
        "record": url_for("cube.game"),
        "page": url_for("endgames.page"),
        "endgames": url_for("endgames.overview"),
        "lab": url_for("cube.page"),
        "labPosition": url_for("cube.position"),
    }
    detail, address_error = _address_detail()
    _, custom, board_error = linked_board()
    game = {"board": request.args.get("board", ""), "moves": request.args.get("moves", ""),
            "ply": str(linked_settings((PLY,)).get("ply", "")),  # as read: one refused is the default
            "pieces": pieces_by_letter(custom)}  # a custom man's letters on the board
    if board_error:  # said at the top of the page, which opens with no game
        refused_setting(board_error)
        game = {"board": "", "moves": "", "ply": "", "pieces": {}}
    return render_template("cube_endgames.html", urls=urls, game=game, detail=detail, address_error=address_error,
                           turn=linked_turn(), sizes=list(range(MIN_CUBE, MAX_N + 1)),
                           materials=[m.name for m in endgames.ALL_MATERIALS], units=UNITS,
                           three=three_men(store(), results()))


@api(blueprint, "POST /api/3d/tablebase", "Probe a 3D endgame position", TAG, ok(
    "the value for the side to move and every move's, best first (lichess's conventions)", ref("Probe3D")),
    body=LAB_TURN, tables=True, preflight=True, heavy=True, cost=lab_position)
@example(body={"board": "[K##,###,###],[###,###,###],[R##,###,#Nk]"})
def tablebase(body: dict):
    """White's king and one to three of Q R B N or custom men ("pieces": {"U": "011*"}, their tables named by
    their atoms: material 'KR(011*)K') against a lone black king (KK too: a draw), turn to move; three men only
    where their table's file is there (built with the command line). A black man or more than three white men:
    404; a missing king, the kings touching or Black in check with White to move: 400; a size or material this
    server does not build and whose table file is not there: 404 naming the limits. The value and each move's,
    as the 2D probe's; a move by which the lone king captures a man is valued in the smaller material's table
    (KK: a draw). Readable from any origin; a browser's preflight is answered (OPTIONS)."""
    position = lab_position(body)
    turn = body.get("turn", "w")
    setup = endgames.from_board(position, turn)
    tables = store()
    if setup.material.pieces and not tables.available(setup.table):
        raise _refuse(tables, setup.table)
    letters = {kind: letter for letter, kind in custom_kinds(position).items()}
    return jsonify(with_pieces_after(position, endgames.probe(lookup(), setup, letters)))


def _entry(tables: TableStore, read, table: TableId) -> dict:
    """A table's summary, from its file or the results file (TablePending: neither, being built)."""
    figures = results().figures(table.material.name, table.n)
    if figures is not None and tables.opened(table) is None:
        return {**recorded(table.material, table.n, figures), "source": "results",
                "table": table_state(tables, table)}
    return {**endgames.summary(read(table)), "source": "table", "verified": figures is not None}


@api(blueprint, "GET /api/3d/endgames", "Every 3D endgame table of one size", TAG, {
    **ok("counts and longest mate of each material", ref("Endgames")),
    **building("TablesBuilding", "some of these tables are not built yet: their states (their builds are queued; "
                                 "ask again after Retry-After)")},
    params=(SIZE_QUERY, query("material", MATERIAL, "this material only, like 'KRNK'", own_words=True)),
    tables=True, endpoint="overview")
@example(n="3", material="KQK")
def overview(params: dict):
    """Every material's table of size n that this server has: those within the limits it builds on demand, and
    beyond them any whose table file exists (built beforehand with the command line); material: that one only
    (404 naming the limits when it is neither). Each with its counts, longest mate, histogram, wins by the lone
    king's distance to the nearest face, example (a position of one of the longest mates, White to move, in the
    3D notation; null when nothing is won) and explanation. A request queues at most one build: with a material,
    202 while its table is not built (its build queued); without one, the tables neither here nor in the results
    file are listed under not_built with their states and none is queued (202 while some of the others are being
    built). 503 table_build_failed when one's build failed."""
    n = _size(params["n"])
    tables, known = store(), results()
    if "material" in params:
        wanted = TableId.cube(_material(params["material"]), n)
        if not tables.available(wanted) and known.figures(wanted.material.name, n) is None:
            raise _refuse(tables, wanted)
        chosen = [wanted]
    else:
        chosen = [t for t in (TableId.cube(m, n) for m in endgames.ALL_MATERIALS)
                  if tables.available(t) or known.figures(t.material.name, n) is not None]
    if not chosen:
        raise OutOfTableError(no_tables(n, tables.limits))
    # A request queues at most one build: without a material, the tables neither here nor in the
    # results file are listed with their states, and none is queued.
    absent = [] if "material" in params else \
        [t for t in chosen if tables.opened(t) is None and known.figures(t.material.name, n) is None]
    found, waiting, read = [], [tables.status(t) for t in absent], lookup()
    for table in (t for t in chosen if t not in absent):
        try:
            found.append(_entry(tables, read, table))
        except TablePending as pending:
            waiting.append(pending.status)
    if any(s.state in ("queued", "building") for s in waiting):
        return pending_answer({"n": n, "state": "building", "tables": [s.to_json() for s in waiting]})
    return jsonify(n=n, endgames=found, **({"not_built": [s.to_json() for s in waiting]} if waiting else {}))


@api(blueprint, "GET /api/3d/endgames/status", "Every 3D table's state", TAG,
     ok("ready, building, queued, failed, missing or unavailable", ref("TableStates")),
     params=(query("n", or_blank(SIZE), "one size only", own_range=True),), tables=True, builds=False)
@example(n="3")
def status(params: dict):
    """Every table of one size (n) or of every size: ready (with its counts), building (stage, fraction),
    queued, failed (its reason), missing, or unavailable (beyond what this server builds, and no file). The same
    whichever worker answers; queues nothing."""
    tables = store()
    sizes = _sizes(_size(params.get("n")))
    return jsonify(limits=tables.limits.describe(), limits_words=tables.limits.describe_words().as_json(),
                   tables=[table_state(tables, TableId.cube(m, size)) for size in sizes for m in endgames.ALL_MATERIALS])


@api(blueprint, "POST /api/3d/endgames/build", "Queue the build of one table", TAG, {
    **ok("the table is here", ref("TableStates")), **ok("its build is queued or running", ref("TableStates"), 202)},
    body=obj(["material", "n"], n=SIZE, material={"type": "string", "description": "like 'KRNK'"}), tables=True)
@example(body={"n": 3, "material": "KQK"})
def build(body: dict):
    """Queues the build of one table, material on n, within the limits (beyond them: 404 naming the command line
    that builds it; a failed build is queued again a minute after it failed) and answers at once with its state:
    202 while it is queued or building, 200 when it is here (poll /api/3d/endgames/status). The build takes one
    place of this client address's share of the build queue until it is built: over the share, or with the queue
    full, 429 build_queue_full with Retry-After. The builder builds the queue one table at a time, smallest
    first."""
    material = _material(body["material"])
    n = body["n"]
    tables = store()
    if not MIN_CUBE <= n <= MAX_N:
        raise OutOfTableError(no_tables(n, tables.limits))
    table = TableId.cube(material, n)
    if not tables.available(table):
        raise _refuse(tables, table)
    state = tables.request(table, client_address()).to_json()
    return jsonify(tables=[state]), 202 if state["state"] in ("queued", "building") else 200


@api(blueprint, "GET /api/3d/endgames/position", "A won position to play", TAG,
     ok("the position and its probe", ref("EndgamePosition")), tables=True, params=(
         query("material", MATERIAL, "like 'KRNK'", True, own_words=True), SIZE_QUERY,
         query("pick", {"type": "string", "enum": ["random", "longest"]}, "a random won position or a longest",
               refusal=lambda given: msg(N_("query parameter 'pick' must be random or longest, not %(given)s"),
                                         given=repr(given))),
         query("min", or_blank({"type": "integer"}), "at least so many moves to mate"),
         query("seed", or_blank({"type": "integer", "minimum": 0}), "the same number gives the same position")),
    heavy=True)
@example(material="KQK", n="3", seed="1")
def position(params: dict):
    """A won position of material on n, White to move: a random one mating in at least min moves (min capped at
    the longest), uniform over the table's entries, or with pick=longest one of the longest mates; turned by a
    random symmetry of the cube. A given ?seed= gives the same position every time. With its probe and its board
    in the 3D notation. A material that wins nothing at n: 404."""
    n = _size(params["n"])
    material = _material(params.get("material"))
    pick, at_least = params.get("pick", "random"), params.get("min", 1)
    rng = np.random.default_rng(params.get("seed"))  # every parameter read before a build is queued
    tables, wanted = store(), TableId.cube(material, n)
    if not tables.available(wanted):
        raise _refuse(tables, wanted)
    read = lookup()
    table = read(wanted)
    found = endgames.won_position(table, rng, longest=pick == "longest", at_least=at_least)
    shown = endgames.board_of(found)
    letters = letters_of(wanted.material)
    return jsonify(board=shown.notation(), **custom_letters(wanted.material),
                   **with_pieces_after(shown, endgames.probe(read, found, letters)))
