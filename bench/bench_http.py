"""HTTP load: the production server (gunicorn, as ``./dev serve`` runs it) against the
development server (Werkzeug, ``./dev serve --dev`` without the reloader), both on loopback,
both driven by ``wrk`` for the same time and connections over the same tablebase probes.

Prints requests/s, p50 and p99 latency and errors of each, the ratio, and the load average
(the machine is shared: other work on it slows both servers; they take turns of ``--slice``
seconds so that both meet the same changes in it), and the CPU time each server spent per
request and the cores it kept busy (from /proc; less sensitive to other load than the rates), the
same for ``wrk``, the cores the machine's other work kept busy meanwhile, and the app's own CPU time
per request without any server (WSGI calls in this process): what each server adds to it, and the
cores the production server would need for the target ratio at the costs measured. Targets: the production server serves at least 3 times the development server's rate, p99 at
most 10 ms at 8 connections, and no error over 60 s.

Then, on the production server alone (``bench/http_load.py``): 50 slow clients (40 trickling
their headers, 10 their bodies, one byte a second) for 20 s while two clients probe ``/healthz``
and ``/api/tablebase`` every 0.25 s (target: at least 99% answered within 1 s); and 4 heavy
solitaire solves at once (target: the last ends within 2.5 times a single one). ``--gthread`` runs
the same two on gunicorn's threaded workers (the previous layout), ``--nginx`` on nginx in front of
gunicorn's sync workers (the other layout considered), for comparison.

Run: ``.venv/bin/python bench/bench_http.py [--duration 60] [--slice 10] [--connections 8]
[--slow 20] [--gthread] [--nginx] [--record]``. Installs Debian's ``wrk`` first when it is missing (as
root). ``--record`` keeps the figures and writes the docs' blocks (bench/http_figures.py).
"""

from __future__ import annotations

import argparse
import os
import random
import re
import resource
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

import debian_tools  # noqa: E402
import http_figures  # noqa: E402
import http_nginx  # noqa: E402
from http_load import heavy, slow_clients  # noqa: E402
from serving import free_port, wait_healthy  # noqa: E402

from bench_tables_setup import kbnk_store  # noqa: E402

from tablebase.mates import KBNK, random_position, to_fen  # noqa: E402

PYTHON = Path(sys.executable)
TARGET_RATIO, TARGET_P99_MS = 3.0, 10.0
TARGET_SLOW_SHARE, TARGET_HEAVY_RATIO = 0.99, 2.5






def worker_cpu(master: int) -> dict[int, float]:
    """CPU time (user + system) of each child of a process (gunicorn's workers), from /proc."""
    ticks, found = os.sysconf("SC_CLK_TCK"), {}
    for entry in Path("/proc").iterdir():
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split() if entry.name.isdigit() else None
        except OSError:
            continue
        if fields and int(fields[1]) == master:
            found[int(entry.name)] = (int(fields[11]) + int(fields[12])) / ticks
    return found


def machine_busy() -> float:
    """Seconds of CPU time all cores have spent busy since boot (every process's), from /proc/stat."""
    fields = Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]
    user, nice, system, _idle, _iowait, irq, softirq, steal = map(int, fields[:8])
    return (user + nice + system + irq + softirq + steal) / os.sysconf("SC_CLK_TCK")


def children_cpu() -> float:
    """CPU time of this process's finished children (each ``wrk`` run)."""
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def app_alone_ms(folder: Path, script: Path, rounds: int = 3000) -> float:
    """CPU time per probe of the app itself, called as WSGI in this process with no server: the
    same 300 probes as wrk's, after the servers built every table (so nothing is built here)."""
    from werkzeug.test import EnvironBuilder

    from webapp import create_app
    from webapp.tables import prepare_or_exit

    app = create_app({"TABLES": str(folder), "TABLE_BUILDER": False})
    prepare_or_exit(app)
    environs = []
    for target in re.findall(r'"(/api/tablebase\?fen=[^"]+)"', script.read_text()):
        path, query = target.split("?", 1)
        environs.append(EnvironBuilder(path=path, query_string=query).get_environ())

    def call(count: int) -> None:
        for k in range(count):
            for _ in app(dict(environs[k % len(environs)]), lambda status, headers, exc_info=None: None):
                pass

    call(len(environs))  # warm up
    started = time.process_time()
    call(rounds)
    return (time.process_time() - started) * 1000 / rounds


