"""The JSON error contract of every /api/ route: ``{"error": code, "message": text}`` with a 4xx
status, and never a stack trace (an unexpected fault is a JSON 500 and is logged)."""

from __future__ import annotations

from flask import Flask, jsonify, render_template, request
from werkzeug.exceptions import HTTPException

from tablebase.errors import ChessInputError, OutOfTableError

_HTTP_CODES = {
    400: "bad_request",
    404: "not_found",
    405: "method_not_allowed",
    413: "too_large",
    415: "unsupported_media_type",
}


def api_error(status: int, code: str, message: str):
    response = jsonify(error=code, message=message)
    response.status_code = status
    return response


def _wants_json() -> bool:
    return request.path.startswith("/api/")


def register(app: Flask) -> None:
    @app.errorhandler(ChessInputError)
    def chess_input(exc: ChessInputError):
        status = 404 if isinstance(exc, OutOfTableError) else 400
        return api_error(status, exc.code, str(exc))

    @app.errorhandler(HTTPException)
    def http_error(exc: HTTPException):
        status = exc.code or 500
        if status == 413:
            limit = app.config.get("MAX_CONTENT_LENGTH")
            message = f"the request body is larger than the limit of {limit} bytes"
        elif status == 404:
            message = f"no such page: {request.path!r}"
        elif status == 405:
            message = f"{request.method} is not allowed on {request.path!r}"
        else:
            message = exc.description or exc.name
        if _wants_json():
            return api_error(status, _HTTP_CODES.get(status, "http_error"), message)
        return render_template("error.html", status=status, message=message), status

    @app.errorhandler(Exception)
    def unexpected(exc: Exception):
        app.logger.exception("unexpected error on %s", request.path)
        message = "the server failed on this request; it has been logged"
        if _wants_json():
            return api_error(500, "internal_error", message)
        return render_template("error.html", status=500, message=message), 500
