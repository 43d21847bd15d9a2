"""One example of every operation of the HTTP API, the one place they live (keyed by ``"METHOD
/path"`` as /openapi.json names the operation): a fixed request, and the answer this app gave it,
recorded in ``openapi_examples.json`` beside this module. ``/api?op=...`` shows both;
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
CUBE = "[###,#K#,###],[###,###,###],[###,#k#,###]"
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


def _get(url: str, **query) -> Request:
    return Request("GET", url, query)


def _post(url: str, **body) -> Request:
    return Request("POST", url, body=body)


EXAMPLES = {
    "GET /api/tablebase": _get("/api/tablebase", fen="k7/8/1K6/8/8/8/8/6Q1 w - - 0 1"),
    "GET /standard": _get("/standard", fen="k7/8/1K6/8/8/8/8/6Q1 w - - 0 1"),
    "GET /api/tablebase/mainline": _get("/api/tablebase/mainline", fen="k7/8/2K5/8/8/8/8/1Q6 w - - 0 1"),
    "GET /standard/mainline": _get("/standard/mainline", fen="k7/8/2K5/8/8/8/8/1Q6 w - - 0 1"),
    "GET /api/tablebase/random": _get("/api/tablebase/random", material="KQK", min="2", max="2", seed="1"),
    "GET /api/tablebase/heatmap": _get("/api/tablebase/heatmap", fen="8/8/8/3k4/8/8/8/KQ6 w - - 0 1"),
    "GET /api/kbn/coach": _get("/api/kbn/coach", fen=KBNK),
    "GET /api/kbn/lesson": _get("/api/kbn/lesson", lesson="1", seed="1"),
    "GET /api/kbn/lesson/idea": _get("/api/kbn/lesson/idea", lesson="1"),
    "GET /api/coach": _get("/api/coach", fen="8/8/8/3k4/8/8/8/KQ6 w - - 0 1"),
    "GET /api/mates/move": _get("/api/mates/move", fen="8/8/4k3/8/4K3/8/8/R7 w - - 0 1", **{"from": "e4", "to": "e5"}),
    "GET /api/mates/board": _get("/api/mates/board", fen=KBNK),
    "GET /api/mates/lesson": _get("/api/mates/lesson", lesson="1", seed="1"),
    "GET /api/mates/lesson/idea": _get("/api/mates/lesson/idea", lesson="1"),
    "GET /healthz": _get("/healthz"),
    "POST /api/3d/analyze": _post("/api/3d/analyze", board=CUBE_KQK, turn="b"),
    "POST /api/3d/moves": _post("/api/3d/moves", board=CUBE, **{"from": [1, 1, 0]}),
    "POST /api/3d/position": _post("/api/3d/position", board=CUBE),
    "POST /api/3d/game": _post("/api/3d/game", moves='[Board "k1K,3,3/3,3,3/1Q1,3,3"] 1. Qb3(I)-a3(I)+ '
                                                     'Ka3(III)-a2(III) 2. Qa3(I)-b2(II)#'),
    "POST /api/3d/engine": _post("/api/3d/engine", board="K3,1Q2,4,4/4,4,4,4/4,4,4,4/4,4,4,3k", level=2),
    "POST /api/3d/attacks": _post("/api/3d/attacks", board=CUBE_KQK, color="w"),
    "POST /api/3d/tablebase": _post("/api/3d/tablebase", board="[K##,###,###],[###,###,###],[R##,###,#Nk]"),
    "OPTIONS /api/3d/tablebase": Request("OPTIONS", "/api/3d/tablebase", headers={
        "Origin": "https://elsewhere.example", "Access-Control-Request-Method": "POST",
        "Access-Control-Request-Headers": "Content-Type"}),
    "GET /api/3d/endgames": _get("/api/3d/endgames", n="3", material="KQK"),
    "GET /api/3d/endgames/status": _get("/api/3d/endgames/status", n="3"),
    "POST /api/3d/endgames/build": _post("/api/3d/endgames/build", n=3, material="KQK"),
    "GET /api/3d/endgames/position": _get("/api/3d/endgames/position", material="KQK", n="3", seed="1"),
    "POST /api/2d/validate": _post("/api/2d/validate", fen=KBNK, uci="b1c3"),
    "POST /api/2d/position": _post("/api/2d/position", fen="4k3/8/8/8/8/8/4R3/4K3 b - - 0 1"),
    "POST /api/solitaire/solve": _post("/api/solitaire/solve", board=SOLITAIRE, limit=2),
    "POST /api/solitaire/state": _post("/api/solitaire/state", board=SOLITAIRE, move=[[3, 0], [1, 1]]),
    "POST /api/solitaire/hint": _post("/api/solitaire/hint", board=SOLITAIRE),
    "GET /api/solitaire/puzzle": _get("/api/solitaire/puzzle", difficulty="easy", seed="3"),
    "GET /openapi.json": _get("/openapi.json"),
    "GET /api": _get("/api", op="get-api-tablebase"),
    "GET /": _get("/"),
    "GET /kbn": _get("/kbn", fen=KBNK),
    "GET /kbn/learn": _get("/kbn/learn"),
    "GET /mates": _get("/mates"),
    "GET /mates/learn": _get("/mates/learn"),
    "GET /mates/{material}": _get("/mates/KRK"),
    "GET /3d": _get("/3d", board=CUBE),
    "GET /3d/endgames": _get("/3d/endgames", n="3", material="KQK"),
    "GET /moves": _get("/moves", fen=KBNK),
    "GET /solitaire": _get("/solitaire", board=SOLITAIRE),
    "GET /favicon.ico": _get("/favicon.ico"),
}


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
    return {key: answer_of(client, request) for key, request in EXAMPLES.items()}


def main() -> int:
    from .tables import build_page_tables

    with tempfile.TemporaryDirectory(prefix="api-examples-") as folder:
        build_page_tables(Path(folder))
        answers = record(Path(folder))
    RECORDED.write_text(json.dumps(answers, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"wrote {RECORDED} ({len(answers)} examples)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