def cpu_seconds(pid: int) -> float:
    """CPU time (user + system) of a process and its children, all threads, from /proc."""
    ticks = os.sysconf("SC_CLK_TCK")
    total = 0.0
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(entry.name) == pid or int(fields[1]) == pid:  # fields[1]: the parent's pid
            total += (int(fields[11]) + int(fields[12])) / ticks
    return total


def start(kind: str, port: int, env: dict, log) -> subprocess.Popen:
    if kind in ("gunicorn", "gthread"):
        worker = ["-k", "webapp.edge.worker.ThreadWorker"] if kind == "gthread" else []
        command = [str(PYTHON.with_name("gunicorn")), "-c", "gunicorn.conf.py", *worker, "--bind",
                   f"127.0.0.1:{port}", "webapp.wsgi:app"]
    else:
        command = [str(PYTHON), "-m", "webapp", "--port", str(port)]
    process = subprocess.Popen(command, cwd=ROOT, env=env, stdout=log, stderr=log)
    wait_healthy(port, process)
    return process


def probe_script(table, folder: Path, count: int = 300) -> Path:
    """A wrk Lua script that cycles through ``count`` random KBNK positions (every mate length)
    and, at the end, prints its whole latency histogram (microseconds, count), so that runs can
    be merged exactly."""
    rng = random.Random(9)
    fens = [to_fen(random_position(table, KBNK, 1, 33, None, rng)).replace(" ", "_") for _ in range(count)]
    paths = ",\n".join(f'  "/api/tablebase?fen={fen}"' for fen in fens)
    script = folder / "probes.lua"
    script.write_text(f"local paths = {{\n{paths}\n}}\nlocal i = 0\n"
                      "request = function()\n  i = i % #paths + 1\n"
                      "  return wrk.format(\"GET\", paths[i])\nend\n"
                      "done = function(summary, latency, requests)\n"
                      "  for k = 1, #latency do\n"
                      "    local value, count = latency(k)\n"
                      "    io.write(string.format(\"latency %d %d\\n\", value, count))\n"
                      "  end\nend\n")
    return script


def run_wrk(wrk: str, port: int, script: Path, seconds: int, args) -> dict:
    command = [wrk, f"-t{args.threads}", f"-c{args.connections}", f"-d{seconds}s", "--timeout", "5s",
               "-s", str(script), f"http://127.0.0.1:{port}"]
    output = subprocess.run(command, capture_output=True, text=True, check=True).stdout
    socket_errors = re.search(r"Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)", output)
    non_2xx = re.search(r"Non-2xx or 3xx responses: (\d+)", output)
    histogram = Counter()
    for value, count in re.findall(r"^latency (\d+) (\d+)$", output, re.M):
        histogram[int(value)] += int(count)
    return {
        "requests": int(re.search(r"(\d+) requests in", output).group(1)),
        "errors": (sum(map(int, socket_errors.groups())) if socket_errors else 0)
        + (int(non_2xx.group(1)) if non_2xx else 0),
        "latency": histogram,
    }


def percentile_ms(histogram: Counter, fraction: float) -> float:
    goal, seen = fraction * sum(histogram.values()), 0
    for value in sorted(histogram):
        seen += histogram[value]
        if seen >= goal:
            return value / 1000
    return 0.0


