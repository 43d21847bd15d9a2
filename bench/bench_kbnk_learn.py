"""The lessons page's speed on localhost: from the page request to a lesson position on the board,
ready for the learner's first move (the `kbn-learn-ready` mark: pieces drawn and the position's
value known), in Chromium, warm and cold browser cache; target <= 300 ms. Also the lesson API
(a position drawn by the lesson's criteria, with its probe and coach facts) per lesson.

Run: .venv/bin/python bench/bench_kbnk_learn.py [--loads 15] [--draws 200]"""

from __future__ import annotations

import argparse
import shutil
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench_kbn_page import p95, serve, timed_get_ms  # noqa: E402

from tablebase import kbnk  # noqa: E402
from tablebase.kbnk.lessons import LESSONS  # noqa: E402

TARGET_MS = 300


def ready_ms(base: str, loads: int, lesson: int, cold: bool) -> list[float]:
    from playwright.sync_api import sync_playwright

    executable = shutil.which("chromium") or shutil.which("chromium-browser")
    url = f"{base}/kbn/learn?lesson={lesson}"
    times = []
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=executable, args=["--no-sandbox", "--disable-gpu"])
        context = browser.new_context(viewport={"width": 1280, "height": 900})
        page = context.new_page()
        page.goto(url)
        page.wait_for_selector("#kbn-learn[data-ready]")
        for _ in range(loads):
            if cold:
                context.close()
                context = browser.new_context(viewport={"width": 1280, "height": 900})
                page = context.new_page()
            page.goto(url, wait_until="commit")
            page.wait_for_selector("#kbn-learn[data-ready]")
            times.append(page.evaluate("performance.getEntriesByName('kbn-learn-ready')[0].startTime"))
        context.close()
        browser.close()
    return times


def lesson_api_ms(base: str, lesson: int, draws: int) -> list[float]:
    return [timed_get_ms(base, f"/api/kbn/lesson?lesson={lesson}") for _ in range(draws)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--loads", type=int, default=15)
    parser.add_argument("--draws", type=int, default=200)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        table_path = kbnk.save_table(kbnk.build_table(), Path(tmp) / "kbnk.bin")
        server, base = serve(table_path)
        try:
            for lesson in LESSONS:
                trips = lesson_api_ms(base, lesson.number, args.draws)
                print(f"GET /api/kbn/lesson?lesson={lesson.number} ({len(trips)} draws): mean "
                      f"{statistics.mean(trips):.2f} ms, p95 {p95(trips):.2f} ms, max {max(trips):.2f} ms")
            for label, cold in (("warm cache", False), ("cold cache", True)):
                ready = ready_ms(base, args.loads, 1, cold)
                print(f"/kbn/learn request to lesson ready ({label}, {len(ready)} loads): mean "
                      f"{statistics.mean(ready):.0f} ms, max {max(ready):.0f} ms (target <= {TARGET_MS} ms)")
        finally:
            server.shutdown()


if __name__ == "__main__":
    main()
