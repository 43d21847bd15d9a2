"""Every error answer of the app, decided in one place.

``EXCEPTION_STATUS`` says which exception class means which HTTP status and error code; HTTP
errors raised by Flask and Werkzeug keep their status and get a code from ``HTTP_CODES``. Every
/api/ answer is JSON ``{"error": code, "message": text}``, and for an input error raised with a
message (``ChessInputError.says``) also ``"says"``: the same sentence as words a page translates;
pages get an HTML page with the same status and the message in the page's language, unless the
client asks for JSON first (``wants_page``); so do the requests the server's workers refuse before
the app sees them (``edge_page``, webapp/edge/protocol_errors.py). Input faults
are 4xx and quote the input; a server fault (a damaged data file, a bug) is 5xx, is logged with its
details, and tells the client nothing internal.
"""

from __future__ import annotations

import json
import re

from flask import Flask, current_app, jsonify, render_template, request
from flask_babel import gettext
from werkzeug.datastructures import MIMEAccept
from werkzeug.exceptions import HTTPException
from werkzeug.http import parse_cookie
from werkzeug.test import EnvironBuilder

from tablebase.core.message import Message, N_, as_message, msg
from tablebase.errors import ChessInputError, DataFileError, OutOfTableError
from tablebase.tables import BuildQueueFull, TablePending

from .edge.lane import LaneFull
from .edge.time_limit import OutOfTime
from .i18n import COOKIE, LANGUAGES
from .i18n_say import say
from .sites import CrossSiteRequest
from .tables import CrossSiteBuild

# The first class that matches wins, so a subclass comes before its base. ``None`` as the code:
# the exception's own ``code`` attribute. ``internal``: a server fault, logged, message hidden.
EXCEPTION_STATUS: tuple[tuple[type[Exception], int, str | None, bool], ...] = (
    (DataFileError, 503, None, True),
    (OutOfTableError, 404, None, False),
    (CrossSiteBuild, 403, None, False),
    (CrossSiteRequest, 403, None, False),
    (BuildQueueFull, 429, None, False),
    (ChessInputError, 400, None, False),
    (Exception, 500, "internal_error", True),
)

HTTP_CODES = {
    400: "bad_request",
    404: "not_found",
    405: "method_not_allowed",
    413: "too_large",
    414: "uri_too_long",
    415: "unsupported_media_type",
    431: "headers_too_large",
}

SERVER_FAULT_MESSAGES = {
    503: msg(N_("the server's tablebase data is damaged; the fault is logged and is not in your request")),
    500: msg(N_("the server failed on this request; it has been logged")),
}
RETRY_AFTER_SECONDS = 1  # how soon a client asks again for a table being built
MAX_MESSAGE = 400
JSON_PATHS = ("/api/", "/standard/", "/healthz/", "/openapi.json/")


def error_body(code: str, message: str) -> bytes:
    """The JSON error shape as bytes, for layers below Flask (the server's own 414 and 431)."""
    return json.dumps({"error": code, "message": _clip(message)}).encode()


def classify(exc: Exception) -> tuple[int, str, bool]:
    """(status, code, internal) of an exception, from ``EXCEPTION_STATUS``."""
    for kind, status, code, internal in EXCEPTION_STATUS:
        if isinstance(exc, kind):
            return status, code or getattr(exc, "code", "bad_request"), internal
    raise AssertionError("EXCEPTION_STATUS ends with Exception")


def _clip(message: str) -> str:
    return message if len(message) <= MAX_MESSAGE else message[:MAX_MESSAGE - 1] + "…"


def api_error(status: int, code: str, message: str, says=None):
    """The error as JSON; ``says``: the message as words (``Message.as_json``), when it has them."""
    words = {} if says is None else {"says": says.as_json()}
    response = jsonify(error=code, message=_clip(message), **words)
    response.status_code = status
    return response


def pending_answer(state: dict):
    """Not an error: a table is being built. 202 with its state; ask again after Retry-After."""
    response = jsonify(state)
    response.status_code = 202
    response.headers["Retry-After"] = str(RETRY_AFTER_SECONDS)
    return response


def wants_page(path: str, accept: MIMEAccept) -> bool:
    """Whether an error answers the error page (HTML) rather than the JSON error. The API, its
    lichess-compatible aliases, /healthz and /openapi.json answer JSON whoever asks; any other path
    (the API's reference at /api among them) is a page and answers the page, unless the client's
    Accept puts JSON before HTML (a browser's navigation asks for text/html; a script that wants JSON
    says so)."""
    return not _api_path(path) and accept.quality("text/html") >= accept.quality("application/json")


def _api_path(path: str) -> bool:
    path = path.rstrip("/")
    return path != "/api" and (path + "/").startswith(JSON_PATHS)