KINDS = ("werkzeug", "gunicorn")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--duration", type=int, default=60, help="seconds of load on each server")
    parser.add_argument("--slice", type=int, default=10, help="seconds per turn: the servers take turns, "
                        "so that both see the same changes in the machine's other load")
    parser.add_argument("--connections", type=int, default=8)
    parser.add_argument("--threads", type=int, default=1, help="wrk threads (the machine's cores are shared)")
    parser.add_argument("--slow", type=int, default=20, help="seconds of slow clients")
    parser.add_argument("--gthread", action="store_true", help="also measure gunicorn's threaded workers")
    parser.add_argument("--nginx", action="store_true", help="also measure nginx in front of sync workers "
                        "(installs Debian's nginx-light when missing)")
    parser.add_argument("--record", action="store_true", help="keep the figures and write the docs' blocks")
    args = parser.parse_args()
    wrk = debian_tools.ensure("wrk", "wrk")
    with tempfile.TemporaryDirectory() as folder:
        folder = Path(folder)
        script = probe_script(kbnk_store(folder / "tables").table, folder)
        env = {**os.environ, "KBN_TABLES": str(folder / "tables"), "KBN_ACCESS_LOG": str(folder / "access.log")}
        logs = {kind: open(folder / f"{kind}.log", "wb") for kind in KINDS}
        ports = {kind: free_port() for kind in KINDS}
        servers = {}
        try:
            for kind in KINDS:
                servers[kind] = start(kind, ports[kind], env, logs[kind])
                run_wrk(wrk, ports[kind], script, 2, args)  # warm up
            results = {kind: {"requests": 0, "errors": 0, "latency": Counter(), "seconds": 0, "cpu": 0.0,
                              "wrk": 0.0, "other": 0.0, "load": []} for kind in KINDS}
            turns = max(1, args.duration // args.slice)
            for turn in range(turns):
                for kind in (KINDS if turn % 2 == 0 else KINDS[::-1]):
                    seconds = args.duration // turns
                    r, cpu = results[kind], cpu_seconds(servers[kind].pid)
                    r["load"].append(os.getloadavg()[0])
                    busy, client = machine_busy(), children_cpu()
                    part = run_wrk(wrk, ports[kind], script, seconds, args)
                    client, server = children_cpu() - client, cpu_seconds(servers[kind].pid) - cpu
                    r["cpu"] += server
                    r["wrk"] += client
                    r["other"] += machine_busy() - busy - server - client
                    r["requests"] += part["requests"]
                    r["errors"] += part["errors"]
                    r["latency"].update(part["latency"])
                    r["seconds"] += seconds
            edge = {"production (gevent)": edge_loads(ports["gunicorn"], servers["gunicorn"].pid, args)}
            if args.gthread:
                port = free_port()
                servers["gthread"] = start("gthread", port, env, logs["gunicorn"])
                edge["gunicorn gthread"] = edge_loads(port, servers["gthread"].pid, args)
            if args.nginx:
                port = free_port()
                servers["nginx-gunicorn"], servers["nginx"] = http_nginx.start(
                    port, folder / "nginx", env, logs["gunicorn"], PYTHON)
                wait_healthy(port, servers["nginx"])
                run_wrk(wrk, port, script, 2, args)
                rate = run_wrk(wrk, port, script, args.slice, args)
                edge["nginx + gunicorn sync"] = {**edge_loads(port, servers["nginx-gunicorn"].pid, args),
                                                 "rate": rate["requests"] / args.slice}
        finally:
            for server in servers.values():
                server.terminate()
                server.wait(30)
            for log in logs.values():
                log.close()
        app_ms = app_alone_ms(folder / "tables", script)
    report(results, app_ms, args)
    report_edge(edge, args)
    if args.record:
        http_figures.record(results, edge, app_ms, args, ROOT)


def edge_loads(port: int, master: int, args) -> dict:
    slow = slow_clients(port, args.slow)
    load = heavy(port, snapshot=lambda: worker_cpu(master))
    before, after = load.pop("snapshots")
    load["worker_cpu"] = sorted((after[pid] - before.get(pid, 0.0) for pid in after), reverse=True)
    return {"slow": slow, "heavy": load}


def report_edge(edge: dict, args) -> None:
    print(f"slow clients: 40 trickling headers + 10 trickling bodies for {args.slow} s, "
          f"probes of /healthz and /api/tablebase every 0.25 s; heavy: 4 solitaire solves at once")
    checks = []
    for name, found in edge.items():
        slow, load = found["slow"], found["heavy"]
        last = load["finished"][-1] / load["single"]
        print(f"{name:<24} probes answered within 1 s: {slow['within_1s']}/{slow['probes']} "
              f"({100 * slow['share']:.1f}%), slowest {slow['slowest']:.2f} s")
        print(f"{'':<24} heavy: one alone {load['single']:.2f} s; four at once end at "
              + ", ".join(f"{t:.2f}" for t in load["finished"]) + f" s (last {last:.2f}x one)")
        one_solve = sum(load["worker_cpu"]) / len(load["finished"])  # CPU time, whatever the wall time was
        busy = [t for t in load["worker_cpu"] if t >= 0.5 * one_solve]
        print(f"{'':<24} CPU s per worker over the heavy run: "
              + ", ".join(f"{t:.2f}" for t in load["worker_cpu"]) + f" ({len(busy)} workers took a solve)")
        if "rate" in found:
            print(f"{'':<24} {found['rate']:.0f} req/s under wrk for {args.slice} s")
        if name.startswith("production"):
            checks = [(f"probes within 1 s >= {100 * TARGET_SLOW_SHARE:g}%", slow["share"] >= TARGET_SLOW_SHARE),
                      (f"last heavy <= {TARGET_HEAVY_RATIO:g}x one", last <= TARGET_HEAVY_RATIO),
                      ("heavy all answered", load["status"] == [200] * len(load["status"]))]
    print("targets: " + ", ".join(f"{name} {'met' if ok else 'MISSED'}" for name, ok in checks))


def report(results: dict, app_ms: float, args) -> None:
    print(f"wrk: {args.connections} connections, {args.threads} thread(s), {args.duration} s per server "
          f"in turns of {args.slice} s, 300 different KBNK probes; {os.cpu_count()} cores")
    for r in results.values():
        r["rate"] = r["requests"] / r["seconds"]
        r["p50"], r["p99"] = percentile_ms(r["latency"], 0.50), percentile_ms(r["latency"], 0.99)
        r["cpu_ms"] = r["cpu"] * 1000 / max(r["requests"], 1)
    for kind, name in (("werkzeug", "development (Werkzeug)"), ("gunicorn", "production (gunicorn)")):
        r = results[kind]
        print(f"{name:<24} {r['rate']:9.0f} req/s  p50 {r['p50']:6.2f} ms  p99 {r['p99']:7.2f} ms  "
              f"errors {r['errors']}  ({r['requests']} requests; load average "
              f"{min(r['load']):.2f} to {max(r['load']):.2f})")
        print(f"{'':<24} cpu {r['cpu_ms']:.3f} ms per request ({r['cpu_ms'] - app_ms:.3f} the server's own), "
              f"{r['cpu'] / r['seconds']:.2f} cores busy; wrk {r['wrk'] * 1000 / max(r['requests'], 1):.3f} ms "
              f"per request ({r['wrk'] / r['seconds']:.2f} cores); other work {r['other'] / r['seconds']:.2f} cores")
    prod, dev = results["gunicorn"], results["werkzeug"]
    ratio = prod["rate"] / dev["rate"]
    print(f"ratio production / development: {ratio:.2f}x in requests/s; the development server spends "
          f"{dev['cpu_ms'] / prod['cpu_ms']:.2f}x the CPU per request, and one process (one GIL) "
          f"keeps it near one core")
    need = TARGET_RATIO * dev["cpu"] / dev["seconds"] * prod["cpu_ms"] / dev["cpu_ms"]
    print(f"the app alone (WSGI calls, no server): {app_ms:.3f} ms CPU per request; at these costs "
          f"{TARGET_RATIO:g}x needs the production server to keep {need:.2f} cores busy "
          f"(it kept {prod['cpu'] / prod['seconds']:.2f}, of {os.cpu_count()}); on as many cores as the "
          f"development server, {dev['cpu_ms'] / prod['cpu_ms']:.2f}x, and {dev['cpu_ms'] / app_ms:.2f}x for a "
          f"server that cost nothing")
    checks = [(f"ratio >= {TARGET_RATIO:g}x", ratio >= TARGET_RATIO),
              (f"production p99 <= {TARGET_P99_MS:g} ms", prod["p99"] <= TARGET_P99_MS),
              ("production errors = 0", prod["errors"] == 0)]
    print("targets: " + ", ".join(f"{name} {'met' if ok else 'MISSED'}" for name, ok in checks))


BLOCKS = http_figures.BLOCKS

if __name__ == "__main__":
    main()
