"""The inputs of ``bench_fuzz.py``: requests built from /openapi.json (every parameter and body field
from its schema, with a realistic value where the field is known), then mutated: long digit runs,
unicode digits, negative numbers, wrong types, deep nesting, huge strings within the size limits,
random bytes. All from one ``random.Random``, so a seed gives the same requests again."""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from urllib.parse import quote

MAX_BODY = 256 * 1024
MAX_URL = 8000
FENS = ["8/8/8/8/8/8/2k5/KNB5 w - - 0 1", "8/8/8/3k4/8/8/8/R3K3 w - - 37 50", "8/8/8/R3k3/8/8/8/4K3 b",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "8/8/8/8/8/8/2k5/KNB5_w"]
CUBES = ["3,n2,1rr/1b1,3,3/3,3,bRK", "[###,n##,#rr],[#b#,###,###],[###,###,bRK]",
         "[K##,###,###],[###,###,###],[###,###,##k]"]
SOLITAIRE = [".....B..RP.....N", "N.R.B..P........", [[0, 0, "R"], [1, 1, "N"]], [["R", "."], [".", "N"]]]
# A realistic value for each field or parameter the routes know by name, beside what the schema says.
KNOWN = {
    "fen": FENS, "uci": ["b1c3", "e2e4", "a1a9"], "material": ["KQK", "KRK", "KBNK", "KRNK", "KQQK"],
    "n": [3, 4, 5], "lesson": [1, 2, 3], "seed": [0, 7, 12345], "min": [1, 5], "max": [10, 255],
    "bishop": ["light", "dark", "random"], "pick": ["random", "longest"], "turn": ["w", "b"], "color": ["w", "b"],
    "difficulty": ["easy", "medium"], "limit": [1, 100], "from": [[0, 0, 0], [1, 2, 0]],
    "pieces": [[["W", "K", 5, 1], ["B", "K", 5, 8], ["W", "R", 1, 1]]], "move": [["W", "K", 5, 2], "e1e2"],
    "role": ["king"], "board": CUBES + SOLITAIRE,
}
UNICODE_DIGITS = ["٣", "１２", "²", "߉", "𝟡𝟡", "३", "½", "Ⅻ"]
WRONG_TYPES = [None, True, False, [], {}, 0, 1.5, "", "x", [None], {"a": 1}, -0.0]


@dataclass
class Request:
    method: str
    route: str  # the route as /openapi.json names it: the row of the table
    path: str
    query: str  # already percent-encoded
    body: bytes | None = None
    content_type: str | None = None

    def describe(self, limit: int = 100) -> str:
        """The request on one line, each long part cut to its start and its length."""
        def cut(text) -> str:
            return repr(text) if len(text) <= limit else f"{text[:limit]!r}… ({len(text)} in all)"

        said = f"{self.method} {self.path}" + (f" ?{cut(self.query)}" if self.query else "")
        return said + (f" body {cut(self.body)}" if self.body is not None else "")


class Raw:
    """JSON text written as is: a number of any length (``json.dumps`` stops at 4,300 digits) or a
    nesting deeper than the encoder's recursion."""

    def __init__(self, text: str):
        self.text = text


def text_of(value) -> str:
    """A value as a query or a path carries it."""
    return value if isinstance(value, str) else dump(value)


def dump(value) -> str:
    if isinstance(value, Raw):
        return value.text
    if isinstance(value, dict):
        return "{" + ",".join(f"{json.dumps(str(k))}:{dump(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ",".join(dump(v) for v in value) + "]"
    return json.dumps(value)


