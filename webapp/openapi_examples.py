"""One example of every operation of the HTTP API (keyed by ``"METHOD /path"`` as /openapi.json names
the operation): a fixed request, declared under the route's declaration (``@example``,
webapp/api_routes.py), and the answer this app gave it, recorded in ``openapi_examples.json`` beside
this module. ``/api?op=...`` shows both;
``tests/app/test_app_openapi_examples.py`` sends every request again and holds the answer to the
recorded one, so an example cannot go stale.

Record them again after changing an answer (about 10 s: it builds the tables the examples read,
as the tests' session does, in a temporary folder):

    .venv/bin/python -m webapp.openapi_examples
"""

from __future__ import annotations

import json
import re
import sys
import tempfile
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from urllib.parse import urlencode

RECORDED = Path(__file__).with_name("openapi_examples.json")
KBNK = "8/8/8/8/8/8/2k5/KNB5 w - - 0 1"
CUBE_KINGS = "[###,#K#,###],[###,###,###],[###,#k#,###]"
CUBE_KQK = "[###,#K#,###],[###,#Q#,###],[###,###,##k]"
SOLITAIRE = ".....B..RP.....N"
# The app the answers come from: the tests' (tests/conftest.py ``app_config``), on the tables they build.
APP_CONFIG = {"TESTING": True, "CUBE_MAX_N_ONE_MAN": 4, "CUBE_MAX_N_TWO_MEN": 3, "CUBE_RESULTS": ""}
SHOWN_HEADERS = ("Allow", "Retry-After", "Access-Control-Allow-Origin", "Access-Control-Allow-Headers",
                 "Access-Control-Max-Age")


@dataclass(frozen=True)
class Request:
    method: str
    url: str  # the path as sent (``/mates/KRK`` for ``/mates/{material}``)
    query: dict = field(default_factory=dict)
    body: dict | None = None
    headers: dict = field(default_factory=dict)

    @property
    def target(self) -> str:
        return self.url + (f"?{urlencode(self.query)}" if self.query else "")

    def text(self) -> str:
        """The request as an HTTP client sends it (the body as JSON)."""
        lines = [f"{self.method} {self.target}", *(f"{name}: {value}" for name, value in self.headers.items())]
        if self.body is not None:
            lines += ["Content-Type: application/json", "", json.dumps(self.body, ensure_ascii=False)]
        return "\n".join(lines)


PREFLIGHT = {"Origin": "https://elsewhere.example", "Access-Control-Request-Method": "POST",
             "Access-Control-Request-Headers": "Content-Type"}  # a browser's, for a POST from another origin


@lru_cache(maxsize=1)
def examples() -> dict[str, Request]:
    """Every operation's example, from the routes' declarations (``@example`` under each, and a
    browser's preflight where a route answers one), keyed by operation."""
    from . import blueprints  # noqa: F401  (its imports declare every route)
    from .api_routes import ROUTES

    found = {}
    for route in ROUTES:
        if route.example is not None:
            shown = route.example
            found[f"{route.method} {route.openapi_path}"] = Request(route.method, shown.url or route.path, shown.query,
                                                                     shown.body)
        if route.preflight:
            found[f"OPTIONS {route.openapi_path}"] = Request("OPTIONS", route.path, headers=PREFLIGHT)
    return found


def __getattr__(name: str):
    """``EXAMPLES``: ``examples()``, read once every route is declared."""
    if name == "EXAMPLES":
        return examples()
    raise AttributeError(name)


def answer_of(client, request: Request) -> dict:
    """What the app answers ``request``: status, media type, the headers worth showing, and the
    body: JSON in full; for a page its title, for /openapi.json its top-level keys, for an image its
    size."""
    response = client.open(request.target, method=request.method, json=request.body, headers=request.headers)
    headers = {name: response.headers[name] for name in SHOWN_HEADERS if name in response.headers}
    if "Allow" in headers:  # a set's order, from one process to the next
        headers["Allow"] = ", ".join(sorted(headers["Allow"].split(", ")))
    found = {"status": response.status_code, "type": response.mimetype, "headers": headers}
    if request.url == "/openapi.json":
        found["keys"] = list(response.get_json())
    elif response.mimetype == "application/json":
        found["json"] = response.get_json()
    elif response.mimetype == "text/html":
        title = re.search(r"<title>(.*?)</title>", response.get_data(as_text=True), re.S)
        found["title"] = title.group(1) if title else None
    elif response.data:
        found["bytes"] = len(response.data)
    return found


def answer_text(answer: dict) -> str:
    """The recorded answer as a person reads it: the status line, the headers, the body."""
    lines = [f"{answer['status']} {answer['type']}", *(f"{k}: {v}" for k, v in answer["headers"].items())]
    if "json" in answer:
        lines += ["", json.dumps(answer["json"], indent=1, ensure_ascii=False)]
    elif "keys" in answer:
        lines += ["", "{" + ", ".join(f'"{key}": …' for key in answer["keys"]) + "}"]
    elif answer.get("title"):
        lines += ["", f"<!doctype html> … <title>{answer['title']}</title> …"]
    elif answer.get("bytes"):
        lines += ["", f"({answer['bytes']} bytes)"]
    return "\n".join(lines)


@lru_cache(maxsize=1)
def recorded() -> dict:
    """The recorded answers, by operation (empty when the file is missing)."""
    try:
        return json.loads(RECORDED.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return {}


def record(tables: Path) -> dict:
    """Every example's answer from an app on ``tables``."""
    from . import create_app

    client = create_app({**APP_CONFIG, "TABLES": str(tables)}).test_client()
    return {key: answer_of(client, request) for key, request in examples().items()}


def write_answers(record_on, into: Path, what: str) -> int:
    """Builds the tables the pages ask for in a temporary folder, records ``record_on(folder)``'s answers
    there and writes them into ``into`` (shared by the examples and the tests' recorded corpus)."""
    from .tables import build_page_tables

    with tempfile.TemporaryDirectory(prefix="api-answers-") as folder:
        build_page_tables(Path(folder))
        answers = record_on(Path(folder))
    into.write_text(json.dumps(answers, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"wrote {into} ({len(answers)} {what})")
    return 0


def main() -> int:
    return write_answers(record, RECORDED, "examples")


if __name__ == "__main__":
    sys.exit(main())
