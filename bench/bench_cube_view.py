"""The 3D lab's turnable view in Chromium, n = 10 with 30 pieces (targets: frame time while orbiting
<= 16 ms; a selection to its rays drawn <= 50 ms including the server round trip).

- Orbiting: a real mouse drag on the scene's empty space while Chromium records its performance
  timeline (CDP tracing, devtools.timeline); per frame, the renderer main thread's work (the
  tasks between two BeginMainThreadFrame events: input, rAF, style, layout, paint) and the
  interval between frames the compositor drew.
- Selection to rays: in the page, from the click (pointer events on a cube) to the rays in the
  DOM: (a) clicking an empty cube with a queen selected, which moves her, so the position's report
  comes from POST /api/3d/position first (server round trip included); (b) clicking a piece of a
  position whose report is already there.

Run: .venv/bin/python bench/bench_cube_view.py [--headed-gpu] [--seconds 3]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import statistics
import sys
import tempfile
import threading
from pathlib import Path
from urllib.parse import quote

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from werkzeug.serving import WSGIRequestHandler, make_server  # noqa: E402

from tablebase.core.cube_notation import CubePosition  # noqa: E402
from webapp import create_app  # noqa: E402

N, PIECES = 10, 30


class QuietHandler(WSGIRequestHandler):
    def log_request(self, *args) -> None:
        pass


def serve():
    app = create_app({"TABLES": tempfile.mkdtemp(prefix="tables-")})  # the 3D lab needs no table
    server = make_server("127.0.0.1", 0, app, threaded=True, request_handler=QuietHandler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_port}"


def board_with_queen(rng: random.Random) -> tuple[str, list[int]]:
    """30 pieces on n = 10 (kings, 14 white, 14 black), White's queen on the top level."""
    cubes = rng.sample(range(N * N, N ** 3), PIECES - 1)
    queen = rng.randrange(N * N)
    cells = ["#"] * N ** 3
    cells[queen] = "Q"
    symbols = ["K", "k"] + [rng.choice("QRBN") for _ in range(13)] + [rng.choice("qrbn") for _ in range(14)]
    for cube, symbol in zip(cubes, symbols):
        cells[cube] = symbol
    layers = ["[" + ",".join("".join(cells[z * N * N + y * N: z * N * N + y * N + N]) for y in range(N)) + "]"
              for z in range(N)]
    board = ",".join(layers)
    CubePosition.parse(board)  # a legal board for the server
    return board, [queen % N, queen // N % N, 0]


def percentile(values, p):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


def summary(values) -> str:
    return (f"median {statistics.median(values):.1f} ms, p95 {percentile(values, 95):.1f} ms, "
            f"max {max(values):.1f} ms ({len(values)} samples)")


def frame_figures(trace) -> dict[str, list[float]]:
    """Per frame, from a devtools trace: the renderer main thread's work (its tasks between two of
    the compositor's begin-frames: input, rAF, style, layout, paint), the display compositor's draw
    (Display::DrawAndSwap, software when there is no GPU), and the interval between drawn frames."""
    events = trace["traceEvents"] if isinstance(trace, dict) else trace
    names = {(e["pid"], e["tid"]): e["args"]["name"] for e in events if e.get("name") == "thread_name"}

    def on(thread, *wanted):
        return [e for e in events if e.get("ph") == "X" and e.get("name") in wanted
                and names.get((e.get("pid"), e.get("tid"))) == thread]

    updates = sorted(e["ts"] for e in on("Compositor", "Scheduler::BeginImplFrame"))
    tasks = on("CrRendererMain", "ThreadControllerImpl::RunTask")
    work = []
    for start, end in zip(updates, updates[1:]):
        busy = sum(min(t["ts"] + t["dur"], end) - max(t["ts"], start)
                   for t in tasks if t["ts"] < end and t["ts"] + t["dur"] > start)
        work.append(busy / 1000)
    draws = sorted(on("VizCompositorThread", "Display::DrawAndSwap"), key=lambda e: e["ts"])
    return {
        "main": work,
        "draw": [e["dur"] / 1000 for e in draws],
        "interval": [(b["ts"] - a["ts"]) / 1000 for a, b in zip(draws, draws[1:])],
    }


ORBIT = """async ([seconds]) => {
    // A drag at the display's rate: one pointermove per animation frame, through the board's own
    // pointer handling (the press that started the drag came from the real mouse).
    const id = window.__pointerId;
    const frames = [];
    const start = performance.now();
    await new Promise((done) => {
        const tick = (now) => {
            frames.push(now);
            const t = (now - start) / 1000;
            window.dispatchEvent(new PointerEvent('pointermove', {
                bubbles: true, cancelable: true, pointerId: id, pointerType: 'mouse', isPrimary: true,
                clientX: window.__x + 240 * Math.sin(t * 2.1), clientY: window.__y + 60 * Math.sin(t * 1.3),
            }));
            if (t < seconds) requestAnimationFrame(tick); else done();
        };
        requestAnimationFrame(tick);
    });
    return frames;
}"""


def orbit(page, browser, seconds: float) -> dict[str, list[float]]:
    box = page.locator(".board.view-space").bounding_box()
    x, y = box["x"] + 24, box["y"] + 70
    page.evaluate("""([x, y]) => {
        window.__x = x; window.__y = y;
        window.addEventListener('pointerdown', (e) => (window.__pointerId = e.pointerId), { capture: true, once: true });
    }""", [x, y])
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x + 10, y, steps=2)  # past the drag threshold: the board now turns the view
    before = camera(page)
    browser.start_tracing(page=page, categories=["devtools.timeline", "disabled-by-default-devtools.timeline",
                                                 "toplevel", "viz", "cc", "benchmark"])
    raf = page.evaluate(ORBIT, [seconds])
    trace = json.loads(browser.stop_tracing())
    page.mouse.up()
    assert camera(page) != before, "the drag did not turn the view"
    figures = frame_figures(trace)
    figures["raf"] = [b - a for a, b in zip(raf, raf[1:])]
    return figures


