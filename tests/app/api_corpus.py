"""A corpus of requests to every JSON route of the API, and the answers the app gave them, recorded
in ``api_corpus.json`` beside this module: ``tests/app/test_app_api_corpus.py`` sends each request
again and holds the answer to the recorded one byte for byte (status, media type, the headers a
client acts on, the body), so that a change to how routes are declared, validated or answered
cannot change what a client gets without a test saying so.

Each route is asked what it answers well and every way it refuses: a body that is not JSON, not an
object, nested too deep or holding a number too long; a field missing, of the wrong type, out of
range; a board, FEN or material that cannot be read or is no legal position; a wrong method or
media type; a parameter given twice. Left out by design, as their answers vary from one run to the
next: requests without a ``seed`` where a route draws at random, and builds of tables that are not
built (their state and progress change as the builder works).

Record again after changing an answer on purpose (about a minute: it builds the tables the pages
ask for, as the tests' session does, in a temporary folder), and read the diff:

    .venv/bin/python -m tests.app.api_corpus
"""

from __future__ import annotations

import hashlib
import json
import sys
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlencode

RECORDED = Path(__file__).with_name("api_corpus.json")
# The app the answers come from: the tests' (tests/conftest.py ``app_config``), on the tables they build.
APP_CONFIG = {"TESTING": True, "CUBE_MAX_N_ONE_MAN": 4, "CUBE_MAX_N_TWO_MEN": 3, "CUBE_RESULTS": ""}
KEPT_HEADERS = ("Allow", "Retry-After", "Access-Control-Allow-Origin", "Access-Control-Allow-Headers",
                "Access-Control-Max-Age", "Cache-Control", "Vary")
BODY_SHOWN = 1500  # longer bodies are kept as their length, their start and their SHA-256: still exact

KBNK = "8/8/8/8/8/8/2k5/KNB5 w - - 0 1"
KQK = "k7/8/1K6/8/8/8/8/6Q1 w - - 0 1"
KQK_MATED = "k5Q1/8/1K6/8/8/8/8/8 b - - 1 1"
KRK = "8/8/4k3/8/4K3/8/8/R7 w - - 0 1"
CUBE = "[###,#K#,###],[###,###,###],[###,#k#,###]"
CUBE_KQK = "[###,#K#,###],[###,#Q#,###],[###,###,##k]"
CUBE_KRNK = "[K##,###,###],[###,###,###],[R##,###,#Nk]"
SOLITAIRE = ".....B..RP.....N"
DEEP = {"board": [[[[[[[[["#"]]]]]]]]]}


@dataclass(frozen=True)
class Request:
    method: str
    path: str
    query: tuple = ()  # (name, value) pairs, in order, a name maybe twice
    body: str | None = None  # the raw body text, JSON or not
    content_type: str | None = None
    headers: tuple = ()

    @property
    def target(self) -> str:
        return self.path + (f"?{urlencode(self.query)}" if self.query else "")

    @property
    def key(self) -> str:
        shown = f"{self.method} {self.target}"
        if self.content_type not in (None, "application/json"):
            shown += f" [{self.content_type}]"
        if self.headers:
            shown += " " + json.dumps(dict(self.headers), sort_keys=True)
        if self.body is None:
            return shown
        return f"{shown} {self.body if len(self.body) <= 300 else f'<{len(self.body)} characters: {self.body[:40]}...>'}"


def get(path: str, *pairs, **query) -> Request:
    return Request("GET", path, tuple(pairs) + tuple(query.items()))


def post(path: str, body=None, raw: str | None = None, content_type: str | None = "application/json") -> Request:
    text = raw if raw is not None else json.dumps(body, ensure_ascii=False)
    return Request("POST", path, body=text, content_type=content_type)


