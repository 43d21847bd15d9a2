"""Reading requests: JSON bodies and query parameters. A missing or malformed body, a field of the
wrong type or a query parameter that is not a whole number is a 400 that names what was wrong."""

from __future__ import annotations

from flask import request

from tablebase.errors import ChessInputError


class BadRequestBody(ChessInputError):
    code = "bad_request"


def json_object() -> dict:
    body = request.get_json(silent=True, force=True)
    if not isinstance(body, dict):
        raw = request.get_data(as_text=True)[:120]
        raise BadRequestBody(f"the request body must be a JSON object, got {raw!r}")
    return body


def field(body: dict, name: str, *types: type, required: bool = True, default=None):
    if name not in body:
        if required:
            raise BadRequestBody(f"missing field {name!r}")
        return default
    value = body[name]
    if types and (not isinstance(value, types) or (isinstance(value, bool) and bool not in types)):
        wanted = " or ".join(t.__name__ for t in types)
        raise BadRequestBody(f"field {name!r} must be {wanted}, not {value!r}"[:200])
    return value


def int_query(name: str, default: int) -> int:
    """The query parameter ``name`` as an int (``default`` when absent or empty)."""
    raw = request.args.get(name)
    if raw is None or raw == "":
        return default
    try:
        return int(raw)
    except ValueError:
        raise BadRequestBody(f"query parameter {name!r} must be a whole number, not {raw!r}") from None
