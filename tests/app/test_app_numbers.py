"""Every number the API and the pages read, found in /openapi.json, sent 10^5 digits long (where a
number is a JSON number of a body, or digits inside a FEN's clocks or a 3D board's run of empty
cubes): a 4xx that names the field or quotes the value, never a 500. Python's ``int()`` raises a
plain ValueError past 4,300 digits, so each would be a 500 if read before being bounded. Query
values are 5,000 digits: a URL past 8,000 bytes is a 414 before any route reads it."""

from __future__ import annotations

import json

import pytest
from tests.helpers.errors import is_error

BODY_DIGITS = "9" * 100_000
QUERY_DIGITS = "7" * 5_000
PLACEHOLDER = "@number@"


def _fen_clock(digits: str) -> str:
    return f"8/8/8/8/8/8/2k5/KNB5 w - - {digits} 1"


def _fen_move_number(digits: str) -> str:
    return f"8/8/8/8/8/8/2k5/KNB5 w - - 0 {digits}"


def _cube_run(digits: str) -> str:
    return "3,n2,1rr/1b1,3,3/3,3," + digits


FEN_FORMS = (_fen_clock, _fen_move_number)


@pytest.fixture(scope="module")
def document(app):
    return app.test_client().get("/openapi.json").get_json()


def _resolve(doc: dict, schema: dict) -> dict:
    while "$ref" in schema:
        schema = doc["components"]["schemas"][schema["$ref"].rsplit("/", 1)[1]]
    return schema


def _types(schema: dict) -> set:
    kind = schema.get("type", ())
    return {kind} if isinstance(kind, str) else set(kind)


def _slots(doc: dict, schema: dict, path: tuple = ()):
    """(path, kind) of every place in a body schema that holds a number ("number"), a FEN ("fen")
    or a 3D board ("cube"), through $refs, alternatives, properties and array items."""
    if "$ref" in schema and schema["$ref"].endswith("/Board3D"):
        yield path, "cube"
    schema = _resolve(doc, schema)
    if _types(schema) & {"integer", "number"}:
        yield path, "number"
    if path and path[-1] == "fen" and "string" in _types(schema):
        yield path, "fen"
    for alternatives in ("oneOf", "anyOf", "allOf"):
        for alternative in schema.get(alternatives, ()):
            yield from _slots(doc, alternative, path)
    for name, sub in schema.get("properties", {}).items():
        yield from _slots(doc, sub, path + (name,))
    if isinstance(schema.get("items"), dict):
        yield from _slots(doc, schema["items"], path + (0,))


def _example(doc: dict, schema: dict):
    schema = _resolve(doc, schema)
    if "examples" in schema:
        return schema["examples"][0]
    if "enum" in schema:
        return schema["enum"][0]
    for alternatives in ("oneOf", "anyOf"):
        if alternatives in schema:
            return _example(doc, schema[alternatives][0])
    if _types(schema) & {"integer", "number"}:
        return schema.get("minimum", 0)
    if "array" in _types(schema):
        return [_example(doc, schema.get("items", {}))] * schema.get("minItems", 0)
    if "object" in _types(schema):
        return {name: _example(doc, sub) for name, sub in schema.get("properties", {}).items()
                if name in schema.get("required", ()) or "examples" in _resolve(doc, sub)}
    return "x"


def _place(container, path: tuple, value):
    """``container`` (an example body) with ``value`` at ``path``, lists and objects made as needed."""
    if not path:
        return value
    step, rest = path[0], path[1:]
    if isinstance(step, int):
        items = list(container) if isinstance(container, list) and container else [None]
        items[0] = _place(items[0], rest, value)
        return items
    found = dict(container) if isinstance(container, dict) else {}
    found[step] = _place(found.get(step), rest, value)
    return found


def _operations(doc: dict, method: str, pages: bool = False):
    """(route, operation) of every ``method`` of the API, or of the pages (HTML) with ``pages``."""
    for route, item in sorted(doc["paths"].items()):
        if method in item and pages == ("text/html" in item[method]["responses"]["200"]["content"]):
            yield route, item[method]


def _body_cases(doc: dict):
    for route, operation in _operations(doc, "post"):
        schema = operation["requestBody"]["content"]["application/json"]["schema"]
        example = _example(doc, schema)
        for path, kind in _slots(doc, schema):
            if kind == "number":
                text = json.dumps(_place(example, path, PLACEHOLDER)).replace(json.dumps(PLACEHOLDER), BODY_DIGITS)
                yield route, path, text
            for form in FEN_FORMS if kind == "fen" else (_cube_run,) if kind == "cube" else ():
                yield route, path, json.dumps(_place(example, path, form(BODY_DIGITS)))