def _fen_routes() -> list[Request]:
    found = []
    for path in ("/api/tablebase", "/standard", "/api/tablebase/mainline", "/standard/mainline"):
        found += [get(path, fen=fen) for fen in (KQK, KBNK, KRK, KQK_MATED, "8/8/8/8/8/8/2k5/K7 w - - 0 1",
                                                 "8/8/8/8/8/8/2k5/KNB5_w_-_-_0_1", "8/8/8/8/8/8/2k5/KNB5 w",
                                                 "8/8/8/8/8/8/1k6/KNB5 w - - 0 1", "8/8/8/8/8/8/2k5/KNBP4 w - - 0 1",
                                                 "8/8/8/8/8/8/2k5/KNBR4 w - - 0 1", "8/8/8/8/8/8/8/KNB5 w - - 0 1",
                                                 "nonsense", "", "   ", "8/8/8/8/8/8/2k5/KNB5 w - - 99 1",
                                                 "8/8/8/8/8/8/2kn4/K7 b - - 0 1")]
        found += [get(path), get(path, ("fen", KQK), ("fen", KBNK)), get(path, FEN=KQK)]
    return found


def _mates_routes() -> list[Request]:
    found = [get("/api/tablebase/random", material="KQK", min="2", max="2", seed="1"),
             get("/api/tablebase/random", seed="7"), get("/api/tablebase/random", material="KRK", seed="x"),
             get("/api/tablebase/random", material="KBBK", min="3", max="5", seed="2"),
             get("/api/tablebase/random", material="KBNK", bishop="light", seed="3"),
             get("/api/tablebase/random", material="KBNK", bishop="dark", seed="3"),
             get("/api/tablebase/random", material="KBNK", bishop="random", seed="3"),
             get("/api/tablebase/random", material="", min="", max="", bishop="", seed="4")]
    for query in ({"min": "abc"}, {"min": "٣"}, {"min": "-1"}, {"min": "99"}, {"max": "0"}, {"min": "5", "max": "2"},
                  {"min": "1" * 30}, {"bishop": "green"}, {"material": "KRK", "bishop": "light"},
                  {"material": "KPK"}, {"material": "nonsense"}, {"material": "KQQQK"}):
        found.append(get("/api/tablebase/random", seed="1", **query))
    found.append(get("/api/tablebase/random", ("seed", "1"), ("min", "1"), ("min", "2")))
    for fen in ("8/8/8/3k4/8/8/8/KQ6 w - - 0 1", KBNK, "8/8/8/3k4/8/8/8/Q7 w - - 0 1", "8/8/8/3k4/8/8/8/KP6 w - - 0 1",
                "nonsense", "8/8/8/8/8/8/8/KQ6 b - - 0 1"):
        found += [get("/api/tablebase/heatmap", fen=fen), get("/api/kbn/coach", fen=fen), get("/api/coach", fen=fen),
                  get("/api/mates/board", fen=fen)]
    found += [get("/api/tablebase/heatmap"), get("/api/kbn/coach"), get("/api/coach"), get("/api/mates/board"),
              get("/api/kbn/coach", fen="8/8/8/8/8/8/2k5/KB6 w - - 0 1"),
              get("/api/coach", fen="8/8/8/8/8/8/2k5/K7 w - - 0 1"),
              get("/api/coach", fen="8/8/8/3k4/8/8/8/KQ6 b - - 0 1", before="8/8/8/3k4/8/8/8/K5Q1 w - - 0 1"),
              get("/api/coach", fen=KRK, before=KRK), get("/api/coach", fen=KRK, before=""),
              get("/api/coach", fen=KRK, before="nonsense")]
    for query in ({"from": "a1", "to": "a8"}, {"from": "e4", "to": "e5"}, {"from": "e4", "to": "f6"},
                  {"from": "h8", "to": "h7"}, {"from": "z9", "to": "a1"}, {"from": "a1"}, {"to": "a1"}, {}):
        found.append(get("/api/mates/move", fen=KRK, **query))
    found.append(get("/api/mates/move", **{"from": "a1", "to": "a2"}))
    return found


