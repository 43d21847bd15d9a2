"""The OpenAPI 3.1 document of every route (``GET /openapi.json``; read as a page at ``/api``).
Each operation lists its parameters, body, answers and errors, all errors in one shape. The
tablebase routes may also answer 202 (a table not built yet: queued or building, with Retry-After),
403 to another site's request where it would queue a build (and every POST 403 from another site),
and 503 (a fault of the server's own
data). ``tests/app/test_app_openapi.py`` runs schemathesis against the running app to keep this
document true, and ``tests/app/test_app_openapi_answers.py`` holds real answers of every JSON route to
it, so that no field goes undocumented. Its words (the conventions, each route's description) are in
``webapp/openapi_words.py``."""

from __future__ import annotations

from importlib import metadata

from tablebase.core.cube_notation import MAX_N
from tablebase.tables import MIN_CUBE as TABLE_MIN_N
from tablebase.mates.lessons import KBN_LESSONS
from tablebase.mates.lessons import PATH
from tablebase.moves.forms import MAX_LIST_TEXT
from tablebase.solitaire.puzzles import DIFFICULTIES

from .errors import RETRY_AFTER_SECONDS
from .jsonio import MAX_DEPTH, MAX_NUMBER_DIGITS
from .openapi_schemas import BOOL, COLOR, CUBE, INT, SCHEMAS, STR, obj, ref, said
from .openapi_words import ABOUT, INTRO
from .static_assets import ONE_YEAR

ERRORS = {
    400: ("bad input; the message says what was wrong and quotes it: a FEN or board that cannot be read or is "
          "no legal position, a query parameter missing, malformed or given twice, a body that is not a JSON "
          f"object, nested deeper than {MAX_DEPTH} levels or holding a JSON number of more than "
          f"{MAX_NUMBER_DIGITS} digits, a field of the wrong type, a chunked body with a bad chunk size; "
          "too_hard: a 3D board or game past the work budget (its cells, men, atoms and moves; the message names "
          "the work and the limit) or a solitaire board past the solver's; host_not_allowed: the Host header is "
          "not one of the server's names (KBN_ALLOWED_HOSTS)"),
    403: ("cross_site_build: the table is not built (or is being built), and this request comes from another "
          "site's page (Sec-Fetch-Site, Origin or Referer); a table is built only on a request from this site's "
          "own pages; cross_site: a POST from another site to a route that works only for this site's pages"),
    404: ("not_in_table: a legal position, material or size outside what this server's tables cover (the "
          "message names the limits); not_found: no such route"),
    405: "the method is not allowed on this route (the Allow header lists the ones that are)",
    429: ("build_queue_full: the table is not built, and the build queue is full, or this client address already "
          "has its share of it waiting (the message names the limit); ask again after Retry-After"),
    413: "the body is larger than 256 KiB",
    414: "the URL is longer than 8000 bytes",
    415: "the body is not sent as application/json",
    431: "the request headers are too large",
    503: ("a fault of the server's own data; nothing in the request is to blame, and the message names the "
          "problem without internals: server_data_damaged (a table file is damaged; it is being rebuilt), "
          "table_storage (the table folder is missing, read-only or full, or something that is not a table "
          "stands where a table belongs), table_build_failed (a table's build failed, with its reason; a "
          "request a minute later queues it again); on any route, out_of_time: the request ran past the server's "
          "time limit per request and was stopped"),
}
COMMON = (400, 404, 405, 414, 431)
ANY_ROUTE = (400, 405, 414, 431)  # a parameter given twice, a wrong method, a URL or headers too long
TABLE_ROUTES = (202, 503)  # answers of the routes that read tables a server builds on demand
RETRY_AFTER = {"Retry-After": {"description": "seconds to wait before asking again", "required": True,
                               "schema": {"type": "string", "const": str(RETRY_AFTER_SECONDS)}}}
FOREVER = f"public, max-age={ONE_YEAR}, immutable"


def _errors(*statuses: int) -> dict:
    return {str(s): {"description": ERRORS[s], "content": {"application/json": {"schema": ref("Error")}}}
            for s in statuses}


def _json(description: str, schema: dict, status: int = 200) -> dict:
    return {str(status): {"description": description, "content": {"application/json": {"schema": schema}}}}


