"""The 3D piece lab: the page and its API."""

from __future__ import annotations

from flask import Blueprint, jsonify, render_template, request

from tablebase.cube.board import CubePosition

from .jsonio import BadRequestBody, field, json_object

blueprint = Blueprint("cube", __name__)


@blueprint.get("/3d")
def page():
    return render_template("cube.html", board=request.args.get("board", ""))


def _position(body: dict) -> CubePosition:
    return CubePosition.parse(field(body, "board", str, list))


@blueprint.post("/api/3d/analyze")
def analyze():
    return jsonify(_position(json_object()).analyze())


@blueprint.post("/api/3d/moves")
def moves():
    body = json_object()
    position = _position(body)
    return jsonify(moves=position.legal_destinations(field(body, "from", list)))


@blueprint.post("/api/3d/attacks")
def attacks():
    """Every cube attacked by one colour: ``{"board": ..., "color": "b"}``."""
    body = json_object()
    position = _position(body)
    color = field(body, "color", str, required=False, default="b")
    if color not in ("w", "b"):
        raise BadRequestBody(f"field 'color' must be 'w' or 'b', not {color!r}")
    return jsonify(cubes=position.attacked_by(color))
