"""The production server's access log, one line per request as gunicorn writes it, for less work.

gunicorn gathers every field a format could name for each line: with each request header, each
response header and each WSGI environ variable as a field of its own (some 50), all escaped, a
third of the line's cost on a tablebase probe. ``Logger`` hands gunicorn only the headers and environ
variables the format names (``{name}i``, ``{name}o``, ``{name}e``), and the environ variables its
fixed fields read; the line is the same."""

from __future__ import annotations

import re
from functools import lru_cache

from gunicorn import glogging

# The environ variables gunicorn's fixed fields (h, u, r, m, U, q, H, f, a...) are made of.
_FIELD_SOURCES = ("REMOTE_ADDR", "HTTP_AUTHORIZATION", "REQUEST_METHOD", "RAW_URI", "SERVER_PROTOCOL",
                  "PATH_INFO", "QUERY_STRING", "HTTP_REFERER", "HTTP_USER_AGENT")


@lru_cache(maxsize=8)
def named(log_format: str) -> dict[str, frozenset[str]]:
    """The header and environ names (lowercase) a format's ``%({name}i)s`` fields use, by kind."""
    found = {"i": set(), "o": set(), "e": set()}
    for name, kind in re.findall(r"%\(\{([^}]*)\}([ioe])\)", log_format):
        found[kind].add(name.lower())
    return {kind: frozenset(names) for kind, names in found.items()}


class _Response:
    """What gunicorn's fields read of a response, with only the headers the format names."""

    __slots__ = ("status", "sent", "headers")

    def __init__(self, resp, names: frozenset[str]):
        self.status, self.sent = resp.status, getattr(resp, "sent", None)
        self.headers = [(k, v) for k, v in resp.headers if k.lower() in names] if names else []


class Logger(glogging.Logger):
    def atoms(self, resp, req, environ, request_time):
        fields = named(self.cfg.access_log_format)
        headers = getattr(req, "headers", req)
        headers = headers.items() if hasattr(headers, "items") else headers
        sources = {k: environ[k] for k in _FIELD_SOURCES if k in environ}
        if fields["e"]:
            sources.update((k, v) for k, v in environ.items() if k.lower() in fields["e"])
        return super().atoms(_Response(resp, fields["o"]), [(k, v) for k, v in headers if k.lower() in fields["i"]],
                             sources, request_time)
