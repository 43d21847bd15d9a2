"""``GET /openapi.json`` and ``/api``, the same document as pages rendered on the server (the
Content-Security-Policy allows no inline script, and nothing is loaded from elsewhere): ``/api`` the
index of operations, each error status once and the schemas' fields; ``/api?op=ID`` one operation's
details with its example request and the answer this app gives it (``openapi_examples``)."""

from __future__ import annotations

import json

from flask import Blueprint, jsonify, render_template, request
from flask_babel import gettext

from .api_routes import ANY_ROUTE, api, example, page as declared_page, query
from .openapi import ERRORS, document, ok
from .openapi_examples import answer_text, examples, recorded

blueprint = Blueprint("api_docs", __name__)
METHODS = ("get", "post", "options")


@api(blueprint, "GET /openapi.json", "This document", "server", ok("OpenAPI 3.1", {"type": "object"}), errors=ANY_ROUTE,
     about="")
@example()
def openapi():
    return jsonify(document())


def schema_text(schema: dict | None) -> str:
    """A schema in one line for a person: ``Probe``, ``[Cube]``, ``{board: Board3D, turn?: "w" | "b"}``."""
    if not schema:
        return "any"
    if "$ref" in schema:
        return schema["$ref"].rsplit("/", 1)[1]
    if "allOf" in schema:
        return " + ".join(schema_text(part) for part in schema["allOf"])
    for key in ("oneOf", "anyOf"):
        if key in schema and "type" not in schema:
            return " | ".join(schema_text(part) for part in schema[key])
    if "enum" in schema:
        return " | ".join(json.dumps(value) for value in schema["enum"])
    if "const" in schema:
        return json.dumps(schema["const"])
    kind = schema.get("type", "any")
    if kind == "array":
        return f"[{schema_text(schema.get('items'))}]"
    if kind == "object" and schema.get("properties"):
        required = set(schema.get("required", ()))
        fields = ", ".join(f"{name}{'' if name in required else '?'}: {schema_text(value)}"
                           for name, value in schema["properties"].items())
        return "{" + fields + "}"
    if kind == "integer" and ("minimum" in schema or "maximum" in schema):
        return f"integer {schema.get('minimum', '')}..{schema.get('maximum', '')}"
    return " | ".join(kind) if isinstance(kind, list) else kind


def _answers(operation: dict) -> tuple[list[dict], list[str]]:
    """(the operation's own answers, the statuses it shares with every route: listed once on /api)."""
    own, shared = [], []
    for status, answer in operation["responses"].items():
        if status.isdigit() and int(status) in ERRORS and answer["description"] == ERRORS[int(status)]:
            shared.append(status)
            continue
        content = answer.get("content", {})
        media = next(iter(content), "")
        own.append({"status": status, "description": answer["description"], "media": media,
                    "headers": ", ".join(answer.get("headers", {})),
                    "schema": schema_text(content.get(media, {}).get("schema")) if media else ""})
    return own, shared


def _operations(doc: dict) -> list[dict]:
    found = []
    for path, item in doc["paths"].items():
        for method in METHODS:
            if method not in item:
                continue
            operation = item[method]
            body = operation.get("requestBody", {}).get("content", {}).get("application/json", {}).get("schema")
            own, shared = _answers(operation)
            found.append({"method": method.upper(), "path": path, "summary": operation["summary"],
                          "description": operation.get("description", ""),
                          "tag": operation["tags"][0], "id": f"{method}{path}".replace("/", "-"),
                          "parameters": [{**p, "type": schema_text(p["schema"])} for p in operation.get("parameters", [])],
                          "body": schema_text(body) if body else None, "answers": own, "errors": shared})
    return found


def _example(operation: dict) -> dict | None:
    """The operation's example request and its recorded answer, as text."""
    key = f"{operation['method']} {operation['path']}"
    answer = recorded().get(key)
    if key not in examples() or answer is None:
        return None
    return {"request": examples()[key].text(), "answer": answer_text(answer)}


def _fields(schema: dict) -> str:
    """A component's own fields in one line (its name alone would name itself)."""
    if "allOf" in schema:
        return " + ".join(schema_text(part) for part in schema["allOf"])
    return schema_text({key: value for key, value in schema.items() if key != "$ref"})


@declared_page(blueprint, "/api", "This document as a page", (query(
    "op", {"type": "string", "examples": ["get-api-tablebase"]},
    "one operation's page, with its example (else the index; an unknown one: 404)"),))
@example(op="get-api-tablebase")
def page():
    doc = document()
    operations = _operations(doc)
    chosen = request.args.get("op")
    if chosen is not None:
        operation = next((op for op in operations if op["id"] == chosen), None)
        if operation is None:  # a page naming what is not there
            return render_template("error.html", status=404, message=gettext(
                "no such page: %(path)s", path=repr(f"{request.path}?op={chosen}"))), 404
        return render_template("api_operation.html", info=doc["info"], op=operation, example=_example(operation))
    tags = list(dict.fromkeys(op["tag"] for op in operations))
    schemas = {name: _fields(schema) for name, schema in doc["components"]["schemas"].items()}
    return render_template("api_docs.html", info=doc["info"], intro=doc["info"]["description"].split("\n\n"),
                           tags=tags, operations=operations, schemas=schemas, errors=ERRORS)
