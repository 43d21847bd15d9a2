"""The lessons page's speed on localhost: from the page request to a lesson position on the board,
ready for the learner's first move (the `trainer-learn-ready` mark: pieces drawn and the position's
value known), in Chromium, warm and cold browser cache; target <= 300 ms. Also the lesson API
(a position drawn by the lesson's criteria, with its probe and coach facts) per lesson.

Run: .venv/bin/python bench/bench_kbnk_learn.py [--loads 15] [--draws 200]"""

from __future__ import annotations

import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench_kbn_page import (  # noqa: E402
    bench_args,
    live_server_with_table,
    mark_times_ms,
    p95,
    timed_get_ms,
)

from tablebase.mates.lessons import KBN_LESSONS as LESSONS  # noqa: E402

TARGET_MS = 300


def ready_ms(base: str, loads: int, lesson: int, cold: bool) -> list[float]:
    return mark_times_ms(f"{base}/kbn/learn?lesson={lesson}", "#trainer-learn[data-ready]", "trainer-learn-ready", loads, cold)


def lesson_api_ms(base: str, lesson: int, draws: int) -> list[float]:
    return [timed_get_ms(base, f"/api/kbn/lesson?lesson={lesson}") for _ in range(draws)]


def main() -> None:
    args = bench_args(__doc__, loads=15, draws=200)
    with live_server_with_table() as (_, base):
        for lesson in LESSONS:
            trips = lesson_api_ms(base, lesson.number, args.draws)
            print(f"GET /api/kbn/lesson?lesson={lesson.number} ({len(trips)} draws): mean "
                  f"{statistics.mean(trips):.2f} ms, p95 {p95(trips):.2f} ms, max {max(trips):.2f} ms")
        for label, cold in (("warm cache", False), ("cold cache", True)):
            ready = ready_ms(base, args.loads, 1, cold)
            print(f"/kbn/learn request to lesson ready ({label}, {len(ready)} loads): mean "
                  f"{statistics.mean(ready):.0f} ms, max {max(ready):.0f} ms (target <= {TARGET_MS} ms)")


if __name__ == "__main__":
    main()
