"""Every route declared once, at its handler: its method and path, what it is for, its query
parameters or JSON body (JSON Schema 2020-12, the dialect of OpenAPI 3.1), its answers and the
errors it may give. From that one declaration come the Flask rule, the check of the body
(``webapp/jsonio.py`` ``checked``, through the ``jsonschema`` library), the route's operation in
``/openapi.json`` and ``/api`` (``webapp/openapi.py``), and, from the answers' schemas, the pages'
typedefs (``webapp/typedefs.py``). To add a route (docs/http-api.md)::

    @api(blueprint, "POST /api/3d/thing", "What it answers, in a line", "3D lab",
         ok("what the 200 holds", ref("Thing")), body=obj(["board"], board=ref("Board3D")))
    @example(body={"board": "[###,#K#,###],[###,###,###],[###,#k#,###]"})  # shown on /api with its answer
    def thing(body: dict):
        '''What the route does beyond its schemas: the /api page's description of it.'''
        return jsonify(...)

A POST's handler gets the body, checked: each field present when required and of a JSON type its
schema takes, and within its bounds where the route gives the words refusing it (``refusals``);
what a field's value means (a board, a move) is read by the domain, which refuses in its own words.
A route whose work a board or game sets names its reader as its ``cost`` (``read_once``): read, and
so weighed against the work budget, in the worker's loop before the heavy lane.
A GET's handler gets its query parameters, declared in ``params`` (``query``), read and checked
from that declaration (``webapp/jsonio.py`` ``read_query``): a dict by name of those given (a whole
number as an int), the same declaration the document lists.
"""

from __future__ import annotations

import inspect
from dataclasses import dataclass, field, replace
from functools import wraps
from typing import Callable

from flask import Blueprint, g, make_response

from .edge.lane import heavy as in_the_heavy_lane
from .headers import immutable as cached_for_a_year
from .jsonio import Query, checked, json_object, read_query
from .links import address_was_refused, refused_parameters

COMMON = (400, 404, 405, 414, 431)  # what any API route may answer: bad input, no such thing, the request's limits
ANY_ROUTE = (400, 405, 414, 431)  # a parameter given twice, a wrong method, a URL or headers too long
PAGE = (400, 404, 405, 414, 431)


@dataclass(frozen=True)
class Example:
    """A route's example request, shown on /api with the answer this app gives it
    (``webapp/openapi_examples.py``): its query, or a POST's body; ``url`` where the path has a parameter."""

    query: dict = field(default_factory=dict)
    body: dict | None = None
    url: str | None = None


def example(url: str | None = None, body: dict | None = None, **query):
    """The route's example request, written under its declaration: ``@example(fen="...")``."""
    def keep(handler: Callable) -> Callable:
        handler.example = Example(query, body, url)  # type: ignore[attr-defined]
        return handler

    return keep


@dataclass(frozen=True)
class Route:
    """One operation: ``method`` and ``path`` as Flask's rule writes it (``/mates/<material>``)."""

    method: str
    path: str
    summary: str
    tag: str
    answers: dict  # the operation's own answers, OpenAPI responses by status (``ok``, ``building``)
    description: str = ""
    params: tuple = ()  # its query parameters (``query``), read and checked for a GET's handler; a path's as OpenAPI's
    body: dict | None = None  # the JSON Schema of a POST's body
    refusals: dict = field(default_factory=dict)  # field name -> (value -> Message) past its bounds or enum
    own_words: tuple = ()  # fields whose reader refuses any wrong value in its own words (a move)
    errors: tuple = COMMON
    tables: bool = False  # reads tables the server builds on demand: 202 while one is built, 503
    builds: bool = True  # with tables: may queue a build (403 to another site, 429 with the queue full)
    immutable: bool = False  # the answer depends on the URL alone: cached a year, with an ETag
    preflight: bool = False  # answers a browser's preflight (OPTIONS) for a POST from any origin
    # CPU-bound: its handler runs in the worker's heavy lane (webapp/edge/lane.py); for a POST, may be a
    # test of its checked body (the engine's deepest level is heavy, its others not)
    heavy: bool | Callable[[dict], bool] = False
    # For a POST: reads what its work depends on from the checked body (``read_once``), which weighs it
    # (tablebase's counts of cells, men, atoms and moves: no move generated), in the worker's loop before
    # the heavy lane, so that a request past its budget is refused there and never waits its turn
    cost: Callable[[dict], object] | None = None
    kind: str = "api"  # "api" or "page" (HTML, or the site's icon)
    example: Example | None = None
    blueprint: str = ""  # the blueprint's name: the document lists the routes in the app's order of them

    @property
    def openapi_path(self) -> str:
        return self.path.replace("<", "{").replace(">", "}")


ROUTES: list[Route] = []


