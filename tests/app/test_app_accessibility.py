"""axe-core on every page, as loaded and after its main interaction: no serious or critical
violation (contrast, names that match labels, roles, ...)."""

from __future__ import annotations

import pytest
from tests.helpers.axe import serious_violations
from tests.helpers.browser import drag_square
from playwright.sync_api import expect

pytestmark = pytest.mark.browser


def trainer(page):
    page.goto("/kbn?pause=0&fen=8/8/3k4/8/8/8/8/KBN5_w_-_-_0_1")
    expect(page.locator("#trainer")).to_have_attribute("data-ready", "true")
    yield "loaded"
    page.click('[data-square="b1"]')
    page.click('[data-square="c2"]')
    expect(page.locator("#trainer")).to_have_attribute("data-turn", "user")
    expect(page.locator("#trainer-verdict")).to_have_attribute("data-verdict", "slower")  # Bc2 is one move slower
    yield "after a slower move"
    page.click('[data-mode-button="edit"]')
    expect(page.locator("#trainer-analysis > li").first).to_be_attached()
    yield "in Analyse & edit"


def lessons(page):
    page.goto("/kbn/learn?pause=0&lesson=1")
    expect(page.locator("#trainer-learn")).to_have_attribute("data-ready", "true")
    yield "loaded"
    page.click("[data-lesson='2'] button")
    expect(page.locator("[data-lesson='2'] button")).to_have_attribute("aria-pressed", "true")
    expect(page.locator("#trainer-learn")).to_have_attribute("data-ready", "true")
    yield "lesson 2 open"


def mates(page):
    page.goto("/mates")
    expect(page.locator("[data-material]")).to_have_count(14)
    yield "the list of endings"
    page.goto("/mates/KRK?pause=0&fen=8/8/8/4k3/8/8/8/R3K3_w_-_-_0_1")
    expect(page.locator("#trainer")).to_have_attribute("data-ready", "true")
    page.keyboard.press("c")
    expect(page.locator("#trainer-coach")).not_to_have_attribute("data-phase", "none")
    yield "the KRK trainer with the coach"
    page.goto("/mates/learn?pause=0&lesson=5")
    expect(page.locator("#trainer-learn")).to_have_attribute("data-ready", "true")
    yield "the learning path"


def lab(page):
    page.goto("/3d?board=[k##,###,#q#],[###,#B#,###],[#r#,###,#K#]")
    expect(page.locator("[data-status]")).to_have_attribute("data-status", "check")
    yield "loaded"
    page.click('[data-cube="1,2,2"]')  # the king
    expect(page.locator("[data-dest]").first).to_be_attached()
    page.click("[data-view=space]")
    yield "a piece selected, 3D view"


def endgames(page):
    page.goto("/3d/endgames")
    cell = page.locator('td[data-material="KQK"][data-n="3"]')
    expect(cell).to_have_attribute("data-playable", "true", timeout=30_000)
    yield "loaded"
    cell.click()
    expect(page.locator("#eg-detail")).to_have_attribute("data-state", "ready")
    yield "a cell's detail open"
    page.click('#eg-detail [data-part="play"]')
    expect(page.locator("#eg-status")).to_have_attribute("data-status", "win")
    yield "playing a mate"
    page.click('[data-action="best"]')
    expect(page.locator("#eg-verdict")).to_have_attribute("data-verdict", "mate")
    yield "after the mating move"


def checker(page):
    page.goto("/moves")
    page.wait_for_selector('[data-square="e2"] [data-piece="wP"]')
    yield "loaded"
    drag_square(page, "e2", "e5")
    expect(page.locator("#moves-status")).to_have_attribute("data-status", "invalid")
    yield "after a refused drag"


def solitaire(page):
    page.goto("/solitaire?board=.....B..RP.....N")
    expect(page.locator("#sol-status")).to_have_attribute("data-status", "playing")
    yield "loaded"
    page.click("#sol-hint")
    drag_square(page, "d1", "b2")
    expect(page.locator('[data-square="b2"] [data-piece="wN"]')).to_be_attached()
    yield "after a hint and a capture"


def start_page(page):
    page.goto("/")
    yield "loaded"
    page.set_viewport_size({"width": 390, "height": 844})
    yield "on a phone's screen"


@pytest.mark.parametrize("flow", [start_page, trainer, lessons, mates, lab, endgames, checker, solitaire],
                         ids=lambda flow: flow.__name__)
def test_no_serious_accessibility_violation(page, flow):
    found = {moment: serious_violations(page) for moment in flow(page)}
    assert len(found) >= 2
    assert not any(found.values()), found


def test_links_are_in_the_sites_colour_and_the_phone_menu_opens_by_its_button(page):
    page.goto("/kbn/learn")
    accent = page.evaluate("() => getComputedStyle(document.documentElement).getPropertyValue('--accent').trim()")
    link = page.locator("a", has_text="Free practice in the trainer")
    colour = link.evaluate("a => getComputedStyle(a).color")
    assert colour != "rgb(0, 0, 238)" and colour == page.evaluate(
        "c => { const e = document.createElement('i'); e.style.color = c; document.body.append(e);"
        " const v = getComputedStyle(e).color; e.remove(); return v; }", accent)
    page.set_viewport_size({"width": 390, "height": 844})
    nav, menu = page.locator(".site-header nav"), page.locator(".site-menu-button")
    expect(nav).to_be_hidden()  # folded behind its button, named and saying whether it is open
    expect(menu).to_have_accessible_name("Menu")
    expect(menu).to_have_attribute("aria-controls", "site-nav")
    menu.click()
    expect(menu).to_have_attribute("aria-expanded", "true")
    for link in nav.locator("a").all():
        expect(link).to_be_in_viewport(ratio=1)
    assert nav.evaluate("n => n.scrollWidth <= n.clientWidth")  # none scrolled away