def _answer(status: int, code: str, message: str, page_message: str | None = None, says=None):
    """The error as the API's JSON (English, and ``says`` its words), or as a page
    (``page_message``: the same in the page's language, where it has one)."""
    if _api_path(request.path):
        return api_error(status, code, message, says)
    if not wants_page(request.path, request.accept_mimetypes):
        response = api_error(status, code, message, says)
    else:
        response = current_app.make_response((render_template("error.html", status=status,
                                                               message=_clip(page_message or message)), status))
    response.vary.add("Accept")  # a page's error is the page or JSON as the client asks
    return response


def _fault(status: int, code: str, words: Message):
    """A fault of the server's own (``words``: what it is, blaming nothing in the request), in English
    and as words for the API, or as a page in the page's language."""
    return _answer(status, code, words.text(), say(words), words)


def edge_page(app: Flask, status: int, words, target: str, headers: dict[str, str]) -> bytes:
    """The error page of a request the server's workers answer themselves, the app never seeing it
    (webapp/edge/protocol_errors.py): ``words`` (a ``Message``) in the language the request asks for, as
    a page of the app chooses it: its target's ``lang=`` (``target``: the request line's target, or
    its start), else its ``lang`` cookie, else its Accept-Language (``headers``: names lowercased)."""
    asked = re.search(r"[?&]lang=([a-z]{2})(?:&|$)", target)
    kept = parse_cookie(headers.get("cookie", "")).get(COOKIE)
    environ = EnvironBuilder(path="/", query_string={"lang": asked.group(1)} if asked else {}, headers={
        "Accept-Language": headers.get("accept-language", ""),
        **({"Cookie": f"{COOKIE}={kept}"} if kept in LANGUAGES else {})}).get_environ()
    with app.request_context(environ):
        return render_template("error.html", status=status, message=_clip(say(words))).encode()


def _page_message(app: Flask, exc: HTTPException) -> str | None:
    """``_http_message`` in the page's language, for the statuses a person meets."""
    status = exc.code or 500
    if status == 404:
        return gettext("no such page: %(path)s", path=repr(request.path))
    if status == 405:
        return gettext("%(method)s is not allowed on %(path)s", method=request.method, path=repr(request.path))
    if status == 414:
        return gettext("the URL is longer than the limit of %(limit)s bytes", limit=app.config["MAX_URL_BYTES"])
    return None


def _http_message(app: Flask, exc: HTTPException) -> str:
    status = exc.code or 500
    if status == 413:
        return f"the request body is larger than the limit of {app.config['MAX_CONTENT_LENGTH']} bytes"
    if status == 414:
        return f"the URL is longer than the limit of {app.config['MAX_URL_BYTES']} bytes"
    if status == 404:
        return f"no such page: {request.path!r}"
    if status == 405:
        return f"{request.method} is not allowed on {request.path!r}"
    return exc.description or exc.name


def register(app: Flask) -> None:
    @app.errorhandler(HTTPException)
    def http_error(exc: HTTPException):
        status = exc.code or 500
        response = app.make_response(_answer(status, HTTP_CODES.get(status, "http_error"), _http_message(app, exc),
                                             _page_message(app, exc)))
        for name, value in exc.get_headers():
            if name == "Allow":  # a 405 says which methods the route takes (RFC 9110)
                response.headers[name] = value
        return response

    @app.errorhandler(OutOfTime)
    def out_of_time(exc: OutOfTime):
        """A request stopped at its time limit (webapp/edge/time_limit.py): answered, never a closed
        connection; logged, since a request within its work budget should not get there."""
        app.logger.warning("%s %s stopped at its time limit", request.method, request.path)
        return _answer(503, exc.code, str(exc))

    @app.errorhandler(LaneFull)
    def lane_full(exc: LaneFull):
        """Every thread of the worker's heavy lane busy and its waiting line full (webapp/edge/lane.py)."""
        response = app.make_response(_answer(503, exc.code, str(exc)))
        response.headers["Retry-After"] = str(exc.retry_after)
        return response

    @app.errorhandler(TablePending)
    def pending(exc: TablePending):
        return pending_answer(exc.status.to_json())

    @app.errorhandler(Exception)
    def any_error(exc: Exception):
        status, code, internal = classify(exc)
        if internal:
            if isinstance(exc, DataFileError):  # the server's own data: logged, said without paths
                app.logger.error("%s on %s: %s", type(exc).__name__, request.path, exc)
                return _fault(status, code, msg(N_("%(problem)s; the fault is logged and is not in your request"),
                                                problem=as_message(exc.public)))
            app.logger.error("%s on %s: %s", type(exc).__name__, request.path, exc, exc_info=exc)
            return _fault(status, code, SERVER_FAULT_MESSAGES[status])
        says = getattr(exc, "says", None)
        response = app.make_response(_answer(status, code, str(exc), None if says is None else say(says), says))
        if isinstance(exc, BuildQueueFull):
            response.headers["Retry-After"] = str(exc.retry_after)
        return response
