"""Reading query parameters: a whole number is ASCII digits only and at most 18 of them (``int()``
would also take unicode digits such as '٣' and any length); a missing required one is a 400."""

from __future__ import annotations

import re

from flask import request

from tablebase.errors import ChessInputError, quoted

_WHOLE = re.compile(r"-?[0-9]{1,18}")


class BadQuery(ChessInputError):
    code = "bad_request"


def text_arg(name: str) -> str:
    """A required, non-blank text parameter."""
    value = request.args.get(name)
    if value is None or not value.strip():
        raise BadQuery(f"missing query parameter {name!r}")
    return value


def int_arg(name: str, default: int | None, low: int | None = None, high: int | None = None) -> int | None:
    """An optional whole number in ``low..high``; ``default`` when absent or empty."""
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
