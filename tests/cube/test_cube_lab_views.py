"""Every view of the 3D lab usable on a phone (390x844) and a desk (1280x800) for 2 <= n <= 10: Flat,
Perspective and 3D; sliced into levels, ranks or files; all layers or one. The board takes most of
the width (its planes, or the 3D scene), nothing of it lies over a control (a button, a select, a
text box, a link), no piece drawn in the 3D view is cut off by the scene's edge, and the page never
scrolls sideways. (The Perspective view on a phone once shrank to a 90x50 px thumbnail on top of
the layer buttons.)"""

from __future__ import annotations

import re

import pytest
from tests.helpers.cube import board_text, open_lab
from tests.helpers.phone import DESK, PHONE
from playwright.sync_api import expect

pytestmark = pytest.mark.browser


# The facts a user judges by, measured after two frames (the 3D view lays out on resize).
MEASURE = """async () => {
  await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
  const board = document.querySelector('.board');
  const space = board.classList.contains('view-space');
  const boxes = (selector) => [...board.querySelectorAll(selector)].map((el) => el.getBoundingClientRect())
    .filter((r) => r.width > 0 && r.height > 0);
  const grids = boxes('.board-layer:not([hidden]) .board-grid');
  const pieces = boxes('.board-layer:not([hidden]) .piece');
  const scene = board.getBoundingClientRect();
  const narrow = window.innerWidth < 640;
  const column = document.querySelector(narrow ? '#cube-lab' : '.lab-main').getBoundingClientRect();
  const drawn = grids.length ? Math.max(...grids.map((r) => r.right)) - Math.min(...grids.map((r) => r.left)) : 0;
  const meets = (a, b) => a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1;
  const parts = space ? [scene] : [...grids, ...pieces];
  const controls = [...document.querySelectorAll('button, select, textarea, input, a[href]')]
    .filter((el) => !board.contains(el) && el.checkVisibility());
  const covered = controls.filter((el) => {
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) return false;
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return parts.some((p) => meets(r, p)) || (hit && board.contains(hit));
  }).map((el) => el.textContent.trim() || el.id || el.getAttribute('aria-label'));
  const cut = space ? pieces.filter((r) => r.left < scene.left - 1 || r.right > scene.right + 1 ||
                                           r.top < scene.top - 1 || r.bottom > scene.bottom + 1).length : 0;
  return {
    width: space ? scene.width : drawn, column: column.width, drawn, scene: [scene.width, scene.height],
    covered, cut, pieces: pieces.length, overflow: document.documentElement.scrollWidth > window.innerWidth,
  };
}"""


def position(n: int) -> str:
    """Kings in opposite corners and a few men spread over the layers, at any n."""
    if n == 2:
        return "[rq,##],[##,K#]"
    c = n // 2
    return board_text(n, {(0, n - 1, n - 1): "K", (n - 1, 0, 0): "k", (c, n - 1, c): "Q", (1, 0, n - 1): "r",
                          (n - 1, n - 1, 0): "B", (0, 0, c): "n"})


def press(page, selector: str) -> None:
    """A click by script: a control the board covers is reported by MEASURE, not a timeout here."""
    page.eval_on_selector(selector, "el => el.click()")


@pytest.mark.parametrize("size", ["phone", "desk"])
@pytest.mark.parametrize("view", ["layers", "stack", "space"])
def test_every_view_at_every_size_n_axis_and_layer_choice(browser, live_server, size, view):
    viewport = PHONE if size == "phone" else DESK
    context = browser.new_context(viewport=viewport, base_url=live_server, bypass_csp=True,
                                  has_touch=size == "phone")
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    share = 0.7 if size == "phone" else 0.5  # of the page's width on a phone, of the board's column on a desk
    failures = []
    try:
        for n in range(2, 11):
            open_lab(page, position(n))
            press(page, f"button[data-view={view}]")
            for axis in ("z", "y", "x"):
                press(page, f"button[data-axis={axis}]")
                expect(page.locator(".board")).to_have_attribute("data-axis", axis)
                for layer in ("all", str(n // 2)):
                    press(page, f"#lab-strip [data-layer='{layer}']")
                    got = page.evaluate(MEASURE)
                    where = f"{size} {view} n={n} axis={axis} layer={layer}: {got}"
                    if got["width"] < share * got["column"]:
                        failures.append(f"the board is {got['width']:.0f} px of {got['column']:.0f}: {where}")
                    if view == "space" and got["drawn"] < 0.5 * min(got["scene"]):
                        failures.append(f"the cube is drawn small in its scene: {where}")
                    if got["covered"]:
                        failures.append(f"the board lies over {got['covered']}: {where}")
                    if got["cut"]:
                        failures.append(f"{got['cut']} pieces cut off by the scene's edge: {where}")
                    if got["overflow"]:
                        failures.append(f"the page scrolls sideways: {where}")
        assert not failures, "\n".join(failures[:12]) + f"\n({len(failures)} in all)"
        assert not errors, errors
    finally:
        context.close()


# Each layer's name in the Perspective view: its lines of text, and whether it meets a square of its plane.
LABELS = """() => [...document.querySelectorAll('.board.view-stack .board-layer:not([hidden])')].map((layer) => {
  const label = layer.querySelector('.board-layer-label');
  const range = document.createRange();
  range.selectNodeContents(label);
  const lines = new Set([...range.getClientRects()].map((box) => Math.round(box.top))).size;
  // The text's own boxes, probed at points across them: a tilted plane (or a piece) drawn over them is hit.
  const meets = [...range.getClientRects()].some((box) => [0.05, 0.3, 0.5, 0.7, 0.95].some((f) => {
    const hit = document.elementFromPoint(box.left + f * box.width, box.top + box.height / 2);
    return hit && hit.closest('.sq, .piece') !== null;
  }));
  return {name: label.textContent, lines, meets, clipped: label.scrollWidth > label.clientWidth + 1};
})"""


@pytest.mark.parametrize("size", ["phone", "desk"])
def test_the_perspective_views_layer_names_are_one_line_beside_their_planes(browser, live_server, size):
    """The names once wrapped in a narrow gutter ("rank" over "8", "file" over "h")."""
    context = browser.new_context(viewport=PHONE if size == "phone" else DESK, base_url=live_server, bypass_csp=True)
    page = context.new_page()
    bad = []
    try:
        for n in (3, 8, 10):
            open_lab(page, position(n), view="stack")
            for axis in ("z", "y", "x"):
                press(page, f"button[data-axis={axis}]")
                expect(page.locator(".board")).to_have_attribute("data-axis", axis)
                press(page, "#lab-strip [data-layer='all']")  # a phone shows one layer at first
                expect(page.locator(".board")).not_to_have_class(re.compile(r"\bisolated\b"))
                labels = page.evaluate(LABELS)
                assert len(labels) == n
                bad += [f"n={n} axis={axis}: {label}" for label in labels
                        if label["lines"] != 1 or label["meets"] or label["clipped"]]
        assert not bad, "\n".join(bad[:10])
    finally:
        context.close()
