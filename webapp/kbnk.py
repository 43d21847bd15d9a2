"""The KBN mate trainer: the /kbn page and the tablebase API (lichess's conventions)."""

from __future__ import annotations

import random

from flask import Blueprint, jsonify, render_template, request

from tablebase import kbnk
from tablebase.core.fen import BoardPosition
from tablebase.errors import ChessInputError, quoted
from tablebase.tables import TablePending
from tablebase.kbnk.coach import coach as coach_facts
from tablebase.kbnk.coach import coach_position
from tablebase.kbnk.heatmap import heatmap as lone_king_heatmap
from tablebase.kbnk.lessons import LESSONS, lesson_position

from .headers import immutable
from .jsonio import BadQuery, int_query, text_query
from .links import linked_position
from .tables import tables

blueprint = Blueprint("kbnk", __name__)


@blueprint.get("/kbn")
def page():
    # An unreadable FEN is refused here; a readable but illegal one opens in the editor, which
    # shows the position and why the table cannot answer it.
    fen, link_error = linked_position("fen", BoardPosition.from_fen, "a new practice position")
    return render_template("kbnk.html", fen=fen, probe=_initial_probe(fen), link_error=link_error)


def _initial_probe(fen: str) -> dict | None:
    """The opening position's value, sent with the page to save the board a round trip; None
    when there is no position or it is not one the table answers (the page then asks and shows why)."""
    if not fen.strip():
        return None
    try:
        return kbnk.probe(tables(), fen)
    except (ChessInputError, TablePending):
        return None


@blueprint.get("/api/tablebase")
@blueprint.get("/standard", endpoint="lichess_probe")
@immutable
def probe():
    return jsonify(kbnk.probe(tables(), text_query("fen")))


@blueprint.get("/api/tablebase/mainline")
@blueprint.get("/standard/mainline", endpoint="lichess_mainline")
@immutable
def mainline():
    fen = text_query("fen")
    return jsonify(fen=fen, mainline=kbnk.mainline(tables(), fen))


@blueprint.get("/api/tablebase/random", endpoint="random")
def random_position():
    low, high = int_query("min", 1), int_query("max", 33)
    bishop = request.args.get("bishop") or None
    if bishop not in (None, "light", "dark", "random"):
        raise BadQuery(f"query parameter 'bishop' must be light, dark or random, not {quoted(bishop)}")
    rng = random.Random(request.args.get("seed"))
    position = kbnk.random_position(tables(), low, high, None if bishop == "random" else bishop, rng)
    return jsonify(fen=position.to_fen(), **kbnk.probe_position(tables(), position.table_position()))


@blueprint.get("/api/tablebase/heatmap")
@immutable
def heatmap():
    """With the pieces where they stand: every square's value for the lone king, its side to move."""
    fen = text_query("fen")
    return jsonify(fen=fen, squares=lone_king_heatmap(tables(), fen))


@blueprint.get("/api/kbn/coach")
@immutable
def coach():
    """The method's facts for a KBNK position: mating corners, the lone king's box, phase, advice."""
    fen = text_query("fen")
    return jsonify(fen=fen, **coach_facts(fen).as_dict())


@blueprint.get("/kbn/learn")
def learn():
    return render_template("kbnk_learn.html", lessons=[lesson.as_dict() for lesson in LESSONS])


@blueprint.get("/api/kbn/lesson")
def lesson():
    """A random position for a lesson of /kbn/learn, drawn from the table by the lesson's criteria."""
    if not request.args.get("lesson"):
        raise BadQuery("missing query parameter 'lesson'")
    number = int_query("lesson", 0)
    rng = random.Random(request.args.get("seed"))
    position = lesson_position(tables(), number, rng)
    return jsonify(lesson=number, fen=position.to_fen(), **kbnk.probe_position(tables(), position.table_position()),
                   coach=coach_position(position).as_dict())
