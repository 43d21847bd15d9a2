"""``GET /healthz`` for load balancers and process managers, and the site's icon."""

from __future__ import annotations

from importlib import metadata

from flask import Blueprint, current_app, jsonify, send_from_directory

from tablebase.mates import KBNK

from .api_routes import ANY_ROUTE, api, example, page
from .openapi import ok
from .openapi_schemas import ref
from .tables import store, tables

blueprint = Blueprint("health", __name__)
VERSION = metadata.version("kbn-lab")


@api(blueprint, "GET /healthz", "Health check for load balancers", "server", ok("the server can answer", ref("Health")),
     errors=ANY_ROUTE, tables=True)
@example()
def healthz():
    """200 once this replica can answer: the KBNK table is open, the table folder can be written, and its disk
    has room for the largest table the server would still build on demand (none once every table within its
    limits is built). Otherwise a 503 naming the problem, so that a load balancer takes the replica out:
    table_storage (the folder missing or not writable, or its disk too full), server_data_damaged (the KBNK file
    damaged, being rebuilt); 202 while the KBNK table is being built."""
    loaded = tables()(KBNK)
    store().check_storage()
    store().check_space()
    return jsonify(status="ok", version=VERSION,
                   table={"loaded": True, "longest_mate": loaded.summary.longest})


@page(blueprint, "/favicon.ico", "The site's icon", answers={"200": {
    "description": "an SVG image", "content": {"image/svg+xml": {"schema": {"type": "string"}}}}}, errors=ANY_ROUTE)
@example()
def favicon():
    """Browsers ask for /favicon.ico whatever the page says; answer with the SVG icon."""
    response = send_from_directory(current_app.static_folder, "favicon.svg", mimetype="image/svg+xml")
    response.cache_control.max_age = 24 * 3600
    return response
