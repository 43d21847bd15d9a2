"""The site's top menu on a phone (390x844): on a page with a script, folded behind a Menu button on
the name's row (the page starts near the top), opened every link in sight (none scrolled away out
of view), closed again by the button or Escape; on a page without scripts (the start page, /api,
an error) the links wrapped in short rows, every one in sight. Wider screens show the links in a
row and no button. No page is wider than the phone's screen (nothing to scroll sideways)."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.app.test_app_words import pages
from tests.helpers.phone import PHONE

pytestmark = pytest.mark.browser

# Each menu link whose middle is off the screen or under something else (a link scrolled out of
# its row is clipped: the point shows what lies there instead).
HIDDEN_LINKS = """() => [...document.querySelectorAll('.site-header nav a')].filter(a => {
  const r = a.getBoundingClientRect();
  const x = r.left + r.width / 2, y = r.top + r.height / 2;
  return r.left < 0 || r.right > window.innerWidth || document.elementFromPoint(x, y)?.closest('a') !== a;
}).map(a => a.textContent.trim())"""
WIDTH = "[document.scrollingElement.scrollWidth, window.innerWidth]"


def header_bottom(page) -> float:
    return page.eval_on_selector(".site-header", "e => e.getBoundingClientRect().bottom")


def test_on_a_phone_every_menu_link_is_in_sight_and_no_page_scrolls_sideways(browser, live_server, app):
    context = browser.new_context(viewport=PHONE, base_url=live_server, bypass_csp=True)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    menu = page.locator(".site-menu-button")
    wide, hidden, folded = {}, {}, []

    def check_width(path: str, state: str) -> None:
        width = page.evaluate(WIDTH)
        if width[0] > width[1]:
            wide[f"{path} ({state})"] = width

    for path in pages(app):
        page.goto(path)
        page.wait_for_load_state("networkidle")
        scripted = page.locator("script[type=module]").count() > 0
        if scripted:
            folded.append(path)
            expect(menu).to_have_attribute("aria-expanded", "false")
            assert header_bottom(page) <= 60, path  # one row: the name, the menu, the language
            expect(page.locator(".site-header nav")).to_be_hidden()
            check_width(path, "folded")
            menu.click()
            expect(menu).to_have_attribute("aria-expanded", "true")
        else:
            expect(menu).to_be_hidden()
            assert header_bottom(page) <= 110, path  # the name's row and two rows of links
        check_width(path, "open")
        if page.evaluate(HIDDEN_LINKS):
            hidden[path] = page.evaluate(HIDDEN_LINKS)
        assert page.locator(".site-header nav a").count() >= 6, path
        if scripted:
            page.keyboard.press("Escape")  # focus is on the button: Escape folds the menu back
            expect(page.locator(".site-header nav")).to_be_hidden()
            expect(menu).to_be_focused()
    context.close()
    assert not wide, f"pages wider than the phone (scroll width, screen): {wide}"
    assert not hidden, f"menu links out of sight: {hidden}"
    assert not errors, errors
    assert {"/kbn", "/mates/learn", "/3d", "/3d/endgames", "/moves", "/solitaire"} <= set(folded), folded


def test_on_a_desk_the_links_are_in_a_row_and_no_menu_button(page):
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto("/kbn")
    expect(page.locator(".site-menu-button")).to_be_hidden()
    assert not page.evaluate(HIDDEN_LINKS)
    tops = page.locator(".site-header nav a").evaluate_all("els => els.map(a => Math.round(a.getBoundingClientRect().top))")
    assert len(tops) >= 6 and len(set(tops)) == 1
    assert header_bottom(page) <= 60
