"""What a server builds on request with its default limits (issues 35, 36), from the results file's
measured builds (``build --record``): the 3D tables it builds on request, the largest one's peak
memory and CPU, all of them together, and the worst a full build queue or one address's share of it
holds; then the same of what the endgames page's visit used to queue (a visit now queues none:
tests/cube/test_cube_results_browser.py) (every table up to 6x6x6 and
the one-man tables up to 10x10x10 under the previous defaults). The figures in docs/deploying.md
and docs/3d-endgames.md are this script's output.

    .venv/bin/python bench/bench_build_limits.py
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tablebase.cube.endgames import ALL_MATERIALS  # noqa: E402
from tablebase.cube.endgames.results import DEFAULT_PATH, Results, cost, entries  # noqa: E402
from tablebase.tables import MAX_CUBE, MIN_CUBE, TableId  # noqa: E402
from webapp import create_app  # noqa: E402
from webapp.tables import make_store  # noqa: E402

BEFORE = {"one_man": 10, "two_men": 7, "bulk_entries": 200_000_000}  # the defaults before issue 35


def _mb(count: float) -> str:
    return f"{count / 1e6:,.0f} MB"


def describe(tables: list[TableId], results: Results) -> str:
    costs = [cost(results, t) for t in tables]
    largest = max(costs, key=lambda c: c.peak_bytes)
    return (f"{len(tables)} tables, {sum(c.seconds for c in costs):,.0f} CPU s in all; the largest build "
            f"{_mb(largest.peak_bytes)} peak, the longest {max(c.seconds for c in costs):,.1f} CPU s")


def main() -> None:
    results = Results.read(DEFAULT_PATH)
    app = create_app({"TABLES": "/nonexistent", "CUBE_RESULTS": str(DEFAULT_PATH)})
    limits = make_store(app.config).limits
    cube = [TableId.cube(m, n) for n in range(MIN_CUBE, MAX_CUBE + 1) for m in ALL_MATERIALS]
    served = [t for t in cube if limits.allows(t)]
    print(f"default limits: one man n <= {limits.one_man}, two men n <= {limits.two_men}, custom n <= "
          f"{limits.custom_n} and {limits.custom_tables} custom tables kept; queue {limits.queue}, "
          f"{limits.queue_per_client} per address")
    print(f"built on request (the default limits): {describe(served, results)}")
    worst = sorted((cost(results, t).seconds for t in served), reverse=True)
    print(f"a full queue at most {sum(worst[:limits.queue]):,.0f} CPU s of builds; one address's share at most "
          f"{sum(worst[:limits.queue_per_client]):,.0f} CPU s")
    visit = [t for t in cube if t.n <= {1: BEFORE["one_man"], 2: BEFORE["two_men"]}[len(t.material.pieces)]
             and entries(t.material, t.n) <= BEFORE["bulk_entries"]]
    print(f"what a visit queued before (the previous defaults): {describe(visit, results)}")


if __name__ == "__main__":
    main()
