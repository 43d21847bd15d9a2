"""Lighthouse (npm's, pinned in package-lock.json) on every page of the app as ``./dev serve`` serves
it (gunicorn on 127.0.0.1, its tables built first in a folder of the bench's own), in Debian's
Chromium at both of Lighthouse's form factors: a phone's screen (its mobile emulation and simulated
throttling) and a desktop's (``--preset=desktop``). Prints per page and form factor: performance,
accessibility, best practices, SEO (scores out of 100) and the cumulative layout shift, each against
its target, and the machine's 1-minute load average after them; with ``--details`` every audit that
cost a page points.

Targets: performance >= 95; accessibility, best practices and SEO 100; layout shift <= 0.1.

Run: .venv/bin/python bench/bench_lighthouse.py [--runs 3] [--only /kbn,/3d] [--form-factors mobile]
     [--details] [--record]
     (--record keeps each page's figures in results/bench_lighthouse.json, a page measured again
     replacing its earlier ones, and writes the docs' block: bench/figures.py)
     (``npm ci`` first if node_modules is missing; CHROME_PATH picks another Chromium)"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from serving import free_port, wait_healthy  # noqa: E402

from webapp.tables import build_page_tables  # noqa: E402

PAGES = ("/", "/mates", "/mates/KQK", "/mates/learn", "/kbn", "/kbn/learn", "/3d", "/3d/endgames",
         "/moves", "/solitaire", "/api")
CATEGORIES = ("performance", "accessibility", "best-practices", "seo")
TARGETS = {"performance": 95, "accessibility": 100, "best-practices": 100, "seo": 100}
CLS_TARGET = 0.1
BENCH = "bench/bench_lighthouse.py"
ABOUT = ("Written by `bench/bench_lighthouse.py --record`: per page and form factor (`/kbn mobile`), the median of "
         "its runs of Lighthouse's four scores out of 100 and the cumulative layout shift, and the machine's "
         "1-minute load average once they were measured.")
ATTEMPTS = 3  # runs of Lighthouse on a page before the bench gives up
FORM_FACTORS = {"mobile": ["--form-factor=mobile"], "desktop": ["--preset=desktop"]}
LIGHTHOUSE = ROOT / "node_modules" / ".bin" / "lighthouse"
GUNICORN = Path(sys.executable).with_name("gunicorn")
# Headless, and no traffic of Chromium's own (updates, sync, safe browsing): the pages' alone.
CHROME_FLAGS = ("--headless=new --no-sandbox --disable-gpu --no-first-run --disable-background-networking "
                "--disable-component-update --disable-sync --disable-default-apps --disable-domain-reliability "
                "--disable-client-side-phishing-detection --metrics-recording-only")


def start_server(port: int, tables: Path) -> subprocess.Popen:
    env = {**os.environ, "KBN_TABLES": str(tables), "WEB_CONCURRENCY": "2", "KBN_ACCESS_LOG": ""}
    return subprocess.Popen([str(GUNICORN), "-c", "gunicorn.conf.py", "--bind", f"127.0.0.1:{port}",
                             "webapp.wsgi:app"], cwd=ROOT, env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def lighthouse(url: str, report: Path, form_factor: str = "mobile") -> dict:
    """One Lighthouse run on ``url`` at ``form_factor`` (mobile, desktop): its JSON report."""
    env = {**os.environ, "CHROME_PATH": os.environ.get("CHROME_PATH", "/usr/bin/chromium")}
    command = [str(LIGHTHOUSE), url, "--quiet", "--output=json", f"--output-path={report}",
               f"--only-categories={','.join(CATEGORIES)}", *FORM_FACTORS[form_factor],
               "--no-enable-error-reporting", f"--chrome-flags={CHROME_FLAGS}"]
    for attempt in range(ATTEMPTS):  # a busy machine makes Lighthouse lose a trace now and then (NO_NAVSTART)
        done = subprocess.run(command, env=env, capture_output=True, text=True, timeout=300)
        if done.returncode == 0:
            return json.loads(report.read_text())
        print(f"lighthouse failed on {url} (attempt {attempt + 1} of {ATTEMPTS})", file=sys.stderr, flush=True)
    raise SystemExit(f"lighthouse failed on {url}:\n{done.stderr[-2000:]}")


def figures(report: dict) -> dict:
    """The four scores out of 100 and the layout shift of one report."""
    scores = {name: round(100 * (report["categories"][name]["score"] or 0)) for name in CATEGORIES}
    return {**scores, "cls": report["audits"]["cumulative-layout-shift"]["numericValue"]}


def lost_points(report: dict) -> list[str]:
    """Each audit that counts in a category and did not pass, with its title and what it shows."""
    lost = []
    for name in CATEGORIES:
        for ref in report["categories"][name]["auditRefs"]:
            audit = report["audits"][ref["id"]]
            if ref["weight"] and audit["score"] is not None and audit["score"] < 1:
                lost.append(f"{name}: {ref['id']} ({audit['score']:.2f}) {audit['title']}"
                            + (f" - {audit['displayValue']}" if audit.get("displayValue") else ""))
    for shift in report["audits"].get("layout-shifts", {}).get("details", {}).get("items", []):
        node = shift.get("node", {})
        lost.append(f"layout shift {shift.get('score', 0):.3f}: {node.get('selector', '?')}")
    return lost


def median_figures(runs: list[dict]) -> dict:
    return {key: statistics.median(run[key] for run in runs) for key in runs[0]}


def mark(value: float, target: float, higher: bool = True) -> str:
    return "" if (value >= target if higher else value <= target) else " *"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=1, help="runs per page; the median is shown")
    parser.add_argument("--only", default="", help="comma-separated pages (default: every page)")
    parser.add_argument("--form-factors", default="mobile,desktop", help="mobile, desktop or both")
    parser.add_argument("--details", action="store_true", help="list the audits that cost points")
    parser.add_argument("--record", action="store_true", help="keep the figures and write the docs' block")
    args = parser.parse_args()
    if not LIGHTHOUSE.exists():
        raise SystemExit("no node_modules/.bin/lighthouse: run `npm ci` first")
    pages = args.only.split(",") if args.only else PAGES
    forms = [form for form in args.form_factors.split(",") if form]
    with tempfile.TemporaryDirectory() as folder:
        tables = Path(folder) / "tables"
        tables.mkdir()
        build_page_tables(tables)
        port = free_port()
        server = start_server(port, tables)
        try:
            wait_healthy(port, server)
            rows = []
            for page in pages:
                for form in forms:
                    runs, details = [], []
                    for run in range(args.runs):
                        report = lighthouse(f"http://127.0.0.1:{port}{page}", Path(folder) / f"report-{run}.json", form)
                        runs.append(figures(report))
                        details = lost_points(report)
                    load = round(os.getloadavg()[0], 1)  # the machine's other work, which performance moves with
                    rows.append((f"{page} {form}", {**median_figures(runs), "load": load}, details))
                    print(f"measured {page} {form}", file=sys.stderr, flush=True)
        finally:
            server.terminate()
            server.wait(30)
    measured = {key: {**got, "runs": args.runs, "lighthouse": lighthouse_version()} for key, got, _ in rows}
    print(report_table(measured))
    if args.details:
        for key, _, details in rows:
            for line in details:
                print(f"{key}: {line}")
    if args.record:
        import figures as doc_figures  # bench/figures.py (this module's ``figures`` is a report's)

        kept = doc_figures.record(BENCH, measured, ABOUT)
        for path in doc_figures.write_docs(BENCH, BLOCKS, kept):
            print(f"wrote {path.relative_to(ROOT)}")


def report_table(measured: dict) -> str:
    """The table of ``{"/kbn mobile": figures}``, pages in the bench's order, then its summary."""
    order = {page: index for index, page in enumerate(PAGES)}
    keys = sorted(measured, key=lambda key: (order.get(key.rsplit(" ", 1)[0], len(PAGES)), key))
    runs = sorted({got["runs"] for got in measured.values()})
    versions = sorted({got["lighthouse"] for got in measured.values()})
    lines = [f"Lighthouse {' and '.join(versions)}, median of {' or '.join(map(str, runs))} run(s) per page "
             f"(* misses its target: performance >= 95, the others 100, layout shift <= {CLS_TARGET}):", "",
             "| page | form factor | performance | accessibility | best practices | SEO | layout shift | measured | load average |",
             "| --- | --- | --- | --- | --- | --- | --- | --- | --- |"]
    for key in keys:
        got = measured[key]
        page, form = key.rsplit(" ", 1)
        scores = " | ".join(f"{got[name]:.0f}{mark(got[name], TARGETS[name])}" for name in CATEGORIES)
        load = f"{got['load']:.1f}" if "load" in got else "—"
        lines.append(f"| `{page}` | {form} | {scores} | {got['cls']:.3f}{mark(got['cls'], CLS_TARGET, higher=False)} | "
                     f"{got.get('on', 'now')} | {load} |")
    missed = sum(any(mark(got[n], TARGETS[n]) for n in CATEGORIES) or got["cls"] > CLS_TARGET for got in measured.values())
    lines += ["", f"{len(measured) - missed} of {len(measured)} pages and form factors meet every target."]
    return "\n".join(lines)


def scores_block(results: dict) -> str:
    """The docs' table (docs/page-quality.md#lighthouse) from the results file."""
    return report_table(results["runs"]) + "\n"


BLOCKS = {"scores": scores_block}


def lighthouse_version() -> str:
    return json.loads((ROOT / "node_modules" / "lighthouse" / "package.json").read_text())["version"]


if __name__ == "__main__":
    main()
