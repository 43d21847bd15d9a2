"""The hostile inputs of issue 36 flooded at the production server: no worker killed, no connection
dropped, the health check answered.

Starts the serve command's server (``gunicorn -c gunicorn.conf.py webapp.wsgi:app``) on a free
loopback port with its tables in a temporary folder (the KBNK table builds at start, a few
seconds), then for ``--seconds`` (60) runs 8 client processes that each loop, one request at a
time on a fresh connection, over the worst inputs: the 10×10×10 board of 400 men and 21 custom
letters of 16 rider atoms (refused by the work budget), the same board of standard men
(answered), a game of 3,000 moves as a list (refused unread), 1,000 moves with custom men
(refused), a list of 60,000 characters of move numbers (refused), atoms with spaces (refused),
a board of 40 white men for the tables (404, named shortly) and the kings' longest game within the
budget (answered). Meanwhile ``/healthz`` is probed every 0.2 s.

Prints the answers by input and status, the connections dropped (a request with no answer:
expect 0), the worker timeouts in the server's log (expect 0) and ``/healthz``'s p50 and p99. Runs
the server three times, one after the other: its CPU-bound views in each worker's loop
(``KBN_HEAVY_THREADS=0``), in each worker's heavy lane (webapp/edge/lane.py) at the loop's priority
(``KBN_HEAVY_NICE=0``), and in the lane at niceness 10 (the default); with
``--record``, keeps both runs' figures in ``results/bench_hostile_flood.json`` and writes them into
docs/deploying.md's block (bench/figures.py). Loopback only; bounded in time (the server is
stopped at the end) and in count (one request per client at a time).

Run: ``.venv/bin/python bench/bench_hostile_flood.py [--seconds 60] [--layout loop|lane_same_priority|lane ...] [--record]``.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import signal
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

from bench_health_under_solitaire import PROBE_EVERY, _ask, _percentile
from serving import free_port, wait_healthy

ROOT = Path(__file__).resolve().parents[1]
GUNICORN = Path(sys.executable).with_name("gunicorn")
CLIENTS = 8
RIDERS_16 = "001*,011*,111*,012*,112*,122*,013*,023*,113*,123*,133*,223*,233*,014*,034*,114*"
LETTERS = "ACDEFGHIJLMOPSTUVWXYZ"
TO_AND_FRO = [[[0, 0, 0], [1, 0, 0]], [[9, 9, 9], [8, 9, 9]], [[1, 0, 0], [0, 0, 0]], [[8, 9, 9], [9, 9, 9]]]


def crowded(n: int, men: int, letters: str, black: bool = True) -> str:
    """The n×n×n board with White's king first, Black's last, and ``men`` men after White's king,
    the letters in turn (every other one Black's when ``black``)."""
    cells = ["#"] * n ** 3
    cells[0], cells[-1] = "K", "k"
    for i in range(men):
        letter = letters[i % len(letters)]
        cells[1 + i] = letter.lower() if black and i % 2 else letter
    return ",".join("[" + ",".join("".join(cells[z * n * n + y * n:z * n * n + (y + 1) * n]) for y in range(n)) + "]"
                    for z in range(n))


def hostile() -> dict[str, tuple[str, dict]]:
    kings = crowded(10, 0, "")
    custom = crowded(10, 2, "A")
    eight = "001,011,111,012,112,122,013,023"
    return {
        "400 custom riders": ("/api/3d/position", {"board": crowded(10, 400, LETTERS),
                                                   "pieces": {letter: RIDERS_16 for letter in LETTERS}}),
        "400 standard men": ("/api/3d/position", {"board": crowded(10, 400, "QRBN")}),
        "3,000 moves": ("/api/3d/game", {"board": kings, "moves": TO_AND_FRO * 750}),
        "1,000 custom moves": ("/api/3d/game", {"board": custom, "pieces": {"A": RIDERS_16},
                                                "moves": TO_AND_FRO * 250}),
        "60,000 characters": ("/api/3d/game", {"board": kings, "moves": ["1." * 10_000] * 3}),
        "spaced atoms": ("/api/3d/position", {"board": "[U#,#K],[k#,##]", "pieces": {"U": " 011*, 012\n"}}),
        "40 men for the tables": ("/api/3d/tablebase", {"board": crowded(6, 40, "UV", black=False),
                                                        "pieces": {"U": eight, "V": eight.replace("023", "113")}}),
        "160 kings' moves": ("/api/3d/game", {"board": kings, "moves": TO_AND_FRO * 40}),
    }


def _client(port: int, first: int, until: float, results) -> None:
    inputs = hostile()
    kinds = list(inputs)
    i = first
    while time.monotonic() < until:
        kind = kinds[i % len(kinds)]
        path, body = inputs[kind]
        status, took = _ask(port, "POST", path, body, timeout=60)
        results.put((kind, status, took))
        i += 1


def _start(port: int, tables: Path, log: Path, layout: str) -> subprocess.Popen:
    env = {**os.environ, "KBN_TABLES": str(tables), "KBNK_TABLE": str(tables / "kbnk.bin"),
           "KBN_ACCESS_LOG": os.devnull, **LAYOUTS[layout][1]}
    return subprocess.Popen([str(GUNICORN), "-c", "gunicorn.conf.py", "--bind", f"127.0.0.1:{port}",
                             "webapp.wsgi:app"], cwd=ROOT, env=env, stdout=log.open("w"),
                            stderr=subprocess.STDOUT, start_new_session=True)


def _flood(port: int, seconds: float) -> tuple[list, list]:
    """The clients' answers (kind, status, seconds) and the probes' (status, seconds)."""
    results = multiprocessing.Queue()
    until = time.monotonic() + seconds
    clients = [multiprocessing.Process(target=_client, args=(port, i, until, results)) for i in range(CLIENTS)]
    for client in clients:
        client.start()
    probes = []
    while time.monotonic() < until:
        started = time.monotonic()
        probes.append(_ask(port, "GET", "/healthz", None, timeout=60))
        time.sleep(max(0.0, PROBE_EVERY - (time.monotonic() - started)))
    answers = []
    for client in clients:
        while client.is_alive() or not results.empty():
            while not results.empty():
                answers.append(results.get())
            client.join(0.1)
    while not results.empty():
        answers.append(results.get())
    return answers, probes


def run(seconds: float, layout: str) -> dict:
    """One flood of the server in ``layout`` (``LAYOUTS``)."""
    port = free_port()
    with tempfile.TemporaryDirectory(prefix="kbn-hostile-") as folder:
        log = Path(folder) / "server.log"
        server = _start(port, Path(folder), log, layout)
        try:
            ready = wait_healthy(port, server)
            print(f"{LAYOUTS[layout][0]}: server on port {port}, healthy after {ready:.1f} s; {CLIENTS} clients "
                  f"for {seconds:.0f} s, /healthz every {PROBE_EVERY} s (load average {os.getloadavg()[0]:.1f})",
                  flush=True)
            load = os.getloadavg()[0]
            answers, probes = _flood(port, seconds)
            load = max(load, os.getloadavg()[0])
        finally:
            os.killpg(server.pid, signal.SIGTERM)
            server.wait(30)
        return report(answers, probes, log.read_text(), seconds, load)


def report(answers: list, probes: list, log: str, seconds: float, load: float) -> dict:
    """Prints the flood's answers and the probes' times; its figures."""
    for kind in hostile():
        mine = [(status, took) for k, status, took in answers if k == kind]
        statuses = Counter(status for status, _ in mine)
        times = [took for _, took in mine]
        print(f"  {kind:>22}: {len(mine):5} answers, by status {dict(sorted(statuses.items()))}, "
              f"p50 {_percentile(times, 0.5):.3f} s, p99 {_percentile(times, 0.99):.3f} s, "
              f"slowest {max(times, default=0.0):.3f} s", flush=True)
    every = Counter(status for _, status, _ in answers)
    print(f"answers by status: {dict(sorted(every.items()))} ({len(answers)} requests)")
    dropped = every.get(0, 0) + sum(1 for status, _ in probes if status == 0)
    print(f"connections dropped (no answer): {dropped} (expect 0)")
    timeouts = log.count("WORKER TIMEOUT")
    print(f"worker timeouts in the server's log: {timeouts} (expect 0); requests stopped at "
          f"their time limit: {log.count('stopped at its time limit')}")
    took = [t for _, t in probes]
    healthy = sum(1 for status, _ in probes if status == 200)
    figures = {"probes": len(probes), "healthy": healthy, "p50_ms": round(_percentile(took, 0.5) * 1000, 1),
               "p99_ms": round(_percentile(took, 0.99) * 1000, 1), "slowest_ms": round(max(took, default=0) * 1000, 1),
               "answers": len(answers), "per_second": round(len(answers) / seconds, 1),
               "statuses": {str(k): v for k, v in sorted(every.items())}, "dropped": dropped,
               "worker_timeouts": timeouts, "load": round(load, 1), "seconds": seconds, "clients": CLIENTS}
    print(f"/healthz: {healthy} of {len(probes)} probes 200; p50 {figures['p50_ms']:.0f} ms, p99 "
          f"{figures['p99_ms']:.0f} ms (p99 under 100 ms on a quiet machine), slowest {figures['slowest_ms']:.0f} ms")
    return figures


def flood_block(results: dict) -> str:
    """docs/deploying.md's table: /healthz under the flood, without and with the heavy lane."""
    rows = ["| layout | /healthz p50 | p99 | slowest | flood answers/s | dropped, worker timeouts | load average |",
            "| --- | --- | --- | --- | --- | --- | --- |"]
    for layout, (said, _) in LAYOUTS.items():
        run = results["runs"].get(layout)
        if run is None:
            continue
        rows.append(f"| {said} | {run['p50_ms']:.0f} ms | {run['p99_ms']:.0f} ms | {run['slowest_ms']:.0f} ms | "
                    f"{run['per_second']:.1f} | {run['dropped']}, {run['worker_timeouts']} | {run['load']:.1f} |")
    first = next(iter(results["runs"].values()))
    return (f"Measured on {first['on']} ({first['machine']}; {first['clients']} flooding clients, "
            f"{first['seconds']:.0f} s each, one layout after the other; the load average is the machine's "
            "highest during the run, this bench's own processes included):\n\n" + "\n".join(rows))


BENCH = "bench/bench_hostile_flood.py"
ABOUT = ("Written by `bench/bench_hostile_flood.py --record`: /healthz probed every 0.2 s while 8 clients flood the "
         "worst inputs, with the workers' heavy lane off (KBN_HEAVY_THREADS=0), on at the loop's priority "
         "(KBN_HEAVY_NICE=0) and on at niceness 10 (the default).")
# Each layout's words and its environment: the heavy views in each worker's loop, as before the heavy
# lane; in the lane (webapp/edge/lane.py) at the loop's priority; in the lane at niceness 10, the default.
LAYOUTS = {"loop": ("heavy views in the worker's loop (no lane)", {"KBN_HEAVY_THREADS": "0"}),
           "lane_same_priority": ("heavy lane, 1 thread per worker, the loop's priority", {"KBN_HEAVY_NICE": "0"}),
           "lane": ("heavy lane, 1 thread per worker, nice 10 (the default)", {})}
BLOCKS = {"flood": flood_block}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=60, help="how long the clients flood (default 60)")
    parser.add_argument("--layout", choices=list(LAYOUTS), action="append",
                        help="one run of each layout given, in turn (default: all three)")
    parser.add_argument("--record", action="store_true", help="keep the figures and write docs/deploying.md's block")
    args = parser.parse_args()
    measured = {layout: run(args.seconds, layout) for layout in args.layout or LAYOUTS}
    if args.record:
        import figures  # bench/figures.py

        results = figures.record(BENCH, measured, ABOUT)
        for path in figures.write_docs(BENCH, BLOCKS, results):
            print(f"wrote {path.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
