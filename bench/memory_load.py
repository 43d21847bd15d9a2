"""The mixed load of ``bench_memory.py``: valid requests of every route of ``/openapi.json`` (pages,
2D probes of random positions, the 3D lab on random boards of every n from 2 to 10, 3D endgame
probes, the moves checker, small solitaire boards) and a share of errors, made from one seed, sent
from a few client processes over keep-alive connections, bounded in count and in time."""

from __future__ import annotations

import http.client
import json
import multiprocessing
import random
import time
from collections import Counter
from urllib.parse import quote

from tablebase.core.fen import BoardPosition
from tablebase.core.cube_notation import MAX_N, MIN_N, CubePosition
from tablebase.cube.endgames import from_board
from tablebase.core.rules import Piece
from tablebase.errors import ChessInputError
from tablebase.mates import MATERIALS, parse_position
from tablebase.retrograde import materials

Request = tuple[str, str, bytes | None]  # method, path and query, JSON body
MATES_2D = [t.material.name for t in MATERIALS]
WINNING_2D = [m for m in MATES_2D if m not in ("KBK", "KNK")]
WINNING_3D = {1: ["KQK"], 2: ["KQQK", "KQRK", "KQBK", "KQNK"]}  # a won position exists on every n
CUBE_SIZES = {1: range(3, 11), 2: range(3, 6)}  # the server's default limits: every table is there
PAGES = ["/", "/kbn", "/kbn/learn", "/mates", "/mates/learn", "/mates/KRK", "/mates/KBNK", "/3d", "/3d/endgames",
         "/3d/endgames?n=4&material=KRK", "/moves", "/solitaire", "/api", "/openapi.json", "/favicon.ico",
         "/healthz"]
ERRORS: list[Request] = [
    ("GET", "/api/tablebase?fen=8/8/8/8/8/8/8/8_w_-_-_0_1", None),
    ("GET", "/api/tablebase?fen=" + "x" * 100, None),
    ("POST", "/api/3d/position", b'{"board": "[##,#K],[k#,#Z]"}'),
    ("POST", "/api/3d/analyze", b"{"),
    ("POST", "/api/solitaire/solve", b'{"board": "QQQ"}'),
    ("GET", "/no/such/page", None),
    ("POST", "/openapi.json", b"{}"),
    ("GET", "/api/3d/endgames?n=99", None),
]


def _placement(cells: dict[int, str]) -> str:
    rows = []
    for rank in range(7, -1, -1):
        row, empty = "", 0
        for file in range(8):
            piece = cells.get(rank * 8 + file)
            if piece is None:
                empty += 1
                continue
            row += (str(empty) if empty else "") + piece
            empty = 0
        rows.append(row + (str(empty) if empty else ""))
    return "/".join(rows)


def mate_fen(rng: random.Random, material: str) -> str:
    """A legal position of a 2D table: either colour strong, either to move."""
    while True:
        squares = rng.sample(range(64), len(material))
        strong_white = rng.random() < 0.5
        cells = {}
        for square, kind in zip(squares, material[:-1]):
            cells[square] = kind if strong_white else kind.lower()
        cells[squares[-1]] = "k" if strong_white else "K"
        fen = f"{_placement(cells)} {rng.choice('wb')} - - 0 1"
        try:
            parse_position(fen)
            return fen
        except ChessInputError:
            continue


