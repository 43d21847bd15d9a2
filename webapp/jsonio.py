"""Reading requests: JSON bodies and query parameters. A body not sent as application/json is a
415; a query parameter given twice, a missing or malformed body, nesting deeper
than any board form needs, a number too long to be a coordinate or a count, a field of the wrong
type, or a query number that is not plain ASCII digits (``int()`` would also take unicode digits
such as '٣' and any length) is a 400 that names what was wrong. Numbers are read by
``tablebase.core.numbers``, as everywhere text becomes a number."""

from __future__ import annotations

import json
from collections import deque
from dataclasses import dataclass
from typing import Callable

from flask import request
from jsonschema import Draft202012Validator, validators
from werkzeug.exceptions import UnsupportedMediaType

from tablebase.core.message import Message, N_, msg
from tablebase.core.numbers import MAX_REAL_CHARS, real_number, whole_number
from tablebase.errors import ChessInputError, quoted

from .edge.body import read_body

# The deepest body a route reads is a 3D board as an array of characters: {"board": [[["#"]]]},
# four levels. Anything past MAX_DEPTH is refused before any parser walks it.
MAX_DEPTH = 8
MAX_NUMBER_DIGITS = 15
TOO_DEEP = N_("the request body is nested too deeply (the limit is %(most)s levels)")


class BadRequestBody(ChessInputError):
    code = "bad_request"


class BadQuery(ChessInputError):
    code = "bad_request"


class _Unread:
    """A number of the body that was not read: the JSON parser hands the text of each number to
    ``parse_int`` or ``parse_float`` without its field, so a refused one is held in its place until
    the parsed body shows which field holds it, and the message can name that field."""

    __slots__ = ("text", "read")

    def __init__(self, text: str, read):
        self.text, self.read = text, read

    def refuse(self, where: str) -> None:
        self.read(self.text, where)
        raise AssertionError(f"{self.text!r} was refused, then read")


def _read_whole(text: str, what: str) -> int:
    return whole_number(text, what, digits=MAX_NUMBER_DIGITS, error=BadRequestBody)


def _read_real(text: str, what: str) -> float:
    return real_number(text, what, chars=MAX_REAL_CHARS, error=BadRequestBody)


def _reader(read, unread: list):
    """``parse_int`` or ``parse_float`` for one body: a number it refuses is kept in ``unread``."""
    def parse(text: str):
        try:
            return read(text, msg(N_("a number in the body")))
        except BadRequestBody:
            unread.append(_Unread(text, read))
            return unread[-1]
    return parse


def _refuse_unread(body: dict) -> None:
    """Refuse a number of ``body`` that was not read, naming its field: ``field 'limit'``,
    ``field 'from'[0]``. The body is at most ``MAX_DEPTH`` deep here."""
    pending = deque((value, quoted(key, 40)) for key, value in body.items())
    while pending:
        item, where = pending.popleft()
        if isinstance(item, _Unread):
            item.refuse(msg(N_("field %(name)s"), name=where))
        elif isinstance(item, dict):
            pending.extend((v, f"{where}[{quoted(k, 40)}]") for k, v in item.items())
        elif isinstance(item, list):
            pending.extend((v, f"{where}[{i}]") for i, v in enumerate(item))


def _constant(name: str):
    raise BadRequestBody(msg(N_("%(name)s is not a JSON number"), name=name))


def _depth(value) -> int:
    """Nesting depth of parsed JSON (a scalar is 0), without recursion."""
    deepest, pending = 0, [(value, 1)]
    while pending:
        item, level = pending.pop()
        if isinstance(item, (list, dict)):
            deepest = max(deepest, level)
            pending.extend((child, level + 1) for child in (item.values() if isinstance(item, dict) else item))
    return deepest


def _body() -> bytes:
    """The raw body of a JSON request (webapp/edge/body.py reads it). Any other Content-Type is a
    415, so that no cross-site form or "simple" request (text/plain, form-encoded) can start work here."""
    if request.mimetype != "application/json":
        sent = request.headers.get("Content-Type")
        raise UnsupportedMediaType(
            "the request body must be sent with Content-Type: application/json, "
            + (f"not {quoted(sent)}" if sent else "and none was given"))
    return read_body()


