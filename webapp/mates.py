"""The mate trainer of every basic mate (the /mates pages; /kbn is KBNK's), the KBN lessons, and the
2D tablebase API in lichess's conventions (every table of ``tablebase.mates``)."""

from __future__ import annotations

import random

from flask import Blueprint, jsonify, redirect, render_template, request, url_for
from flask_babel import lazy_gettext

from tablebase import mates
from tablebase.core.fen import BoardPosition
from tablebase.errors import ChessInputError
from tablebase.mates.board_facts import heat_key, position_facts, with_board_facts
from tablebase.mates.coach import coach as coach_facts
from tablebase.mates.coach import coach_position
from tablebase.mates.coach import kbn_coach as kbn_coach_facts
from tablebase.mates.endings import ending, ending_of, endings
from tablebase.mates.heatmap import board_heatmap as lone_king_heatmap
from tablebase.mates.illegal import explain_move
from tablebase.mates.lesson_ideas import lesson_idea
from tablebase.mates.lessons import KBN_LESSONS, PATH, Lesson, draw_position, find_lesson, lesson_position_at, path_lesson
from tablebase.tables import TableId, TablePending

from .api_routes import api, example, or_blank, page, query
from .learn_first import first_view
from .links import linked_lesson, linked_position, linked_settings
from .openapi import ok
from .openapi_examples import KBNK
from .openapi_schemas import BOOL, INT, STR, obj, ref, said
from .tables import CrossSiteBuild, store, tables
from .trainer_address import BISHOPS, LESSON_SETTINGS, TRAINER_SETTINGS, linked_level, refuse_bishop
from .trainer_first import first_position

blueprint = Blueprint("mates", __name__)
FEN = query("fen", {"type": "string", "minLength": 1, "examples": ["8/8/8/8/8/8/2k5/KNB5_w_-_-_0_1"]},
            "a FEN (spaces may be written '_'; castling and en passant carry no weight; the clocks default "
            "to 0 and 1)", required=True)
LESSON_FEN = query("fen", STR, "this position rather than a drawn one (a shared link, a review): of the lesson's "
                   "ending, the men White and to move, and won; else 400 bad_lesson_position")
SEED = query("seed", STR, "any text: the same one gives the same position")
TRAINER = (query("fen", STR, "the position to open"), *TRAINER_SETTINGS)
PROBED = "the value for the side to move and every move's, best first (lichess's conventions)"
COACH_PHASES = (
    "one queen or rook, alone or with a minor piece (KQK, KRK, KQBK, KQNK, KRBK, KRNK): shrink-box, "
    "bring-king, waiting-move (KRK only), mate-net; two queens or rooks (KQQK, KQRK, KRRK): ladder, "
    "mate-net; two bishops on both square colours (KBBK): diagonal-barrier, drive-to-corner, mate-net; "
    "KBNK: drive-to-edge, drive-to-corner, w-manoeuvre, mate-net; no forced mate (KBK, KNK, KNNK, bishops "
    "all on one colour): no-forced-mate")
COACH = (
    "The coach of every basic mate: any legal position of the 2D tables with at least one man (KK: 404). "
    "The material, the lone king's box (region: the squares it could reach by king steps were the strong "
    "side's men frozen, entering only empty squares the strong side does not attack, attacks taken with "
    "the lone king lifted off, plus its own square unless attacked; a good move shrinks it), given only where "
    "it means something (box_shown: a won position of a method that measures by it; KBNK's only when caught "
    "in a corner), the phase of the material's method (drawn where the table does not win) and advice in "
    "words, each claim in them listed under claims; the lone king's side of it under defence; for KBNK also "
    "the mating corners. With ?before= (the position the user last saw), the note of the move: the box "
    f"before and after, the win gone, the phase changed. The phases by material: {COACH_PHASES}.")


def _lesson(count: int):
    return query("lesson", {"type": "integer", "minimum": 1, "maximum": count}, "the lesson", True,
                 own_range=True)  # refused past the lessons as bad_range, naming them (``find_lesson``)


def _lesson_routes(tool: str, tag: str, count: int, schema: str):
    """A lessons page's two routes' declarations: a position for a lesson, and the lesson's idea."""
    learn = f"/{tool}/learn"
    position = api(blueprint, f"GET /api/{tool}/lesson", f"A position for a lesson of {learn}", tag,
                   ok("the position, its probe and the coach's facts", ref(schema)),
                   params=(_lesson(count), SEED, LESSON_FEN), tables=True)
    idea = api(blueprint, f"GET /api/{tool}/lesson/idea", f"The idea of a lesson of {learn}", tag,
               ok("a line of best play, with marks, arrows and captions", ref("LessonIdea")),
               params=(_lesson(count),), tables=True)
    return position, idea


