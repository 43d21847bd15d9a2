"""A request's body off the client's connection, read once: a chunked one (no length known in
advance) to one byte past the app's body limit, since Werkzeug would cut it silently at the limit
(a 413 past it; gunicorn's reader refuses a chunk size over it as soon as it is read:
webapp/edge/reads.py); the time spent waiting for the client not counted in the request's time
limit (webapp/edge/time_limit.py). The JSON reading of the body is webapp/jsonio.py's; the heavy
lane reads the body so before its thread takes the request (webapp/edge/lane.py)."""

from __future__ import annotations

from flask import current_app, request
from gunicorn.http.errors import ParseException
from werkzeug.exceptions import RequestEntityTooLarge

from tablebase.errors import ChessInputError

from .time_limit import not_counted

BODY_READ = "kbn.body"  # the environ's key for a body read once (read_body)


class UnreadableBody(ChessInputError):
    """A body the server could not read to its end (a bad chunk size, a dropped connection): 400."""

    code = "bad_request"


def _chunked_body(limit: int) -> bytes:
    """A chunked body read to one byte past ``limit``; a longer one is a 413."""
    stream, parts, size = request.environ["wsgi.input"], [], 0
    while size <= limit:
        part = stream.read(limit + 1 - size)
        if not part:
            break
        parts.append(part)
        size += len(part)
    if size > limit:
        raise RequestEntityTooLarge()
    return b"".join(parts)


def read_body() -> bytes:
    """The request's raw body, read from the client once and kept for the request; one the server
    cannot read to its end is a 400 (``UnreadableBody``), one over the limit a 413."""
    if BODY_READ in request.environ:
        return request.environ[BODY_READ]
    try:
        with not_counted():  # waiting for the client is not the request's work
            if request.content_length is None and "chunked" in request.headers.get("Transfer-Encoding", ""):
                raw = _chunked_body(current_app.config["MAX_CONTENT_LENGTH"])
            else:
                raw = request.get_data(cache=True)
    except (ParseException, OSError) as exc:
        said = str(exc) or type(exc).__name__
        raise UnreadableBody(f"the request body could not be read: {said[:1].lower()}{said[1:]}") from None  # the transport's words
    request.environ[BODY_READ] = raw
    return raw