def json_object() -> dict:
    raw, unread = _body(), []
    try:
        body = json.loads(raw, parse_int=_reader(_read_whole, unread), parse_float=_reader(_read_real, unread),
                          parse_constant=_constant)
    except RecursionError:
        raise BadRequestBody(msg(TOO_DEEP, most=MAX_DEPTH)) from None
    except BadRequestBody:
        raise
    except ValueError:  # not JSON, not UTF-8
        body = None
    if not isinstance(body, dict):
        raise BadRequestBody(msg(N_("the request body must be a JSON object, got %(given)s"),
                                 given=quoted(raw.decode("utf-8", "replace"))))
    if _depth(body) > MAX_DEPTH:
        raise BadRequestBody(msg(TOO_DEEP, most=MAX_DEPTH))
    if unread:
        _refuse_unread(body)
    return body


def _whole(checker, value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)  # JSON Schema's integer takes 3.0: not here


# Draft 2020-12, OpenAPI 3.1's dialect; an integer is a whole number as JSON writes one (3, not 3.0 or true).
_Validator = validators.extend(Draft202012Validator,
                               type_checker=Draft202012Validator.TYPE_CHECKER.redefine("integer", _whole))
PYTHON_NAMES = {"string": "str", "array": "list", "object": "dict", "integer": "int", "boolean": "bool",
                "number": "float", "null": "None"}


def missing_field(name: str) -> BadRequestBody:
    return BadRequestBody(msg(N_("missing field %(name)s"), name=repr(name)))


def json_types(schema: dict, components: dict) -> list[str]:
    """The JSON types a schema takes at its top level, in the order it names them (none: any).

    >>> json_types({"oneOf": [{"type": "string"}, {"$ref": "#/components/schemas/L"}]}, {"L": {"type": "array"}})
    ['string', 'array']
    """
    if "$ref" in schema:
        return json_types(components[schema["$ref"].rsplit("/", 1)[1]], components)
    if "type" in schema:
        return [schema["type"]] if isinstance(schema["type"], str) else list(schema["type"])
    found: list[str] = []
    for part in schema.get("oneOf", schema.get("anyOf", ())):
        found += [kind for kind in json_types(part, components) if kind not in found]
    return found


def checked(schema: dict, body: dict, refusals: dict | None = None, own_words: tuple = ()) -> dict:
    """``body`` checked against a route's declared schema (``webapp/api_routes.py``): a required field
    missing (in the order ``required`` lists them), then a field of a JSON type its schema does not
    take (in the order of its properties), is refused naming it (the JSON type as Python calls it);
    a field past its bounds or enum is refused in the route's words for it (``refusals``: name ->
    value -> Message). Without such words, and for the fields in ``own_words`` (a move), what the
    value means is left to the reader that reads it, which refuses it in the domain's words (a
    board, a move, a size no table has): the body's shape is checked before its meaning.

    >>> checked({"properties": {"n": {"type": "integer"}}, "required": ["n"]}, {"n": True})
    Traceback (most recent call last):
    webapp.jsonio.BadRequestBody: field 'n' must be int, not True
    """
    from .openapi_schemas import SCHEMAS

    validator = _Validator({**schema, "components": {"schemas": SCHEMAS}})
    for name in schema.get("required", ()):
        if name not in body:
            raise missing_field(name)
    for name, declared in schema.get("properties", {}).items():
        if name not in body:
            continue
        value = body[name]
        kinds = json_types(declared, SCHEMAS)
        if name in own_words or not kinds:
            continue
        if not any(validator.is_type(value, kind) for kind in kinds):
            raise BadRequestBody(msg(N_("field %(name)s must be %(wanted)s, not %(given)s"), name=repr(name),
                                     wanted=" or ".join(PYTHON_NAMES[kind] for kind in kinds), given=quoted(value)))
        if refusals and name in refusals and not validator.evolve(schema={**declared, "components": {
                "schemas": SCHEMAS}}).is_valid(value):
            raise BadRequestBody(refusals[name](value))
    return body


def register(app) -> None:
    @app.before_request
    def refuse_repeated_query_parameters():
        """Each route reads one value per parameter; ``?n=&n=5`` would be read as its first value
        while another layer (a cache, a proxy, a client) might read the last: refused instead."""
        for name in request.args:
            if len(request.args.getlist(name)) > 1:
                raise BadQuery(msg(N_("query parameter %(name)s is given more than once"), name=quoted(name)))


