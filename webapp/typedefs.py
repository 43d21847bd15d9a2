"""The pages' typedefs of the API's answers, written from the same schemas as /openapi.json
(``webapp/openapi_schemas.py``, the routes' declared answers and bodies): every component schema as
a JSDoc typedef that ``tsc --checkJs`` reads, those that only the 3D routes use in
``static/js/shared/api_types_3d.js``, the others in ``static/js/shared/api_types.js``;
static/js/shared/types.js builds the games' types on them. Written anew after a schema changes
(``tests/app/test_app_typedefs.py`` fails while a file is not current):

    .venv/bin/python -m webapp.typedefs
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from .openapi_schemas import SCHEMAS

SHARED = Path(__file__).resolve().parent.parent / "static" / "js" / "shared"
FILES = {"api_types.js": "", "api_types_3d.js": " that only the 3D routes use"}  # file -> whose  # file -> what it holds
_SCALARS = {"string": "string", "integer": "number", "number": "number", "boolean": "boolean", "null": "null"}
_NAME = re.compile(r"^[A-Za-z_$][A-Za-z0-9_$]*$")


def _union(parts: list[str]) -> str:
    unique = list(dict.fromkeys(parts))
    return " | ".join(unique) if unique else "any"


def _grouped(text: str) -> str:
    """A type that an ``[]`` or ``&`` would split, in parentheses."""
    return f"({text})" if " | " in text or " & " in text else text


def type_of(schema: dict) -> str:
    """A JSON Schema as a TypeScript type, as JSDoc writes it.

    >>> type_of({"type": ["integer", "null"]})
    'number | null'
    >>> type_of({"type": "array", "items": {"$ref": "#/components/schemas/Words"}})
    'Words[]'
    >>> type_of({"type": "object", "properties": {"a": {"type": "string"}, "b": {"const": True}}, "required": ["b"]})
    '{a?: string, b: true}'
    """
    if "$ref" in schema:
        return schema["$ref"].rsplit("/", 1)[1]
    if "const" in schema:
        return json.dumps(schema["const"], ensure_ascii=False)
    if "enum" in schema:
        return _union([json.dumps(value, ensure_ascii=False) for value in schema["enum"]])
    if "allOf" in schema:
        return " & ".join(_grouped(type_of(part)) for part in schema["allOf"])
    for key in ("oneOf", "anyOf"):
        if key in schema and "type" not in schema:
            return _union([type_of(part) for part in schema[key]])
    kinds = schema.get("type")
    if isinstance(kinds, list):
        return _union([type_of({**schema, "type": kind}) for kind in kinds])
    if kinds == "array":
        return f"{_grouped(type_of(schema.get('items', {})))}[]"
    if kinds == "object":
        return _object(schema)
    return _SCALARS.get(kinds, "any")


def _key(name: str) -> str:
    return name if _NAME.match(name) else json.dumps(name)


def _object(schema: dict) -> str:
    properties = schema.get("properties")
    if not properties:
        values = schema.get("additionalProperties")
        return f"Object<string, {type_of(values) if isinstance(values, dict) else 'any'}>"
    required = set(schema.get("required", ()))
    fields = ", ".join(f"{_key(name)}{'' if name in required else '?'}: {type_of(value)}"
                       for name, value in properties.items())
    return "{" + fields + "}"


def _said(text: str) -> str:
    return " ".join(text.replace("*/", "* /").split())


def typedef(name: str, schema: dict) -> str:
    """One component as a typedef: an object's fields one by one, with their descriptions."""
    lines = ["/**"]
    if schema.get("description"):
        lines.append(f" * {_said(schema['description'])}")
    properties = schema.get("properties") if schema.get("type") == "object" else None
    if not properties:
        lines += [f" * @typedef {{{type_of(schema)}}} {name}", " */"]
        return "\n".join(lines)
    lines.append(f" * @typedef {{Object}} {name}")
    required = set(schema.get("required", ()))
    for field, value in properties.items():
        shown = _key(field) if field in required else f"[{_key(field)}]"
        words = f"  {_said(value['description'])}" if value.get("description") else ""
        lines.append(f" * @property {{{type_of(value)}}} {shown}{words}")
    lines.append(" */")
    return "\n".join(lines)


def _refs(value) -> set[str]:
    """The component schemas a schema, an answer or a body names, and those they name in turn."""
    found, pending = set(), [value]
    while pending:
        item = pending.pop()
        if isinstance(item, dict):
            ref = item.get("$ref")
            name = ref.rsplit("/", 1)[1] if isinstance(ref, str) else None
            if name is not None and name not in found:
                found.add(name)
                pending.append(SCHEMAS[name])
            pending.extend(item.values())
        elif isinstance(item, list):
            pending.extend(item)
    return found


def only_3d() -> set[str]:
    """The schemas that only the 3D routes (``/api/3d/``) answer or take."""
    from . import blueprints  # noqa: F401  (its imports declare every route)
    from .api_routes import ROUTES
    from .openapi import table_answers

    used: dict[bool, set[str]] = {True: set(), False: set()}
    for route in ROUTES:
        shared = table_answers() if route.tables else {}  # a table being built: 202 with its state
        used[route.path.startswith("/api/3d/")] |= _refs([route.answers, route.body or {}, shared])
    return used[True] - used[False] - _refs([SCHEMAS[name] for name in used[False]])


def module(file: str) -> str:
    """One file's text: its component schemas in the document's order, and the other file's that
    they name, imported."""
    mine = only_3d() if file == "api_types_3d.js" else set(SCHEMAS) - only_3d()
    other = next(name for name in FILES if name != file)
    named = sorted(_refs([SCHEMAS[name] for name in mine]) - mine)
    head = (f"// @ts-check\n// Typedefs of the API's schemas{FILES[file]} (webapp/openapi_schemas.py, as /openapi.json "
            "shows them),\n// written by `python -m webapp.typedefs`: do not edit; write them again after a schema "
            "changes.\n")
    imports = "".join(f'/** @typedef {{import("./{other}").{name}}} {name} */\n' for name in named)
    blocks = [typedef(name, schema) for name, schema in SCHEMAS.items() if name in mine]
    return head + (f"\n{imports}" if imports else "") + "\n" + "\n\n".join(blocks) + "\n\nexport {};\n"


def write() -> list[Path]:
    for file in FILES:
        (SHARED / file).write_text(module(file), encoding="utf-8")
    return [SHARED / file for file in FILES]


if __name__ == "__main__":
    print("wrote", ", ".join(str(path) for path in write()))
