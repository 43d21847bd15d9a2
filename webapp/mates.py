"""The mate trainer of every basic mate (the /mates pages; /kbn is KBNK's), the KBN lessons, and the
2D tablebase API in lichess's conventions (every table of ``tablebase.mates``)."""

from __future__ import annotations

import random

from flask import Blueprint, jsonify, redirect, render_template, request, url_for
from flask_babel import lazy_gettext

from tablebase import mates
from tablebase.core.fen import BoardPosition
from tablebase.core.message import N_, msg
from tablebase.errors import ChessInputError, quoted
from tablebase.mates.board_facts import heat_key, position_facts, with_board_facts
from tablebase.mates.coach import coach as coach_facts
from tablebase.mates.coach import coach_position
from tablebase.mates.coach import kbn_coach as kbn_coach_facts
from tablebase.mates.endings import ending, ending_of, endings
from tablebase.mates.heatmap import heatmap as lone_king_heatmap
from tablebase.mates.illegal import explain_move
from tablebase.mates.lesson_ideas import lesson_idea
from tablebase.mates.lessons import KBN_LESSONS, PATH, Lesson, draw_position, find_lesson, lesson_position_at, path_lesson
from tablebase.tables import TableId, TablePending

from .headers import immutable
from .jsonio import BadQuery, int_query, text_query
from .learn_first import first_view
from .links import linked_position
from .tables import CrossSiteBuild, store, tables

blueprint = Blueprint("mates", __name__)


@blueprint.get("/kbn")
def kbn():
    """KBNK's trainer (the page of /mates/KBNK under its first address)."""
    return _trainer("KBNK")


@blueprint.get("/mates/<material>")
def trainer(material: str):
    """The trainer of one ending (``/mates/KRK``)."""
    return _trainer(material)


@blueprint.get("/mates/learn")
def learn():
    """The learning path: the queen, the rook, the two bishops, the bishop and knight."""
    return render_template("mates_learn.html", lessons=[lesson.as_dict() for lesson in PATH], path=True, page="path",
                           lesson_url=url_for("mates.lesson"), idea_url=url_for("mates.path_idea"),
                           progress_key="mates-learn-progress", first=first_view(PATH, "path"))


def _lesson_number() -> int:
    if not request.args.get("lesson"):
        raise BadQuery(msg(N_("missing query parameter %(name)s"), name=repr("lesson")))
    return int_query("lesson", 0)


def _lesson_position(lesson: Lesson):
    """The position a lesson request asks for: ``?fen=`` (a shared link, a review: it must be one of
    the lesson's ending, the men White and to move, and won) or else drawn by the lesson's criteria
    from a random source seeded by ``?seed=``."""
    fen = request.args.get("fen")
    if fen:
        return lesson_position_at(tables(), lesson, fen)
    return draw_position(tables(), lesson, random.Random(request.args.get("seed")))


@blueprint.get("/api/mates/lesson")
def lesson():
    """A position for a lesson of /mates/learn: drawn from its ending's table, or the one asked."""
    number = _lesson_number()
    position = _lesson_position(path_lesson(number))
    fen = mates.to_fen(position)
    return jsonify(lesson=number, ending=path_lesson(number).ending, fen=fen,
                   **with_board_facts(fen, mates.probe_position(tables(), position)), coach=coach_facts(fen, tables()))


@blueprint.get("/api/mates/lesson/idea")
def path_idea():
    """The idea of a lesson of /mates/learn: a line of best play with the squares and arrows that show it."""
    return jsonify(lesson_idea(tables(), path_lesson(_lesson_number())))


@blueprint.get("/mates")
def index():
    """Every ending, the learning path's first, each with its table's longest mate when built."""
    found = [(e, _longest(e, build=False)) for e in endings()]
    path: dict[str, list[str]] = {}
    for lesson in PATH:
        path.setdefault(lesson.ending, []).append(lesson.id)
    lessons = [{"id": lesson.id, "number": lesson.number, "formerly": dict(lesson.formerly)} for lesson in PATH]
    return render_template("mates_index.html", endings=[e.as_dict(longest) for e, longest in found], path=path,
                           lessons=lessons)


def _longest(found, build: bool = True) -> int | None:
    """The ending's longest mate; None while its table is not built (``build``: queue its build,
    as a trainer page does, unless the page was opened from another site: its own script then
    asks; the list of endings only reads what is there)."""
    if not build:
        opened = store().opened(found.table)
        return opened.summary.longest if opened is not None else None
    try:
        return tables()(found.table).summary.longest
    except (TablePending, CrossSiteBuild):
        return None  # the page polls through the random position's 202


def _trainer(material: str):
    # An unreadable FEN is refused here; a readable but illegal one opens in the editor, which
    # shows the position and why the table cannot answer it.
    found = ending(material)
    fen, link_error = linked_position("fen", BoardPosition.from_fen, lazy_gettext("a new practice position"))
    belongs = ending_of(BoardPosition.from_fen(fen)) if fen.strip() else None
    if belongs is not None and belongs.name != found.name:
        # Another ending's position (a KBNK one under /mates/KRK): its own trainer, every parameter kept.
        query = request.query_string.decode("latin-1")
        return redirect(f"{url_for('mates.trainer', material=belongs.name)}?{query}")
    info = {**found.as_dict(_longest(found)), "url": request.path}  # where the page keeps its ?fen=
    info["example_position"] = _shown(info["example"])
    return render_template("mates_trainer.html", fen=fen, position=_shown(fen) if fen.strip() else None,
                           probe=_initial_probe(fen), link_error=link_error, material=info)