def _building(schema: str = "TableBuilding",
              description: str = "the table this needs is not built yet: queued or building (ask again after "
                                 "Retry-After)") -> dict:
    answer = _json(description, ref(schema), 202)
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
             "a FEN (spaces may be written '_'; castling and en passant carry no weight; the clocks default "
             "to 0 and 1)", required=True)


LESSON_FEN = _query("fen", STR, "this position rather than a drawn one (a shared link, a review): of the lesson's "
                   "ending, the men White and to move, and won; else 400 bad_lesson_position")


def _get(summary: str, tag: str, answer: dict, params=(), errors=COMMON, tables=False, builds=True) -> dict:
    """``tables``: reads tables the server builds on demand; ``builds``: may queue their builds."""
    responses = {**(_table_answers() if tables else {}), **answer, **_errors(*errors)}
    if tables and builds:
        responses.update(_errors(403, 429))
    return {"get": {"summary": summary, "tags": [tag], "parameters": list(params), "responses": responses}}


def _post(summary: str, tag: str, answer: dict, body: dict, tables=False) -> dict:
    responses = {**(_table_answers() if tables else {}), **answer, **_errors(*COMMON, 403, 413, 415),
                 **(_errors(429) if tables else {})}
    return {"post": {"summary": summary, "tags": [tag], "responses": responses, "requestBody": {
        "required": True, "content": {"application/json": {"schema": body}}}}}


def _page(summary: str, params=()) -> dict:
    html = {"text/html": {"schema": {"type": "string"}}}
    responses = {"200": {"description": "the page", "content": html}}
    for status in (400, 404, 405, 414, 431):
        responses[str(status)] = {"description": ERRORS[status], "content": html}
    return {"get": {"summary": summary, "tags": ["pages"], "parameters": list(params), "responses": responses}}


def _immutable(item: dict) -> dict:
    """A GET whose answer depends on the URL alone (``webapp.headers.immutable``): cached for a year
    with an ETag, and 304 to a request whose If-None-Match names it."""
    operation = item["get"]
    answers = dict(operation["responses"])
    answers["200"] = {**answers["200"], "headers": {
        "Cache-Control": {"required": True, "schema": {"const": FOREVER}, "description": "cached for a year"},
        "ETag": {"required": True, "schema": {"type": "string", "pattern": '^"[0-9a-f]{40}(:(br|gzip))?"$'},
                 "description": "the answer's tag (a compressed answer's names its coding): send it back in "
                                "If-None-Match"}}}
    answers["304"] = {"description": "not modified: If-None-Match named this answer's ETag (no body)"}
    return {"get": {**operation, "responses": answers}}


def _preflight(tag: str) -> dict:
    """A browser's preflight for a JSON POST from another origin (``webapp.cors``)."""
    allowed = {"Access-Control-Allow-Origin": "*", "Access-Control-Allow-Headers": "Content-Type",
               "Access-Control-Max-Age": "86400"}
    headers = {name: {"required": True, "schema": {"const": value}} for name, value in allowed.items()}
    headers["Allow"] = {"required": True, "schema": {"type": "string"}, "description": "OPTIONS, POST"}
    return {"summary": "A browser's preflight for the POST from another origin", "tags": [tag], "description": (
        "Grants any origin the JSON POST (Content-Type: application/json), for a day. The tablebase's GETs need "
        "no preflight (they are simple requests); on any other route OPTIONS grants another origin nothing."),
        "responses": {
        "200": {"description": "the POST is allowed from any origin (no body)", "headers": headers},
        **_errors(400, 414, 431)}}


_SIZE = {"type": "integer", "minimum": TABLE_MIN_N, "maximum": MAX_N}
_MATERIAL = {"type": "string", "minLength": 2, "examples": ["KQK"]}
_LAB = {"board": ref("Board3D"), "pieces": ref("CustomPieces")}  # every lab route's board and its custom pieces
_LAB_TURN = obj(["board"], **_LAB, turn=COLOR)
_SOLITAIRE = {"board": ref("SolitaireBoard"), "n": INT}
# The move checker's boxes as typed, read by tablebase/moves/forms.py (issue 30: no page reads notation).
_TYPED = "as the user typed it, ' or \" quotes and any spaces; the server reads it (a 400 quotes what it cannot)"
_BOARD_2D = {"pieces": ref("Pieces2D"), "pieces_text": {
    "type": "string", "maxLength": MAX_LIST_TEXT, "description": f"the pieces as a list {_TYPED}: [['W', 'K', 5, 1], ...]"}}
