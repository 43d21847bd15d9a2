"""The pages' typedefs of the API's answers (static/js/shared/api_types.js, api_types_3d.js) are
written from the schemas /openapi.json shows (webapp/typedefs.py), and the files are current: a schema
changed without writing them again fails here, before ``tsc --checkJs`` checks the pages against
stale types."""

from __future__ import annotations

import doctest

import pytest

import webapp.typedefs
from webapp.openapi_schemas import SCHEMAS
from webapp.typedefs import FILES, SHARED, module, only_3d, type_of, typedef


@pytest.mark.parametrize("file", sorted(FILES))
def test_the_written_typedefs_are_current(file):
    assert (SHARED / file).read_text(encoding="utf-8") == module(file), (
        "write them again: .venv/bin/python -m webapp.typedefs")


def test_every_schema_is_a_typedef_once_and_each_field_a_property():
    text = "".join(module(file) for file in FILES)
    assert {"Probe3D", "Game3D", "Position3D"} <= only_3d() and not {"Probe", "Words", "Error"} & only_3d()
    for name, schema in SCHEMAS.items():
        assert text.count(f"}} {name}\n") == 1, name
        for field in schema.get("properties", {}) if schema.get("type") == "object" else ():
            assert f"}} {field}" in text or f"}} [{field}]" in text, (name, field)


def test_a_field_is_optional_unless_required_and_a_nullable_one_says_null():
    shown = typedef("Thing", {"type": "object", "required": ["a"], "properties": {
        "a": {"type": ["integer", "null"], "description": "a count"}, "b": {"type": "array", "items": {"type": "string"}}}})
    assert " * @property {number | null} a  a count" in shown and " * @property {string[]} [b]" in shown
    assert type_of({"oneOf": [{"type": "string"}, {"type": "array", "items": {"$ref": "#/x/Cube"}}]}) == "string | Cube[]"


def test_the_doctests_of_the_generator():
    assert doctest.testmod(webapp.typedefs).failed == 0