KBN_LESSON, KBN_IDEA = _lesson_routes("kbn", "KBN method", len(KBN_LESSONS), "Lesson")
PATH_LESSON, PATH_IDEA = _lesson_routes("mates", "basic mates", len(PATH), "MatesLesson")


# A position of another ending (a KRK one under /kbn): that ending's trainer.
ANOTHER_ENDING = {"302": {
    "description": "the position is another ending's: its trainer, the address's other parameters kept but the level",
    "headers": {"Location": {"description": "/mates/KRK?fen=...", "schema": {"type": "string"}}}}}


@page(blueprint, "/kbn", "The KBN mate trainer", TRAINER, answers=ANOTHER_ENDING)
@example(fen=KBNK)
def kbn():
    """KBNK's trainer (the page of /mates/KBNK under its first address)."""
    return _trainer("KBNK")


@page(blueprint, "/mates/<material>", "The trainer of one ending", (
    {"name": "material", "in": "path", "required": True, "description": "like 'KRK' or 'KBNK'",
     "schema": {"type": "string", "examples": ["KRK"]}}, *TRAINER), answers=ANOTHER_ENDING)
@example(url="/mates/KRK")
def trainer(material: str):
    """The trainer of one ending (``/mates/KRK``)."""
    return _trainer(material)


@page(blueprint, "/mates/learn", "The learning path: queen, rook, two bishops, bishop and knight", LESSON_SETTINGS)
@example()
def learn():
    """The learning path: the queen, the rook, the two bishops, the bishop and knight."""
    return render_template("mates_learn.html", lessons=[lesson.as_dict() for lesson in PATH], path=True, page="path",
                           lesson_url=url_for("mates.lesson"), idea_url=url_for("mates.path_idea"),
                           progress_key="mates-learn-progress", first=first_view(PATH, "path"),
                           settings=linked_settings(LESSON_SETTINGS),
                           link_error=linked_lesson([lesson.number for lesson in PATH]))


def _lesson_position(lesson: Lesson, params: dict):
    """The position a lesson request asks for: ``?fen=`` (a shared link, a review: it must be one of
    the lesson's ending, the men White and to move, and won) or else drawn by the lesson's criteria
    from a random source seeded by ``?seed=``."""
    fen = params.get("fen")
    if fen:
        return lesson_position_at(tables(), lesson, fen)
    return draw_position(tables(), lesson, random.Random(params.get("seed")))


@page(blueprint, "/mates", "Every basic mate, the learning path first")
@example()
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
        # Another ending's position (a KBNK one under /mates/KRK): its own trainer, every parameter kept
        # but the level, which is this ending's (the other's levels are its own).
        query = "&".join(part for part in request.query_string.decode("latin-1").split("&")
                         if part.split("=")[0] != "level")
        return redirect(f"{url_for('mates.trainer', material=belongs.name)}?{query}")
    info = {**found.as_dict(_longest(found)), "url": request.path}  # where the page keeps its ?fen=
    info["example_position"] = _shown(info["example"])
    settings = linked_level(linked_settings(TRAINER_SETTINGS), info["levels"])
    return render_template("mates_trainer.html", fen=fen, position=_shown(fen) if fen.strip() else None,
                           probe=_initial_probe(fen), link_error=link_error, material=info, settings=settings,
                           first=None if fen.strip() else first_position(found, info["levels"], settings))


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


@api(blueprint, "GET /api/tablebase", "Probe a position of any basic mate", "tablebase", ok(PROBED, ref("Probe")),
     params=(FEN,), tables=True, immutable=True, aliases={"/standard": (
         "lichess_probe", "lichess's own path, so a lichess tablebase client can be pointed here.")})
@example(fen="k7/8/1K6/8/8/8/8/6Q1 w - - 0 1")
def probe(params: dict):
    """Any position of a basic mate on the 8×8 board: a king and up to two of Q R B N against a lone king,
    either colour holding the men, KK too (a draw). A pawn, three men or a man on each side: 404 not_in_table
    naming the limits; a side without exactly one king, the kings touching or the side not to move in check: 400
    illegal_position. lichess's fields (category, dtm in signed plies, checkmate, stalemate,
    insufficient_material, check, the moves best first with zeroing, a capture), and beside them mate_in in
    moves, the fifty-move rule from the FEN's halfmove clock (the values ignore it: fifty_move_draw and
    fifty_move_draws_first say where it draws first), and what a page shows without reading a FEN: turn, strong,
    pieces, and per move from, to, and the fen and pieces after it."""
    return jsonify(_probe(params["fen"]))


