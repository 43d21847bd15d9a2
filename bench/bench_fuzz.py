"""A bounded, seeded fuzzer over every route of ``/openapi.json``: GET query values and JSON bodies
built from the schema, then mutated (long digit runs, unicode digits, negative numbers, wrong types,
deep nesting, huge strings within the size limits, random bytes; see ``fuzz_inputs.py``), sent to
the app in this process through Flask's test client, or to a running server with ``--url``.

Prints, per route, the count of each status, the statuses the document does not list for that
route, and the slowest answer; then the total of 5xx (target 0), the slowest requests, each 5xx
found with the request that caused it and the server's log line, and the seed: the same seed sends
the same requests.
In this process the app reads a table folder of its own with the small tables built first
(every 2D ending, the 3D ones of n = 3 and 4), so that answers are answers, not 202s.

Run: ``.venv/bin/python bench/bench_fuzz.py [--requests 20000] [--seconds 600] [--seed N]
[--url http://127.0.0.1:8000] [--tables DIR]``.
"""

from __future__ import annotations

import argparse
import heapq
import http.client
import itertools
import logging
import random
import sys
import tempfile
import time
from collections import Counter, defaultdict
from pathlib import Path
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from fuzz_inputs import Inputs, Request  # noqa: E402

LIMITS = {"CUBE_MAX_N_ONE_MAN": 4, "CUBE_MAX_N_TWO_MEN": 3}
SLOWEST = 8


class Logged(logging.Handler):
    """The app's last error line, to show beside the 5xx it came with."""

    def __init__(self):
        super().__init__(logging.ERROR)
        self.last = ""

    def emit(self, record):
        self.last = record.getMessage().splitlines()[0][:300]


def tables_folder(folder: str | None) -> str:
    from tablebase.mates import MATERIALS
    from tablebase.retrograde import materials
    from tablebase.tables import Limits, TableId, TableStore

    path = Path(folder or tempfile.mkdtemp(prefix="fuzz-tables-"))
    path.mkdir(parents=True, exist_ok=True)
    store = TableStore(path, Limits.everything(), background=False)
    wanted = list(MATERIALS) + [TableId.cube(m, n) for n, count in ((3, 1), (4, 1), (3, 2)) for m in materials(count)]
    started = time.perf_counter()
    for table in wanted:
        if not store.path(table).exists():
            store.build_now(table)
    print(f"tables in {path} ({len(wanted)}, ready in {time.perf_counter() - started:.1f} s)")
    return str(path)


class InProcess:
    """Requests through Flask's test client; an exception that escapes the app counts as a 500.
    Each request's cost is the CPU time of this process: the machine may be shared."""

    clock, clock_name = staticmethod(time.process_time), "cpu s"

    def __init__(self, tables: str):
        from webapp import create_app

        self.app = create_app({"TABLES": tables, **LIMITS})
        self.client = self.app.test_client()
        self.logged = Logged()
        self.app.logger.addHandler(self.logged)
        self.app.logger.propagate = False  # the log lines are shown beside their 5xx, not as they come
        for handler in list(self.app.logger.handlers):
            if handler is not self.logged:
                self.app.logger.removeHandler(handler)

    def document(self) -> dict:
        return self.client.get("/openapi.json").get_json()

    def send(self, request: Request) -> tuple[int, str]:
        self.logged.last = ""
        url = request.path + (f"?{request.query}" if request.query else "")
        headers = {"Content-Type": request.content_type} if request.content_type else {}
        try:
            response = self.client.open(url, method=request.method, data=request.body, headers=headers)
        except Exception as exc:  # noqa: BLE001 - what the fuzzer is here to find
            return 500, f"escaped the app: {type(exc).__name__}: {str(exc)[:200]}"
        return response.status_code, self.logged.last


class OverHttp:
    """Requests to a running server, one connection kept open (and opened again when it closes)."""

    clock, clock_name = staticmethod(time.perf_counter), "wall s"

    def __init__(self, url: str):
        self.base = urlsplit(url)
        self.connection = None

    def _connect(self):
        kind = http.client.HTTPSConnection if self.base.scheme == "https" else http.client.HTTPConnection
        return kind(self.base.hostname, self.base.port, timeout=60)

    def document(self) -> dict:
        import json
        import urllib.request

        with urllib.request.urlopen(self.base.geturl().rstrip("/") + "/openapi.json", timeout=60) as answer:
            return json.load(answer)

    def send(self, request: Request) -> tuple[int, str]:
        url = self.base.path.rstrip("/") + request.path + (f"?{request.query}" if request.query else "")
        headers = {"Content-Type": request.content_type} if request.content_type else {}
        for attempt in (1, 2):
            self.connection = self.connection or self._connect()
            try:
                self.connection.request(request.method, url, body=request.body, headers=headers)
                response = self.connection.getresponse()
                response.read()
                if response.getheader("Connection", "").lower() == "close":
                    self.connection.close()
                    self.connection = None
                return response.status, ""
            except (OSError, http.client.HTTPException) as exc:
                self.connection.close()
                self.connection = None
                if attempt == 2:
                    return 0, f"no answer: {type(exc).__name__}: {exc}"
        raise AssertionError("unreachable")


