"""The document keeps up with the answers: for a sample of real answers of every JSON route (GET
and POST, 200 and 202), each answer validates against the schema /openapi.json gives its status,
and every key of every object in it is a property that schema names. A schema leaves the keys free
only where it says what they hold (``additionalProperties`` as a schema: a board's pieces by
square, the heat map's squares); an object schema naming neither its properties nor its values is
refused, since it would let anything through. So a field a route starts answering fails here until
the document describes it.

A route added to the document without samples here fails too (every JSON GET and POST has some)."""

from __future__ import annotations

import jsonschema_rs
import pytest

from tablebase.mates.lessons import KBN_LESSONS as LESSONS
from tablebase.mates.lessons import PATH
from tablebase.tables import TableId
from webapp import create_app
from webapp.tables import store

KBNK = "8/8/8/8/8/8/2k5/KNB5 w - - 0 1"
FENS = (
    KBNK,
    "8/8/8/8/8/8/2k5/KNB5 b - - 0 1",  # the lone king to move
    "kbn5/8/8/8/8/8/8/6K1 b - - 0 1",  # Black holds the men
    "8/8/8/8/8/8/2k5/KNB5 w - - 99 60",  # the fifty-move count nearly reached
    "8/8/8/8/8/8/2kQ4/K7 b - - 7 30",  # the lone king may capture (zeroing)
    "k7/1Q6/1K6/8/8/8/8/8 b - - 0 1",  # checkmate
    "8/8/8/8/8/8/2k5/K7 w - - 0 1",  # KK
    "8/8/8/3k4/8/8/8/KBB5 w - - 0 1",  # bishops of both colours
)
COACHED = (KBNK, "8/8/8/3k4/8/8/8/KQ6 w - - 0 1", "8/8/8/3k4/8/8/8/KR6 b - - 0 1", "8/8/8/3k4/8/8/8/KBB5 w - - 0 1",
           "8/8/8/3k4/8/8/8/KNN5 w - - 0 1", "8/8/8/3k4/8/8/8/KQR5 w - - 0 1", "8/8/8/3k4/8/8/8/KB6 w - - 0 1",
           "k7/8/2K5/8/8/8/8/1R6 w - - 0 1", "KQ6/8/8/8/8/8/8/7k b - - 0 1")
CUBE = "[###,#K#,###],[###,###,###],[###,#k#,###]"
CUBE_KQK = "[###,#K#,###],[###,#Q#,###],[###,###,##k]"
SOLITAIRE = ".....B..RP.....N"
GAME_3D = "[k#K,###,###],[###,###,###],[#Q#,###,###]"  # 1. Qa3(I)+ Ka2(III) 2. Qb2(II)#


def _get(path: str, **query) -> tuple:
    return ("GET", path, query)


def _post(path: str, **body) -> tuple:
    return ("POST", path, body)


