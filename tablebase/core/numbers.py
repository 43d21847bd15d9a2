"""Text into numbers, bounded before it is read. ``int()`` takes unicode digits ('٣'), spaces and
underscores, and any length up to 4,300 digits, past which it raises a plain ValueError (a 500 on
the web); ``float()`` takes any length. Every text the program reads as a number comes through
here: ASCII digits only, its length weighed against its bounds before ``int()`` or ``float()``
sees it, then its value. The message names the field and quotes the text (shortened)."""

from __future__ import annotations

import math
import re

from ..errors import ChessInputError, quoted
from .message import Message, N_, english, msg

MAX_DIGITS = 18  # a whole number with no bound of its own: more than any count or seed taken
MAX_REAL_CHARS = 30  # a decimal number written out: enough for a double's 17 significant digits
_REAL = re.compile(r"-?[0-9]+(\.[0-9]+)?([eE][-+]?[0-9]+)?")


def whole_number(text: str, what: Message | str, low: int | None = None, high: int | None = None, *,
                 digits: int = MAX_DIGITS, error: type[ChessInputError] = ChessInputError,
                 beyond: Message | str | None = None) -> int:
    """``text`` read as a whole number from ``low`` to ``high`` (``None``: no bound that side, but
    never more than ``digits`` digits), or ``error`` naming ``what``. A leading minus is read,
    then refused as out of range when ``low`` is not negative; leading zeros are skipped, however
    many. ``beyond`` says in its own words what is wrong with a number out of range: a message
    naming the field (a page's), or, on the command line, words that follow ``what``."""
    negative = isinstance(text, str) and text.startswith("-")
    body = text[1:] if negative else text
    if not (isinstance(body, str) and body.isascii() and body.isdigit()):
        raise error(msg(N_("%(what)s must be a whole number written with digits 0-9: %(given)s"), what=what,
                        given=quoted(text)))
    longest = len(str(max(abs(low), abs(high)))) if low is not None and high is not None else digits
    significant = body.lstrip("0") or "0"  # int() counts leading zeros against its 4,300 digits
    if len(significant) <= longest:
        value = -int(significant) if negative else int(significant)
        if (low is None or value >= low) and (high is None or value <= high):
            return value
    raise error(_out_of_range(quoted(text), what, low, high, digits, beyond))


def real_number(text: str, what: Message | str, *, chars: int = MAX_REAL_CHARS,
                error: type[ChessInputError] = ChessInputError) -> float:
    """``text`` (JSON's form of a number: ``-12.5e3``) read as a finite float of at most ``chars``
    characters, or ``error`` naming ``what``."""
    if isinstance(text, str) and len(text) <= chars and _REAL.fullmatch(text):
        value = float(text)
        if math.isfinite(value):
            return value
    raise error(msg(N_("%(what)s must be a finite number written in at most %(chars)s characters: %(given)s"),
                    what=what, chars=chars, given=quoted(text)))


def _out_of_range(given: str, what, low: int | None, high: int | None, digits: int, beyond) -> Message | str:
    if isinstance(beyond, Message):
        return msg(N_("%(problem)s: %(given)s"), problem=beyond, given=given)
    if beyond is not None:  # the command line's words, never shown on a page
        return f"{english(what)} {beyond}: {given}"
    if low is not None and high is not None:
        return msg(N_("%(what)s must be a whole number from %(low)s to %(high)s: %(given)s"), what=what, low=low,
                   high=high, given=given)
    if low is not None:
        return msg(N_("%(what)s must be a whole number of at most %(digits)s digits, from %(low)s up: %(given)s"),
                   what=what, digits=digits, low=low, given=given)
    if high is not None:
        return msg(N_("%(what)s must be a whole number of at most %(digits)s digits, up to %(high)s: %(given)s"),
                   what=what, digits=digits, high=high, given=given)
    return msg(N_("%(what)s must be a whole number of at most %(digits)s digits: %(given)s"), what=what,
               digits=digits, given=given)
