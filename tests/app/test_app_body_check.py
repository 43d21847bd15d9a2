"""A POST's body is checked against its route's declared schema (webapp/jsonio.py ``checked``): the
JSON types and required fields of the schema /openapi.json shows are the ones enforced, with the
messages that name the field; what a value means is left to the domain's reader."""

from __future__ import annotations

import pytest

from tablebase.core.message import N_, msg
from webapp.api_routes import ROUTES
from webapp.jsonio import BadRequestBody, checked, json_types
from webapp.openapi_schemas import SCHEMAS, obj, ref

BODY = obj(["board", "n"], board=ref("Board3D"), n={"type": "integer", "minimum": 0, "maximum": 9},
           turn={"type": "string", "enum": ["w", "b"]})


def _refused(body: dict, **declared) -> str:
    with pytest.raises(BadRequestBody) as refused:
        checked(BODY, body, **declared)
    return str(refused.value)


def test_a_missing_field_and_a_wrong_type_are_refused_naming_the_field():
    assert _refused({"n": 1}) == "missing field 'board'"
    assert _refused({"board": 5, "n": 1}) == "field 'board' must be str or list, not 5"
    assert _refused({"board": "#", "n": 1.0}) == "field 'n' must be int, not 1.0"
    assert _refused({"board": "#", "n": True}) == "field 'n' must be int, not True"
    assert _refused({}) == "missing field 'board'"  # the required ones first, in their order


def test_bounds_are_refused_in_the_route_s_words_else_left_to_the_reader():
    assert checked(BODY, {"board": "", "n": 99, "turn": "x"}) == {"board": "", "n": 99, "turn": "x"}
    words = {"n": lambda given: msg(N_("field 'n' must be from 0 to 9, not %(given)s"), given=given)}
    assert _refused({"board": "#", "n": 99}, refusals=words) == "field 'n' must be from 0 to 9, not 99"
    assert checked(BODY, {"board": 5, "n": 1}, own_words=("board",))["board"] == 5


def test_every_declared_body_names_only_json_types_the_check_knows(app):  # the app: every route declared
    bodies = [route.body for route in ROUTES if route.body is not None]
    assert len(bodies) == len([rule for rule in app.url_map.iter_rules() if "POST" in rule.methods]) == 13  # the engine's among them
    for body in bodies:
        for name, schema in body["properties"].items():
            assert set(json_types(schema, SCHEMAS)) <= {"string", "array", "object", "integer", "boolean"}, name