SAMPLES = (
    *(_get(path, fen=fen) for fen in FENS for path in ("/api/tablebase", "/standard")),
    *(_get(path, fen=fen) for fen in FENS[:5] for path in ("/api/tablebase/mainline", "/standard/mainline")),
    _get("/api/tablebase/random"), _get("/api/tablebase/random", material="KRK", min="3", max="", seed="1"),
    _get("/api/tablebase/random", material="KBNK", bishop="dark", min="5", max="10", seed="2"),
    _get("/api/tablebase/heatmap", fen=KBNK), _get("/api/tablebase/heatmap", fen="8/8/8/8/8/8/8/KNB5 w - - 0 1"),
    _get("/api/tablebase/heatmap", fen="kbn5/8/8/8/8/8/8/6K1 w - - 0 1"),
    _get("/api/kbn/coach", fen=KBNK), _get("/api/kbn/coach", fen="8/8/8/8/3k4/8/8/KNB5 w - - 0 1"),
    *(_get("/api/coach", fen=fen) for fen in COACHED),
    _get("/api/coach", fen="8/8/4k3/8/R7/8/8/4K3 b - - 0 1", before="8/8/4k3/8/8/8/8/R3K3 w - - 0 1"),
    _get("/api/coach", fen="1k6/8/2KN4/8/8/8/8/5B2 b - - 0 1", before="k7/8/2KN4/8/8/8/8/5B2 w - - 0 1"),
    _get("/api/mates/move", fen="8/8/4k3/8/4K3/8/8/R7 w - - 0 1", **{"from": "e4", "to": "e5"}),
    _get("/api/mates/move", fen="8/8/4k3/8/4K3/8/8/R7 w - - 0 1", **{"from": "a1", "to": "a8"}),
    *(_get("/api/kbn/lesson", lesson=str(n), seed="1") for n in range(1, len(LESSONS) + 1)),
    *(_get("/api/mates/lesson", lesson=str(n), seed="1") for n in range(1, len(PATH) + 1)),
    *(_get("/api/kbn/lesson/idea", lesson=str(n)) for n in range(1, len(LESSONS) + 1)),
    *(_get("/api/mates/lesson/idea", lesson=str(n)) for n in range(1, len(PATH) + 1)),
    _get("/api/kbn/lesson", lesson="1", fen="8/8/8/8/8/1K6/2B5/kN6 w - - 0 1"),
    _get("/api/mates/board", fen=KBNK), _get("/api/mates/board", fen="KK6/8/8/8/8/8/8/7k b - - 3 9"),
    _get("/healthz"),
    _get("/api/3d/endgames", n="3"), _get("/api/3d/endgames", n="4"), _get("/api/3d/endgames", n="3", material="KQK"),
    _get("/api/3d/endgames/status"), _get("/api/3d/endgames/status", n="3"),
    _get("/api/3d/endgames/position", material="KQK", n="3"),
    _get("/api/3d/endgames/position", material="KQK", n="4", pick="longest"),
    _get("/api/3d/endgames/position", material="KQK", n="4", min="3", seed="5"),
    _get("/api/solitaire/puzzle"), _get("/api/solitaire/puzzle", difficulty="medium", seed="3"),
    _post("/api/3d/analyze", board=CUBE), _post("/api/3d/analyze", board=CUBE_KQK, turn="b"),
    _post("/api/3d/moves", board=CUBE, **{"from": [1, 1, 0]}),
    _post("/api/3d/moves", board=CUBE, turn="w", **{"from": [1, 1, 2]}),
    _post("/api/3d/position", board=CUBE), _post("/api/3d/position", board=CUBE_KQK, turn="w"),
    _post("/api/3d/position", board="[###,###,###],[###,#Q#,###],[###,###,###]"),
    _post("/api/3d/position", board="[###,#K#,###],[###,#k#,###],[###,###,###]"),
    _post("/api/3d/game", board=GAME_3D, moves=[[[1, 0, 2], [0, 0, 2]]]),
    _post("/api/3d/game", moves='[Board "k1K,3,3/3,3,3/1Q1,3,3"] 1. Qb3(I)-a3(I)+ Ka3(III)-a2(III) 2. Qa3(I)-b2(II)#'),
    _post("/api/3d/game", board=GAME_3D, turn="w", moves=[]),
    _post("/api/3d/engine", board=CUBE_KQK, turn="b", level=1),
    _post("/api/3d/engine", board="[###,#K#,###],[###,###,###],[k##,###,#Q#]", level=3),
    _post("/api/3d/engine", board="[###,#K#,###],[###,###,###],[k##,###,#Q#]", pieces={"U": "012"}, level=1),
    _post("/api/3d/engine", board="[###,#K#,###],[###,Q##,###],[k##,###,###]", turn="b"),  # checkmate
    _post("/api/3d/attacks", board=CUBE_KQK), _post("/api/3d/attacks", board=CUBE_KQK, color="w"),
    _post("/api/3d/position", board="[###,#K#,###],[###,#U#,###],[###,###,##k]", pieces={"U": "011*"}),
    _post("/api/3d/game", board="[###,#K#,###],[###,#a#,###],[###,###,##k]", pieces={"a": "111*,012"},
          moves=[[[1, 1, 0], [1, 0, 0]]]),
    _post("/api/3d/tablebase", board=CUBE_KQK, turn="b"),  # checkmate
    _post("/api/3d/tablebase", board="[K##,###,###],[###,###,###],[R##,###,#Nk]"),
    _post("/api/3d/tablebase", board="[K##,###,###],[###,###,###],[###,#Q#,##k]", turn="b"),  # a capture: KK
    _post("/api/3d/tablebase", board=CUBE),
    _post("/api/3d/endgames/build", n=3, material="KRK"),
    _post("/api/2d/validate", fen=KBNK, uci="b1c3"), _post("/api/2d/validate", fen=KBNK, uci="b1b2"),
    _post("/api/2d/validate", fen="8/P7/8/8/8/8/2k5/K7 w - - 0 1", uci="a7a8n"),
    _post("/api/2d/validate", pieces=[["W", "K", 1, 1], ["W", "P", 1, 7], ["B", "K", 3, 2]], move=["W", "P", 1, 8]),
    _post("/api/2d/position", fen="4k3/8/8/8/8/8/4R3/4K3 b - - 0 1"),
    _post("/api/2d/position", pieces=[["W", "K", 5, 1], ["W", "B", 2, 4], ["B", "N", 4, 7], ["B", "K", 5, 8]]),
    # The text as typed in the move checker's boxes: a piece list and a piece question, or UCI.
    _post("/api/2d/position", pieces_text="[['W', 'K', 5, 1], ['W', 'R', 8, 1],\n ['B', 'K', 5, 8]]"),
    _post("/api/2d/validate", pieces_text='[["W", "K", 1, 1], ["W", "P", 1, 7], ["B", "K", 3, 2],]',
          move_text="['W', 'P', 1, 8]"),
    _post("/api/2d/validate", fen="8/P7/8/8/8/8/2k5/K7 w - - 0 1", move_text=" a7a8 "),
    _post("/api/solitaire/solve", board=SOLITAIRE), _post("/api/solitaire/solve", board=SOLITAIRE, limit=0),
    _post("/api/solitaire/state", board=SOLITAIRE), _post("/api/solitaire/state", board=SOLITAIRE, move=[[3, 0], [1, 1]]),
    _post("/api/solitaire/hint", board=SOLITAIRE), _post("/api/solitaire/hint", board="N..............N"),
)
# Asked of a server whose tables are not built (and no builder runs): the answers while they are.
BUILDING = (
    _get("/api/tablebase", fen="8/8/8/3k4/8/8/8/KQ6 w - - 0 1"),
    _get("/api/3d/endgames", n="3", material="KQK"),
    _post("/api/3d/tablebase", board="[K##,###,###],[###,###,###],[R##,###,#Nk]"),
    _post("/api/3d/endgames/build", n=3, material="KQRK"),
)
NOT_SAMPLED = {("/openapi.json", "GET")}  # the document itself: an OpenAPI document, not described again
HEADERS = ("Retry-After", "Cache-Control", "ETag")  # each sent exactly where the document lists it