def chess_fen(rng: random.Random) -> tuple[str, str]:
    """A position of the moves checker (pawns too) and a move to check: one of White's pieces to
    a random square."""
    while True:
        squares = rng.sample(range(64), rng.randint(3, 10))
        cells = {squares[0]: "K", squares[1]: "k"}
        for square in squares[2:]:
            kinds = "QRBNPqrbnp" if 8 <= square < 56 else "QRBNqrbn"
            cells[square] = rng.choice(kinds)
        fen = f"{_placement(cells)} w - - 0 1"
        try:
            BoardPosition.from_fen(fen)
        except ChessInputError:
            continue
        start = rng.choice([s for s, p in cells.items() if p.isupper()])
        end = rng.choice([s for s in range(64) if s != start])
        name = lambda s: "abcdefgh"[s % 8] + str(s // 8 + 1)  # noqa: E731
        return fen, name(start) + name(end)


def cube_board(rng: random.Random, n: int, men: int) -> CubePosition:
    cells: list = [None] * n ** 3
    squares = rng.sample(range(n ** 3), min(n ** 3, men + 2))
    cells[squares[0]], cells[squares[1]] = Piece("w", "K"), Piece("b", "K")
    for square in squares[2:]:
        cells[square] = Piece.from_symbol(rng.choice("QRBNqrbn"))
    return CubePosition(n, tuple(cells))


def cube_probe(rng: random.Random) -> tuple[str, str]:
    """A legal position of a 3D table the server holds, and the side to move."""
    count = rng.choice((1, 1, 2))
    material, n = rng.choice(materials(count)), rng.choice(CUBE_SIZES[count])
    while True:
        cells: list = [None] * n ** 3
        squares = rng.sample(range(n ** 3), count + 2)
        cells[squares[0]], cells[squares[1]] = Piece("w", "K"), Piece("b", "K")
        for square, kind in zip(squares[2:], material.pieces):
            cells[square] = Piece("w", kind)
        position, turn = CubePosition(n, tuple(cells)), rng.choice("wb")
        try:
            from_board(position, turn)
            return position.url_form(), turn
        except ChessInputError:
            continue


def _json(body) -> bytes:
    return json.dumps(body).encode()


def _get(path: str, **query) -> Request:
    return "GET", path + ("?" + "&".join(f"{k}={quote(str(v), safe='/')}" for k, v in query.items())
                          if query else ""), None


def one_request(rng: random.Random) -> Request:
    family = rng.choices(["page", "2d", "lab", "3d", "moves", "solitaire", "error"],
                         weights=[8, 30, 28, 14, 8, 7, 5])[0]
    if family == "page":
        return _get(rng.choice(PAGES))
    if family == "error":
        return rng.choice(ERRORS)
    seed = rng.randrange(10 ** 6)
    if family == "2d":
        material = rng.choice(MATES_2D)
        fen = mate_fen(rng, material).replace(" ", "_")
        route = rng.choices(["probe", "standard", "mainline", "random", "board", "heatmap", "coach", "kbn",
                             "lesson", "kbn lesson"], weights=[40, 4, 3, 4, 3, 2, 3, 2, 2, 2])[0]
        if route in ("probe", "standard", "mainline", "board", "heatmap", "coach"):
            path = {"probe": "/api/tablebase", "standard": "/standard", "mainline": "/api/tablebase/mainline",
                    "board": "/api/mates/board", "heatmap": "/api/tablebase/heatmap", "coach": "/api/coach"}[route]
            return _get(path, fen=fen)
        if route == "random":
            return _get("/api/tablebase/random", material=rng.choice(WINNING_2D), min=1, max=rng.randint(1, 30),
                        seed=seed)
        if route == "kbn":
            return _get("/api/kbn/coach", fen=mate_fen(rng, "KBNK").replace(" ", "_"))
        if route == "lesson":
            return _get("/api/mates/lesson", lesson=rng.randint(1, 10), seed=seed)
        return _get("/api/kbn/lesson", lesson=rng.randint(1, 4), seed=seed)
    if family == "lab":
        position = cube_board(rng, rng.randint(MIN_N, MAX_N), rng.randint(0, 6))
        board, turn = position.notation(), rng.choice("wb")
        route = rng.choice(["position", "position", "analyze", "moves", "attacks"])
        body: dict = {"board": board, "turn": turn}
        if route == "moves":
            body["from"] = list(position.coords(rng.choice([i for i, p in enumerate(position.cells) if p])))
        if route == "attacks":
            body = {"board": board, "color": turn}
        return "POST", f"/api/3d/{route}", _json(body)
    if family == "3d":
        route = rng.choices(["probe", "overview", "status", "position", "build"], weights=[10, 1, 1, 2, 1])[0]
        if route == "probe":
            board, turn = cube_probe(rng)
            return "POST", "/api/3d/tablebase", _json({"board": board, "turn": turn})
        count = rng.choice((1, 2))
        n, material = rng.choice(CUBE_SIZES[count]), rng.choice(materials(count)).name
        if route == "overview":
            return _get("/api/3d/endgames", n=n)
        if route == "status":
            return _get("/api/3d/endgames/status", n=n)
        if route == "position":
            return _get("/api/3d/endgames/position", material=rng.choice(WINNING_3D[count]), n=n,
                        pick=rng.choice(["random", "longest"]), seed=seed)
        return "POST", "/api/3d/endgames/build", _json({"n": n, "material": material})
    if family == "moves":
        fen, uci = chess_fen(rng)
        if rng.random() < 0.5:
            return "POST", "/api/2d/position", _json({"fen": fen})
        return "POST", "/api/2d/validate", _json({"fen": fen, "uci": uci})
    route = rng.choice(["state", "state", "solve", "hint", "puzzle"])
    if route == "puzzle":
        return _get("/api/solitaire/puzzle", difficulty=rng.choice(["easy", "medium"]), seed=seed)
    n = rng.choice((3, 4))
    cells = ["."] * (n * n)
    for square in rng.sample(range(n * n), rng.randint(2, 6)):
        cells[square] = rng.choice("KQRBNP")
    return "POST", f"/api/solitaire/{route}", _json({"board": "".join(cells)})


def requests(seed: int, count: int) -> list[Request]:
    rng = random.Random(seed)
    return [one_request(rng) for _ in range(count)]


def _client(job: tuple[int, list[Request], float]) -> Counter:
    """Send ``requests`` in order on one keep-alive connection until ``deadline``; count statuses
    (0: no answer)."""
    port, batch, deadline = job
    statuses: Counter = Counter()
    connection = None
    for method, path, body in batch:
        if time.monotonic() > deadline:
            statuses["unsent"] += 1
            continue
        for attempt in range(2):
            try:
                if connection is None:
                    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
                headers = {"Content-Type": "application/json"} if body is not None else {}
                connection.request(method, path, body=body, headers=headers)
                response = connection.getresponse()
                response.read()
                statuses[response.status] += 1
                if response.getheader("Connection", "").lower() == "close":
                    connection.close()
                    connection = None
                break
            except (OSError, http.client.HTTPException):
                if connection is not None:
                    connection.close()
                connection = None
                if attempt:
                    statuses[0] += 1
    if connection is not None:
        connection.close()
    return statuses


def drive(port: int, batch: list[Request], clients: int, seconds: float) -> Counter:
    """Every request of ``batch``, dealt round the ``clients`` processes, within ``seconds``."""
    deadline = time.monotonic() + seconds
    jobs = [(port, batch[i::clients], deadline) for i in range(clients)]
    with multiprocessing.get_context("fork").Pool(clients) as pool:
        return sum(pool.map(_client, jobs), Counter())
