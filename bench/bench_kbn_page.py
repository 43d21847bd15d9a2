"""The KBN trainer's speed on localhost: from the page request to a board ready for input, measured
in Chromium (target <= 300 ms), and the API round trip per move (target <= 20 ms) over HTTP to a
live server on 127.0.0.1. Run: .venv/bin/python bench/bench_kbn_page.py [--loads 15] [--moves 400]"""

from __future__ import annotations

import argparse
import http.client
import random
import shutil
import statistics
import sys
import tempfile
import threading
import time
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import quote

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from werkzeug.serving import WSGIRequestHandler, make_server  # noqa: E402

from tablebase import mates  # noqa: E402
from tablebase.core.fen import BoardPosition  # noqa: E402
from tablebase.core.rules import Move, other  # noqa: E402
from webapp import create_app  # noqa: E402

from bench_tables_setup import kbnk_store  # noqa: E402


class QuietHandler(WSGIRequestHandler):
    def log_request(self, *args) -> None:
        pass


def serve(folder: Path):
    app = create_app({"TABLES": str(folder)})
    server = make_server("127.0.0.1", 0, app, threaded=True, request_handler=QuietHandler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_port}"


def page_ready_ms(base: str, loads: int, query: str, cold: bool = False) -> list[float]:
    """navigationStart to the trainer's `trainer-board-ready` mark (pieces drawn and the position's
    value known, so the board takes moves): what a user waits for after asking for the page."""
    return mark_times_ms(f"{base}/kbn{query}", "#trainer[data-ready]", "trainer-board-ready", loads, cold)


def mark_times_ms(url: str, ready_selector: str, mark: str, loads: int, cold: bool) -> list[float]:
    """navigationStart to a page's performance mark, over `loads` loads in Chromium. Warm: a
    returning visitor (the browser's cache holds the modules); cold: a new browser profile for
    every load."""
    from playwright.sync_api import sync_playwright

    executable = shutil.which("chromium") or shutil.which("chromium-browser")
    times = []
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=executable, args=["--no-sandbox", "--disable-gpu"])
        context = browser.new_context(viewport={"width": 1280, "height": 900})
        page = context.new_page()
        page.goto(url)  # warm: the server's table, the browser's module cache
        page.wait_for_selector(ready_selector)
        for _ in range(loads):
            if cold:
                context.close()
                context = browser.new_context(viewport={"width": 1280, "height": 900})
                page = context.new_page()
            page.goto(url, wait_until="commit")
            page.wait_for_selector(ready_selector)
            times.append(page.evaluate(f"performance.getEntriesByName('{mark}')[0].startTime"))
        context.close()
        browser.close()
    return times


def move_round_trips_ms(base: str, count: int, table) -> list[float]:
    """One probe per move of a game, over one keep-alive-free HTTP connection per request, like a
    browser's fetch after each move; positions along random games' main lines."""
    rng = random.Random(7)
    fens = []
    while len(fens) < count:
        fen = mates.to_fen(mates.random_position(table, mates.KBNK, 1, 33, None, rng))
        fens.append(fen)
        board = fen
        for step in mates.mainline(table, fen)[:6]:
            fens.append(_after(board, step["uci"]))
            board = fens[-1]
    fens = fens[:count]
    return [timed_get_ms(base, f"/api/tablebase?fen={quote(fen)}") for fen in fens]


def timed_get_ms(base: str, path: str) -> float:
    """One GET on a fresh connection (as a browser's fetch may open), in ms; the answer must be JSON."""
    host, port = base.removeprefix("http://").split(":")
    start = time.perf_counter()
    connection = http.client.HTTPConnection(host, int(port))
    connection.request("GET", path)
    response = connection.getresponse()
    body = response.read()
    connection.close()
    elapsed = (time.perf_counter() - start) * 1000
    assert response.status == 200 and body.startswith(b"{"), body[:200]
    return elapsed


def _after(fen: str, uci: str) -> str:
    """The FEN after a move of this ending."""
    position, move = BoardPosition.from_fen(fen), Move.from_uci(uci)
    cells = list(position.cells)
    cells[move.to_square], cells[move.from_square] = cells[move.from_square], None
    return BoardPosition(tuple(cells), other(position.turn)).fen()


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(0.95 * (len(ordered) - 1))))]


@contextmanager
def live_server_with_table():
    """A live server on 127.0.0.1 over a freshly built KBNK table: yields (the tables, base URL)."""
    with tempfile.TemporaryDirectory() as tmp:
        store = kbnk_store(tmp)
        server, base = serve(Path(tmp))
        try:
            yield store.table, base
        finally:
            server.shutdown()


def bench_args(doc: str, **counts: int) -> argparse.Namespace:
    """The command line of a bench: one integer option per count, with its default (a flag for a
    count given as False)."""
    parser = argparse.ArgumentParser(description=doc.splitlines()[0])
    for name, default in counts.items():
        if isinstance(default, bool):
            parser.add_argument(f"--{name}", action="store_true")
        else:
            parser.add_argument(f"--{name}", type=int, default=default)
    return parser.parse_args()


def main() -> None:
    args = bench_args(__doc__, loads=15, moves=400)
    with live_server_with_table() as (table, base):
        trips = move_round_trips_ms(base, args.moves, table)
        print(f"API round trip per move (probe, {len(trips)} requests): "
              f"mean {statistics.mean(trips):.2f} ms, p95 {p95(trips):.2f} ms, max {max(trips):.2f} ms "
              f"(target <= 20 ms)")
        fen = "8/8/3k4/8/8/8/8/KBN5_w_-_-_0_1"
        for label, query, cold in (("?fen=", f"?fen={fen}&pause=-1", False),
                                   ("random position", "?pause=-1", False),
                                   ("?fen=, cold cache", f"?fen={fen}&pause=-1", True)):
            ready = page_ready_ms(base, args.loads, query, cold)
            print(f"page request to board ready ({label}, {len(ready)} loads): "
                  f"mean {statistics.mean(ready):.0f} ms, max {max(ready):.0f} ms (target <= 300 ms)")


if __name__ == "__main__":
    main()