def _lesson_routes() -> list[Request]:
    found = []
    for tool, count in (("kbn", 7), ("mates", 12)):
        found += [get(f"/api/{tool}/lesson", lesson=str(n), seed="1") for n in range(1, count + 1)]
        found += [get(f"/api/{tool}/lesson/idea", lesson=str(n)) for n in range(1, count + 1)]
        for bad in ("0", str(count + 1), "abc", "", "1.5", "-1"):
            found += [get(f"/api/{tool}/lesson", lesson=bad, seed="1"), get(f"/api/{tool}/lesson/idea", lesson=bad)]
        found += [get(f"/api/{tool}/lesson", seed="1"), get(f"/api/{tool}/lesson/idea"),
                  get(f"/api/{tool}/lesson", lesson="1", fen=KBNK), get(f"/api/{tool}/lesson", lesson="1", fen=KQK),
                  get(f"/api/{tool}/lesson", lesson="1", fen="nonsense")]
    return found


_LAB_BAD_BODIES = (
    {}, {"board": 5}, {"board": True}, {"board": None}, {"board": {}}, {"board": ""}, {"board": "nonsense"},
    {"board": []}, {"board": [5]}, {"board": CUBE, "turn": "x"}, {"board": CUBE, "turn": 1},
    {"board": CUBE, "pieces": "U"}, {"board": CUBE, "pieces": {"U": "999"}}, {"board": CUBE, "pieces": {"K": "011*"}},
    {"board": "[###,#K#,###],[###,#U#,###],[###,###,##k]", "pieces": {"U": "011*"}},
    {"board": "[###,#K#,###],[###,#U#,###],[###,###,##k]"}, {"board": "[KK#,###,###],[###,###,###],[###,#k#,###]"},
    {"board": CUBE, "n": 1234567890123456}, {"board": CUBE, "x": 1e400}, {"board": CUBE, "x": [1.5, 2e5, -0.0]},
    DEEP, {"board": "[##,#K],[##,#k]"}, {"board": "[#########,#########]"},
)


def _body_faults(path: str) -> list[Request]:
    """The refusals every POST shares: not JSON, not an object, the wrong media type, a wrong method."""
    return [post(path, raw="{"), post(path, raw=""), post(path, raw="[1, 2]"), post(path, raw='"board"'),
            post(path, raw="null"), post(path, raw="\xff\xfe"), post(path, raw='{"board": NaN}'),
            post(path, raw='{"a": Infinity}'), post(path, {"board": CUBE}, content_type="text/plain"),
            post(path, {"board": CUBE}, content_type=None), post(path, raw="board=x",
                                                                  content_type="application/x-www-form-urlencoded"),
            Request("GET", path), Request("PUT", path, body="{}", content_type="application/json"),
            post(path, raw='{"board": "' + "#" * 300_000 + '"}')]


