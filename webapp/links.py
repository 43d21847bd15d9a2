"""A page opened from a link reads its position from the query (``?fen=``, ``?board=``). A value
the server's own parser refuses is not silently replaced: the page says what was wrong, and is
answered 400 (``refused_address``: the page is still drawn, with what it shows instead, so a
reader who followed a broken link can go on; its status tells a program that the link was bad)."""

from __future__ import annotations

from typing import Callable

from flask import g, request
from flask_babel import gettext

from tablebase.errors import ChessInputError, quoted, said

from .i18n_say import say
from .jsonio import Query, query_refused, read_query


def refused_address(message: str) -> str:
    """Notes that this page's address holds a value it could not read, and returns ``message``, the
    sentence the page shows about it: the page is answered 400 (``api_routes.page``)."""
    g.address_refused = True
    return message


def refused_parameters(params: tuple) -> None:
    """Each declared query parameter of a page (``Query``) that its declaration refuses, as an API
    route's would be: noted with its sentence (``g.address_refusals``, shown at the top of the page
    by base.html), the page then taking its default, as it does where its declaration takes the
    parameter absent or empty."""
    for param in params:
        refused = query_refused(param) if isinstance(param, Query) and not param.own_words else None
        if refused is not None:
            refused_setting(gettext("The %(name)s in this link could not be read, so the page takes its default: "
                                    "%(error)s", name=param.name, error=say(said(refused))))


def refused_setting(message: str) -> None:
    """A value of the address the page could not read, noted with ``message``: shown at the top of
    the page (base.html), the page answered 400."""
    g.setdefault("address_refusals", []).append(refused_address(message))


def linked_settings(params: tuple) -> dict:
    """The declared query parameters of a page that its address gives and its declaration takes,
    by name, read (a whole number as an int): what the page's script is handed, so that it reads no
    address itself. Those refused (``refused_parameters`` noted them) are left out: the default."""
    return read_query(tuple(param for param in params if isinstance(param, Query) and not param.own_words
                            and query_refused(param) is None))


def address_was_refused() -> bool:
    """Whether this request's page found a value in its address it could not read."""
    return g.get("address_refused", False)


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
            return "", refused_address(gettext(
                "The %(name)s in this link could not be read, so the page shows %(instead)s: %(error)s", **words))
        return "", refused_address(gettext(
            "The %(name)s in this link, %(given)s, could not be read, so the page shows %(instead)s: %(error)s", **words))
    return raw, None


def linked_lesson(numbers: list[int]) -> str | None:
    """The page's message when ``?lesson=`` names no lesson of ``numbers`` (the page then opens on
    the reader's next lesson), or None.

    The message quotes what was given and says which lessons there are."""
    given = request.args.get("lesson", "")
    if not given.strip() or given in {str(number) for number in numbers}:
        return None
    return refused_address(gettext(
        "There is no lesson %(given)s here, so the page opens on your next lesson: the lessons are %(first)s to "
        "%(last)s.", given=quoted(given, 40), first=min(numbers), last=max(numbers)))
