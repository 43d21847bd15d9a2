"""The table service under a production server (gunicorn, as ``./dev serve`` runs it) on loopback:

1. a burst of requests for tables not yet built while ``/healthz`` is polled every 200 ms: each
   request's answer time and status (202 at once, target ~2 s at most), the health poll's p50,
   p99, slowest and failures while the builder works, and the time until every table is built;
2. the server's total PSS (master, workers, builder; ``/proc/<pid>/smaps_rollup``) before and after
   serving every table through every worker, beside the table files' total size (target: the
   growth at most 1.5 times the files' size);
3. probe time with all moves per table, in this process (the KBNK table, and a 3D table of each
   size and material kind), each table's blocks read and checked on first use.

Run: ``.venv/bin/python bench/bench_tables.py [--workers 4] [--one 10] [--two 5]``. All traffic goes
to 127.0.0.1, bounded in count and time.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from bench_cube_endgames import probe_times  # noqa: E402
from bench_http import free_port, wait_healthy  # noqa: E402

from tablebase.cube.endgames import ALL_MATERIALS  # noqa: E402
from tablebase.retrograde import Material  # noqa: E402

GUNICORN = Path(sys.executable).with_name("gunicorn")


def get(port: int, path: str, body: dict | None = None, timeout: float = 60) -> tuple[int, float, dict]:
    """(status, seconds, JSON) of one request."""
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(f"http://127.0.0.1:{port}{path}", data=data,
                                     headers={"Content-Type": "application/json"})
    started = time.perf_counter()
    try:
        with urllib.request.urlopen(request, timeout=timeout) as answer:
            status, text = answer.status, answer.read()
    except urllib.error.HTTPError as error:
        status, text = error.code, error.read()
    except OSError:
        return 0, time.perf_counter() - started, {}
    return status, time.perf_counter() - started, json.loads(text or b"{}")


class HealthPoll(threading.Thread):
    def __init__(self, port: int, every: float = 0.2):
        super().__init__(daemon=True)
        self.port, self.every, self.times, self.failures = port, every, [], 0
        self.stop = threading.Event()

    def run(self) -> None:
        while not self.stop.is_set():
            status, seconds, _ = get(self.port, "/healthz", timeout=10)
            self.times.append(seconds)
            self.failures += status != 200
            self.stop.wait(max(0.0, self.every - seconds))

    def report(self) -> str:
        ordered = sorted(self.times)
        p99 = ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))]
        return (f"{len(ordered)} polls: p50 {statistics.median(ordered) * 1000:.1f} ms, p99 {p99 * 1000:.1f} ms, "
                f"slowest {ordered[-1] * 1000:.1f} ms, failures {self.failures}")


def server_pids(master: int) -> list[int]:
    """The master and every process below it (workers, the builder)."""
    found, frontier = [master], [master]
    while frontier:
        pid = frontier.pop()
        try:
            children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
        except OSError:
            continue
        found += [int(c) for c in children]
        frontier += [int(c) for c in children]
    return found


def pss_mb(pids: list[int]) -> float:
    total = 0
    for pid in pids:
        try:
            for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
                if line.startswith("Pss:"):
                    total += int(line.split()[1])
        except OSError:
            pass
    return total / 1024


def builder_pids() -> list[int]:
    """Builder processes run in sessions of their own (not below the master)."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if b"tablebase.tables.builder" in (entry / "cmdline").read_bytes():
                    found.append(int(entry.name))
            except OSError:
                pass
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--workers", type=int, default=4)
    parser.add_argument("--one", type=int, default=10, help="largest cube for one man (server limit)")
    parser.add_argument("--two", type=int, default=5, help="largest cube for two men (server limit)")
    parser.add_argument("--probes", type=int, default=200)
    args = parser.parse_args()
    print(f"machine: {os.cpu_count()} cores, load average {os.getloadavg()[0]:.2f}")
    with tempfile.TemporaryDirectory() as folder:
        env = {**os.environ, "KBN_TABLES": folder, "WEB_CONCURRENCY": str(args.workers), "KBN_THREADS": "1",
               "KBN_ACCESS_LOG": "", "KBN_CUBE_MAX_N_ONE_MAN": str(args.one), "KBN_CUBE_MAX_N_TWO_MEN": str(args.two)}
        port = free_port()
        log = open(Path(folder) / "server.log", "wb")
        server = subprocess.Popen([str(GUNICORN), "-c", "gunicorn.conf.py", "--bind", f"127.0.0.1:{port}",
                                   "webapp.wsgi:app"], cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT)
        try:
            wait_healthy(port, server)
            run(args, port, server, Path(folder))
        finally:
            server.terminate()
            server.wait(30)
            log.close()
    print_probe_times(args)