def _cube_routes() -> list[Request]:
    found = []
    for path in ("/api/3d/analyze", "/api/3d/position", "/api/3d/attacks", "/api/3d/tablebase", "/api/3d/moves",
                 "/api/3d/game"):
        given = {"from": [1, 1, 0]} if path == "/api/3d/moves" else {}  # one fault per request: not the cube too
        found += [post(path, {**body, **given}) for body in _LAB_BAD_BODIES if path != "/api/3d/tablebase" or "U" not
                  in body.get("pieces", {})] + _body_faults(path)  # a custom man's table is built on demand: 202
    for route in ("/api/3d/analyze", "/api/3d/position"):
        found += [post(route, {"board": board, "turn": turn}) for board in (CUBE, CUBE_KQK) for turn in ("w", "b")]
        found.append(post(route, {"board": "[###,#K#,###],[###,#U#,###],[###,###,##k]", "pieces": {"U": "011*"}}))
    found.append(post("/api/3d/analyze", {"board": "[###,###,###],[###,#Q#,###],[###,###,##k]"}))
    found += [post("/api/3d/attacks", {"board": CUBE_KQK, "color": color}) for color in ("w", "b", "x", 1, None)]
    # the engine's refusals (its moves depend on the time its search gets: tests/cube/test_cube_engine_api.py)
    found += [post("/api/3d/engine", {"board": CUBE_KQK, "level": level}) for level in (0, 5, "2", 2.5, None, True)]
    found += [post("/api/3d/engine", body) for body in (
        {"board": "nonsense"}, {"board": CUBE, "turn": "x"}, {"board": "[###,#K#,###],[###,###,###],[###,###,###]"},
        {"board": "[###,#Kk,###],[###,###,###],[###,###,###]"}, {"board": CUBE_KQK, "pieces": {"U": "999"}},
        {"level": 2})] + _body_faults("/api/3d/engine")
    found.append(post("/api/3d/attacks", {"board": CUBE_KQK}))
    for where in ([1, 1, 0], [1, 1, 2], [0, 0, 0], [5, 5, 5], [1, 1], "b2", None, [1, 1, "x"], [True, 1, 0]):
        found.append(post("/api/3d/moves", {"board": CUBE_KQK, "from": where}))
    found += [post("/api/3d/moves", {"board": CUBE_KQK}), post("/api/3d/moves", {"board": CUBE_KQK, "from": [1, 1, 1],
                                                                                 "turn": "b"})]
    record = '[Board "k1K,3,3/3,3,3/1Q1,3,3"] 1. Qb3(I)-a3(I)+ Ka3(III)-a2(III) 2. Qa3(I)-b2(II)#'
    found += [post("/api/3d/game", body) for body in (
        {"moves": record}, {"moves": "1. Qb3(I)-a3(I)+"}, {"moves": "nonsense"}, {"moves": 5}, {"moves": ""},
        {"board": CUBE_KQK, "moves": []}, {"board": CUBE_KQK, "moves": [[[1, 1, 1], [1, 1, 2]]]},
        {"board": CUBE_KQK, "moves": [[[1, 1, 1], [0, 0, 0]]]}, {"board": CUBE_KQK, "moves": ["Qb2(II)-b2(I)"]},
        {"board": CUBE_KQK, "moves": [5]}, {"board": CUBE_KQK, "turn": "b", "moves": []},
        {"board": "[###,#K#,###],[###,###,###],[###,###,###]", "moves": []}, {"board": CUBE_KQK, "moves": "1. Qb2(II)-b3(II)"})]
    for board, turn in ((CUBE_KRNK, "w"), (CUBE_KRNK, "b"), (CUBE_KQK, "w"), (CUBE, "w"),
                        ("[K##,###,###],[###,###,###],[R##,###,#Nq]", "w"),
                        ("[K###,####,####,####],[####,####,####,####],[####,####,####,####],[QR##,####,####,##Nk]", "w"),
                        ("[K##,###,###],[###,#q#,###],[###,###,#Nk]", "w")):
        found.append(post("/api/3d/tablebase", {"board": board, "turn": turn}))
    found.append(Request("OPTIONS", "/api/3d/tablebase", headers=(
        ("Origin", "https://elsewhere.example"), ("Access-Control-Request-Method", "POST"),
        ("Access-Control-Request-Headers", "Content-Type"))))
    found.append(Request("OPTIONS", "/api/3d/position", headers=(
        ("Origin", "https://elsewhere.example"), ("Access-Control-Request-Method", "POST"))))
    return found


def _endgame_routes() -> list[Request]:
    found = [get("/api/3d/endgames", n="3"), get("/api/3d/endgames", n="3", material="KQK"), get("/api/3d/endgames"),
             get("/api/3d/endgames", n="99"), get("/api/3d/endgames", n="2"), get("/api/3d/endgames", n="abc"),
             get("/api/3d/endgames", n=""), get("/api/3d/endgames", n="3", material="nonsense"),
             get("/api/3d/endgames", n="3", material="KQRNK"), get("/api/3d/endgames", n="4", material="KQRK"),
             get("/api/3d/endgames", ("n", "3"), ("n", "4")),
             get("/api/3d/endgames/status", n="3"), get("/api/3d/endgames/status", n="4"),
             get("/api/3d/endgames/status"), get("/api/3d/endgames/status", n=""),
             get("/api/3d/endgames/status", n="abc"), get("/api/3d/endgames/status", n="11")]
    found += [post("/api/3d/endgames/build", body) for body in (
        {"material": "KQK", "n": 3}, {"material": "KRK", "n": 4}, {"material": "KQRK", "n": 5},
        {"material": "KQK", "n": 11}, {"material": "KQK", "n": 2}, {"material": "KQK"}, {"n": 3},
        {"material": 5, "n": 3}, {"material": "KQK", "n": "3"}, {"material": "KQK", "n": 3.0},
        {"material": "KQK", "n": True}, {"material": "nonsense", "n": 3}, {"material": "KQK", "n": 10 ** 20})]
    found += _body_faults("/api/3d/endgames/build")
    for query in ({"material": "KQK", "n": "3", "seed": "1"}, {"material": "KRK", "n": "4", "seed": "2"},
                  {"material": "KQK", "n": "3", "pick": "longest", "seed": "1"},
                  {"material": "KQK", "n": "3", "min": "3", "seed": "1"},
                  {"material": "KQK", "n": "3", "min": "99", "seed": "5"},
                  {"material": "KQK", "n": "3", "pick": "best", "seed": "1"},
                  {"material": "KQK", "n": "3", "seed": "-1"}, {"material": "KQK", "n": "3", "seed": "x"},
                  {"material": "KQK", "n": "3", "min": "x", "seed": "1"}, {"material": "KQK", "seed": "1"},
                  {"n": "3", "seed": "1"}, {"material": "nonsense", "n": "3", "seed": "1"},
                  {"material": "KNK", "n": "3", "seed": "1"}, {"material": "KQRK", "n": "5", "seed": "1"},
                  {"material": "KQK", "n": "12", "seed": "1"}):
        found.append(get("/api/3d/endgames/position", **query))
    return found


