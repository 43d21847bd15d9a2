"""Text into numbers, bounded before it is read. ``int()`` takes unicode digits ('٣'), spaces and
underscores, and any length up to 4,300 digits, past which it raises a plain ValueError (a 500 on
the web); ``float()`` takes any length. Every text the program reads as a number comes through
here: ASCII digits only, its length weighed against its bounds before ``int()`` or ``float()``
sees it, then its value. The message names the field and quotes the text (shortened)."""

from __future__ import annotations

import math
import re

from ..errors import ChessInputError, quoted

MAX_DIGITS = 18  # a whole number with no bound of its own: more than any count or seed taken
MAX_REAL_CHARS = 30  # a decimal number written out: enough for a double's 17 significant digits
_REAL = re.compile(r"-?[0-9]+(\.[0-9]+)?([eE][-+]?[0-9]+)?")


def whole_number(text: str, what: str, low: int | None = None, high: int | None = None, *,
                 digits: int = MAX_DIGITS, error: type[ChessInputError] = ChessInputError,
                 beyond: str | None = None) -> int:
    """``text`` read as a whole number from ``low`` to ``high`` (``None``: no bound that side, but
    never more than ``digits`` digits), or ``error`` naming ``what``. A leading minus is read,
    then refused as out of range when ``low`` is not negative; leading zeros are skipped, however
    many. ``beyond`` replaces "must be a whole number from low to high" in the
    message for a number out of range."""
    negative = isinstance(text, str) and text.startswith("-")
    body = text[1:] if negative else text
    if not (isinstance(body, str) and body.isascii() and body.isdigit()):
        raise error(f"{what} must be a whole number written with digits 0-9: {quoted(text)}")
    longest = len(str(max(abs(low), abs(high)))) if low is not None and high is not None else digits
    significant = body.lstrip("0") or "0"  # int() counts leading zeros against its 4,300 digits
    if len(significant) <= longest:
        value = -int(significant) if negative else int(significant)
        if (low is None or value >= low) and (high is None or value <= high):
            return value
    raise error(f"{what} {beyond or 'must be a whole number ' + _bounds(low, high, digits)}: {quoted(text)}")


def real_number(text: str, what: str, *, chars: int = MAX_REAL_CHARS,
                error: type[ChessInputError] = ChessInputError) -> float:
    """``text`` (JSON's form of a number: ``-12.5e3``) read as a finite float of at most ``chars``
    characters, or ``error`` naming ``what``."""
    if isinstance(text, str) and len(text) <= chars and _REAL.fullmatch(text):
        value = float(text)
        if math.isfinite(value):
            return value
    raise error(f"{what} must be a finite number written in at most {chars} characters: {quoted(text)}")


def _bounds(low: int | None, high: int | None, digits: int) -> str:
    if low is not None and high is not None:
        return f"from {low} to {high}"
    said = [f"of at most {digits} digits"]
    if low is not None:
        said.append(f"from {low} up")
    if high is not None:
        said.append(f"up to {high}")
    return ", ".join(said)
