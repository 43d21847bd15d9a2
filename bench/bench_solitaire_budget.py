"""The worst solitaire request within the solver's budget: time and memory of single requests
(through the app, as a client sends them) on the hardest boards near the budget's edge, each in
a fresh process. Target: every request under 2 s and 300 MB, answered or refused the same way
whatever the machine's load (the budget counts work, not seconds).

Run: ``.venv/bin/python bench/bench_solitaire_budget.py [boards per size]``.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tablebase.solitaire.puzzles import backward_board  # noqa: E402
from tablebase.solitaire.solver import BUDGET  # noqa: E402

# One request in a fresh process: its wall and CPU time, the process's memory before and at peak.
CHILD = r"""
import json, resource, sys, time
from webapp import create_app
client = create_app({"TESTING": True}).test_client()
route, body = sys.argv[1], json.loads(sys.argv[2])
client.post(route, json={"board": "...N.....R....B."})  # warm: imports, move tables
before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
wall, cpu = time.perf_counter(), time.process_time()
answer = client.post(route, json=body)
wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
data = answer.get_json()
print(json.dumps({"status": answer.status_code, "wall": wall, "cpu": cpu, "before_mb": before / 1024,
                  "peak_mb": peak / 1024, "count": data.get("count"), "error": data.get("message")}))
"""

REQUESTS = [("/api/solitaire/solve", {"limit": 100}), ("/api/solitaire/solve", {"limit": 10_000}),
            ("/api/solitaire/hint", {})]


def request(route: str, body: dict) -> dict:
    done = subprocess.run([sys.executable, "-c", CHILD, route, json.dumps(body)], cwd=ROOT,
                          capture_output=True, text=True, check=True)
    return json.loads(done.stdout.strip().splitlines()[-1])


def boards(per_size: int):
    rng = random.Random(2024)
    for n, sizes in ((4, range(11, 15)), (5, range(11, 14)), (6, range(11, 14)), (8, (14, 18))):
        for pieces in sizes:
            found = [b for b in (backward_board(n, pieces, rng) for _ in range(per_size * 3)) if b]
            yield from found[:per_size]


def main(per_size: int = 2) -> None:
    print(f"budget: {BUDGET}")
    print(f"{'board':>36} {'request':>20} {'status':>6} {'wall s':>7} {'cpu s':>6} {'peak MB':>8} "
          f"{'+MB':>6}  answer")
    worst = {"wall": 0.0, "cpu": 0.0, "peak_mb": 0.0, "grown": 0.0}
    for board in boards(per_size):
        for route, extra in REQUESTS:
            r = request(route, {"board": board.to_string(), **extra})
            grown = r["peak_mb"] - r["before_mb"]
            name = route.rsplit("/", 1)[1] + (f" limit={extra['limit']}" if "limit" in extra else "")
            answer = r["error"] if r["status"] != 200 else f"count {r['count']}" if r["count"] is not None else "ok"
            print(f"{board.to_string():>36} {name:>20} {r['status']:>6} {r['wall']:7.2f} {r['cpu']:6.2f} "
                  f"{r['peak_mb']:8.0f} {grown:6.0f}  {str(answer)[:90]}", flush=True)
            worst = {"wall": max(worst["wall"], r["wall"]), "cpu": max(worst["cpu"], r["cpu"]),
                     "peak_mb": max(worst["peak_mb"], r["peak_mb"]), "grown": max(worst["grown"], grown)}
    print(f"worst request: {worst['wall']:.2f} s wall, {worst['cpu']:.2f} s cpu, {worst['peak_mb']:.0f} MB "
          f"peak process memory ({worst['grown']:.0f} MB for the request itself); "
          f"targets 2 s and 300 MB: {'met' if worst['wall'] < 2 and worst['peak_mb'] < 300 else 'MISSED'}")


if __name__ == "__main__":
    main(*(int(a) for a in sys.argv[1:2]))
