"""Health checks while clients loop the heaviest solitaire requests, on the production server.

Starts ``gunicorn -c gunicorn.conf.py webapp.wsgi:app`` on a free loopback port with its tables
in a temporary folder (the KBNK table builds at start, a few seconds), then for ``--seconds``
(20) runs 4 client processes that each loop, one request at a time, over the heaviest solitaire
requests: the worst solve within the budget (``bench_solitaire_budget.py``), the 64-pawn solve
(refused), an expert puzzle, the worst hint within the budget. Meanwhile ``/healthz`` is probed
every 0.2 s. Prints the share of probes answered within 1 s (target: 95% or more), their p50 and
p99, and each heavy request's count, statuses and mean latency. Loopback only; bounded in time
(the server is stopped at the end) and in count (one request per client at a time).

Run: ``.venv/bin/python bench/bench_health_under_solitaire.py [--seconds 20] [--root DIR] [--record]``;
``--root`` serves another checkout instead (``git worktree add DIR REV``), to compare; ``--record``
keeps the probes' figures in ``results/bench_health_under_solitaire.json`` and writes the docs'
blocks marked with this bench (``figures``: docs/moves-and-solitaire.md).
"""

from __future__ import annotations

import argparse
import http.client
import json
import multiprocessing
import os
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from serving import free_port, wait_healthy

ROOT = Path(__file__).resolve().parents[1]
GUNICORN = Path(sys.executable).with_name("gunicorn")
CLIENTS = 4
PROBE_EVERY = 0.2
# From bench_solitaire_budget.py, the costliest of their kind: a solve answered near the budget's
# edge (no solution, about 0.17 s of CPU) and a hint refused at it (about 0.2 s).
WORST_SOLVE = "......B..RP.Q.N........RK....................BQ...K..Q...B..Q..."
WORST_HINT = "........P.K.KPB.Q.Q........BN.......KK..K..R.P.KQ....Q....N....."
HEAVY = {
    "solve": ("POST", "/api/solitaire/solve", {"board": WORST_SOLVE, "limit": 100}),
    "64 pawns": ("POST", "/api/solitaire/solve", {"board": "P" * 64}),
    "expert puzzle": ("GET", "/api/solitaire/puzzle?difficulty=expert", None),
    "hint": ("POST", "/api/solitaire/hint", {"board": WORST_HINT}),
}




def _ask(port: int, method: str, path: str, body: dict | None, timeout: float) -> tuple[int, float]:
    """One request on a fresh connection: (status, or 0 on failure or timeout; seconds)."""
    start = time.monotonic()
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        data = None if body is None else json.dumps(body).encode()
        headers = {} if body is None else {"Content-Type": "application/json"}
        connection.request(method, path, body=data, headers=headers)
        response = connection.getresponse()
        response.read()
        status = response.status
    except (OSError, http.client.HTTPException):
        status = 0
    finally:
        connection.close()
    return status, time.monotonic() - start


def _client(port: int, first: int, until: float, results) -> None:
    kinds = list(HEAVY)
    i = first
    while time.monotonic() < until:
        kind = kinds[i % len(kinds)]
        method, path, body = HEAVY[kind]
        status, took = _ask(port, method, path, body, timeout=30)
        results.put((kind, status, took))
        i += 1


def _start(root: Path, port: int, tables: Path) -> subprocess.Popen:
    env = {**os.environ, "KBN_TABLES": str(tables), "KBNK_TABLE": str(tables / "kbnk.bin"),
           "KBN_ACCESS_LOG": os.devnull}
    return subprocess.Popen([str(GUNICORN), "-c", "gunicorn.conf.py", "--bind", f"127.0.0.1:{port}",
                             "webapp.wsgi:app"], cwd=root, env=env, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL, start_new_session=True)




def _percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] if ordered else float("nan")


def run(root: Path, seconds: float) -> None:
    port = free_port()
    with tempfile.TemporaryDirectory(prefix="kbn-health-") as tables:
        server = _start(root, port, Path(tables))
        try:
            ready = wait_healthy(port, server)
            print(f"server {root} on port {port}: healthy after {ready:.1f} s; "
                  f"{CLIENTS} clients for {seconds:.0f} s, /healthz every {PROBE_EVERY} s", flush=True)
            results = multiprocessing.Queue()
            until = time.monotonic() + seconds
            clients = [multiprocessing.Process(target=_client, args=(port, i, until, results))
                       for i in range(CLIENTS)]
            for client in clients:
                client.start()
            probes = []
            while time.monotonic() < until:
                started = time.monotonic()
                probes.append(_ask(port, "GET", "/healthz", None, timeout=5))
                time.sleep(max(0.0, PROBE_EVERY - (time.monotonic() - started)))
            heavy = []
            for client in clients:
                client.join(60)
            while not results.empty():
                heavy.append(results.get())
        finally:
            os.killpg(server.pid, signal.SIGTERM)
            server.wait(30)
    return report(probes, heavy)


def report(probes: list, heavy: list) -> dict:
    fast = sum(1 for status, took in probes if status == 200 and took <= 1.0)
    took = [t for _, t in probes]
    share = fast / max(len(probes), 1)
    print(f"/healthz: {fast} of {len(probes)} probes answered within 1 s ({share:.0%}; target 95%: "
          f"{'met' if share >= 0.95 else 'MISSED'}); p50 {_percentile(took, 0.5):.3f} s, "
          f"p99 {_percentile(took, 0.99):.3f} s, slowest {max(took, default=0):.3f} s")
    for kind in HEAVY:
        mine = [(status, t) for k, status, t in heavy if k == kind]
        statuses = sorted({status for status, _ in mine})
        mean = sum(t for _, t in mine) / max(len(mine), 1)
        print(f"  {kind:>14}: {len(mine):4} requests, statuses {statuses}, mean {mean:.3f} s, "
              f"slowest {max((t for _, t in mine), default=0):.3f} s")
    return {"probes": len(probes), "within_1s": fast, "p50_s": round(_percentile(took, 0.5), 3),
            "p99_s": round(_percentile(took, 0.99), 3)}


BENCH = "bench/bench_health_under_solitaire.py"
ABOUT = ("Written by `bench/bench_health_under_solitaire.py --record`: /healthz probed through gunicorn while "
         "clients loop the heaviest solitaire requests.")


def probes_block(results: dict) -> str:
    """The docs' sentence (docs/moves-and-solitaire.md)."""
    run = results["runs"]["probes"]
    return (f"{run['within_1s']} of {run['probes']} probes answered within 1 s, p50 {run['p50_s']:.2f} s, p99 "
            f"{run['p99_s']:.2f} s ({CLIENTS} clients for {run['seconds']:.0f} s; measured on {run['on']}, "
            f"{run['machine']}).\n")


BLOCKS = {"probes": probes_block}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=20)
    parser.add_argument("--root", type=Path, default=ROOT, help="the checkout to serve")
    parser.add_argument("--record", action="store_true", help="keep the probes' figures and write the docs")
    args = parser.parse_args()
    found = run(args.root.resolve(), args.seconds)
    if args.record:
        import figures  # bench/figures.py

        results = figures.record(BENCH, {"probes": {**found, "seconds": args.seconds}}, ABOUT)
        for path in figures.write_docs(BENCH, BLOCKS, results):
            print(f"wrote {path.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
