"""A page opened from a link reads its position from the query (``?fen=``, ``?board=``). A value
the server's own parser refuses is not silently replaced: the page says what was wrong."""

from __future__ import annotations

from typing import Callable

from flask import request
from flask_babel import gettext

from tablebase.errors import ChessInputError, quoted, said

from .i18n_say import say


def linked_position(name: str, parse: Callable[[str], object], instead: str) -> tuple[str, str | None]:
    """(the value to open, or "" when absent or refused; the message for the page, or None).
    ``instead`` says what the page shows in its place, e.g. "the start position" (a message: said
    in the page's language, as the sentence around it and the parser's own message)."""
    raw = request.args.get(name, "")
    if not raw.strip():
        return "", None
    try:
        parse(raw)
    except ChessInputError as error:
        words = {"name": name, "given": quoted(raw), "instead": str(instead), "error": say(said(error))}
        if quoted(raw) in str(error):
            return "", gettext("The %(name)s in this link could not be read, so the page shows %(instead)s: %(error)s",
                               **words)
        return "", gettext("The %(name)s in this link, %(given)s, could not be read, so the page shows %(instead)s: "
                           "%(error)s", **words)
    return raw, None
