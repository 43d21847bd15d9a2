"""The production server's workers. A request gunicorn cannot parse (a request line or headers over
its limits, a lowercase method, ``Content-Length: abc``, both Content-Length and chunked, a bad
chunk size) never reaches the app, so gunicorn is the only layer that can answer it: here it gets
the app's JSON error shape and security headers instead of gunicorn's HTML page, whatever the
path (a request that cannot be parsed may have no path to go by; no browser sends one).

``Worker`` (gevent) is the one ``gunicorn.conf.py`` runs: each connection is a greenlet, so clients
that trickle their headers or bodies cost a little memory, not a worker; a worker blocked in
CPU-bound work accepts nothing meanwhile, so heavy requests spread over the processes.
``ThreadWorker`` (gthread) is the previous layout, kept for the benchmark's comparison."""

from __future__ import annotations

import socket

import gevent
from gevent import monkey
from gevent import socket as gevent_socket
from gunicorn import util
from gunicorn.http import errors as http_errors
from gunicorn.workers.ggevent import GeventWorker
from gunicorn.workers.gthread import ThreadWorker as _GThreadWorker

from .errors import SERVER_FAULT_MESSAGES, error_body
from .headers import SECURITY_HEADERS

_REASONS = {400: "Bad Request", 403: "Forbidden", 414: "URI Too Long", 417: "Expectation Failed",
            431: "Request Header Fields Too Large", 500: "Internal Server Error", 501: "Not Implemented"}


def _said(exc: Exception) -> str:
    text = str(exc)
    return text[:1].lower() + text[1:]


def protocol_error(cfg, exc: Exception) -> tuple[int, str, str]:
    """(status, code, message) for an exception raised while gunicorn read a request."""
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


class JsonProtocolErrors:
    """``handle_error`` for any gunicorn worker: the JSON error shape with the security headers."""

    def handle_error(self, req, client, addr, exc):
        status, code, message = protocol_error(self.cfg, exc)
        if status >= 500:
            self.log.exception("error handling a request from %s", (addr or ("",))[0])
        else:
            self.log.warning("refused a request from %s: %s", (addr or ("",))[0], exc)
        body = error_body(code, message)
        head = [f"HTTP/1.1 {status} {_REASONS.get(status, 'Error')}", "Connection: close",
                "Content-Type: application/json", f"Content-Length: {len(body)}",
                *(f"{k}: {v}" for k, v in SECURITY_HEADERS.items())]
        try:
            util.write_nonblock(client, ("\r\n".join(head) + "\r\n\r\n").encode("latin-1") + body)
        except OSError:
            self.log.debug("could not send the %s answer", status)


class _HeadWithBody:
    """A client socket as one response sees it. gunicorn sends a response's head and its body in two
    calls; on a connection with Nagle's algorithm off (gunicorn's) each leaves at once, as its own
    segment that wakes the client. The first bytes written are held back and leave with the next
    ones, so a response goes out in one send; anything else asked of the socket (reading, sendfile,
    closing) sends what is held first, and so does ``flush`` at the end of the request."""

    __slots__ = ("_sock", "_held", "_first")

    def __init__(self, sock):
        self._sock, self._held, self._first = sock, b"", True

    def sendall(self, data) -> None:
        if self._first:
            self._first, self._held = False, bytes(data)
            return
        held, self._held = self._held, b""
        self._sock.sendall(held + data if held else data)

    def flush(self) -> None:
        held, self._held = self._held, b""
        if held:
            self._sock.sendall(held)

    def __getattr__(self, name):
        self.flush()
        return getattr(self._sock, name)


class Worker(JsonProtocolErrors, GeventWorker):
    def handle_request(self, listener_name, req, sock, addr):
        sock = _HeadWithBody(sock)
        try:
            return super().handle_request(listener_name, req, sock, addr)
        finally:
            sock.flush()
            # A keep-alive client on loopback has its next request in before this greenlet reads
            # again, so the read never waits and never yields: that one connection would keep the
            # worker while the others' requests wait (p99 in the hundreds of ms). Take turns.
            gevent.sleep(0)

    def patch(self):
        # Sockets, sleeps and the rest become cooperative, but threads stay the operating system's:
        # the 3D table store builds tables in a background thread, and as a greenlet that CPU-bound
        # build would hold the worker's loop (and every connection in it) until it ended.
        monkey.patch_all(thread=False)
        self.sockets = [gevent_socket.socket(listener.FAMILY, socket.SOCK_STREAM, fileno=listener.sock.detach())
                        for listener in self.sockets]

    def run(self):
        # Hand over a connection only once its first bytes are in: a worker that accepted one
        # would otherwise go back to accepting while it waits for the request, and collect
        # several heavy requests that other, idle workers could have run.
        for listener in self.sockets:
            if listener.family in (socket.AF_INET, socket.AF_INET6) and hasattr(socket, "TCP_DEFER_ACCEPT"):
                listener.setsockopt(socket.IPPROTO_TCP, socket.TCP_DEFER_ACCEPT, 1)
        super().run()


class ThreadWorker(JsonProtocolErrors, _GThreadWorker):
    pass
