"""The answers gunicorn's workers write themselves, for requests that never reach the app: a
request gunicorn cannot parse (a request line or headers over its limits, a lowercase method,
``Content-Length: abc``, both Content-Length and chunked, a bad chunk size on a route that does
not read its body), a request cut because its bytes stopped coming (408), a connection over its
address's cap (429). Each gets the app's JSON error shape and security headers instead of
gunicorn's HTML page, and on the tablebase routes the header that lets any origin read it, as
every answer of those routes has (webapp/cors.py): the path is the request's if gunicorn parsed
it, else read from the request's first bytes."""

from __future__ import annotations

from urllib.parse import unquote

from gunicorn import util
from gunicorn.http import errors as http_errors

from .cors import OPEN_PREFIXES, open_to_every_origin
from .errors import SERVER_FAULT_MESSAGES, error_body
from .headers import SECURITY_HEADERS
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
        return 500, "internal_error", SERVER_FAULT_MESSAGES[500]
    if isinstance(exc, http_errors.UnsupportedTransferCoding):
        return 501, "not_implemented", f"unsupported transfer coding: {_said(exc)}"
    if isinstance(exc, http_errors.ExpectationFailed):
        return 417, "expectation_failed", f"unsupported expectation: {_said(exc)}"
    if isinstance(exc, http_errors.ForbiddenProxyRequest):
        return 403, "forbidden", "proxy requests are not accepted from this address"
    if isinstance(exc, http_errors.ParseException):
        what = type(exc).__name__.replace("Invalid", "invalid ").lower()
        return 400, "bad_request", f"the request is not valid HTTP ({what}): {_said(exc)}"
    return 500, "internal_error", SERVER_FAULT_MESSAGES[500]


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


def answer(client, status: int, code: str, message: str, open_to_all: bool, extra: dict | None = None) -> None:
    """Write a whole JSON error answer that closes the connection, without waiting on the client."""
    body = error_body(code, message)
    head = [f"HTTP/1.1 {status} {_REASONS.get(status, 'Error')}", "Connection: close",
            "Content-Type: application/json", f"Content-Length: {len(body)}",
            *(f"{k}: {v}" for k, v in (extra or {}).items()),
            *(f"{k}: {v}" for k, v in SECURITY_HEADERS.items())]
    if open_to_all:
        head.append("Access-Control-Allow-Origin: *")
    util.write_nonblock(client, ("\r\n".join(head) + "\r\n\r\n").encode("latin-1") + body)


class JsonProtocolErrors:
    """``handle_error`` for any gunicorn worker: the JSON error shape with the security headers. A
    request cut because it stalled gets its 408 only if some of it came: an idle keep-alive
    connection is just closed."""

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
        if req is not None and getattr(req, "path", None):
            open_to_all = open_to_every_origin(unquote(req.path))
        else:
            open_to_all = open_path(getattr(client, "head", b""))
        try:
            answer(client, status, code, message, open_to_all)
        except OSError:
            self.log.debug("could not send the %s answer", status)