def run(args, port: int, server: subprocess.Popen, folder: Path) -> None:
    base_pss = pss_mb(server_pids(server.pid))
    poll = HealthPoll(port)
    poll.start()
    burst = [("GET", f"/api/3d/endgames?n={args.two}")] * 4
    burst += [("GET", f"/api/3d/endgames/position?material={m}&n=4") for m in ("KQK", "KRRK", "KRNK", "KQNK")]
    burst += [("POST", "/api/3d/endgames/build")] * 3
    started = time.perf_counter()
    with ThreadPoolExecutor(len(burst)) as pool:
        answers = list(pool.map(lambda r: get(port, r[1], {} if r[0] == "POST" else None), burst))
    times = [seconds for _, seconds, _ in answers]
    print(f"burst of {len(burst)} requests for unbuilt tables: statuses "
          f"{sorted(set(status for status, _, _ in answers))}, slowest answer {max(times):.2f} s, "
          f"median {statistics.median(times):.2f} s")
    while True:
        _, _, status = get(port, "/api/3d/endgames/status")
        states = [t["state"] for t in status["tables"] if t["state"] != "unavailable"]
        if all(s in ("ready", "failed") for s in states):
            break
        time.sleep(1)
    built = time.perf_counter() - started
    poll.stop.set()
    poll.join()
    print(f"every table built ({len(states)}, {states.count('failed')} failed) in {built:.0f} s")
    print(f"/healthz every 200 ms meanwhile: {poll.report()}")
    files = sum(p.stat().st_size for p in folder.glob("*.tbl"))
    ready = [(t["material"], t["n"]) for t in status["tables"] if t["state"] == "ready"]
    requests = 0
    for material, n in ready:
        won = Material.parse(material) in ALL_MATERIALS and next(
            t for t in status["tables"] if t["material"] == material and t["n"] == n)["won"]
        path = (f"/api/3d/endgames/position?material={material}&n={n}&seed={{}}" if won
                else f"/api/3d/endgames/status?n={n}&seed={{}}")
        for seed in range(4 * args.workers):
            get(port, path.format(seed))
            requests += 1
    pids = server_pids(server.pid) + builder_pids()
    after = pss_mb(pids)
    print(f"server PSS ({len(pids)} processes, {args.workers} workers): {base_pss:.0f} MB at start, {after:.0f} MB "
          f"after {requests} requests over {len(ready)} tables; table files {files / 2 ** 20:.0f} MB; "
          f"growth {after - base_pss:.0f} MB = {(after - base_pss) / (files / 2 ** 20):.2f} x the files (target <= 1.5)")


def print_probe_times(args) -> None:
    """Probe times per table kind, on tables built here (every size would repeat the build above)."""
    from bench_tables_setup import kbnk_store

    from tablebase.mates import KBNK, random_position, to_fen
    from tablebase.mates import probe as kbnk_probe

    with tempfile.TemporaryDirectory() as folder:
        store = kbnk_store(folder)
        import random

        rng = random.Random(5)
        fens = [to_fen(random_position(store.table, KBNK, 1, 33, rng=rng)) for _ in range(args.probes)]
        kbnk_probe(store.table, fens[0])
        for label in ("blocks read on first use", "from the block cache"):
            started = time.perf_counter()
            for fen in fens:
                kbnk_probe(store.table, fen)
            print(f"probe with all moves, KBNK, {label}: mean {(time.perf_counter() - started) / len(fens) * 1000:.3f} ms "
                  f"(target: no slower than before, 0.12 ms)")
        subprocess.run([sys.executable, "-m", "tablebase", "build3d", "--material", "KQK,KRNK,KQQK", "--n",
                        f"{min(args.two, 5)}", "--dir", folder], cwd=ROOT, check=True, stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL)
        subprocess.run([sys.executable, "-m", "tablebase", "build3d", "--material", "KQK", "--n", f"{args.one}",
                        "--dir", folder], cwd=ROOT, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        for material, n in (("KQK", min(args.two, 5)), ("KQK", args.one), ("KRNK", min(args.two, 5)),
                            ("KQQK", min(args.two, 5))):
            median, p95, moves = probe_times(Path(folder), Material.parse(material), n, args.probes)
            print(f"probe with all moves, {material} on n = {n}: median {median:.3f} ms, p95 {p95:.3f} ms "
                  f"({moves:.0f} moves; target 0.2-0.8 ms)")


if __name__ == "__main__":
    main()