def _probe(fen: str) -> dict:
    """The probe's answer with what a page shows of the position (``board_facts``): the side to move,
    the strong side, the pieces, and each move's position after it. The FEN is read here, once."""
    read = mates.parse_position(fen)
    return with_board_facts(read.board, mates.probe_position(tables(), read.position, read.halfmove))


@api(blueprint, "GET /api/tablebase/mainline", "The main line: the winner fastest, the loser most stubborn",
     "tablebase", ok("the moves to mate", ref("Mainline")), params=(FEN,), tables=True, immutable=True,
     aliases={"/standard/mainline": ("lichess_mainline", "lichess's own path.")})
@example(fen="k7/8/2K5/8/8/8/8/1Q6 w - - 0 1")
def mainline(params: dict):
    """Best play from the position (what /api/tablebase takes): the winner mates fastest, the loser resists
    longest, ties broken by UCI; each ply with its SAN and the dtm after it. Empty for a draw or a position
    already mated."""
    return jsonify(fen=params["fen"], mainline=mates.mainline(tables(), params["fen"]))


@api(blueprint, "GET /api/tablebase/random", "A random White-to-move position by mate length", "tablebase",
     ok("the position and its probe", ref("RandomProbe")), endpoint="random", tables=True, params=(
         query("min", or_blank(INT), "shortest mate, in moves (default 1; past the ending's longest mate: 400)"),
         query("max", or_blank(INT), "longest mate, in moves (default: the chosen ending's longest mate)"),
         query("bishop", BISHOPS, "the bishop's square colour (default random); light or dark only for an ending "
               "with one bishop (400 otherwise)", refusal=refuse_bishop),
         query("material", or_blank({"type": "string", "examples": ["KRK"]}), "the ending, KQK ... KNNK (default KBNK)"),
         SEED))
@example(material="KQK", min="2", max="2", seed="1")
def random_position(params: dict):
    """A position of the ending, the side with the men (White) to move, drawn uniformly among the table's wins
    in min to max moves and turned by one of the board's symmetries (one that gives the bishop the colour
    asked); with its probe. A given ?seed= gives the same position every time. A range no position fits: 400
    bad_range; an ending outside the tables: 404."""
    table = TableId.chess(params.get("material", "KBNK"))
    low, high = params.get("min", 1), params.get("max", 255)
    bishop = params.get("bishop")
    rng = random.Random(params.get("seed"))
    position = mates.random_position(tables(), table, low, high, None if bishop == "random" else bishop, rng)
    board = mates.chess_position(position).board
    return jsonify(fen=board.fen(), **with_board_facts(board, mates.probe_position(tables(), position)))


@api(blueprint, "GET /api/tablebase/heatmap", "Each square's value for the lone king", "tablebase",
     ok("64 squares", ref("Heatmap")), params=(FEN,), tables=True, immutable=True)
@example(fen="8/8/8/3k4/8/8/8/KQ6 w - - 0 1")
def heatmap(params: dict):
    """With the strong side's king and men where they stand: for each square, the value with the lone king there
    and to move. The lone king's square (the FEN may even lack it) and the side to move are ignored; the side
    with the men needs exactly one king (400), and the material must be one of the tables' (404). The answer's
    fen is the map's key: the strong side alone, that side to move."""
    fen = params["fen"]
    board = BoardPosition.from_fen(fen)  # read once: the map and its key
    squares = lone_king_heatmap(tables(), board, fen)
    return jsonify(**heat_key(board), squares=squares)


@api(blueprint, "GET /api/coach", "The method's facts for a position of any basic mate", "basic mates",
     ok("the lone king's box, the method's phase and advice", ref("MateCoach")), tables=True, immutable=True,
     params=(FEN, query("before", {"type": "string", "minLength": 1, "examples": ["8/8/8/8/8/8/2k5/KNB5_w_-_-_0_1"]},
                        "the position the user last saw (a FEN): the answer's note compares the box with it")),
     about=COACH)
@example(fen="8/8/8/3k4/8/8/8/KQ6 w - - 0 1")
def coach(params: dict):
    return jsonify(fen=params["fen"], **coach_facts(params["fen"], tables(), before=params.get("before")))


