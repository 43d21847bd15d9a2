"""The OpenAPI 3.1 document of every route (``GET /openapi.json``; read as a page at ``/api``).
Each operation lists its parameters, body, answers and errors, all errors in one shape. The
tablebase routes may also answer 202 (a table not built yet: queued or building, with Retry-After),
403 to a GET from another site where it would queue a build, and 503 (a fault of the server's own
data). ``tests/app/test_app_openapi.py`` runs schemathesis against the running app to keep this
document true."""

from __future__ import annotations

from importlib import metadata

from tablebase.cube.board import MAX_N
from tablebase.tables import MIN_CUBE as TABLE_MIN_N
from tablebase.kbnk.lessons import LESSONS
from tablebase.mates.lessons import PATH
from tablebase.solitaire.puzzles import DIFFICULTIES

from .openapi_schemas import COLOR, CUBE, INT, SCHEMAS, STR, obj, ref

ERRORS = {
    400: "bad input: the message says what was wrong and quotes it",
    403: ("cross_site_build: the table is not built, and this request comes from another site's page "
          "(Sec-Fetch-Site or Origin); a table is built only on a request from this site's pages or a JSON POST"),
    404: "a legal position or size outside what the server's tables cover, or no such route",
    405: "the method is not allowed on this route (the Allow header lists the ones that are)",
    413: "the body is larger than 256 KiB",
    414: "the URL is longer than 8000 bytes",
    415: "the body is not sent as application/json",
    431: "the request headers are too large",
    503: "a fault of the server's own data (a damaged table file); nothing in the request is to blame",
}
COMMON = (400, 404, 405, 414, 431)
TABLE_ROUTES = (202, 503)  # answers of the routes that read tables a server builds on demand
RETRY_AFTER = {"Retry-After": {"description": "seconds to wait before asking again", "required": True,
                               "schema": {"type": "string"}}}


def _errors(*statuses: int) -> dict:
    return {str(s): {"description": ERRORS[s], "content": {"application/json": {"schema": ref("Error")}}}
            for s in statuses}


def _json(description: str, schema: dict, status: int = 200) -> dict:
    return {str(status): {"description": description, "content": {"application/json": {"schema": schema}}}}


def _building() -> dict:
    answer = _json("the table this needs is not built yet: queued or building (ask again after Retry-After)",
                   ref("TableBuilding"), 202)
    answer["202"]["headers"] = RETRY_AFTER
    return answer


def _table_answers() -> dict:
    """A route reading tables the server builds on demand: 202 while one is not built yet, 503 when
    its data is damaged. The route's own answers, listed after, take precedence."""
    return {**_building(), **_errors(503)}


def _query(name: str, schema: dict, description: str, required: bool = False) -> dict:
    return {"name": name, "in": "query", "required": required, "schema": schema, "description": description}


def _or_blank(schema: dict) -> dict:
    """An optional query parameter that may also be sent empty (``?min=``, as a form sends it):
    empty means the default."""
    return {"anyOf": [schema, {"const": ""}]}


FEN = _query("fen", {"type": "string", "minLength": 1, "examples": ["8/8/8/8/8/8/2k5/KNB5_w_-_-_0_1"]},
             "a FEN (spaces may be written '_')", required=True)


def _get(summary: str, tag: str, answer: dict, params=(), errors=COMMON, tables=False, builds=True) -> dict:
    """``tables``: reads tables the server builds on demand; ``builds``: may queue their builds."""
    responses = {**(_table_answers() if tables else {}), **answer, **_errors(*errors)}
    if tables and builds:
        responses.update(_errors(403))
    return {"get": {"summary": summary, "tags": [tag], "parameters": list(params), "responses": responses}}


def _post(summary: str, tag: str, answer: dict, body: dict, tables=False) -> dict:
    responses = {**(_table_answers() if tables else {}), **answer, **_errors(*COMMON, 413, 415)}
    return {"post": {"summary": summary, "tags": [tag], "responses": responses, "requestBody": {
        "required": True, "content": {"application/json": {"schema": body}}}}}


def _page(summary: str, params=()) -> dict:
    html = {"text/html": {"schema": {"type": "string"}}}
    responses = {"200": {"description": "the page", "content": html}}
    for status in (400, 404, 405, 414, 431):
        responses[str(status)] = {"description": ERRORS[status], "content": html}
    return {"get": {"summary": summary, "tags": ["pages"], "parameters": list(params), "responses": responses}}


_SIZE = {"type": "integer", "minimum": TABLE_MIN_N, "maximum": MAX_N}
_MATERIAL = {"type": "string", "minLength": 2, "examples": ["KQK"]}
_BOARD_TURN = obj(["board"], board=ref("Board3D"), turn=COLOR)
_SOLITAIRE = {"board": ref("SolitaireBoard"), "n": INT}
_PROBE_DOC = "the value for the side to move and every move's, best first (lichess's conventions)"


