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

from tablebase.core.cube_notation import MAX_N, CubePosition
from tablebase.core.message import Message, N_, msg
from tablebase.cube import endgames
from tablebase.cube.endgames.position import custom_kinds, letters_of
from tablebase.cube.endgames.results import Results, cost
from tablebase.cube.endgames.summary import custom_letters, recorded
from tablebase.cube.pieces import with_pieces_after
from tablebase.core.numbers import whole_number
from tablebase.errors import ChessInputError, OutOfTableError, quoted, said
from tablebase.retrograde import Material
from tablebase.tables import MIN_CUBE, TableId, TablePending, TableStore

from .cube import address_pieces, custom_pieces
from .cube_three_men import three_men
from .errors import pending_answer
from .i18n_say import say
from .jsonio import BadRequestBody, field, int_query, json_object
from .tables import client_address, store, tables as lookup

blueprint = Blueprint("endgames", __name__)
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


def _size_arg(required: bool = True) -> int | None:
    n = int_query("n", None)  # ASCII digits only
    if n is None:
        if required:
            raise BadRequestBody(msg(N_("missing query parameter 'n' (the board size)")))
        return None
    if not MIN_CUBE <= n <= MAX_N:
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
                               memory=_bytes(need.peak_bytes), cpu=_duration(need.seconds),
                               material=table.material.name, n=table.n))


def no_tables(n: int, limits) -> Message:
    return msg(N_("no 3D tables for n = %(n)s: this server builds %(limits)s"), n=n, limits=limits.describe_words())


def _bytes(count: int) -> Message:
    """"1.6 GB", "254 MB" (the units as the page's language writes them)."""
    if count >= 1e9:
        return msg(N_("%(num)s GB"), num=f"{count / 1e9:.1f}")
    return msg(N_("%(num)s MB"), num=max(1, round(count / 1e6)))


def _duration(seconds: float) -> Message:
    """"3 s", "4 min", "1.5 h", as the page's script writes them (static/js/cube/endgames_format.js)."""
    if seconds < 90:
        return msg(N_("%(num)s s"), num=max(1, round(seconds)))
    if seconds < 5400:
        return msg(N_("%(num)s min"), num=f"{seconds / 60:.0f}")
    return msg(N_("%(num)s h"), num=f"{seconds / 3600:.1f}")


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
        return None, gettext("This page's address asks for the board size %(given)s, which no table has: the sizes "
                             "are %(first)s to %(last)s.", given=quoted(given, 40),
                             first=f"{MIN_CUBE}×{MIN_CUBE}×{MIN_CUBE}", last=f"{MAX_N}×{MAX_N}×{MAX_N}")
    try:
        _material(request.args["material"])
    except ChessInputError as exc:
        return None, gettext("The material in this page's address cannot be read: %(error)s", error=say(said(exc)))
    return {"material": request.args["material"], "n": n}, ""


@blueprint.get("/3d/endgames")
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
    game = {name: request.args.get(name, "") for name in ("board", "moves", "ply")}
    game["pieces"] = address_pieces(request.args.get("pieces", ""))  # a custom man's letters on the board
    return render_template("cube_endgames.html", urls=urls, game=game, detail=detail, address_error=address_error,
                           turn=request.args.get("turn", "w"), sizes=list(range(MIN_CUBE, MAX_N + 1)),
                           materials=[m.name for m in endgames.ALL_MATERIALS], three=three_men(store(), results()))


def _position(body: dict) -> CubePosition:
    return CubePosition.parse(field(body, "board", str, list), custom_pieces(body))


@blueprint.post("/api/3d/tablebase")
def tablebase():
    """SPEC: the value of a 3D endgame position and of each of its moves (202 while its table is built)."""
    body = json_object()
    position = _position(body)
    turn = field(body, "turn", str, required=False, default="w")
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


@blueprint.get("/api/3d/endgames")
def overview():
    """SPEC: for every material at size n (or the one ``material`` names) that the server has or
    the results file holds, its counts, longest win and what they mean; 202 with the tables' states
    while some are being built (their builds are queued)."""
    n = _size_arg()
    tables, known = store(), results()
    if "material" in request.args:
        wanted = TableId.cube(_material(request.args["material"]), n)
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
    absent = [] if "material" in request.args else \
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


@blueprint.get("/api/3d/endgames/status")
def status():
    """Every table of one size (``?n=``) or of all sizes: ready (with its summary), building (with
    its progress), queued, failed (with its reason), missing, or unavailable (beyond what this
    server builds); the results file's figures and the build's cost of those not here. The same
    whichever worker answers."""
    tables = store()
    sizes = _sizes(_size_arg(required=False))
    return jsonify(limits=tables.limits.describe(), limits_words=tables.limits.describe_words().as_json(),
                   tables=[table_state(tables, TableId.cube(m, size)) for size in sizes for m in endgames.ALL_MATERIALS])


@blueprint.post("/api/3d/endgames/build")
def build():
    """Queue the build of one table within the limits, ``{"material": "KQRK", "n": 6}``, in this
    client's share of the build queue (429 over it: tablebase/tables/queue.py). Answers at once
    with its state: 202 while it is queued or building, 200 once it is here."""
    body = json_object()
    material = _material(field(body, "material", str))
    n = field(body, "n", int)
    tables = store()
    if not MIN_CUBE <= n <= MAX_N:
        raise OutOfTableError(no_tables(n, tables.limits))
    table = TableId.cube(material, n)
    if not tables.available(table):
        raise _refuse(tables, table)
    state = tables.request(table, client_address()).to_json()
    return jsonify(tables=[state]), 202 if state["state"] in ("queued", "building") else 200


@blueprint.get("/api/3d/endgames/position")
def position():
    """A won position to play: ``?material=KRNK&n=4&pick=random|longest`` (``min``: at least so
    many moves to mate, capped at the longest; ``seed`` optional), with its probe."""
    n = _size_arg()
    material = _material(request.args.get("material"))
    pick = request.args.get("pick", "random")
    if pick not in ("random", "longest"):
        raise BadRequestBody(msg(N_("query parameter 'pick' must be random or longest, not %(given)s"),
                                 given=repr(pick)))
    at_least = int_query("min", 1)
    rng = np.random.default_rng(int_query("seed", None, 0))  # every parameter read before a build is queued
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
