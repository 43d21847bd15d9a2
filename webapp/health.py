"""``GET /healthz`` for load balancers and process managers, and the site's icon."""

from __future__ import annotations

from importlib import metadata

from flask import Blueprint, current_app, jsonify, send_from_directory

from tablebase.mates import KBNK

from .tables import store, tables

blueprint = Blueprint("health", __name__)
VERSION = metadata.version("kbn-lab")


@blueprint.get("/healthz")
def healthz():
    """200 once the app can answer: the KBNK table is open, the table folder can take builds and
    its disk has room for the largest table still to build on demand. Otherwise the store's fault (503, naming
    the problem) through the error table, so that a balancer takes this replica out; 202 while
    the KBNK table is being built."""
    loaded = tables()(KBNK)
    store().check_storage()
    store().check_space()
    return jsonify(status="ok", version=VERSION,
                   table={"loaded": True, "longest_mate": loaded.summary.longest})


@blueprint.get("/favicon.ico")
def favicon():
    """Browsers ask for /favicon.ico whatever the page says; answer with the SVG icon."""
    response = send_from_directory(current_app.static_folder, "favicon.svg", mimetype="image/svg+xml")
    response.cache_control.max_age = 24 * 3600
    return response
