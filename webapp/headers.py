"""Headers on every answer: security headers, a URL length limit, no software version, and
long-lived caching for answers that can never change."""

from __future__ import annotations

import hashlib
from functools import wraps

from flask import Flask, abort, make_response, request

from .static_assets import ONE_YEAR

SECURITY_HEADERS = {
    # Scripts, styles and everything else only from this site; no inline script or style
    # attribute; no plugins; never framed; forms and <base> cannot point elsewhere.
    "Content-Security-Policy": (
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
        "connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; "
        "frame-ancestors 'none'"
    ),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin",
}
SERVER_NAME = "kbn-lab"
_FOREVER = f"public, max-age={ONE_YEAR}, immutable"


def register(app: Flask) -> None:
    @app.before_request
    def refuse_long_urls():
        if len(request.path) + 1 + len(request.query_string) > app.config["MAX_URL_BYTES"]:
            abort(414)

    @app.after_request
    def security_headers(response):
        add = response.headers.add  # no view sets these; add() appends without scanning the list
        for name, value in SECURITY_HEADERS.items():
            add(name, value)
        return response


def immutable(view):
    """For answers that depend only on the URL and never change (the tablebase's): cached for a
    year by browsers and proxies, with an ETag so a revalidation costs a 304 (webapp/cors.py makes
    the tablebase's answers readable from any origin)."""

    @wraps(view)
    def answer(*args, **kwargs):
        response = make_response(view(*args, **kwargs))
        headers = response.headers
        if response.status_code == 200:
            etag = hashlib.sha1(response.get_data()).hexdigest()
            headers.add("Cache-Control", _FOREVER)
            headers.add("ETag", f'"{etag}"')
            if etag in request.if_none_match:
                response.status_code = 304
                response.set_data(b"")
        return response

    return answer
