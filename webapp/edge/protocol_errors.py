"""The answers gunicorn's workers write themselves, for requests that never reach the app: a
request gunicorn cannot parse (a request line or headers over its limits, a lowercase method,
``Content-Length: abc``, both Content-Length and chunked, a bad chunk size on a route that does
not read its body), a request cut because its bytes stopped coming (408), a connection over its
address's cap (429). Each gets the app's error answer with its security headers instead of
gunicorn's page: the app's error page, in the user's language, where a browser opened a page (a
9 KB link to /kbn), else the JSON error shape (``webapp.errors.wants_page`` decides, as for the
app's own errors), and on the tablebase routes the header that lets any origin read it, as every
answer of those routes has (webapp/cors.py). The path and headers are the request's if gunicorn
parsed them, else read from the request's first bytes (webapp/edge/reads.py keeps them)."""

from __future__ import annotations

from urllib.parse import unquote

from gunicorn import util
from gunicorn.http import errors as http_errors
from werkzeug.datastructures import MIMEAccept
from werkzeug.http import parse_accept_header

from tablebase.core.message import N_, Message, msg

from ..cors import OPEN_PREFIXES, open_to_every_origin
from ..errors import SERVER_FAULT_MESSAGES, edge_page, error_body, wants_page
from ..headers import SECURITY_HEADERS
from .reads import Stalled

_REASONS = {400: "Bad Request", 403: "Forbidden", 408: "Request Timeout", 414: "URI Too Long",
            417: "Expectation Failed", 429: "Too Many Requests", 431: "Request Header Fields Too Large",
            500: "Internal Server Error", 501: "Not Implemented"}


def _said(exc: BaseException) -> str:
    text = str(exc)
    return text[:1].lower() + text[1:]


def protocol_error(cfg, exc: BaseException) -> tuple[int, str, str]:
    """(status, code, message) for an exception raised while gunicorn read a request."""
    if isinstance(exc, Stalled):
        return 408, "request_timeout", f"the request was not received in time: {_said(exc)}"
    if isinstance(exc, http_errors.LimitRequestLine):
        return 414, "uri_too_long", f"the request line is longer than the limit of {cfg.limit_request_line} bytes"
    if isinstance(exc, http_errors.LimitRequestHeaders):
        return 431, "headers_too_large", (f"the request headers are over the limits ({cfg.limit_request_fields} "
                                          f"fields of {cfg.limit_request_field_size} bytes)")
    if isinstance(exc, (http_errors.InvalidResponseHeader, http_errors.InvalidResponseHeaderName)):
        return 500, "internal_error", SERVER_FAULT_MESSAGES[500].text()
    if isinstance(exc, http_errors.UnsupportedTransferCoding):
        return 501, "not_implemented", f"unsupported transfer coding: {_said(exc)}"
    if isinstance(exc, http_errors.ExpectationFailed):
        return 417, "expectation_failed", f"unsupported expectation: {_said(exc)}"
    if isinstance(exc, http_errors.ForbiddenProxyRequest):
        return 403, "forbidden", "proxy requests are not accepted from this address"
    if isinstance(exc, http_errors.ParseException):
        what = type(exc).__name__.replace("Invalid", "invalid ").lower()
        return 400, "bad_request", f"the request is not valid HTTP ({what}): {_said(exc)}"
    return 500, "internal_error", SERVER_FAULT_MESSAGES[500].text()


def page_words(app, cfg, status: int) -> Message:
    """What the error page says, as words the page's language translates: the limits the user met."""
    if status == 414:  # the same words as the app's own 414, with the limit the docs give for a URL
        return msg(N_("the URL is longer than the limit of %(limit)s bytes"), limit=app.config["MAX_URL_BYTES"])
    if status == 431:
        return msg(N_("the request's headers are larger than this server accepts (at most %(fields)s headers of "
                      "up to %(size)s bytes each): a cookie too large, or an extension that adds headers"),
                   fields=cfg.limit_request_fields, size=cfg.limit_request_field_size)
    if status == 408:
        return msg(N_("the request did not arrive in time; load the page again"))
    if status >= 500:
        return SERVER_FAULT_MESSAGES[500]
    return msg(N_("the request could not be read: it is not valid HTTP"))


