"""What ``bench/bench_http.py --record`` keeps (``results/bench_http.json``, bench/figures.py) and the
docs' blocks it writes from it (docs/deploying.md#why-this-layout-measured): ``layouts``, the slow
clients and heavy solves on each layout measured, and ``servers``, the production server against
the development server under ``wrk``."""

from __future__ import annotations

import os

BENCH = "bench/bench_http.py"
ABOUT = ("Written by `bench/bench_http.py --record`: `servers`, each server's requests/s, p50 and p99 (ms), CPU per "
         "request (ms), cores busy, errors and load average under wrk, and the app's own CPU per request (ms); "
         "`layouts`, per layout the probes answered within 1 s beside slow clients, the slowest (s), and the heavy "
         "solves' end times (s) against one alone, with how many workers took one.")
FULL_RUN = 60  # seconds per server of a full run: a shorter one says so


def measured(results: dict, edge: dict, app_ms: float, args) -> dict:
    """The run's figures as the results file keeps them (``results`` after ``report``)."""
    servers = {"duration": args.duration, "slice": args.slice, "connections": args.connections,
               "threads": args.threads, "cores": os.cpu_count() or 1, "app_ms": round(app_ms, 4)}
    for kind, name in (("werkzeug", "development"), ("gunicorn", "production")):
        r = results[kind]
        servers[name] = {"rate": round(r["rate"], 1), "p50": round(r["p50"], 2), "p99": round(r["p99"], 2),
                         "errors": r["errors"], "requests": r["requests"], "cpu_ms": round(r["cpu_ms"], 4),
                         "cores": round(r["cpu"] / r["seconds"], 3), "load": [min(r["load"]), max(r["load"])]}
    layouts = {}
    for name, found in edge.items():
        slow, load = found["slow"], found["heavy"]
        one_solve = sum(load["worker_cpu"]) / len(load["finished"])
        layouts[name] = {"within": slow["within_1s"], "probes": slow["probes"], "slowest": round(slow["slowest"], 3),
                         "single": round(load["single"], 3), "finished": [round(t, 3) for t in load["finished"]],
                         "workers_took": sum(1 for t in load["worker_cpu"] if t >= 0.5 * one_solve),
                         **({"rate": round(found["rate"], 1)} if "rate" in found else {})}
    return {"servers": servers, "layouts": {"slow": args.slow, "slice": args.slice, "layouts": layouts}}


def record(results: dict, edge: dict, app_ms: float, args, root) -> None:
    import figures  # bench/figures.py

    kept = figures.record(BENCH, measured(results, edge, app_ms, args), ABOUT)
    for path in figures.write_docs(BENCH, BLOCKS, kept):
        print(f"wrote {path.relative_to(root)}")


def _short(run: dict) -> str:
    return f" (a short run: {run['duration']} s per server, a full one {FULL_RUN})" if run["duration"] < FULL_RUN else ""


def servers_block(results: dict) -> str:
    """The table of the two servers under ``wrk``, and what the run says of them."""
    run = results["runs"]["servers"]
    dev, prod = run["development"], run["production"]
    low, high = min(dev["load"][0], prod["load"][0]), max(dev["load"][1], prod["load"][1])
    lines = [f"Its run of {run['on']} ({run['machine']}; {run['connections']} connections, turns of {run['slice']} s"
             f"{_short(run)}; load average {low:.1f} to {high:.1f}):", "",
             "| server | requests/s | p50 · p99 | CPU per request | of it, the server's own | cores busy |",
             "| --- | --- | --- | --- | --- | --- |"]
    for name, r in (("development (Werkzeug)", dev), ("production (gunicorn, gevent)", prod)):
        lines.append(f"| {name} | {r['rate']:,.0f} | {r['p50']:.1f} · {r['p99']:.1f} ms | {r['cpu_ms']:.2f} ms | "
                     f"{r['cpu_ms'] - run['app_ms']:.2f} ms | {r['cores']:.2f} |")
    lines += ["", f"- **{prod['rate'] / dev['rate']:.2f}x** the development server's requests/s, "
                  f"{prod['errors']} errors (target ≥ 3x, p99 ≤ 10 ms, no error).",
              f"- The app itself costs {run['app_ms']:.2f} ms per probe (WSGI calls with no server), so the "
              f"development server spends {dev['cpu_ms'] / prod['cpu_ms']:.1f} times production's CPU per request, "
              f"and one process (one GIL) keeps it near one core while gunicorn's workers use {prod['cores']:.2f}."]
    return "\n".join(lines) + "\n"


def _solves(found: dict) -> str:
    ends = found["finished"]
    if found["workers_took"] <= 1:
        return f"one worker took all four: they ended at {', '.join(f'{t:.2f}' for t in ends)} s"
    return (f"{found['workers_took']} workers took one each: they ended at {ends[0]:.2f} to {ends[-1]:.2f} s, "
            f"{ends[-1] / found['single']:.1f}x one alone ({found['single']:.2f} s)")


NAMES = {"gunicorn gthread": "gunicorn gthread, 1 thread", "nginx + gunicorn sync": "nginx in front of gunicorn's sync workers",
         "production (gevent)": "gunicorn with gevent's workers (this layout)"}


def layouts_block(results: dict) -> str:
    """The table of the layouts beside slow clients and heavy solves."""
    run = results["runs"]["layouts"]
    lines = [f"Its run of {run['on']} ({run['machine']}): 50 slow clients (40 trickling headers, 10 bodies, for "
             f"{run['slow']} s) against probes of `/healthz` and `/api/tablebase` every 0.25 s, then 4 heavy solitaire "
             "solves at once (the CPU time each worker spent on them tells where they ran, whatever the machine's "
             "other load did to the wall times):", "",
             "| layout | probes answered within 1 s | 4 heavy solves at once |", "| --- | --- | --- |"]
    order = list(NAMES)  # the layouts considered first, this one last (the results file sorts its keys)
    for name, found in sorted(run["layouts"].items(), key=lambda item: (order.index(item[0]) if item[0] in order
                                                                        else len(order), item[0])):
        lines.append(f"| {NAMES.get(name, name)} | {found['within']} of {found['probes']} "
                     f"({found['within'] / max(found['probes'], 1):.0%}), the slowest {found['slowest']:.2f} s | "
                     f"{_solves(found)} |")
    proxy = run["layouts"].get("nginx + gunicorn sync", {}).get("rate")
    servers = results["runs"].get("servers", {})
    if proxy and servers.get("on") == run["on"]:
        lines += ["", f"Under `wrk` in the same run: nginx and sync workers {proxy:,.0f} requests/s for {run['slice']} s, "
                      f"gevent's workers {servers['production']['rate']:,.0f}."]
    return "\n".join(lines) + "\n"


BLOCKS = {"servers": servers_block, "layouts": layouts_block}