def _moves_routes() -> list[Request]:
    found = []
    for path in ("/api/2d/validate", "/api/2d/position"):
        found += _body_faults(path)
        found += [post(path, body) for body in (
            {"fen": KBNK, "uci": "b1c3"}, {"fen": KBNK, "uci": "b1b3"}, {"fen": KBNK, "move": "c1e3"},
            {"fen": KBNK, "move": ["W", "N", 3, 3]}, {"fen": KBNK, "move": ["W", "Q", 3, 3]},
            {"fen": KBNK, "move_text": "['W', 'N', 3, 3]"}, {"fen": KBNK, "move_text": "b1c3"},
            {"fen": KBNK, "move_text": "[W N 3"}, {"fen": KBNK, "move_text": 5}, {"fen": KBNK, "move": 5},
            {"fen": KBNK, "move": ["W", "N", 3]}, {"fen": KBNK, "uci": "zz"}, {"fen": KBNK},
            {"fen": KBNK, "move": "b1c3", "move_text": "b1c3"}, {"fen": 5, "uci": "b1c3"},
            {"fen": "nonsense", "uci": "b1c3"}, {"fen": "8/8/8/8/8/8/KK6/8 w - - 0 1", "uci": "a2a3"},
            {"pieces": [["W", "K", 5, 1], ["B", "K", 5, 8], ["W", "P", 1, 7]], "uci": "a7a8n"},
            {"pieces": [["W", "K", 5, 1], ["B", "K", 5, 8], ["W", "P", 1, 7]], "uci": "a7a8"},
            {"pieces": [["W", "K", 5, 1], ["W", "R", 8, 1]], "move": ["W", "R", 8, 2]},
            {"pieces": [["W", "K", 5, 1], ["X", "R", 8, 1]], "move": ["W", "R", 8, 2]},
            {"pieces": [["W", "K", 5, 1], ["W", "R", 9, 1]], "move": ["W", "R", 8, 2]},
            {"pieces": "x", "uci": "e1e2"}, {"pieces": [5], "uci": "e1e2"},
            {"pieces_text": "[['W', 'K', 5, 1], ['W', 'R', 8, 1]]", "move_text": "['W', 'R', 8, 2]"},
            {"pieces_text": "[['W', 'K', 5, 1]", "uci": "e1e2"}, {"pieces_text": 5, "uci": "e1e2"},
            {"pieces_text": "x" * 5000, "uci": "e1e2"}, {"fen": KBNK, "pieces": [], "uci": "a1a2"},
            {"uci": "e2e4"}, {})]
    found.append(post("/api/2d/position", {"fen": "4k3/8/8/8/8/8/4R3/4K3 b - - 0 1"}))
    found.append(post("/api/2d/position", {"fen": "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1"}))
    return found