def _shown(fen: str) -> dict:
    """``{fen, turn, strong, pieces, fullmove}`` of a FEN the server read (``fen`` written back in
    full, its clocks kept), so the page reads none (even one the tables cannot answer: the editor
    shows it)."""
    read = BoardPosition.from_fen(fen)
    return {"fen": read.fen(), **position_facts(read), "fullmove": read.fullmove}


def _initial_probe(fen: str) -> dict | None:
    """The opening position's value, sent with the page to save the board a round trip; None
    when there is no position or it is not one the table answers (the page then asks and shows why)."""
    if not fen.strip():
        return None
    try:
        return _probe(fen)
    except (ChessInputError, TablePending, CrossSiteBuild):
        return None


@blueprint.get("/api/tablebase")
@blueprint.get("/standard", endpoint="lichess_probe")
@immutable
def probe():
    return jsonify(_probe(text_query("fen")))


def _probe(fen: str) -> dict:
    """The probe's answer with what a page shows of the position (``board_facts``): the side to move,
    the strong side, the pieces, and each move's position after it."""
    return with_board_facts(fen, mates.probe(tables(), fen))


@blueprint.get("/api/tablebase/mainline")
@blueprint.get("/standard/mainline", endpoint="lichess_mainline")
@immutable
def mainline():
    fen = text_query("fen")
    return jsonify(fen=fen, mainline=mates.mainline(tables(), fen))


@blueprint.get("/api/tablebase/random", endpoint="random")
def random_position():
    """A random White-to-move position of ``material`` (default KBNK) mating in ``min`` to ``max``
    moves (default: up to the table's longest mate)."""
    table = TableId.chess(request.args.get("material") or "KBNK")
    low, high = int_query("min", 1), int_query("max", 255)
    bishop = request.args.get("bishop") or None
    if bishop not in (None, "light", "dark", "random"):
        raise BadQuery(msg(N_("query parameter 'bishop' must be light, dark or random, not %(given)s"),
                           given=quoted(bishop)))
    rng = random.Random(request.args.get("seed"))
    position = mates.random_position(tables(), table, low, high, None if bishop == "random" else bishop, rng)
    fen = mates.to_fen(position)
    return jsonify(fen=fen, **with_board_facts(fen, mates.probe_position(tables(), position)))


@blueprint.get("/api/mates/board")
@immutable
def board():
    """A FEN as the server reads it, legal or not (the editor shows any board): ``fen`` (written
    back in full), ``turn``, ``strong`` and ``pieces``; 400 with the reader's reason otherwise."""
    return jsonify(_shown(text_query("fen")))


@blueprint.get("/api/tablebase/heatmap")
@immutable
def heatmap():
    """With the pieces where they stand: every square's value for the lone king, its side to move.
    Takes any position of the tables as it stands (the lone king and the turn are ignored) and
    answers under ``fen`` the map's key (the strong side's men alone, that side to move) and
    ``strong``, the side holding the men."""
    fen = text_query("fen")
    squares = lone_king_heatmap(tables(), fen)
    return jsonify(**heat_key(fen), squares=squares)


@blueprint.get("/api/coach")
@immutable
def coach():
    """The method's facts for a position of any 2D table: the lone king's box, the phase of the
    material's method, advice (and KBNK's mating corners); with ``?before=`` (the position the
    user last saw) the ``note`` of the move from it."""
    fen = text_query("fen")
    before = request.args.get("before")
    return jsonify(fen=fen, **coach_facts(fen, tables(), before=text_query("before") if before is not None else None))


@blueprint.get("/api/mates/move")
@immutable
def move_reason():
    """Whether the move ``from``-``to`` is legal on the board of ``fen``, and why not, in words
    (the rules core's): what the trainer says of a move it refused."""
    return jsonify(explain_move(text_query("fen"), text_query("from"), text_query("to")).as_dict())


@blueprint.get("/api/kbn/coach")
@immutable
def kbn_coach():
    """KBNK's coach (the alias kept from before every mate had one)."""
    fen = text_query("fen")
    return jsonify(fen=fen, **kbn_coach_facts(fen, tables()).as_dict())


@blueprint.get("/kbn/learn")
def kbn_learn():
    return render_template("mates_learn.html", lessons=[lesson.as_dict() for lesson in KBN_LESSONS], path=False,
                           page="kbn", lesson_url=url_for("mates.kbn_lesson"), idea_url=url_for("mates.kbn_idea"),
                           progress_key="kbn-learn-progress", first=first_view(KBN_LESSONS, "kbn"))


@blueprint.get("/api/kbn/lesson")
def kbn_lesson():
    """A position for a lesson of /kbn/learn: drawn from the table by the lesson's criteria, or the one asked."""
    number = _lesson_number()
    position = _lesson_position(find_lesson(KBN_LESSONS, number))
    fen = mates.to_fen(position)
    return jsonify(lesson=number, fen=fen, **with_board_facts(fen, mates.probe_position(tables(), position)),
                   coach=coach_position(position, tables()).as_dict())


@blueprint.get("/api/kbn/lesson/idea")
def kbn_idea():
    """The idea of a lesson of /kbn/learn: a line of best play with the squares and arrows that show it."""
    return jsonify(lesson_idea(tables(), find_lesson(KBN_LESSONS, _lesson_number())))
