"""Reading requests: JSON bodies and query parameters. A body not sent as application/json is a
415; a query parameter given twice, a missing or malformed body, nesting deeper
than any board form needs, a number too long to be a coordinate or a count, a field of the wrong
type, or a query number that is not plain ASCII digits (``int()`` would also take unicode digits
such as '٣' and any length) is a 400 that names what was wrong."""

from __future__ import annotations

import json
import math
import re

from flask import current_app, request
from gunicorn.http.errors import ParseException
from werkzeug.exceptions import RequestEntityTooLarge, UnsupportedMediaType

from tablebase.errors import ChessInputError, quoted

# The deepest body a route reads is a 3D board as an array of characters: {"board": [[["#"]]]},
# four levels. Anything past MAX_DEPTH is refused before any parser walks it.
MAX_DEPTH = 8
MAX_NUMBER_DIGITS = 15
_WHOLE = re.compile(r"-?[0-9]{1,18}")


class BadRequestBody(ChessInputError):
    code = "bad_request"


class BadQuery(ChessInputError):
    code = "bad_request"


def _whole(text: str) -> int:
    if len(text.lstrip("-")) > MAX_NUMBER_DIGITS:
        raise BadRequestBody(f"a number in the body has more than {MAX_NUMBER_DIGITS} digits: {quoted(text)}")
    return int(text)


def _real(text: str) -> float:
    value = float(text)
    if not math.isfinite(value) or len(text) > 2 * MAX_NUMBER_DIGITS:
        raise BadRequestBody(f"a number in the body is too large: {quoted(text)}")
    return value


def _constant(name: str):
    raise BadRequestBody(f"{name} is not a JSON number")


def _depth(value) -> int:
    """Nesting depth of parsed JSON (a scalar is 0), without recursion."""
    deepest, pending = 0, [(value, 1)]
    while pending:
        item, level = pending.pop()
        if isinstance(item, (list, dict)):
            deepest = max(deepest, level)
            pending.extend((child, level + 1) for child in (item.values() if isinstance(item, dict) else item))
    return deepest


def _chunked_body(limit: int) -> bytes:
    """A chunked body (no length known in advance): Werkzeug would cut it silently at the limit,
    so it is read here to one byte past it, and a longer one is a 413."""
    stream, parts, size = request.environ["wsgi.input"], [], 0
    while size <= limit:
        part = stream.read(limit + 1 - size)
        if not part:
            break
        parts.append(part)
        size += len(part)
    if size > limit:
        raise RequestEntityTooLarge()
    return b"".join(parts)


def _body() -> bytes:
    """The raw body of a JSON request. Any other Content-Type is a 415, so that no cross-site form
    or "simple" request (text/plain, form-encoded) can start work here. A body the server cannot
    read to its end (a bad chunk size, a dropped connection) is a 400; one over the limit a 413."""
    if request.mimetype != "application/json":
        sent = request.headers.get("Content-Type")
        raise UnsupportedMediaType(
            "the request body must be sent with Content-Type: application/json, "
            + (f"not {quoted(sent)}" if sent else "and none was given"))
    try:
        if request.content_length is None and "chunked" in request.headers.get("Transfer-Encoding", ""):
            return _chunked_body(current_app.config["MAX_CONTENT_LENGTH"])
        return request.get_data(cache=True)
    except (ParseException, OSError) as exc:
        said = str(exc) or type(exc).__name__
        raise BadRequestBody(f"the request body could not be read: {said[:1].lower()}{said[1:]}") from None


def json_object() -> dict:
    raw = _body()
    try:
        body = json.loads(raw, parse_int=_whole, parse_float=_real, parse_constant=_constant)
    except RecursionError:
        raise BadRequestBody(f"the request body is nested too deeply (the limit is {MAX_DEPTH} levels)") from None
    except BadRequestBody:
        raise
    except ValueError:  # not JSON, not UTF-8
        body = None
    if not isinstance(body, dict):
        raise BadRequestBody(f"the request body must be a JSON object, got {quoted(raw.decode('utf-8', 'replace'))}")
    if _depth(body) > MAX_DEPTH:
        raise BadRequestBody(f"the request body is nested too deeply (the limit is {MAX_DEPTH} levels)")
    return body


def field(body: dict, name: str, *types: type, required: bool = True, default=None):
    if name not in body:
        if required:
            raise BadRequestBody(f"missing field {name!r}")
        return default
    value = body[name]
    if types and (not isinstance(value, types) or (isinstance(value, bool) and bool not in types)):
        wanted = " or ".join(t.__name__ for t in types)
        raise BadRequestBody(f"field {name!r} must be {wanted}, not {quoted(value)}")
    return value


def register(app) -> None:
    @app.before_request
    def refuse_repeated_query_parameters():
        """Each route reads one value per parameter; ``?n=&n=5`` would be read as its first value
        while another layer (a cache, a proxy, a client) might read the last: refused instead."""
        for name in request.args:
            if len(request.args.getlist(name)) > 1:
                raise BadQuery(f"query parameter {quoted(name)} is given more than once")


def text_query(name: str) -> str:
    """A required, non-blank query parameter."""
    value = request.args.get(name)
    if value is None or not value.strip():
        raise BadQuery(f"missing query parameter {name!r}")
    return value


def int_query(name: str, default: int | None, low: int | None = None, high: int | None = None) -> int | None:
    """An optional whole-number query parameter in ``low..high``; ``default`` when absent or empty."""
    raw = request.args.get(name)
    if raw is None or raw == "":
        return default
    if not _WHOLE.fullmatch(raw):
        raise BadQuery(f"query parameter {name!r} must be a whole number written with digits 0-9, "
                       f"not {quoted(raw)}")
    value = int(raw)
    if (low is not None and value < low) or (high is not None and value > high):
        raise BadQuery(f"query parameter {name!r} must be from {low} to {high}, not {value}")
    return value
