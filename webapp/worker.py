"""The production server's worker: gunicorn's threaded worker (keep-alive, several connections per
process), except that a request line or headers over gunicorn's limits get the app's JSON error
shape and security headers instead of gunicorn's HTML page. Such a request never reaches the app,
so gunicorn is the only layer that can answer it."""

from __future__ import annotations

from gunicorn import util
from gunicorn.http.errors import LimitRequestHeaders, LimitRequestLine
from gunicorn.workers.gthread import ThreadWorker

from .errors import error_body
from .headers import SECURITY_HEADERS


class Worker(ThreadWorker):
    def handle_error(self, req, client, addr, exc):
        if isinstance(exc, LimitRequestLine):
            status, reason, code = 414, "URI Too Long", "uri_too_long"
            message = f"the request line is longer than the limit of {self.cfg.limit_request_line} bytes"
        elif isinstance(exc, LimitRequestHeaders):
            status, reason, code = 431, "Request Header Fields Too Large", "headers_too_large"
            message = (f"the request headers are over the limits ({self.cfg.limit_request_fields} "
                       f"fields of {self.cfg.limit_request_field_size} bytes)")
        else:
            super().handle_error(req, client, addr, exc)
            return
        self.log.warning("refused a request from %s: %s", (addr or ("",))[0], exc)
        body = error_body(code, message)
        head = [f"HTTP/1.1 {status} {reason}", "Connection: close", "Content-Type: application/json",
                f"Content-Length: {len(body)}", *(f"{k}: {v}" for k, v in SECURITY_HEADERS.items())]
        try:
            util.write_nonblock(client, ("\r\n".join(head) + "\r\n\r\n").encode("latin-1") + body)
        except OSError:
            self.log.debug("could not send the %s answer", status)