def head_fields(head: bytes, rest: bytes = b"") -> tuple[str, dict[str, str]]:
    """The target and the header fields (names lowercased, the first of each kept) of a request
    from its first bytes (``head``) and what the client sent after gunicorn stopped reading
    (``rest``, which starts inside a line: its fields are those after its first line break). A
    line cut short at the end of either is left out."""
    line, _, fields = head.partition(b"\r\n")
    target = line.split(b" ", 2)[1].decode("latin-1") if line.count(b" ") >= 1 else ""
    found: dict[str, str] = {}
    for block in (fields, rest.partition(b"\r\n")[2]):
        lines = block.split(b"\r\n")
        for raw in lines[:-1]:  # the last one is not known to be whole
            if not raw:
                break
            name, colon, value = raw.decode("latin-1").partition(":")
            if colon and name.strip() == name:
                found.setdefault(name.lower(), value.strip())
    return target, found


def open_path(head: bytes) -> bool:
    """Whether the request that starts with ``head`` asks for a tablebase route, from the target
    of its request line (origin or absolute form). A target cut short counts only if what is
    there already decides it (``/api/tablebase/...``; ``/standard`` might go on as ``/standardx``)."""
    _method, space, rest = head.partition(b" ")
    target = rest.split(b" ", 1)[0].split(b"\r", 1)[0].split(b"\n", 1)[0]
    if not space or not target:
        return False
    whole = len(target) < len(rest)
    if target[:7].lower() == b"http://" or target[:8].lower() == b"https://":
        target = b"/" + target.split(b"/", 3)[3] if target.count(b"/") >= 3 else b"/"
    path, query, _ = target.partition(b"?")
    path = unquote(path.decode("latin-1"))
    if whole or query:
        return open_to_every_origin(path)
    return open_to_every_origin(path) and path not in OPEN_PREFIXES


def answer(client, status: int, code: str, message: str, open_to_all: bool, extra: dict | None = None,
           page: bytes | None = None) -> None:
    """Write a whole error answer that closes the connection, without waiting on the client: the
    error page ``page`` if given, else the JSON error."""
    body = error_body(code, message) if page is None else page
    head = [f"HTTP/1.1 {status} {_REASONS.get(status, 'Error')}", "Connection: close",
            "Content-Type: application/json" if page is None else "Content-Type: text/html; charset=utf-8",
            f"Content-Length: {len(body)}",
            *(f"{k}: {v}" for k, v in (extra or {}).items()),
            *(f"{k}: {v}" for k, v in SECURITY_HEADERS.items())]
    if open_to_all:
        head.append("Access-Control-Allow-Origin: *")
    util.write_nonblock(client, ("\r\n".join(head) + "\r\n\r\n").encode("latin-1") + body)


class ProtocolErrors:
    """``handle_error`` for any gunicorn worker: the app's error answer (a page for a browser's
    page, else JSON) with the security headers. A request cut because it stalled gets its 408 only
    if some of it came: an idle keep-alive connection is just closed."""

    def handle_error(self, req, client, addr, exc):
        who = addr[0] if isinstance(addr, tuple) else addr
        if isinstance(exc, Stalled) and not getattr(client, "received", True):
            self.log.debug("closed an idle connection from %s", who)
            return
        status, code, message = protocol_error(self.cfg, exc)
        if status >= 500:
            self.log.exception("error handling a request from %s", who)
        elif status == 408:
            self.log.info("cut a request from %s: %s", who, exc)
        else:
            self.log.warning("refused a request from %s: %s", who, exc)
        parsed = req is not None and bool(getattr(req, "path", None))
        open_to_all = open_to_every_origin(unquote(req.path)) if parsed else open_path(getattr(client, "head", b""))
        target, fields = self._request_of(req if parsed else None, client, status)
        try:
            answer(client, status, code, message, open_to_all, page=self._page(status, target, fields))
        except OSError:
            self.log.debug("could not send the %s answer", status)

    def _request_of(self, req, client, status: int) -> tuple[str, dict[str, str]]:
        """The request's target and header fields: gunicorn's if it parsed them, else read from its
        first bytes and (unless it stalled) what it sent after them."""
        if req is not None:
            target = req.path + (f"?{req.query}" if getattr(req, "query", "") else "")
            return target, {name.lower(): value for name, value in reversed(getattr(req, "headers", []))}
        head = getattr(client, "head", b"")
        rest = client.rest() if head and status != 408 and hasattr(client, "rest") else b""
        return head_fields(head, rest)

    def _page(self, status: int, target: str, fields: dict[str, str]) -> bytes | None:
        """The error page, where the request was a browser's for a page (None: the JSON error, also
        where nothing of the request is known)."""
        app = getattr(self, "wsgi", None)
        path = unquote(target.split("?", 1)[0])
        if not target or not hasattr(app, "config") or \
                not wants_page(path, parse_accept_header(fields.get("accept"), MIMEAccept)):
            return None
        try:
            return edge_page(app, status, page_words(app, self.cfg, status), target, fields)
        except Exception:  # the JSON error still answers
            self.log.exception("could not render the %s page", status)
            return None