_MOVE_TEXT = {"type": "string", "description": f"a list like ['W', 'R', 8, 2] or UCI text like 'e2e4', {_TYPED}"}
_PROBE_DOC = "the value for the side to move and every move's, best first (lichess's conventions)"


def _paths() -> dict:
    probe = _immutable(_get("Probe a position of any basic mate", "tablebase", _json(_PROBE_DOC, ref("Probe")),
                            [FEN], tables=True))
    mainline = _immutable(_get("The main line: the winner fastest, the loser most stubborn", "tablebase",
                               _json("the moves to mate", ref("Mainline")), [FEN], tables=True))
    return {
        "/api/tablebase": probe,
        "/standard": probe,
        "/api/tablebase/mainline": mainline,
        "/standard/mainline": mainline,
        "/api/tablebase/random": _get("A random White-to-move position by mate length", "tablebase",
                                      _json("the position and its probe", ref("RandomProbe")), [
            _query("min", _or_blank(INT), "shortest mate, in moves (default 1; past the ending's longest mate: 400)"),
            _query("max", _or_blank(INT), "longest mate, in moves (default: the chosen ending's longest mate)"),
            _query("bishop", _or_blank({"type": "string", "enum": ["light", "dark", "random"]}),
                   "the bishop's square colour (default random); light or dark only for an ending with one "
                   "bishop (400 otherwise)"),
            _query("material", _or_blank({"type": "string", "examples": ["KRK"]}),
                   "the ending, KQK ... KNNK (default KBNK)"),
            _query("seed", STR, "any text: the same one gives the same position")], tables=True),
        "/api/tablebase/heatmap": _immutable(_get("Each square's value for the lone king", "tablebase",
                                                  _json("64 squares", ref("Heatmap")), [FEN], tables=True)),
        "/api/kbn/coach": _immutable(_get("The KBN method's facts for a position", "KBN method", _json(
            "corners, the lone king's box, phase and advice", ref("Coach")), [FEN], tables=True)),
        **_lesson_routes("kbn", "KBN method", len(KBN_LESSONS), "Lesson"),
        "/api/coach": _immutable(_get("The method's facts for a position of any basic mate", "basic mates", _json(
            "the lone king's box, the method's phase and advice", ref("MateCoach")), [FEN, _query(
                "before", {"type": "string", "minLength": 1, "examples": ["8/8/8/8/8/8/2k5/KNB5_w_-_-_0_1"]},
                "the position the user last saw (a FEN): the answer's note compares the box with it")],
            tables=True)),
        "/api/mates/move": _immutable(_get("Why a move is illegal, in words", "basic mates", _json(
            "legal, and the reason in a sentence", obj(["legal", "reason"], legal=BOOL, reason=STR, reason_words=said(
                ref("Words"), "the reason as a message, for a page to translate"))), [
            FEN, _query("from", {"type": "string", "examples": ["e1"]}, "the square the piece leaves", True),
            _query("to", {"type": "string", "examples": ["e2"]}, "the square it goes to", True)])),
        "/api/mates/board": _immutable(_get("A FEN as the server reads it, legal or not", "basic mates", _json(
            "the FEN in full, the side to move, the strong side and the pieces", ref("Board2D")), [FEN])),
        **_lesson_routes("mates", "basic mates", len(PATH), "MatesLesson"),
        "/healthz": _get("Health check for load balancers", "server",
                         _json("the server can answer", ref("Health")), errors=ANY_ROUTE, tables=True),
        "/api/3d/analyze": _post("Check, checkmate and stalemate on a 3D board", "3D lab",
                                 _json("for the side to move (White by default)", ref("Analysis3D")), _LAB_TURN),
        "/api/3d/moves": _post("Legal destinations of one piece", "3D lab",
                               _json("its destinations", obj(["moves"], moves={"type": "array", "items": CUBE})),
                               obj(["board", "from"], **_LAB, turn=COLOR, **{"from": CUBE})),
        "/api/3d/position": _post("The 3D lab's whole report on a position", "3D lab",
                                  _json("status, problems, attacks and every move", ref("Position3D")), _LAB_TURN),
        "/api/3d/game": _post("A two-player game on a 3D board: its record read, checked and written", "3D lab",
                              _json("the start, each move written anew with the position after it, the record",
                                    ref("Game3D")), obj(
            **_LAB, turn=COLOR, moves={
                "oneOf": [STR, {"type": "array", "items": {"oneOf": [
                    STR, {"type": "array", "items": CUBE, "minItems": 2, "maxItems": 2}]}}],
                "description": "the moves as text (a whole record: its [Board] and [Turn] tags stand for board and "
                               "turn; move numbers, + and # optional) or a list of move texts or [from, to] cube "
                               "pairs; board is needed unless the text's tags name it"})),
        "/api/3d/engine": _post("The computer's move in a 3D position", "3D lab",
                                _json("the move, its notation and value, how it was found", ref("Engine3D")),
                                obj(["board"], **_LAB, turn=COLOR, level=said(
                                    {"type": "integer", "minimum": 1, "maximum": 4},
                                    "1 to 4 (default 2): about 0.1, 0.5, 2 and 5 s of search"))),
        "/api/3d/attacks": _post("Every cube one colour attacks", "3D lab",
                                 _json("the cubes", obj(["cubes"], cubes={"type": "array", "items": CUBE})),
                                 obj(["board"], **_LAB, color=COLOR)),
        "/api/3d/tablebase": {**_post("Probe a 3D endgame position", "3D endgames",
                                      _json(_PROBE_DOC, ref("Probe3D")), _LAB_TURN, tables=True),
                              "options": _preflight("3D endgames")},
        "/api/3d/endgames": _get("Every 3D endgame table of one size", "3D endgames", {
            **_json("counts and longest mate of each material", ref("Endgames")),
            **_building("TablesBuilding", "some of these tables are not built yet: their states (their builds are "
                                          "queued; ask again after Retry-After)")},
            [_query("n", _SIZE, "the board size", True),
             _query("material", _MATERIAL, "this material only, like 'KRNK'")], tables=True),
        "/api/3d/endgames/status": _get("Every 3D table's state", "3D endgames", _json(
            "ready, building, queued, failed, missing or unavailable", ref("TableStates")),
                                        [_query("n", _or_blank(_SIZE), "one size only")], tables=True, builds=False),
        "/api/3d/endgames/build": _post("Queue the build of one table", "3D endgames", {
            **_json("the table is here", ref("TableStates")), **_json("its build is queued or running",
                                                                     ref("TableStates"), 202)},
            obj(["material", "n"], n=_SIZE, material={"type": "string", "description": "like 'KRNK'"}), tables=True),
        "/api/3d/endgames/position": _get("A won position to play", "3D endgames",
                                          _json("the position and its probe", ref("EndgamePosition")), [
            _query("material", _MATERIAL, "like 'KRNK'", True),
            _query("n", _SIZE, "the board size", True),
            _query("pick", {"type": "string", "enum": ["random", "longest"]}, "a random won position or a longest"),
            _query("min", _or_blank(INT), "at least so many moves to mate"),
            _query("seed", _or_blank({"type": "integer", "minimum": 0}), "the same number gives the same position")],
            tables=True),
        "/api/2d/validate": _post("Is a move legal, and why", "2D move checker", _json("the verdict", ref("Verdict2D")), {
            **obj(**_BOARD_2D, fen={"type": "string", "examples": ["8/8/8/8/8/8/2k5/KNB5 w - - 0 1"]},
                  uci={"type": "string", "examples": ["b1c3"]},
                  move={"oneOf": [{"type": "string"}, {"type": "array", "minItems": 4, "maxItems": 4}]},
                  move_text=_MOVE_TEXT),
            "anyOf": [{"required": ["move"]}, {"required": ["uci"]}, {"required": ["move_text"]}]}),
        "/api/2d/position": _post("Checks, pins and legal destinations of a 2D position", "2D move checker",
                                  _json("the position", ref("Position2D")), obj(**_BOARD_2D, fen=STR)),
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
            _query("seed", _or_blank({"type": "integer", "minimum": 0}), "the same number gives the same puzzle")]),
        "/openapi.json": _get("This document", "server", _json("OpenAPI 3.1", {"type": "object"}), errors=ANY_ROUTE),
        "/api": _page("This document as a page", [_query("op", {"type": "string", "examples": ["get-api-tablebase"]},
                                                         "one operation's page, with its example (else the index; "
                                                         "an unknown one: 404)")]),
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
        "/3d": _page("The 3D piece lab", [_query("board", STR, "the board to open"), _query("turn", STR, "w or b"),
                                          _query("pieces", STR, "custom pieces its letters name: U=011*;A=111*,012")]),
        "/3d/endgames": _page("The 3D endgame tables", [_query("board", STR, "a position to play"),
                                                        _query("turn", STR, "w or b"),
                                                        _query("n", STR, "with material: the cell whose detail opens"),
                                                        _query("material", STR, "with n: the cell whose detail opens")]),
        "/moves": _page("The 2D move checker", [_query("fen", STR, "the position to open")]),
        "/solitaire": _page("Solitaire chess", [_query("board", STR, "the puzzle to open")]),
        "/favicon.ico": {"get": {"summary": "The site's icon", "tags": ["pages"], "responses": {
            "200": {"description": "an SVG image", "content": {"image/svg+xml": {"schema": {"type": "string"}}}},
            **_errors(*ANY_ROUTE)}}},
    }