def _query_cases(doc: dict):
    for route, operation in _operations(doc, "get"):
        params = [p for p in operation.get("parameters", ()) if p["in"] == "query"]
        example = {p["name"]: _example(doc, p["schema"]) for p in params if p["required"]}
        for param in params:
            schema = _resolve(doc, param["schema"])
            numeric = any(_types(_resolve(doc, s)) & {"integer", "number"}
                          for s in [schema, *schema.get("anyOf", ()), *schema.get("oneOf", ())])
            values = ([QUERY_DIGITS] if numeric else []) + (
                [form(QUERY_DIGITS) for form in FEN_FORMS] if param["name"] == "fen" else [])
            for value in values:
                yield route, param["name"], {**example, param["name"]: value}


def _unrefused(response, names) -> str | None:
    """Why ``response`` is not a 4xx JSON error naming one of ``names`` or quoting the digits; None if it is."""
    if not 400 <= response.status_code < 500:
        return f"{response.status_code}: {response.get_data(as_text=True)[:200]}"
    body = response.get_json() or {}
    message = body.get("message", "")
    if not is_error(body) or len(message) >= 400:
        return f"not the error shape: {response.get_data(as_text=True)[:200]}"
    if not ("99999" in message or "77777" in message or any(repr(n) in message for n in names)):
        return f"neither names the field nor quotes the value: {message}"
    return None


def test_openapi_names_numbers_fens_and_boards_in_bodies_and_queries(document):
    bodies = {(route, path[0] if path else None) for route, path, _ in _body_cases(document)}
    assert {("/api/solitaire/solve", "limit"), ("/api/solitaire/solve", "n"), ("/api/3d/moves", "from"),
            ("/api/2d/validate", "fen"), ("/api/3d/analyze", "board"), ("/api/2d/position", "pieces"),
            ("/api/3d/endgames/build", "n")} <= bodies
    queries = {(route, name) for route, name, _ in _query_cases(document)}
    assert {("/api/tablebase", "fen"), ("/standard/mainline", "fen"), ("/api/kbn/lesson", "lesson"),
            ("/api/3d/endgames", "n"), ("/api/3d/endgames/position", "seed"),
            ("/api/solitaire/puzzle", "seed"), ("/api/tablebase/random", "min")} <= queries


def test_every_number_of_every_body_is_bounded(client, document):
    failures = []
    for route, path, text in _body_cases(document):
        assert len(text) < 256 * 1024
        why = _unrefused(client.post(route, data=text, content_type="application/json"), path[:1])
        failures += [(route, path, why)] if why else []
    assert not failures, failures


def test_every_number_of_every_query_is_bounded(client, document):
    failures = []
    for route, name, query in _query_cases(document):
        why = _unrefused(client.get(route, query_string=query), (name,))
        failures += [(route, name, why)] if why else []
    assert not failures, failures


@pytest.mark.parametrize("url, name, value, said", [
    ("/kbn", "fen", _fen_clock(QUERY_DIGITS), "halfmove clock"),
    ("/kbn", "fen", _fen_move_number(QUERY_DIGITS), "fullmove number"),
    ("/moves", "fen", _fen_clock(QUERY_DIGITS), "halfmove clock"),
    ("/mates/KQK", "fen", _fen_move_number(QUERY_DIGITS), "fullmove number"),
    ("/3d", "board", _cube_run(QUERY_DIGITS), "run of empty cubes"),
    ("/solitaire", "board", "." * 15 + QUERY_DIGITS, "unknown piece"),
])
def test_a_page_linked_with_a_long_number_shows_why_it_cannot_read_it(client, url, name, value, said):
    page = client.get(url, query_string={name: value})
    assert page.status_code == 400 and page.mimetype == "text/html", (url, page.status_code)  # still the page
    assert said in page.get_data(as_text=True), url


def test_every_query_parameter_of_every_page_takes_a_long_number(client, document):
    for route, operation in _operations(document, "get", pages=True):
        url = route.replace("{material}", "KQK")
        for param in (p for p in operation["parameters"] if p["in"] == "query"):
            for value in (QUERY_DIGITS, *(form(QUERY_DIGITS) for form in (*FEN_FORMS, _cube_run))):
                page = client.get(url, query_string={param["name"]: value})
                assert page.status_code < 500, (route, param["name"], value[:40])
