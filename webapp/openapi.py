"""The OpenAPI 3.1 document of every route (``GET /openapi.json``; read as a page at ``/api``), made
from the routes' declarations (``webapp/api_routes.py``: each route's path, words, parameters,
body and answers, declared once at its handler). Each operation lists its parameters, body, answers
and errors, all errors in one shape. The tablebase routes may also answer 202 (a table not built
yet: queued or building, with Retry-After), 403 to another site's request where it would queue a
build (and every POST 403 from another site), and 503 (a fault of the server's own data).
``tests/app/test_app_openapi.py`` runs schemathesis against the running app to keep this document
true, and ``tests/app/test_app_openapi_answers.py`` holds real answers of every JSON route to it, so
that no field goes undocumented. Its conventions are in ``webapp/openapi_words.py``."""

from __future__ import annotations

from importlib import metadata

from flask import current_app

from .api_routes import COMMON, ROUTES, Route, documented
from .errors import RETRY_AFTER_SECONDS
from .jsonio import MAX_DEPTH, MAX_NUMBER_DIGITS
from .openapi_schemas import SCHEMAS, ref
from .openapi_words import INTRO
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
          "time limit per request and was stopped; on a heavy route (a 3D board's report or game, a 3D table's probe, "
          "a solitaire solve), heavy_lane_full: the worker's heavy lane is full; ask again after Retry-After"),
}
RETRY_AFTER = {"Retry-After": {"description": "seconds to wait before asking again", "required": True,
                               "schema": {"type": "string", "const": str(RETRY_AFTER_SECONDS)}}}
FOREVER = f"public, max-age={ONE_YEAR}, immutable"


def error_answers(*statuses: int) -> dict:
    """The errors of these statuses, each in the one error shape."""
    return {str(s): {"description": ERRORS[s], "content": {"application/json": {"schema": ref("Error")}}}
            for s in statuses}


def ok(description: str, schema: dict, status: int = 200) -> dict:
    """An answer of JSON, ``{"200": {...}}``, to merge with others: a route's ``answers``."""
    return {str(status): {"description": description, "content": {"application/json": {"schema": schema}}}}


def building(schema: str = "TableBuilding",
             description: str = "the table this needs is not built yet: queued or building (ask again after "
                                "Retry-After)") -> dict:
    """The 202 of a route whose table is being built, with Retry-After."""
    answer = ok(description, ref(schema), 202)
    answer["202"]["headers"] = RETRY_AFTER
    return answer


def table_answers() -> dict:
    """A route reading tables the server builds on demand: 202 while one is not built yet, 503 when
    its data is damaged. The route's own answers, listed after, take precedence."""
    return {**building(), **error_answers(503)}
# The document's sections, in the order /api lists them; each route's tag is one of these.
TAGS = ("tablebase", "KBN method", "basic mates", "server", "3D lab", "3D endgames", "2D move checker", "solitaire",
        "pages")


def _get(route: Route) -> dict:
    responses = {**(table_answers() if route.tables else {}), **route.answers, **error_answers(*route.errors)}
    if route.tables and route.builds:
        responses.update(error_answers(403, 429))
    return {"summary": route.summary, "tags": [route.tag], "parameters": [documented(p) for p in route.params],
            "responses": responses}


def _post(route: Route) -> dict:
    responses = {**(table_answers() if route.tables else {}), **route.answers,
                 **error_answers(*COMMON, 403, 413, 415), **(error_answers(429) if route.tables else {})}
    return {"summary": route.summary, "tags": [route.tag], "responses": responses, "requestBody": {
        "required": True, "content": {"application/json": {"schema": route.body}}}}


def _page(route: Route) -> dict:
    """A page (HTML), its errors pages too, and its other answers (``route.answers``: a redirect); the
    site's icon (``route.answers`` holding its own 200: its one answer)."""
    if "200" in route.answers:
        return {"summary": route.summary, "tags": [route.tag],
                "responses": {**route.answers, **error_answers(*route.errors)}}
    html = {"text/html": {"schema": {"type": "string"}}}
    responses = {"200": {"description": "the page", "content": html}, **route.answers}
    for status in route.errors:
        responses[str(status)] = {"description": ERRORS[status], "content": html}
    return {"summary": route.summary, "tags": ["pages"], "parameters": [documented(p) for p in route.params],
            "responses": responses}


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
        **error_answers(400, 414, 431)}}


def _operation(route: Route) -> dict:
    """The route's entry in its path's item: ``{"get": ...}``, a preflight's ``options`` beside its POST."""
    if route.kind != "api":
        return {"get": _page(route)}
    item = {route.method.lower(): _get(route) if route.method == "GET" else _post(route)}
    if route.immutable:
        item = _immutable(item)
    if route.description:
        method = route.method.lower()
        item[method] = {**item[method], "description": route.description}
    if route.preflight:
        item["options"] = _preflight(route.tag)
    return item


def paths() -> dict:
    """Every declared route's operations, by path: the sections in ``TAGS``' order, in each the
    routes by blueprint as the app registers them (webapp/blueprints.py), then as declared."""
    order = list(current_app.blueprints)
    found: dict[str, dict] = {}
    for route in sorted(ROUTES, key=lambda route: (TAGS.index(route.tag), order.index(route.blueprint))):
        found.setdefault(route.openapi_path, {}).update(_operation(route))
    return found


def document() -> dict:
    return {
        "openapi": "3.1.0",
        "info": {"title": "KBN lab", "version": metadata.version("kbn-lab"), "description": INTRO},
        "paths": paths(),
        "components": {"schemas": SCHEMAS},
    }