def _resolve(doc: dict, schema: dict) -> dict:
    while "$ref" in schema:
        schema = doc["components"]["schemas"][schema["$ref"].rsplit("/", 1)[1]]
    return schema


def _leaves(doc: dict, schema: dict) -> list[dict]:
    """The schemas a value is held to, with $ref, allOf, oneOf and anyOf opened (all of an allOf's
    parts apply; one of a oneOf's, so each may name the value's keys)."""
    schema = _resolve(doc, schema)
    found = [schema]
    for key in ("allOf", "oneOf", "anyOf"):
        for part in schema.get(key, ()):
            found += _leaves(doc, part)
    return found


def undocumented(doc: dict, schemas: list[dict], value, where: str = "answer") -> list[str]:
    """Every place in ``value`` that ``schemas`` do not describe: a key that is no property of an
    object (unless ``additionalProperties`` says what the keys hold), an object whose schema names
    neither, an array whose schema names no items."""
    leaves = [leaf for schema in schemas for leaf in _leaves(doc, schema)]
    if isinstance(value, dict):
        named: dict[str, list[dict]] = {}
        free = []
        for leaf in leaves:
            for key, sub in leaf.get("properties", {}).items():
                named.setdefault(key, []).append(sub)
            if isinstance(leaf.get("additionalProperties"), dict) and leaf["additionalProperties"]:
                free.append(leaf["additionalProperties"])
        if not named and not free:
            return [f"{where}: an object whose schema names no property: {sorted(value)}"]
        problems = []
        for key, item in value.items():
            if key in named:
                problems += undocumented(doc, named[key], item, f"{where}.{key}")
            elif free:
                problems += undocumented(doc, free, item, f"{where}.*")
            else:
                problems.append(f"{where}.{key}: not a documented property")
        return list(dict.fromkeys(problems))
    if isinstance(value, list):
        items = [leaf["items"] for leaf in leaves if isinstance(leaf.get("items"), dict)]
        if value and not items:
            return [f"{where}: an array whose schema names no items"]
        return list(dict.fromkeys(problem for item in value for problem in undocumented(doc, items, item, f"{where}[]")))
    return []


