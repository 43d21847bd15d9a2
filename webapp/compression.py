"""Text answers compressed (Flask-Compress): pages, JSON, scripts, styles and SVG leave as brotli
(``br``) or gzip, whichever the client's Accept-Encoding prefers (brotli on a tie), and as they are
for a client that asks for neither. Answers under 500 bytes, errors and 304s are sent as they are.

Flask-Compress sets the Content-Length of the compressed body, adds ``Vary: Accept-Encoding`` to
every answer, and gives a compressed answer's strong ETag the coding's name (``"<sha1>:br"``), so a
cache never serves one coding's bytes for another's tag; a revalidation naming that tag is still a
304 (it evaluates If-None-Match again after compressing). Static files are streamed and compressed
as they stream (no Content-Length: chunked), with the same 304s. It runs after every other
``after_request`` of the app (registered first), so it compresses the answer as they leave it."""

from __future__ import annotations

from flask import Flask
from flask_compress import Compress

TEXT_TYPES = ["text/html", "text/css", "text/javascript", "application/javascript", "application/json",
              "image/svg+xml", "text/plain"]
CODINGS = ["br", "gzip"]  # the client's preference first; on a tie, brotli (smaller at the same cost)


def register(app: Flask) -> None:
    for name, value in (("COMPRESS_MIMETYPES", TEXT_TYPES), ("COMPRESS_ALGORITHM", CODINGS),
                        ("COMPRESS_ALGORITHM_STREAMING", CODINGS), ("COMPRESS_BR_LEVEL", 4), ("COMPRESS_LEVEL", 6),
                        ("COMPRESS_MIN_SIZE", 500),
                        # files sent from disk: their 304s evaluated again with the coding's ETag
                        ("COMPRESS_STREAMING_ENDPOINT_CONDITIONAL", ["static", "health.favicon"])):
        app.config.setdefault(name, value)
    Compress(app)