@dataclass(frozen=True)
class Query:
    """A query parameter as a route declares it (``webapp/api_routes.py``, ``query``): its entry in
    the document (``document``) and how ``read_query`` reads and refuses its text. ``missing``: the
    words for a missing one (else "missing query parameter 'name'"); ``refusal``: value -> Message
    for a value its schema does not take (an enum; a whole number past its bounds or none at all,
    else the number reader's words); ``own_range``: a whole number whose bounds its
    reader refuses in the domain's words (a lesson, a board size); ``own_words``: any text handed to
    its reader as given, absence included, which refuses it in its own words (a material)."""

    name: str
    schema: dict
    description: str
    required: bool = False
    missing: Message | None = None
    refusal: Callable[[str], Message] | None = None
    own_range: bool = False
    own_words: bool = False

    def __post_init__(self):
        taken = _taken(self.schema)
        limited = {"enum", "const", "pattern", "maxLength"} & set(taken) or taken.get("minLength", 0) > 1
        if limited and not (self.refusal or self.own_words):
            raise TypeError(f"query parameter {self.name!r}: a schema that refuses a text needs words for it")

    def document(self) -> dict:
        """The parameter as OpenAPI lists it."""
        return {"name": self.name, "in": "query", "required": self.required, "schema": self.schema,
                "description": self.description}


def _taken(schema: dict) -> dict:
    """The schema a parameter's text is held to: ``or_blank``'s first part (empty is its default)."""
    return schema["anyOf"][0] if _blank_is_default(schema) else schema


def _blank_is_default(schema: dict) -> bool:
    return {"const": ""} in schema.get("anyOf", ())


_ABSENT = object()


def read_query(params: tuple) -> dict:
    """The query parameters declared (``Query``; others, a path's, are skipped), read in their
    order, each by its name: a text as given, a whole number read by ``tablebase.core.numbers``
    within its schema's bounds, then held to its schema (``jsonschema``). Missing (or blank, for a
    text required or of at least one character) where required, or outside its schema, is a 400
    naming it; an absent one, or an empty one where its schema takes empty as its default, is left
    out."""
    found = {}
    for param in params:
        if isinstance(param, Query):
            value = _query_value(param, request.args.get(param.name))
            if value is not _ABSENT:
                found[param.name] = value
    return found


def query_refused(param: Query) -> BadQuery | None:
    """The 400 ``read_query`` would answer for this one parameter of the request, or None: how a
    page checks its address (it is drawn all the same, saying what it could not read)."""
    try:
        _query_value(param, request.args.get(param.name))
    except BadQuery as refused:
        return refused
    return None


def _query_value(param: Query, raw: str | None):
    if param.own_words:
        return _ABSENT if raw is None else raw
    schema = _taken(param.schema)
    whole = "integer" in json_types(schema, {})
    if raw is None or raw == "" and (whole or _blank_is_default(param.schema)):
        if param.required:
            raise _missing(param)
        return _ABSENT
    if whole:
        low, high = (None, None) if param.own_range else (schema.get("minimum"), schema.get("maximum"))
        try:
            value = whole_number(raw, msg(N_("query parameter %(name)s"), name=repr(param.name)), low, high,
                                 error=BadQuery)
        except BadQuery:
            if param.refusal is None:
                raise
            raise BadQuery(param.refusal(raw)) from None  # in the declaration's words
        return value if param.own_range else _held(param, schema, value)
    if not raw.strip() and (param.required or schema.get("minLength", 0) >= 1):
        raise _missing(param)
    return _held(param, schema, raw)


def _held(param: Query, schema: dict, value):
    """``value`` held to its parameter's schema: past it, refused in the declaration's words (a
    schema that may refuse a text has them, ``Query``; a number's bounds are its reading's)."""
    if not _Validator(schema).is_valid(value):
        raise BadQuery(param.refusal(value))
    return value


def _missing(param: Query) -> BadQuery:
    return BadQuery(param.missing or msg(N_("missing query parameter %(name)s"), name=repr(param.name)))