@api(blueprint, "GET /api/mates/move", "Why a move is illegal, in words", "basic mates", ok(
    "legal, and the reason in a sentence", obj(["legal", "reason"], legal=BOOL, reason=STR, reason_words=said(
        ref("Words"), "the reason as a message, for a page to translate"))), immutable=True, params=(
    FEN, query("from", {"type": "string", "examples": ["e1"]}, "the square the piece leaves", True),
    query("to", {"type": "string", "examples": ["e2"]}, "the square it goes to", True)))
@example(fen="8/8/4k3/8/4K3/8/8/R7 w - - 0 1", **{"from": "e4", "to": "e5"})
def move_reason(params: dict):
    """Whether a move from one square to another is legal on a board (any FEN the reader takes), and why not, in
    a sentence from the rules: no piece there, not that side's turn, the kings side by side, a piece that does
    not move that way or is blocked, a king left in check. What the trainer says of a move it refused."""
    return jsonify(explain_move(params["fen"], params["from"], params["to"]).as_dict())


@api(blueprint, "GET /api/mates/board", "A FEN as the server reads it, legal or not", "basic mates",
     ok("the FEN in full, the side to move, the strong side and the pieces", ref("Board2D")), params=(FEN,),
     immutable=True)
@example(fen=KBNK)
def board(params: dict):
    """Any FEN the reader can parse, legal or not (the editor shows any board): the FEN written back in full
    (its clocks kept), the side to move, the strong side and the pieces. 400 with the reader's reason
    otherwise."""
    return jsonify(_shown(params["fen"]))


@PATH_LESSON
@example(lesson="1", seed="1")
def lesson(params: dict):
    """A random position for the lesson of the learning path (/mates/learn), drawn from its ending's table, with
    its probe and the coach's facts."""
    number = params["lesson"]
    position = _lesson_position(path_lesson(number), params)
    board = mates.chess_position(position).board
    fen = board.fen()
    return jsonify(lesson=number, ending=path_lesson(number).ending, fen=fen,
                   **with_board_facts(board, mates.probe_position(tables(), position)), coach=coach_facts(fen, tables()))


@PATH_IDEA
@example(lesson="1")
def path_idea(params: dict):
    """The idea of a lesson of the learning path (/mates/learn): a line of best play with the squares and arrows
    that show it and a caption per position."""
    return jsonify(lesson_idea(tables(), path_lesson(params["lesson"])))


@api(blueprint, "GET /api/kbn/coach", "The KBN method's facts for a position", "KBN method",
     ok("corners, the lone king's box, phase and advice", ref("Coach")), params=(FEN,), tables=True, immutable=True)
@example(fen=KBNK)
def kbn_coach(params: dict):
    """KBNK's coach (kept from before every mate had one): a KBNK position with both the bishop and the knight
    on the board, either colour holding them (otherwise 404). The mating corners, the lone king's box, the KBN
    method's phase and advice in words."""
    return jsonify(fen=params["fen"], **kbn_coach_facts(params["fen"], tables()).as_dict())


@page(blueprint, "/kbn/learn", "The lessons of the KBN method", LESSON_SETTINGS)
@example()
def kbn_learn():
    return render_template("mates_learn.html", lessons=[lesson.as_dict() for lesson in KBN_LESSONS], path=False,
                           page="kbn", lesson_url=url_for("mates.kbn_lesson"), idea_url=url_for("mates.kbn_idea"),
                           progress_key="kbn-learn-progress", first=first_view(KBN_LESSONS, "kbn"),
                           settings=linked_settings(LESSON_SETTINGS),
                           link_error=linked_lesson([lesson.number for lesson in KBN_LESSONS]))


@KBN_LESSON
@example(lesson="1", seed="1")
def kbn_lesson(params: dict):
    """A random KBNK position fitting the lesson of /kbn/learn, drawn from the table by the lesson's criteria,
    with its probe and the coach's facts."""
    number = params["lesson"]
    position = _lesson_position(find_lesson(KBN_LESSONS, number), params)
    board = mates.chess_position(position).board
    return jsonify(lesson=number, fen=board.fen(), **with_board_facts(board, mates.probe_position(tables(), position)),
                   coach=coach_position(position, tables()).as_dict())


@KBN_IDEA
@example(lesson="1")
def kbn_idea(params: dict):
    """The idea of a lesson of /kbn/learn, shown before its drills: a line of best play from a position the
    lesson's criteria choose (the same each time), each position with the squares and arrows that show the idea
    and a caption of its facts."""
    return jsonify(lesson_idea(tables(), find_lesson(KBN_LESSONS, params["lesson"])))
