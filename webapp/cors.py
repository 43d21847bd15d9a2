"""Cross-origin reading of the tablebase: lichess clients call it from their own pages, so every
answer of its routes, errors included, is readable from any origin, and a browser's preflight for
the JSON POST of the 3D tablebase is answered. Another site reads only the tables already built:
its request never queues a build (webapp/sites.py decides where a request comes from;
webapp/tables.py refuses the build with a 403). No other route is open: a page elsewhere cannot
read the rest of the API, and its POSTs need a JSON Content-Type (webapp/jsonio.py), so a
cross-site page cannot send them without a preflight that gets no permission (and webapp/sites.py
refuses one that comes anyway)."""

from __future__ import annotations

from flask import Flask, request

OPEN_PREFIXES = ("/api/tablebase", "/standard", "/api/3d/tablebase")


def open_to_every_origin(path: str) -> bool:
    return any(path == prefix or path.startswith(prefix + "/") for prefix in OPEN_PREFIXES)


def register(app: Flask) -> None:
    @app.after_request
    def allow_any_origin(response):
        if open_to_every_origin(request.path):
            response.headers["Access-Control-Allow-Origin"] = "*"
            if request.method == "OPTIONS":
                response.headers["Access-Control-Allow-Headers"] = "Content-Type"
                response.headers["Access-Control-Max-Age"] = "86400"
        return response
