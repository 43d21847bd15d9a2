"""What a server builds on request with its default limits (issues 35, 36), from the results file's
measured builds (``build --record``): the 3D tables it builds on request, the largest one's peak
memory and CPU, all of them together, and the worst a full build queue or one address's share of it
holds; then the same of what the endgames page's visit used to queue (a visit now queues none:
tests/cube/test_cube_results_browser.py) (every table up to 6x6x6 and
the one-man tables up to 10x10x10 under the previous defaults). The figures in docs/deploying.md
and docs/3d-endgames.md are this script's output.

    .venv/bin/python bench/bench_build_limits.py [--record]
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tablebase.cube.endgames import ALL_MATERIALS  # noqa: E402
from tablebase.cube.endgames.results import DEFAULT_PATH, Results, cost, entries  # noqa: E402
from tablebase.core.cube_notation import MAX_N  # noqa: E402
from tablebase.tables import MIN_CUBE, TableId  # noqa: E402
from webapp import create_app  # noqa: E402
from webapp.tables import make_store  # noqa: E402

BEFORE = {"one_man": 10, "two_men": 7, "bulk_entries": 200_000_000}  # the defaults before issue 35


BENCH = "bench/bench_build_limits.py"
ABOUT = ("Written by `bench/bench_build_limits.py --record` from results/3d.json's measured builds: what the "
         "default limits let a server build on request, and what a full queue or one address's share holds.")


def describe(tables: list[TableId], results: Results) -> dict:
    costs = [cost(results, t) for t in tables]
    return {"tables": len(tables), "cpu": round(sum(c.seconds for c in costs)),
            "peak_mb": round(max(c.peak_bytes for c in costs) / 1e6), "longest_cpu": round(max(c.seconds for c in costs), 1)}


def said(found: dict) -> str:
    return (f"{found['tables']} tables, {found['cpu']:,} CPU s in all; the largest build {found['peak_mb']:,} MB "
            f"peak, the longest {found['longest_cpu']:,} CPU s")


def measure() -> dict:
    results = Results.read(DEFAULT_PATH)
    app = create_app({"TABLES": "/nonexistent", "CUBE_RESULTS": str(DEFAULT_PATH)})
    limits = make_store(app.config).limits
    cube = [TableId.cube(m, n) for n in range(MIN_CUBE, MAX_N + 1) for m in ALL_MATERIALS]
    served = [t for t in cube if limits.allows(t)]
    worst = sorted((cost(results, t).seconds for t in served), reverse=True)
    visit = [t for t in cube if t.n <= {1: BEFORE["one_man"], 2: BEFORE["two_men"]}[len(t.material.pieces)]
             and entries(t.material, t.n) <= BEFORE["bulk_entries"]]
    return {"limits": {"one_man": limits.one_man, "two_men": limits.two_men, "custom_n": limits.custom_n,
                       "custom_tables": limits.custom_tables, "queue": limits.queue,
                       "per_address": limits.queue_per_client},
            "served": describe(served, results),
            "queue": {"full_cpu": round(sum(worst[:limits.queue])), "share_cpu": round(sum(worst[:limits.queue_per_client]))},
            "visit_before": describe(visit, results)}


def limits_block(results: dict) -> str:
    """The docs' sentence (docs/deploying.md, docs/3d-endgames.md)."""
    run = results["runs"]["defaults"]
    return (f"What the default limits allow, from the results file's measured builds ({run['on']}): "
            f"{said(run['served'])}; a full queue holds at most {run['queue']['full_cpu']:,} CPU s of builds, "
            f"one address's share at most {run['queue']['share_cpu']:,} CPU s. A visit of the endgames page used "
            f"to queue {said(run['visit_before'])}; it now queues none.")


BLOCKS = {"limits": limits_block}


def main() -> None:
    found = measure()
    limits = found["limits"]
    print(f"default limits: one man n <= {limits['one_man']}, two men n <= {limits['two_men']}, custom n <= "
          f"{limits['custom_n']} and {limits['custom_tables']} custom tables kept; queue {limits['queue']}, "
          f"{limits['per_address']} per address")
    print(f"built on request (the default limits): {said(found['served'])}")
    print(f"a full queue at most {found['queue']['full_cpu']:,} CPU s of builds; one address's share at most "
          f"{found['queue']['share_cpu']:,} CPU s")
    print(f"what a visit queued before (the previous defaults): {said(found['visit_before'])}")
    if "--record" in sys.argv[1:]:
        import figures  # bench/figures.py

        results = figures.record(BENCH, {"defaults": found}, ABOUT)
        for path in figures.write_docs(BENCH, BLOCKS, results):
            print(f"wrote {path.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