def _paths() -> dict:
    probe = _get("Probe a KBNK position", "tablebase", _json(_PROBE_DOC, ref("Probe")), [FEN], tables=True)
    mainline = _get("The main line: White fastest, Black most stubborn", "tablebase",
                    _json("the moves to mate", ref("Mainline")), [FEN], tables=True)
    return {
        "/api/tablebase": probe,
        "/standard": probe,
        "/api/tablebase/mainline": mainline,
        "/standard/mainline": mainline,
        "/api/tablebase/random": _get("A random White-to-move position by mate length", "tablebase",
                                      _json("the position and its probe", ref("RandomProbe")), [
            _query("min", _or_blank(INT), "shortest mate, in moves (default 1)"),
            _query("max", _or_blank(INT), "longest mate, in moves (default 33)"),
            _query("bishop", _or_blank({"type": "string", "enum": ["light", "dark", "random"]}), "the bishop's colour"),
            _query("material", _or_blank({"type": "string", "examples": ["KRK"]}), "the ending (default KBNK)"),
            _query("seed", STR, "the same seed gives the same position")], tables=True),
        "/api/tablebase/heatmap": _get("Each square's value for the lone king", "tablebase",
                                       _json("64 squares", ref("Heatmap")), [FEN], tables=True),
        "/api/kbn/coach": _get("The KBN method's facts for a position", "KBN method",
                               _json("corners, the lone king's box, phase and advice", ref("Coach")), [FEN]),
        "/api/kbn/lesson": _get("A position for a lesson of /kbn/learn", "KBN method",
                                _json("the position, its probe and the coach's facts", ref("Lesson")), [
            _query("lesson", {"type": "integer", "minimum": 1, "maximum": len(LESSONS)}, "the lesson", True),
            _query("seed", STR, "the same seed gives the same position")], tables=True),
        "/api/coach": _get("The method's facts for a position of any basic mate", "basic mates",
                           _json("the lone king's box, the method's phase and advice", ref("MateCoach")), [FEN]),
        "/api/mates/board": _get("A FEN as the server reads it, legal or not", "basic mates",
                                 _json("the FEN in full, the side to move, the strong side and the pieces",
                                       ref("Board2D")), [FEN]),
        "/api/mates/lesson": _get("A position for a lesson of /mates/learn", "basic mates",
                                  _json("the position, its probe and the coach's facts", ref("MatesLesson")), [
            _query("lesson", {"type": "integer", "minimum": 1, "maximum": len(PATH)}, "the lesson", True),
            _query("seed", STR, "the same seed gives the same position")], tables=True),
        "/healthz": _get("Health check for load balancers", "server",
                         _json("the server can answer", ref("Health")), errors=(405,), tables=True),
        "/api/3d/analyze": _post("Check, checkmate and stalemate on a 3D board", "3D lab",
                                 _json("for the side to move (White by default)", ref("Analysis3D")), _BOARD_TURN),
        "/api/3d/moves": _post("Legal destinations of one piece", "3D lab",
                               _json("its destinations", obj(["moves"], moves={"type": "array", "items": CUBE})),
                               obj(["board", "from"], board=ref("Board3D"), turn=COLOR, **{"from": CUBE})),
        "/api/3d/position": _post("The 3D lab's whole report on a position", "3D lab",
                                  _json("status, problems, attacks and every move", ref("Position3D")), _BOARD_TURN),
        "/api/3d/attacks": _post("Every cube one colour attacks", "3D lab",
                                 _json("the cubes", obj(["cubes"], cubes={"type": "array", "items": CUBE})),
                                 obj(["board"], board=ref("Board3D"), color=COLOR)),
        "/api/3d/tablebase": _post("Probe a 3D endgame position", "3D endgames",
                                   _json(_PROBE_DOC, ref("Probe3D")), _BOARD_TURN, tables=True),
        "/api/3d/endgames": _get("Every 3D endgame table of one size", "3D endgames",
                                 _json("counts and longest mate of each material", ref("Endgames")),
                                 [_query("n", _SIZE, "the board size", True),
                                  _query("material", _MATERIAL, "this material only, like 'KRNK'")], tables=True),
        "/api/3d/endgames/status": _get("Every 3D table's state", "3D endgames",
                                        _json("ready, building, queued, missing or unavailable", ref("TableStates")),
                                        [_query("n", _or_blank(_SIZE), "one size only")], tables=True, builds=False),
        "/api/3d/endgames/build": _post("Queue the builds of missing tables", "3D endgames", {
            **_json("nothing to build", ref("TableStates")), **_json("builds queued", ref("TableStates"), 202)},
            obj(n=_SIZE, material={"type": "string", "description": "like 'KRNK'"}), tables=True),
        "/api/3d/endgames/position": _get("A won position to play", "3D endgames",
                                          _json("the position and its probe", ref("EndgamePosition")), [
            _query("material", _MATERIAL, "like 'KRNK'", True),
            _query("n", _SIZE, "the board size", True),
            _query("pick", {"type": "string", "enum": ["random", "longest"]}, "a random won position or a longest"),
            _query("min", _or_blank(INT), "at least so many moves to mate"),
            _query("seed", _or_blank({"type": "integer", "minimum": 0}), "the same seed gives the same position")],
            tables=True),
        "/api/2d/validate": _post("Is a move legal, and why", "2D move checker", _json("the verdict", ref("Verdict2D")), {
            **obj(pieces=ref("Pieces2D"), fen={"type": "string", "examples": ["8/8/8/8/8/8/2k5/KNB5 w - - 0 1"]},
                  uci={"type": "string", "examples": ["b1c3"]},
                  move={"oneOf": [{"type": "string"}, {"type": "array", "minItems": 4, "maxItems": 4}]}),
            "anyOf": [{"required": ["move"]}, {"required": ["uci"]}]}),
        "/api/2d/position": _post("Checks, pins and legal destinations of a 2D position", "2D move checker",
                                  _json("the position", ref("Position2D")), obj(pieces=ref("Pieces2D"), fen=STR)),
        "/api/solitaire/solve": _post("Every solution of a solitaire board (the count is exact)", "solitaire",
                                      _json("the solutions, up to limit", ref("Solution")), obj(
            ["board"], **_SOLITAIRE, limit={"type": "integer", "minimum": 0, "maximum": 10_000})),
        "/api/solitaire/state": _post("The board after a capture, and its legal captures", "solitaire",
                                      _json("the position", ref("SolitaireState")),
                                      obj(["board"], **_SOLITAIRE, move={"type": "array"})),
        "/api/solitaire/hint": _post("A capture that still solves", "solitaire",
                                     _json("a move, or null", ref("Hint")), obj(["board"], **_SOLITAIRE)),
        "/api/solitaire/puzzle": _get("A generated solvable puzzle", "solitaire", _json("the puzzle", ref("Puzzle")), [
            _query("difficulty", {"type": "string", "enum": list(DIFFICULTIES)}, "how hard (default easy)"),
            _query("seed", _or_blank({"type": "integer", "minimum": 0}), "the same seed gives the same puzzle")]),
        "/openapi.json": _get("This document", "server", _json("OpenAPI 3.1", {"type": "object"}), errors=(405,)),
        "/api": _page("This document as a page"),
        "/": _page("The start page"),
        "/kbn": _page("The KBN mate trainer", [_query("fen", STR, "the position to open"),
                                               _query("role", STR, "'king': defend as the lone king")]),
        "/kbn/learn": _page("The lessons of the KBN method"),
        "/mates": _page("Every basic mate, the learning path first"),
        "/mates/learn": _page("The learning path: queen, rook, two bishops, bishop and knight"),
        "/mates/{material}": _page("The trainer of one ending", [
            {"name": "material", "in": "path", "required": True, "description": "like 'KRK' or 'KBNK'",
             "schema": {"type": "string", "examples": ["KRK"]}},
            _query("fen", STR, "the position to open"), _query("role", STR, "'king': defend as the lone king")]),
        "/3d": _page("The 3D piece lab", [_query("board", STR, "the board to open"), _query("turn", STR, "w or b")]),
        "/3d/endgames": _page("The 3D endgame tables", [_query("board", STR, "a position to play"),
                                                        _query("turn", STR, "w or b"),
                                                        _query("n", STR, "with material: the cell whose detail opens"),
                                                        _query("material", STR, "with n: the cell whose detail opens")]),
        "/moves": _page("The 2D move checker", [_query("fen", STR, "the position to open")]),
        "/solitaire": _page("Solitaire chess", [_query("board", STR, "the puzzle to open")]),
        "/favicon.ico": {"get": {"summary": "The site's icon", "tags": ["pages"], "responses": {
            "200": {"description": "an SVG image", "content": {"image/svg+xml": {"schema": {"type": "string"}}}},
            **_errors(405)}}},
    }


def document() -> dict:
    return {
        "openapi": "3.1.0",
        "info": {"title": "KBN lab", "version": metadata.version("kbn-lab"), "description": (
            "The KBNK tablebase (lichess's conventions, also under /standard), the 3D lab and 3D endgame "
            "tables, the 2D move checker and solitaire chess. Every body is JSON; POSTs take "
            "Content-Type: application/json only (415 otherwise). Every error is {\"error\", \"message\"}. "
            "Tablebase answers are readable from any origin (Access-Control-Allow-Origin: *), errors "
            "included. Static files under /static/ are not listed.")},
        "paths": _paths(),
        "components": {"schemas": SCHEMAS},
    }