def ok(description: str, schema: dict, status: int = 200) -> dict:
    """An answer of JSON: ``{"200": {...}}``, to merge with others."""
    return {str(status): {"description": description, "content": {"application/json": {"schema": schema}}}}


def _description(handler: Callable, about: str | None) -> str:
    return about if about is not None else " ".join((inspect.getdoc(handler) or "").split())


def api(blueprint: Blueprint, spec: str, summary: str, tag: str, answers: dict, *, about: str | None = None,
        aliases: dict | None = None, endpoint: str | None = None, **declared):
    """Declare the route ``spec`` ("GET /api/coach") on ``blueprint`` and register its handler.
    ``about``: its description, else the handler's docstring; ``aliases``: other paths of the same
    operation, each ``(endpoint, words added to its description)``; the rest as ``Route``'s fields."""
    method, path = spec.split(" ", 1)

    def register(handler: Callable) -> Callable:
        route = Route(method, path, summary, tag, answers, _description(handler, about), blueprint=blueprint.name,
                      example=getattr(handler, "example", None), **declared)
        view = _view(handler, route)
        blueprint.add_url_rule(path, endpoint or handler.__name__, view, methods=[method])
        ROUTES.append(route)
        for alias, (alias_endpoint, words) in (aliases or {}).items():
            blueprint.add_url_rule(alias, alias_endpoint, view, methods=[method])
            ROUTES.append(replace(route, path=alias, description=f"{route.description} {words}"))
        return handler

    return register


def page(blueprint: Blueprint, path: str, summary: str, params: tuple = (), answers: dict | None = None,
         errors: tuple = PAGE):
    """Declare a page (HTML) at ``path``: its rule and its entry in the document (``answers``: its
    answers beside the page, as a redirect, or, holding a 200, what is not an HTML page: the site's icon)."""
    def register(handler: Callable) -> Callable:
        @wraps(handler)
        def answered(**path_values):  # 400 when the address held a value the page could not read
            refused_parameters(params)
            answer = make_response(handler(**path_values))
            if answer.status_code == 200 and address_was_refused():
                answer.status_code = 400
            return answer

        blueprint.add_url_rule(path, handler.__name__, answered, methods=["GET"])
        ROUTES.append(Route("GET", path, summary, "pages", answers or {}, params=params, errors=errors, kind="page",
                            blueprint=blueprint.name, example=getattr(handler, "example", None)))
        return handler

    return register


def _view(handler: Callable, route: Route) -> Callable:
    """The handler as Flask calls it: a POST's with its body read, checked and weighed in the worker's
    loop, a GET's with its query parameters read and checked there, a heavy one's work then in the
    heavy lane, an immutable GET's cached."""
    in_lane = in_the_heavy_lane(handler)
    view = in_lane if route.heavy is True else handler
    if route.body is not None:
        @wraps(handler)
        def with_body(**path_values):
            body = checked(route.body, json_object(), route.refusals, route.own_words)
            if route.cost is not None:
                route.cost(body)  # here, in the loop: refused past its budget without waiting for the lane
            heavy = route.heavy is True or (callable(route.heavy) and route.heavy(body))
            return (in_lane if heavy else handler)(body, **path_values)
        view = with_body
    elif any(isinstance(param, Query) for param in route.params):
        reads_query = view

        @wraps(handler)
        def with_query(**path_values):  # read here, in the loop: refused before any work, and before the lane
            return reads_query(read_query(route.params), **path_values)
        view = with_query
    view = cached_for_a_year(view) if route.immutable else view
    view.heavy = bool(route.heavy)  # type: ignore[attr-defined]
    return view


def read_once(reader: Callable[[dict], object]) -> Callable[[dict], object]:
    """``reader(body)`` read once per request: a route's ``cost`` reads (and so weighs) its body in
    the worker's loop, and its handler, in the heavy lane, gets the same value without reading it
    again. Kept on the request's ``g`` for this very body (the lane's thread runs in a copy of the
    request's context: the same ``g``)."""
    @wraps(reader)
    def once(body: dict):
        kept = g.setdefault("read_once", {})
        found = kept.get(reader)
        if found is not None and found[0] is body:
            return found[1]
        value = reader(body)
        kept[reader] = (body, value)
        return value

    return once


def query(name: str, schema: dict, description: str, required: bool = False, **reading) -> Query:
    """A query parameter: its schema and words in the document, and how it is read (``Query``'s
    ``missing``, ``refusal``, ``own_range``, ``own_words``). A GET's handler gets the declared ones
    read and checked (``read_query``) as a dict by name."""
    return Query(name, schema, description, required, **reading)


def documented(param: Query | dict) -> dict:
    """A parameter as the document lists it (a path's is declared as its entry)."""
    return param.document() if isinstance(param, Query) else param


def or_blank(schema: dict) -> dict:
    """An optional query parameter that may also be sent empty (``?min=``, as a form sends it):
    empty means the default."""
    return {"anyOf": [schema, {"const": ""}]}