def camera(page) -> str:
    return page.eval_on_selector(".board-layers", "el => el.style.transform")


SELECT_TO_RAYS = """async ([target]) => {
    const el = document.querySelector(`[data-cube="${target}"]`);
    const r = el.getBoundingClientRect();
    const at = { bubbles: true, clientX: r.x + r.width / 2, clientY: r.y + r.height / 2, pointerId: 7,
                 pointerType: 'mouse', button: 0, isPrimary: true };
    const svg = document.querySelector('.board-arrows');
    return await new Promise((resolve) => {
        const start = performance.now();
        const observer = new MutationObserver(() => {
            if (svg.querySelector(`.ray[data-ray^="${target}>"]`)) {
                observer.disconnect();
                resolve(performance.now() - start);
            }
        });
        observer.observe(svg, { childList: true, subtree: true });
        el.dispatchEvent(new PointerEvent('pointerdown', at));
        window.dispatchEvent(new PointerEvent('pointerup', at));
        setTimeout(() => { observer.disconnect(); resolve(NaN); }, 3000);
    });
}"""


def selections(page, queen: list[int], count: int) -> tuple[list[float], list[float]]:
    """(a) moves of the selected queen to empty top-level cubes: report round trip, then rays;
    (b) selecting her again when the report is there: rays at once."""
    page.click('#lab-strip [data-layer="0"]')  # the top level alone: every cube can be clicked
    key = ",".join(map(str, queen))
    page.evaluate(SELECT_TO_RAYS, [key])  # select her (the spare was disarmed by the drag before)
    with_report, local = [], []
    empties = page.eval_on_selector_all('.board-layer[data-layer="0"] .sq:not(.has-piece)',
                                        "els => els.map(e => e.dataset.cube)")
    for target in empties[:count]:
        with_report.append(page.evaluate(SELECT_TO_RAYS, [target]))  # she moves there, stays selected
        page.wait_for_timeout(30)
        page.keyboard.press("Escape")
        local.append(page.evaluate(SELECT_TO_RAYS, [target]))
    return with_report, local


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--selections", type=int, default=25)
    parser.add_argument("--gpu", action="store_true", help="let Chromium use its GPU (software GL when none)")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    board, queen = board_with_queen(random.Random(11))
    server, base = serve()
    flags = ["--no-sandbox"] + ([] if args.gpu else ["--disable-gpu"])
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=shutil.which("chromium"), args=flags)
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        page.goto(f"{base}/3d?board={quote(board, safe='')}")
        page.wait_for_selector("[data-status]:not([data-status=pending])")
        page.click("[data-view=space]")
        page.wait_for_selector(".board.view-space")
        page.locator(".board").scroll_into_view_if_needed()
        assert page.locator("[data-spare][aria-pressed=true]").count() == 0  # nothing armed: clicks select
        frames = orbit(page, browser, args.seconds)
        with_report, local = selections(page, queen, args.selections)
        browser.close()
    server.shutdown()
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    print(f"3D view, n={N}, {PIECES} pieces, 1280x900, Chromium {'with' if args.gpu else 'without'} GPU "
          f"({os.cpu_count()} CPUs, load average {load}):")
    print(f"  orbiting, frame time (interval between drawn frames): {summary(frames['interval'])}  (target <= 16 ms)")
    print(f"    main thread's work per frame (input, rAF, style, layout, paint): {summary(frames['main'])}")
    print(f"    compositor's draw per frame (Display::DrawAndSwap): {summary(frames['draw'])}")
    print(f"    requestAnimationFrame interval: {summary(frames['raf'])}")
    print(f"  selection to rays, new position (POST /api/3d/position first): {summary(with_report)}"
          f"  (target <= 50 ms)")
    print(f"  selection to rays, report already there:  {summary(local)}")


if __name__ == "__main__":
    main()
