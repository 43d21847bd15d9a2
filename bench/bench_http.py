"""HTTP load: the production server (gunicorn, as ``./dev serve`` runs it) against the
development server (Werkzeug, ``./dev serve --dev`` without the reloader), both on loopback,
both driven by ``wrk`` for the same time and connections over the same tablebase probes.

Prints requests/s, p50 and p99 latency and errors of each, the ratio, and the load average
(the machine is shared: other work on it slows both servers), and the CPU time each server spent
per request (read from /proc; less sensitive to other load than the rates), with the rate that
CPU cost allows on this machine's cores. Targets: the production server serves at least 3 times
the development server's rate, p99 at most 10 ms at 8 connections, and no error over 60 s.

Run: ``.venv/bin/python bench/bench_http.py [--duration 60] [--connections 8] [--threads 1]``.
Installs Debian's ``wrk`` first when it is missing (as root).
"""

from __future__ import annotations

import argparse
import os
import random
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tablebase.kbnk import ensure_table, random_position  # noqa: E402

PYTHON = Path(sys.executable)
TARGET_RATIO, TARGET_P99_MS = 3.0, 10.0


def ensure_wrk() -> str:
    found = shutil.which("wrk")
    if found:
        return found
    if os.geteuid() != 0 or not shutil.which("apt-get"):
        sys.exit("wrk is missing: install it (Debian: apt-get install wrk) and run again")
    print("installing Debian's wrk...", flush=True)
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    subprocess.run(["apt-get", "update", "-qq"], check=True, env=env)
    subprocess.run(["apt-get", "install", "-y", "-qq", "wrk"], check=True, env=env, stdout=subprocess.DEVNULL)
    return shutil.which("wrk") or sys.exit("wrk did not install")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_healthy(port: int, process: subprocess.Popen) -> None:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if process.poll() is not None:
            sys.exit(f"the server on port {port} exited with {process.returncode}")
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=2) as answer:
                if answer.status == 200:
                    return
        except OSError:
            time.sleep(0.1)
    sys.exit(f"the server on port {port} never became healthy")


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
    if kind == "gunicorn":
        command = [str(PYTHON.with_name("gunicorn")), "-c", "gunicorn.conf.py", "--bind",
                   f"127.0.0.1:{port}", "webapp.wsgi:app"]
    else:
        command = [str(PYTHON), "-m", "webapp", "--port", str(port)]
    process = subprocess.Popen(command, cwd=ROOT, env=env, stdout=log, stderr=log)
    wait_healthy(port, process)
    return process


def probe_script(table, folder: Path, count: int = 300) -> Path:
    """A wrk Lua script that cycles through ``count`` random KBNK positions (every mate length)."""
    rng = random.Random(9)
    fens = [random_position(table, 1, 33, None, rng).to_fen().replace(" ", "_") for _ in range(count)]
    paths = ",\n".join(f'  "/api/tablebase?fen={fen}"' for fen in fens)
    script = folder / "probes.lua"
    script.write_text(f"local paths = {{\n{paths}\n}}\nlocal i = 0\n"
                      "request = function()\n  i = i % #paths + 1\n"
                      "  return wrk.format(\"GET\", paths[i])\nend\n")
    return script


def run_wrk(wrk: str, port: int, script: Path, args) -> dict:
    command = [wrk, f"-t{args.threads}", f"-c{args.connections}", f"-d{args.duration}s", "--latency",
               "--timeout", "5s", "-s", str(script), f"http://127.0.0.1:{port}"]
    output = subprocess.run(command, capture_output=True, text=True, check=True).stdout
    return parse_wrk(output)


_UNITS = {"us": 0.001, "ms": 1.0, "s": 1000.0}


def _ms(text: str) -> float:
    number, unit = re.fullmatch(r"([\d.]+)(us|ms|s)", text).groups()
    return float(number) * _UNITS[unit]