def _documented(doc: dict, method: str, path: str, status: int) -> dict:
    answers = doc["paths"][path][method.lower()]["responses"]
    assert str(status) in answers, f"{method} {path} answered {status}, which the document does not list"
    return answers[str(status)]


def _ask(client, method: str, path: str, args: dict):
    if method == "GET":
        return client.get(path, query_string=args)
    return client.post(path, json=args)


def _check(client, doc: dict, samples, statuses: set[int]) -> list[str]:
    failures = []
    for method, path, args in samples:
        answer = _ask(client, method, path, args)
        label = f"{method} {path} {args}"
        if answer.status_code not in statuses:
            failures.append(f"{label}: {answer.status_code} {answer.get_data(as_text=True)[:300]}")
            continue
        documented = _documented(doc, method, path, answer.status_code)
        schema = documented["content"]["application/json"]["schema"]
        for name in HEADERS:
            if (name in answer.headers) != (name in documented.get("headers", {})):
                failures.append(f"{method} {path} ({answer.status_code}): header {name} sent: {name in answer.headers}, "
                                f"documented: {name in documented.get('headers', {})}")
        body = answer.get_json()
        validator = jsonschema_rs.Draft202012Validator({**schema, "components": doc["components"]})
        failures += [f"{label}: {error.message} at {list(error.instance_path)}" for error in validator.iter_errors(body)]
        failures += [f"{method} {path} ({answer.status_code}): {problem}" for problem in undocumented(doc, [schema], body)]
    return list(dict.fromkeys(failures))


@pytest.fixture(scope="module")
def document(app):
    return app.test_client().get("/openapi.json").get_json()


def test_every_json_route_has_samples(document):
    sampled = {(path, method) for method, path, _ in (*SAMPLES, *BUILDING)}
    routes = {(path, method.upper()) for path, item in document["paths"].items() for method, operation in item.items()
              if method in ("get", "post") and "application/json" in operation["responses"]["200"].get("content", {})}
    assert routes - NOT_SAMPLED == sampled


def test_every_key_of_every_answer_is_documented(client, document):
    failures = _check(client, document, SAMPLES, {200, 202})
    assert not failures, "\n".join(failures)


def test_every_key_of_every_answer_while_tables_are_built_is_documented(app_config, fresh_tables, document):
    app = create_app({**app_config, "TABLES": str(fresh_tables), "TABLE_BUILDER": False})
    failures = _check(app.test_client(), document, BUILDING, {202})
    with app.app_context():  # a failed build is one of the states
        store().record.write(TableId.cube("KRK", 3), "failed", reason="the table folder's disk is full")
    answer = app.test_client().get("/api/3d/endgames/status", query_string={"n": "3"}).get_json()
    assert {"queued", "failed"} <= {table["state"] for table in answer["tables"]}
    failures += _check(app.test_client(), document, [_get("/api/3d/endgames/status", n="3")], {200})
    assert not failures, "\n".join(failures)


def test_a_documented_etag_revalidates_to_304(client, document):
    cached = {path for path, item in document["paths"].items() if "304" in item.get("get", {}).get("responses", {})}
    assert {"/api/tablebase", "/standard", "/api/tablebase/heatmap", "/api/coach", "/api/mates/board"} <= cached
    for path in cached:
        query = next(args for method, sampled, args in SAMPLES if sampled == path)
        tag = client.get(path, query_string=query).headers["ETag"]
        again = client.get(path, query_string=query, headers={"If-None-Match": tag})
        assert again.status_code == 304 and again.data == b"", path


def test_a_schema_that_lets_any_key_through_is_caught(document):
    """The check itself: an undocumented key, and an object documented as just an object, are found."""
    doc = {"components": {"schemas": {"Free": {"type": "object"}, "Map": {"type": "object", "additionalProperties": True}}}}
    strict = {"type": "object", "properties": {"a": {"type": "integer"}}}
    assert undocumented(doc, [strict], {"a": 1}) == []
    assert undocumented(doc, [strict], {"a": 1, "b": 2}) == ["answer.b: not a documented property"]
    assert undocumented(doc, [{"$ref": "#/components/schemas/Free"}], {"a": 1})
    assert undocumented(doc, [{"$ref": "#/components/schemas/Map"}], {"a": 1})
    mapped = {"type": "object", "additionalProperties": strict}
    assert undocumented(doc, [mapped], {"e4": {"a": 1, "c": 3}}) == ["answer.*.c: not a documented property"]