def _lesson_routes(tool: str, tag: str, count: int, schema: str) -> dict:
    """A lessons page's two routes: a position for a lesson, and the lesson's idea."""
    lesson = _query("lesson", {"type": "integer", "minimum": 1, "maximum": count}, "the lesson", True)
    page = f"/{tool}/learn"
    return {
        f"/api/{tool}/lesson": _get(f"A position for a lesson of {page}", tag,
                                    _json("the position, its probe and the coach's facts", ref(schema)), [
            lesson, _query("seed", STR, "any text: the same one gives the same position"), LESSON_FEN], tables=True),
        f"/api/{tool}/lesson/idea": _get(f"The idea of a lesson of {page}", tag,
                                         _json("a line of best play, with marks, arrows and captions", ref("LessonIdea")),
                                         [lesson], tables=True),
    }


# The computer's answer (POST /api/3d/engine).
ENGINE_3D = obj(["move", "score", "depth", "nodes", "source"],
                move={"oneOf": [obj(["from", "to"], **{"from": CUBE, "to": CUBE}), {"type": "null"}],
                      "description": "the computer's move; null where the side to move has none"},
                notation=said(STR, "the move in the record's notation, like 'Qb3(I)-a3(I)+'"),
                outcome=said({"type": "string", "enum": ["checkmate", "stalemate"]},
                             "where the side to move has no move: why"),
                score={"oneOf": [obj(["mate"], mate=said(INT, "moves to mate: positive when the side to move "
                                                              "mates, negative when it is mated, 0 mated now")),
                                 obj(["cp"], cp=said(INT, "centipawns for the side to move"))]},
                depth=said(INT, "plies searched in full (0: a table's answer)"),
                nodes=said(INT, "positions searched"),
                source=said({"type": "string", "enum": ["table", "search"]},
                            "table: exact, from a table file on the server; search: the engine's search"))


def _described(paths: dict) -> dict:
    """Each GET's or POST's description from ``ABOUT`` (webapp/openapi_words.py): what the route does
    beyond its schemas. An operation shared by two paths (/standard's) is copied, not changed."""
    for path, text in ABOUT.items():
        item = paths.get(path, {})
        for method in ("get", "post"):
            if method in item:
                item = {**item, method: {**item[method], "description": text}}
        if path in paths:
            paths[path] = item
    return paths


def document() -> dict:
    return {
        "openapi": "3.1.0",
        "info": {"title": "KBN lab", "version": metadata.version("kbn-lab"), "description": INTRO},
        "paths": _described(_paths()),
        "components": {"schemas": {**SCHEMAS, "Engine3D": ENGINE_3D}},
    }

