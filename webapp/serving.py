"""For Werkzeug's development server: a Server header that does not announce its version."""

from __future__ import annotations

from werkzeug.serving import WSGIRequestHandler

from .headers import SERVER_NAME


class DevRequestHandler(WSGIRequestHandler):
    def version_string(self) -> str:
        return SERVER_NAME