def _solitaire_routes() -> list[Request]:
    found = []
    for path in ("/api/solitaire/solve", "/api/solitaire/state", "/api/solitaire/hint"):
        found += _body_faults(path)
        found += [post(path, body) for body in (
            {"board": SOLITAIRE}, {"board": "...N.....R....B."}, {"board": "P....R..R.R..R.."}, {"board": "K" * 16},
            {"board": ".N.."}, {"board": "N" + "." * 15}, {"board": 5}, {"board": None}, {},
            {"board": "....................................", "n": 6}, {"board": [[0, 0, "N"], [1, 1, "B"]], "n": 4},
            {"board": [[0, 0, "N"], [1, 1, "B"]]}, {"board": SOLITAIRE, "n": "4"}, {"board": SOLITAIRE, "n": 5},
            {"board": SOLITAIRE, "n": True}, {"board": "PPPPPPPPPPPPPPPP"}, {"board": "XX.............."},
            {"board": SOLITAIRE, "n": 1234567890123456})]
    found += [post("/api/solitaire/solve", {"board": SOLITAIRE, "limit": limit})
              for limit in (0, 1, 2, 10_000, 10_001, -1, "5", 2.5, True, None)]
    found += [post("/api/solitaire/state", {"board": SOLITAIRE, "move": move})
              for move in ([[3, 0], [1, 1]], [[0, 0], [1, 1]], [[3, 0]], "x", None, [[9, 9], [1, 1]], [[True, 0], [1, 1]])]
    for difficulty in ("easy", "medium", "hard", "expert"):
        found += [get("/api/solitaire/puzzle", difficulty=difficulty, seed=str(seed)) for seed in (1, 3)]
    found += [get("/api/solitaire/puzzle", seed="3"), get("/api/solitaire/puzzle", difficulty="impossible", seed="1"),
              get("/api/solitaire/puzzle", difficulty="easy", seed="-1"),
              get("/api/solitaire/puzzle", difficulty="easy", seed="abc")]
    return found


def _other_routes() -> list[Request]:
    return [get("/healthz"), get("/openapi.json"), get("/api/nothing"), get("/api/tablebase/nothing"), get("/standard/nothing"),
            Request("POST", "/api/tablebase", body="{}", content_type="application/json"),
            Request("DELETE", "/api/coach"), Request("POST", "/healthz"), Request("POST", "/api/solitaire/puzzle"),
            get("/healthz", x="1"), get("/api/coach", ("fen", KRK), ("x", "1"), ("x", "2"))]


def requests() -> list[Request]:
    found = [*_fen_routes(), *_mates_routes(), *_lesson_routes(), *_cube_routes(), *_endgame_routes(),
             *_moves_routes(), *_solitaire_routes(), *_other_routes()]
    return list({r.key: r for r in found}.values())  # one of each


def answer_of(client, request: Request) -> dict:
    """What the app answers: status, media type, the headers a client acts on, the body's bytes."""
    headers = dict(request.headers)
    if request.content_type is not None:
        headers["Content-Type"] = request.content_type
    data = None if request.body is None else request.body.encode("utf-8", "surrogateescape")
    response = client.open(request.target, method=request.method, data=data, headers=headers)
    kept = {name: response.headers[name] for name in KEPT_HEADERS if name in response.headers}
    if "Allow" in kept:  # a set's order, from one process to the next
        kept["Allow"] = ", ".join(sorted(kept["Allow"].split(", ")))
    found = {"status": response.status_code, "type": response.headers.get("Content-Type"), "headers": kept}
    body = response.get_data()
    if len(body) <= BODY_SHOWN:
        found["body"] = body.decode("utf-8")
    else:
        found.update(length=len(body), start=body[:200].decode("utf-8", "replace"),
                     sha256=hashlib.sha256(body).hexdigest())
    return found


def record(tables: Path) -> dict:
    from webapp import create_app

    client = create_app({**APP_CONFIG, "TABLES": str(tables)}).test_client()
    return {request.key: answer_of(client, request) for request in requests()}


def main() -> int:
    from webapp.openapi_examples import write_answers

    return write_answers(record, RECORDED, "requests")


if __name__ == "__main__":
    sys.exit(main())
