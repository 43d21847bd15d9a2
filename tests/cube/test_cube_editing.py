"""Editing the 3D lab's position without traps, on a phone and a desk: nothing is armed in the palette
on a fresh page or after a placement unless the user picked a piece (a click on an empty cube of a
fresh /3d once moved the white king there and broke the first example's checkmate); a click on a
piece selects it and shows its moves, and a second click never changes it (a queen once became a
rook); its type changes only through the Change buttons; placing, removing and changing are
undone and redone; on a phone, "tap the king in the palette, tap a square" places it; the editing
help is hidden during a game."""

from __future__ import annotations

import pytest
from tests.helpers.browser import drag
from tests.helpers.cube import EMPTY_3, cube, open_lab, piece_at
from tests.helpers.phone import sized_page
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

FIRST_EXAMPLE = "[###,n##,#rr],[#b#,###,###],[###,###,bRK]"  # White is checkmated


@pytest.fixture(params=["phone", "desk"])
def lab(request, browser, live_server):
    phone = request.param == "phone"
    with sized_page(browser, live_server, phone, has_touch=phone, is_mobile=phone) as page:
        yield page


def tap(page, selector: str) -> None:
    """A finger's tap on a phone, a mouse click on a desk."""
    if page.phone:
        page.locator(selector).tap()
    else:
        page.click(selector)


def status(page):
    return page.locator("[data-status]")


def notation(page):
    return page.locator("#lab-notation")


def show_layer(page, layer: int) -> None:
    """On a phone one layer shows at a time: the strip brings the wanted one."""
    if page.phone:
        page.click(f"#lab-strip [data-layer='{layer}']")


def test_a_fresh_page_has_nothing_armed_and_a_click_on_an_empty_cube_changes_nothing(lab):
    open_lab(lab)  # the first example position, as a new user finds it
    expect(status(lab)).to_have_attribute("data-status", "checkmate")
    expect(lab.locator("[data-spare][aria-pressed=true]")).to_have_count(0)
    show_layer(lab, 1)
    tap(lab, cube("2,2,1"))  # an empty cube
    expect(notation(lab)).to_have_value(FIRST_EXAMPLE)
    expect(status(lab)).to_have_attribute("data-status", "checkmate")


def test_tap_a_palette_piece_then_a_cube_places_it_and_only_a_pick_keeps_it_armed(lab):
    open_lab(lab, EMPTY_3)
    show_layer(lab, 2)
    tap(lab, '[data-spare="wK"]')
    expect(lab.locator('[data-spare="wK"]')).to_have_attribute("aria-pressed", "true")
    tap(lab, cube("0,2,2"))
    expect(piece_at(lab, "0,2,2")).to_have_attribute("data-piece", "wK")
    expect(lab.locator(f"{cube('0,2,2')}.selected")).to_have_count(0)  # placed, not selected
    # The user picked the king: it stays armed for the next cube (placing a king moves it).
    tap(lab, cube("1,2,2"))
    expect(notation(lab)).to_have_value("[###,###,###],[###,###,###],[###,###,#K#]")
    # A piece dragged in from the palette arms nothing.
    tap(lab, '[data-spare="wK"]')
    expect(lab.locator("[data-spare][aria-pressed=true]")).to_have_count(0)
    drag(lab, '[data-spare="bQ"]', cube("2,0,2"))
    expect(piece_at(lab, "2,0,2")).to_have_attribute("data-piece", "bQ")
    expect(lab.locator("[data-spare][aria-pressed=true]")).to_have_count(0)
    tap(lab, cube("0,0,2"))  # an empty cube: nothing is placed
    expect(notation(lab)).to_have_value("[###,###,###],[###,###,###],[##q,###,#K#]")


def test_a_click_on_a_piece_selects_it_and_only_the_change_buttons_change_it(lab):
    open_lab(lab, "[###,###,###],[###,#Q#,###],[k##,###,##K]")
    show_layer(lab, 1)
    tap(lab, cube("1,1,1"))
    expect(lab.locator(f"{cube('1,1,1')}.selected")).to_have_count(1)
    expect(lab.locator("[data-dest]").first).to_be_attached()
    expect(lab.locator("#lab-selection")).to_contain_text("White queen on b2(II)")
    tap(lab, cube("1,1,1"))  # a second click lets it go; it is still a queen
    expect(lab.locator(".sq.selected")).to_have_count(0)
    expect(piece_at(lab, "1,1,1")).to_have_attribute("data-piece", "wQ")
    for _ in range(3):
        tap(lab, cube("1,1,1"))
    expect(piece_at(lab, "1,1,1")).to_have_attribute("data-piece", "wQ")
    expect(lab.locator(f"{cube('1,1,1')}.selected")).to_have_count(1)
    # The explicit control: the queen becomes a rook, and its moves follow.
    change = lab.locator("#lab-change")
    expect(change).to_be_visible()
    expect(change.get_by_role("button", name="white king")).to_be_disabled()  # White has a king elsewhere
    change.get_by_role("button", name="white rook").click()
    expect(piece_at(lab, "1,1,1")).to_have_attribute("data-piece", "wR")
    expect(lab.locator("#lab-selection")).to_contain_text("White rook on b2(II)")
    # Undo and redo the change, then remove the piece and undo that.
    lab.get_by_role("button", name="Undo").click()
    expect(piece_at(lab, "1,1,1")).to_have_attribute("data-piece", "wQ")
    lab.get_by_role("button", name="Redo").click()
    expect(piece_at(lab, "1,1,1")).to_have_attribute("data-piece", "wR")
    tap(lab, cube("1,1,1"))
    change.get_by_role("button", name="Remove").click()
    expect(piece_at(lab, "1,1,1")).to_have_count(0)
    lab.get_by_role("button", name="Undo").click()
    expect(piece_at(lab, "1,1,1")).to_have_attribute("data-piece", "wR")


def test_placing_moving_and_clearing_are_undone_by_button_and_keys(lab):
    open_lab(lab, EMPTY_3)
    show_layer(lab, 1)
    tap(lab, '[data-spare="bN"]')
    tap(lab, cube("0,0,1"))
    tap(lab, cube("2,2,1"))
    expect(notation(lab)).to_have_value("[###,###,###],[n##,###,##n],[###,###,###]")
    lab.get_by_role("button", name="Undo").click()
    expect(notation(lab)).to_have_value("[###,###,###],[n##,###,###],[###,###,###]")
    lab.get_by_role("button", name="Clear board").click()
    expect(notation(lab)).to_have_value(EMPTY_3)
    lab.keyboard.press("Control+z")
    expect(notation(lab)).to_have_value("[###,###,###],[n##,###,###],[###,###,###]")
    lab.keyboard.press("Control+z")
    expect(notation(lab)).to_have_value(EMPTY_3)
    expect(lab.get_by_role("button", name="Undo")).to_be_disabled()
    lab.keyboard.press("Control+y")
    expect(notation(lab)).to_have_value("[###,###,###],[n##,###,###],[###,###,###]")


def test_the_editing_help_is_hidden_during_a_game(lab):
    open_lab(lab, "[k#K,###,###],[###,###,###],[#Q#,###,###]")
    help_text = lab.locator("#lab-hint")
    expect(help_text).to_contain_text("Pick a piece")
    lab.click("#lab-play")
    expect(lab.locator("#lab-status-label")).to_have_text("Game · White to move")
    expect(help_text).to_be_hidden()
    expect(lab.locator("#lab-pieces")).to_be_hidden()
    lab.click("#lab-stop")
    expect(help_text).to_be_visible()