def documented(document: dict) -> dict[tuple[str, str], set[int]]:
    return {(method.upper(), route): {int(s) for s in op["responses"] if s.isdigit()}
            for route, item in document["paths"].items() for method, op in item.items()}


class Tally:
    """What the answers were: statuses per route, undocumented ones, the slowest, and every 5xx."""

    def __init__(self, document: dict, clock_name: str):
        self.clock_name = clock_name
        self.listed = documented(document)
        self.counts: dict[tuple[str, str], Counter] = defaultdict(Counter)
        self.slowest: dict[tuple[str, str], float] = defaultdict(float)
        self.undocumented: Counter = Counter()
        self.slow: list = []  # a heap of the SLOWEST slowest (seconds, order, request, status)
        self.failures: dict[tuple, list] = {}  # (status, route, log's start): [count, a request, its log]
        self.order = itertools.count()  # breaks ties in the heap: requests are not ordered

    def add(self, request: Request, status: int, log: str, took: float) -> None:
        row = (request.method if (request.method, request.route) in self.listed else "other", request.route)
        self.counts[row][status] += 1
        self.slowest[row] = max(self.slowest[row], took)
        heapq.heappush(self.slow, (took, next(self.order), request, status))
        if len(self.slow) > SLOWEST:
            heapq.heappop(self.slow)
        if status >= 500 or status == 0:
            self.failures.setdefault((status, request.route, log[:60]), [0, request, log])[0] += 1
        if row[0] != "other" and status not in self.listed[row] and status not in (405, 304):
            self.undocumented[(row, status)] += 1

    def print(self) -> None:
        statuses = sorted({s for c in self.counts.values() for s in c})
        print(f"{'method':<7} {'route':<28} {'sent':>5} " + " ".join(f"{s:>5}" for s in statuses)
              + f"  slowest ({self.clock_name})")
        for row in sorted(self.counts):
            cells = " ".join(f"{self.counts[row][s] or '':>5}" for s in statuses)
            print(f"{row[0]:<7} {row[1]:<28} {sum(self.counts[row].values()):>5} {cells}  {self.slowest[row]:9.3f}")
        if self.undocumented:
            print("statuses the document does not list for the route:")
            for ((method, route), status), n in sorted(self.undocumented.items()):
                print(f"  {method} {route}: {status} × {n}")
        print(f"the {SLOWEST} slowest answers ({self.clock_name}):")
        for took, _, request, status in sorted(self.slow, key=lambda item: -item[0]):
            print(f"  {took:6.3f} {status}: {request.describe(60)}")
        for (status, route, _), (n, request, log) in sorted(self.failures.items(), key=lambda item: -item[1][0])[:20]:
            print(f"  {status} × {n} on {route}: {log}\n       e.g. {request.describe()}")


def run(target, requests: int, seconds: float, seed: int) -> int:
    document = target.document()
    inputs, tally = Inputs(document, random.Random(seed)), Tally(document, target.clock_name)
    started, sent = time.perf_counter(), 0
    while sent < requests and time.perf_counter() - started < seconds:
        request = inputs.request()
        began = target.clock()
        status, log = target.send(request)
        tally.add(request, status, log, target.clock() - began)
        sent += 1
    elapsed = time.perf_counter() - started
    tally.print()
    failed = sum(n for n, _, _ in tally.failures.values())
    print(f"\n{sent} requests in {elapsed:.1f} s ({sent / elapsed:.0f}/s) over {len(tally.listed)} operations; "
          f"5xx (or no answer): {failed} (target 0); seed {seed}")
    return 1 if failed else 0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--requests", type=int, default=20_000, help="how many requests (default 20000)")
    parser.add_argument("--seconds", type=float, default=600, help="stop after this long (default 600)")
    parser.add_argument("--seed", type=int, help="the seed of the requests (default: a new one, printed)")
    parser.add_argument("--url", help="fuzz the server at this address instead of the app in this process")
    parser.add_argument("--tables", help="in this process: the table folder (default: a temporary one)")
    args = parser.parse_args()
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(10**9)
    print(f"seed {seed}")
    target = OverHttp(args.url) if args.url else InProcess(tables_folder(args.tables))
    sys.exit(run(target, args.requests, args.seconds, seed))


if __name__ == "__main__":
    main()
