"""``GET /healthz`` for load balancers and process managers, and the site's icon."""

from __future__ import annotations

from importlib import metadata

from flask import Blueprint, current_app, jsonify, send_from_directory

from .kbnk import table

blueprint = Blueprint("health", __name__)
VERSION = metadata.version("kbn-lab")


@blueprint.get("/healthz")
def healthz():
    """200 once the app can answer: the KBNK table is loaded (built first if need be). A table
    that cannot be loaded is a 503 through the error table, so a balancer takes this replica out."""
    loaded = table()
    return jsonify(status="ok", version=VERSION,
                   table={"loaded": True, "longest_mate": loaded.longest})


@blueprint.get("/favicon.ico")
def favicon():
    """Browsers ask for /favicon.ico whatever the page says; answer with the SVG icon."""
    response = send_from_directory(current_app.static_folder, "favicon.svg", mimetype="image/svg+xml")
    response.cache_control.max_age = 24 * 3600
    return response