class Inputs:
    """Requests for the operations of one OpenAPI document, drawn from ``rng``."""

    def __init__(self, document: dict, rng: random.Random):
        self.doc, self.rng = document, rng
        self.operations = [(method.upper(), route, op) for route, item in sorted(document["paths"].items())
                           for method, op in item.items()]

    # --- schema -----------------------------------------------------------------------------

    def resolve(self, schema: dict) -> dict:
        while "$ref" in schema:
            schema = self.doc["components"]["schemas"][schema["$ref"].rsplit("/", 1)[1]]
        return schema

    def example(self, schema: dict, name: str = "", depth: int = 0):
        """A value of ``schema``: the field's known values half the time, else one the schema allows."""
        rng, schema = self.rng, self.resolve(schema)
        if name in KNOWN and rng.random() < 0.5:
            return rng.choice(KNOWN[name])
        return self._from_schema(schema, name, depth)

    def _from_schema(self, schema: dict, name: str, depth: int):
        rng = self.rng
        if "examples" in schema and rng.random() < 0.7:
            return rng.choice(schema["examples"])
        if "enum" in schema:
            return rng.choice(schema["enum"])
        if "const" in schema:
            return schema["const"]
        for alternatives in ("oneOf", "anyOf"):
            if alternatives in schema:
                return self.example(rng.choice(schema[alternatives]), name, depth)
        kind = schema.get("type", "string")
        kind = rng.choice(kind) if isinstance(kind, list) else kind
        if kind in ("integer", "number"):
            low, high = schema.get("minimum", 0), schema.get("maximum", 20)
            return rng.randint(low, max(low, high))
        if kind == "array" and depth < 4:
            count = rng.randint(schema.get("minItems", 0), schema.get("maxItems", schema.get("minItems", 0) + 2))
            return [self.example(schema.get("items", {}), name, depth + 1) for _ in range(count)]
        if kind == "object" and depth < 4:
            properties = schema.get("properties", {})
            required = set(schema.get("required", ()))
            return {key: self.example(sub, key, depth + 1) for key, sub in properties.items()
                    if key in required or rng.random() < 0.6}
        if kind == "boolean":
            return rng.random() < 0.5
        return rng.choice(["x", "KQK", "w"])

    # --- mutations --------------------------------------------------------------------------

    def digits(self, room: int) -> str:
        sizes = [n for n in (16, 19, 4301, 5000, 100_000, room) if 16 <= n <= room]
        return self.rng.choice("123456789") * self.rng.choice(sizes or [16])

    def mutant(self, room: int):
        """A hostile JSON value of at most about ``room`` characters."""
        rng, room = self.rng, max(room, 16)
        kind = rng.randrange(11)
        if kind == 0:
            return Raw(self.digits(room))
        if kind == 1:
            return Raw("-" + self.digits(room - 1)) if rng.random() < 0.5 else rng.choice([-1, -10**15, -3])
        if kind == 2:
            return rng.choice(UNICODE_DIGITS) * rng.randint(1, 5)
        if kind == 3:
            return rng.choice(WRONG_TYPES)
        if kind == 4:
            depth = rng.choice([9, 50, 900, 5000, room // 2])
            return Raw("[" * depth + "]" * depth) if rng.random() < 0.7 else Raw('{"a":' * depth + "1" + "}" * depth)
        if kind == 5:
            return rng.choice(["x", "9", "K", "/", "[", " ", "é", "\u0000", "\ud7ff"]) * rng.randint(1, room)
        if kind == 6:
            return Raw(rng.choice(["1e400", "-1e400", "1e-400", "0." + "0" * min(room, 10**5) + "1", "1.5",
                                   "1" + "0" * min(room, 10**5) + ".5", "1E" + "9" * min(room, 10**5)]))
        if kind == 7:
            return self.text_mutant(room)
        if kind == 8:
            return "".join(chr(rng.randrange(0x20, 0x3000)) for _ in range(rng.randint(1, 64)))
        if kind == 9:
            return self.digits(room)
        return [self.mutant(room // 4) for _ in range(rng.randint(1, 4))]

    def text_mutant(self, room: int) -> str:
        """A FEN or a board whose digits are hostile: clocks, empty runs, placements."""
        rng, run = self.rng, self.digits(room - 40)
        return rng.choice([
            f"8/8/8/8/8/8/2k5/KNB5 w - - {run} 1", f"8/8/8/8/8/8/2k5/KNB5 w - - 0 {run}",
            f"8/8/8/8/8/8/2k5/KNB5 w - - -{run} 1", f"{run}/8/8/8/8/8/2k5/KNB5 w", "3,n2,1rr/1b1,3,3/3,3," + run,
            f"[###,n##,#rr],[#b#,###,###],[###,###,{run}]",
            f"8/8/8/8/8/8/2k5/KNB5 w - - {rng.choice(UNICODE_DIGITS)} 1",
            "." * 15 + run, run,
        ])

    def _mutate_somewhere(self, value, room: int):
        """``value`` with one of its leaves, or itself, replaced by a mutant."""
        rng = self.rng
        if isinstance(value, dict) and value and rng.random() < 0.8:
            key = rng.choice(list(value))
            return {**value, key: self._mutate_somewhere(value[key], room)}
        if isinstance(value, list) and value and rng.random() < 0.7:
            at = rng.randrange(len(value))
            return value[:at] + [self._mutate_somewhere(value[at], room)] + value[at + 1:]
        if isinstance(value, str) and rng.random() < 0.3:
            return self.text_mutant(room)  # a string field is as likely as not a FEN or a board
        return self.mutant(room)

    # --- requests ---------------------------------------------------------------------------

    def request(self) -> Request:
        rng = self.rng
        method, route, op = rng.choice(self.operations)
        path = route
        for param in op.get("parameters", ()):
            if param["in"] == "path":
                value = self.example(param["schema"], param["name"]) if rng.random() < 0.6 else text_of(self.mutant(40))
                path = path.replace("{" + param["name"] + "}", quote(text_of(value), safe=""))
        if rng.random() < 0.02:
            method = rng.choice(["PUT", "DELETE", "PATCH", "OPTIONS", "POST" if method == "GET" else "GET"])
        query = self.query([p for p in op.get("parameters", ()) if p["in"] == "query"])
        if method != "POST" or "requestBody" not in op:
            return Request(method, route, path, query)
        body, content_type = self.body(op)
        return Request(method, route, path, query if rng.random() < 0.05 else "", body, content_type)

    def query(self, params: list) -> str:
        rng, pairs = self.rng, []
        for param in params:
            if param["required"] or rng.random() < 0.5:
                value = self.example(param["schema"], param["name"])
                pairs.append((param["name"], quote(text_of(value), safe="")))
        if rng.random() < 0.1:
            pairs.append((rng.choice([p["name"] for p in params] or ["x"]), "1"))  # unknown, or given twice
        if pairs and rng.random() < 0.85:
            at = rng.randrange(len(pairs))
            room = MAX_URL - 200 - sum(len(k) + len(v) for k, v in pairs)
            pairs[at] = (pairs[at][0], self.query_mutant(max(room, 20)))
        return "&".join(f"{quote(k, safe='')}={v}" for k, v in pairs)

    def query_mutant(self, room: int) -> str:
        """A percent-encoded hostile query value; now and then past the URL limit (a 414)."""
        rng = self.rng
        kind = rng.randrange(7)
        if kind == 0:
            return quote(bytes(rng.randrange(256) for _ in range(rng.randint(1, 60))), safe="")
        if kind == 1:
            return "x" * (MAX_URL + rng.randint(1, 2000))
        value = self.mutant(room) if kind < 4 else self.text_mutant(room)
        return quote(text_of(value), safe="")[:room]

    def body(self, op: dict) -> tuple[bytes, str | None]:
        rng = self.rng
        schema = op["requestBody"]["content"]["application/json"]["schema"]
        value = self.example(schema)
        roll = rng.random()
        if roll < 0.04:
            return bytes(rng.randrange(256) for _ in range(rng.randint(0, 300))), "application/json"
        if roll < 0.06:
            return dump(value).encode(), rng.choice([None, "text/plain", "application/x-www-form-urlencoded"])
        if roll < 0.08:
            return (dump(value) + "x" * MAX_BODY).encode(), "application/json"  # past the limit: a 413
        if roll < 0.11:
            return dump(value)[:rng.randint(0, 40)].encode(), "application/json"
        if roll < 0.88:
            value = self._mutate_somewhere(value, MAX_BODY - len(dump(value)) - 1000)
        text = dump(value).encode()
        return text if len(text) <= MAX_BODY else text[:MAX_BODY], "application/json"
