"""The 3D view hit-tests what is drawn: a click on a piece of any layer selects that piece (not the
see-through empty cube of an upper layer in front of it), and places nothing even with a palette
piece armed; its destinations are the server's."""

from __future__ import annotations

import pytest
from tests.helpers.cube import board_text, open_lab
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

# n = 5, pieces on every level, spread so that no two pictures overlap in the first camera.
PIECES = {(1, 1, 0): "Q", (0, 0, 1): "R", (0, 3, 2): "B", (4, 1, 2): "n", (2, 0, 3): "N",
          (1, 4, 4): "K", (4, 4, 4): "k", (3, 0, 1): "b"}
BOARD = board_text(5, PIECES)


def piece_boxes(page) -> dict[str, dict]:
    return page.eval_on_selector_all(".sq > .piece", """els => Object.fromEntries(els.map(e => {
        const r = e.getBoundingClientRect();
        return [e.parentElement.dataset.cube, {x: r.x, y: r.y, w: r.width, h: r.height}];
    }))""")


def free_point(key: str, boxes: dict[str, dict]) -> tuple[float, float]:
    """A point on the figure of `key` outside every other piece's box."""
    box = boxes[key]
    for fy in (0.6, 0.5, 0.7, 0.4, 0.8):
        for fx in (0.5, 0.4, 0.6):
            x, y = box["x"] + box["w"] * fx, box["y"] + box["h"] * fy
            if not any(b["x"] <= x <= b["x"] + b["w"] and b["y"] <= y <= b["y"] + b["h"]
                       for k, b in boxes.items() if k != key):
                return x, y
    raise AssertionError(f"the picture of {key} is covered by others: choose another board")


def server_moves(page, key: str) -> set[str]:
    answer = page.request.post("/api/3d/moves", data={"board": BOARD, "from": [int(v) for v in key.split(",")]})
    assert answer.ok
    return {",".join(map(str, cube)) for cube in answer.json()["moves"]}


def test_every_piece_of_a_5x5x5_board_is_clicked_in_the_3d_view(page):
    open_lab(page, BOARD, view="space")
    expect(page.locator("[data-spare][aria-pressed=true]")).to_have_count(0)  # nothing armed on load
    boxes = piece_boxes(page)
    assert len(boxes) == len(PIECES)
    upper_layer_hits = 0
    for key, box in boxes.items():
        x, y = free_point(key, boxes)
        # What the browser alone would hit there: for pieces below the top, an upper layer's cube.
        hit = page.evaluate("([x, y]) => document.elementFromPoint(x, y)?.closest('[data-cube]')?.dataset.cube", [x, y])
        upper_layer_hits += hit != key
        page.mouse.click(x, y)
        expect(page.locator(".sq.selected")).to_have_attribute("data-cube", key)
        page.wait_for_function("() => document.querySelector('#lab-selection').textContent.includes('legal move')")
        dests = set(page.eval_on_selector_all("[data-dest]", "els => els.map(e => e.dataset.cube)"))
        assert dests == server_moves(page, key), key
        page.keyboard.press("Escape")
        expect(page.locator(".sq.selected")).to_have_count(0)
    assert upper_layer_hits > 0  # the test covers the case the browser's hit test gets wrong
    # Nothing was placed or moved by these clicks.
    assert page.eval_on_selector_all(".sq > .piece", "els => els.length") == len(PIECES)
    expect(page.locator("#lab-notation")).to_have_value(BOARD)


def test_a_tap_on_a_lower_piece_selects_it(browser, live_server):
    context = browser.new_context(viewport={"width": 1280, "height": 900}, base_url=live_server, has_touch=True,
                                  bypass_csp=True)
    page = context.new_page()
    try:
        open_lab(page, BOARD, view="space")
        boxes = piece_boxes(page)
        # A piece below the top level that the browser's own hit test would miss.
        for key in boxes:
            x, y = free_point(key, boxes)
            if page.evaluate("([x, y]) => document.elementFromPoint(x, y)?.closest('[data-cube]')?.dataset.cube",
                             [x, y]) != key:
                break
        else:
            raise AssertionError("every piece is hit by the browser itself: choose another board")
        page.touchscreen.tap(x, y)
        expect(page.locator(".sq.selected")).to_have_attribute("data-cube", key)
        expect(page.locator("#lab-notation")).to_have_value(BOARD)
    finally:
        context.close()
