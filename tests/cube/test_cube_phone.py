"""The 3D lab on a phone's screen (390x844) at n = 10: the status, the layer strip and the palette on
the first screen, one layer at a time, choosing layers from the strip; and screenshots of every view."""

from __future__ import annotations

import re
from urllib.parse import quote

import pytest
from tests.helpers.browser import board_pieces, centre
from tests.helpers.cube import board_text, cube, open_lab, pieces_from_notation
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}
# n = 10 with 30 pieces, the white king on the fourth level from the top.
TEN = board_text(10, {
    **{(v % 10, v // 10 % 10, v // 100): "QRBNqrbn"[i % 8] for i, v in ((i, i * 41 % 1000) for i in range(1, 29))},
    (4, 5, 3): "K", (9, 9, 9): "k",
})


@pytest.fixture()
def phone(page):
    """The usual page, narrowed to a phone's screen before it loads anything."""
    page.set_viewport_size(PHONE)
    return page


def bottom(page, selector: str) -> float:
    box = page.locator(selector).bounding_box()
    assert box, f"{selector} is not shown"
    return box["y"] + box["height"]


def test_status_strip_and_palette_are_on_the_first_screen(phone):
    assert len(pieces_from_notation(TEN)) == 30
    phone.goto("/3d?board=" + quote(TEN, safe=""))
    expect(phone.locator("[data-status]")).not_to_have_attribute("data-status", "pending")
    for selector in ("[data-status]", "#lab-strip", '[data-spare="wK"]', '[data-spare="bN"]'):
        assert bottom(phone, selector) <= PHONE["height"], selector
    assert phone.evaluate("() => document.documentElement.scrollWidth") <= PHONE["width"]
    # One layer at a time: the white king's.
    shown = phone.locator(".board-layer:not([hidden])")
    expect(shown).to_have_count(1)
    expect(shown).to_have_attribute("data-layer", "3")
    expect(phone.locator("#lab-strip [data-layer='3']")).to_have_attribute("aria-pressed", "true")
    assert bottom(phone, cube("9,9,3")) <= PHONE["height"]  # the whole layer fits too
    # The strip shows another layer; every piece is still on the page.
    phone.locator("#lab-strip [data-layer='7']").click()
    expect(shown).to_have_attribute("data-layer", "7")
    assert board_pieces(phone, "cube") == pieces_from_notation(TEN)
    # A click-click move from one layer to another, through the strip.
    phone.locator("#lab-strip [data-layer='3']").click()
    phone.locator(cube("4,5,3")).click()  # the king: the strip marks the layers it can reach
    expect(phone.locator("#lab-strip [data-layer='4']")).to_have_class(re.compile(r"\bhas-dests\b"))
    phone.locator("#lab-strip [data-layer='4']").click()
    phone.locator(cube("4,5,4")).click()
    expect(phone.locator(f"{cube('4,5,4')} > [data-piece]")).to_have_attribute("data-piece", "wK")


@pytest.mark.parametrize("view", ["layers", "space"])
def test_phone_screenshot(phone, view):
    phone.goto("/3d?board=" + quote(TEN, safe=""))
    expect(phone.locator("[data-status]")).not_to_have_attribute("data-status", "pending")
    phone.click(f"[data-view={view}]")
    if view == "layers":
        phone.locator(cube("4,5,3")).click()  # the king: its moves show on this layer and in the strip
    phone.screenshot(path=f"/tmp/cube-lab-phone-{view}.png")


@pytest.mark.parametrize("view, axis", [("space", "z"), ("space", "y"), ("space", "x"), ("layers", "y")])
def test_desktop_screenshot(page, view, axis):
    board = board_text(5, {(2, 2, 2): "Q", (0, 4, 4): "K", (4, 0, 0): "k", (3, 2, 2): "n", (2, 2, 0): "B",
                           (1, 3, 3): "r"})
    open_lab(page, board, view=view, axis=axis)
    page.click("#lab-strip [data-layer='2']")  # the queen's level alone: her cube can be clicked
    page.mouse.click(*centre(page, cube("2,2,2")))
    page.click("#lab-strip [data-layer='all']")
    expect(page.locator("[data-dest]").first).to_be_attached()
    page.locator(".board").scroll_into_view_if_needed()
    page.screenshot(path=f"/tmp/cube-lab-{view}-{axis}.png")



def test_check_arrows_stay_inside_the_board_with_one_layer_shown(phone):
    # White's king on the bottom level, checked by a rook on its level and a queen two levels up.
    open_lab(phone, "[k##,###,#q#],[###,###,###],[#r#,###,#K#]")
    expect(phone.locator("[data-status]")).to_have_attribute("data-status", "check")
    expect(phone.locator(".board-layer:not([hidden])")).to_have_attribute("data-layer", "2")
    arrows = phone.locator("line.arrow")
    expect(arrows).to_have_count(1)  # the rook's; the queen's layer is not shown
    expect(arrows).to_have_attribute("data-arrow", "1,0,2-1,2,2")
    board = phone.locator(".board").bounding_box()
    line = arrows.bounding_box()
    assert board["x"] <= line["x"] and line["x"] + line["width"] <= board["x"] + board["width"]
    assert board["y"] <= line["y"] and line["y"] + line["height"] <= board["y"] + board["height"]