def parse_wrk(output: str) -> dict:
    socket_errors = re.search(r"Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)", output)
    non_2xx = re.search(r"Non-2xx or 3xx responses: (\d+)", output)
    errors = sum(map(int, socket_errors.groups())) if socket_errors else 0
    return {
        "requests": int(re.search(r"(\d+) requests in", output).group(1)),
        "rate": float(re.search(r"Requests/sec:\s+([\d.]+)", output).group(1)),
        "p50": _ms(re.search(r"\s50%\s+(\S+)", output).group(1)),
        "p99": _ms(re.search(r"\s99%\s+(\S+)", output).group(1)),
        "errors": errors + (int(non_2xx.group(1)) if non_2xx else 0),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--duration", type=int, default=60, help="seconds of load on each server")
    parser.add_argument("--connections", type=int, default=8)
    parser.add_argument("--threads", type=int, default=1, help="wrk threads (the machine's cores are shared)")
    args = parser.parse_args()
    wrk = ensure_wrk()
    with tempfile.TemporaryDirectory() as folder:
        folder = Path(folder)
        table_path = folder / "kbnk.bin"
        script = probe_script(ensure_table(table_path), folder)
        env = {**os.environ, "KBNK_TABLE": str(table_path), "KBN_ACCESS_LOG": str(folder / "access.log")}
        results = {}
        for kind in ("werkzeug", "gunicorn"):
            port = free_port()
            with open(folder / f"{kind}.log", "wb") as log:
                server = start(kind, port, env, log)
                try:
                    run_wrk(wrk, port, script, argparse.Namespace(**{**vars(args), "duration": 2}))  # warm up
                    before, cpu = os.getloadavg()[0], cpu_seconds(server.pid)
                    result = run_wrk(wrk, port, script, args)
                    result["cpu_ms"] = (cpu_seconds(server.pid) - cpu) * 1000 / max(result["requests"], 1)
                    results[kind] = {**result, "load": (before, os.getloadavg()[0])}
                finally:
                    server.terminate()
                    server.wait(30)
    report(results, args)


def report(results: dict, args) -> None:
    print(f"wrk: {args.connections} connections, {args.threads} thread(s), {args.duration} s per server, "
          f"300 different KBNK probes; {os.cpu_count()} cores")
    cores = {"werkzeug": 1, "gunicorn": os.cpu_count()}  # one process under one GIL, or all cores
    for kind, name in (("werkzeug", "development (Werkzeug)"), ("gunicorn", "production (gunicorn)")):
        r = results[kind]
        print(f"{name:<24} {r['rate']:9.0f} req/s  p50 {r['p50']:6.2f} ms  p99 {r['p99']:7.2f} ms  "
              f"errors {r['errors']}  ({r['requests']} requests; load average {r['load'][0]:.2f} -> {r['load'][1]:.2f})")
        print(f"{'':<24} cpu {r['cpu_ms']:.3f} ms per request: at most {cores[kind] * 1000 / r['cpu_ms']:.0f} "
              f"req/s on {cores[kind]} core(s) with nothing else running")
    prod, dev = results["gunicorn"], results["werkzeug"]
    ratio = prod["rate"] / dev["rate"]
    capacity = (cores["gunicorn"] / prod["cpu_ms"]) / (cores["werkzeug"] / dev["cpu_ms"])
    print(f"ratio production / development: {ratio:.2f}x measured; {capacity:.2f}x in capacity "
          f"(cores / CPU per request, what an otherwise idle machine would show)")
    checks = [(f"ratio >= {TARGET_RATIO:g}x", ratio >= TARGET_RATIO),
              (f"production p99 <= {TARGET_P99_MS:g} ms", prod["p99"] <= TARGET_P99_MS),
              ("production errors = 0", prod["errors"] == 0)]
    print("targets: " + ", ".join(f"{name} {'met' if ok else 'MISSED'}" for name, ok in checks))


if __name__ == "__main__":
    main()
