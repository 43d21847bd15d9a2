"""What both servers need before answering: the table, loaded once (or a one-line error and exit
status 1 when it cannot be), and for Werkzeug's development server, a Server header that does not
announce its version."""

from __future__ import annotations

import sys

from flask import Flask
from werkzeug.serving import WSGIRequestHandler

from tablebase.kbnk import TableFileError, ensure_table

from .headers import SERVER_NAME


def load_table_or_exit(app: Flask) -> None:
    """Build the table if missing or damaged, load it into the app; a table that cannot be
    loaded (a folder, an unreadable path, a foreign file) stops the server with one line."""
    path = app.config["KBNK_TABLE"]
    try:
        app.extensions["kbnk_table"] = ensure_table(path, announce=lambda why: print(why, file=sys.stderr, flush=True))
    except TableFileError as error:
        print(f"error: {error}", file=sys.stderr, flush=True)
        raise SystemExit(1) from None


class DevRequestHandler(WSGIRequestHandler):
    def version_string(self) -> str:
        return SERVER_NAME
