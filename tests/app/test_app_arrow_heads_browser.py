"""Every page that draws arrows or rays on its board, in real Chromium at a desk's size (1280x800)
and a phone's (390x844): each drawn arrow's ``marker-end`` names a marker that is on the page (an
arrow without its head was issue 35's: the trainer renamed its board after the arrows' layer took
the board's id for its markers)."""

from __future__ import annotations

import re
from urllib.parse import quote

import pytest
from playwright.sync_api import expect

from tests.helpers.cube import click_at
from tests.helpers.phone import sized_page
from tests.helpers.trainer_pages import open_drills

pytestmark = pytest.mark.browser

# Each drawn element's marker-end, and whether the id it names is a <marker> on the page.
MARKER_ENDS = """() => [...document.querySelectorAll('[marker-end]')].map(e => {
  const id = /^url\\(#(.+)\\)$/.exec(e.getAttribute('marker-end'))?.[1];
  const found = id ? document.getElementById(id) : null;
  return [e.getAttribute('marker-end'), !!found && found.tagName.toLowerCase() === 'marker'];
})"""


def fen_link(fen: str) -> str:
    return quote(fen.replace(" ", "_"), safe="/_")


def hint_on_trainer(page, path: str, fen: str) -> None:
    page.goto(f"{path}?pause=0&fen={fen_link(fen)}")
    expect(page.locator("#trainer")).to_have_attribute("data-ready", "true")
    page.locator("[data-action='hint']").click()


def best_in_lesson(page, path: str) -> None:
    open_drills(page, f"{path}?pause=0&lesson=1")
    page.locator("[data-action='best']").click()


def check_in_lab(page) -> None:
    # White's king on the bottom level, checked by a rook on its level: a red arrow.
    page.goto(f"/3d?board={quote('[k##,###,#q#],[###,###,###],[#r#,###,#K#]', safe='')}")
    expect(page.locator("[data-status]")).to_have_attribute("data-status", "check")


def solitaire_hint(page) -> None:
    page.goto("/solitaire?board=.....B..RP.....N")  # three captures to one piece
    page.wait_for_function("document.getElementById('sol-status').dataset.status === 'playing'")
    page.locator("#sol-hint").click()


# (page, how to get an arrow drawn on it, how many arrows at least)
ARROWS = {
    "kbn": (lambda page: hint_on_trainer(page, "/kbn", "8/8/3k4/8/8/8/8/KBN5 w - - 0 1"), 1),
    "KRK": (lambda page: hint_on_trainer(page, "/mates/KRK", "8/8/4k3/8/8/8/8/R3K3 w - - 0 1"), 1),
    "KQK": (lambda page: hint_on_trainer(page, "/mates/KQK", "8/8/4k3/8/8/8/8/Q3K3 w - - 0 1"), 1),
    "mates-learn": (lambda page: best_in_lesson(page, "/mates/learn"), 1),
    "kbn-learn": (lambda page: best_in_lesson(page, "/kbn/learn"), 1),
    "3d-lab": (check_in_lab, 1),
    "solitaire": (solitaire_hint, 1),
}


@pytest.mark.parametrize("phone", [False, True], ids=["desk", "phone"])
@pytest.mark.parametrize("name", list(ARROWS))
def test_every_arrow_names_a_marker_on_the_page(browser, live_server, name, phone):
    draw, at_least = ARROWS[name]
    with sized_page(browser, live_server, phone) as page:
        draw(page)
        arrows = page.locator("line.arrow")
        expect(arrows.nth(at_least - 1)).to_be_attached()
        ends = page.evaluate(MARKER_ENDS)
        assert len(ends) >= at_least, ends
        assert all(found for _, found in ends), f"arrows naming no marker on the page: {ends}"
        # The head is drawn: the marker holds its shape, in the arrow's brush.
        brush = re.search(r"brush-(\w+)", arrows.first.get_attribute("class")).group(1)
        head = page.locator(f"marker.brush-{brush} path")
        expect(head.first).to_be_attached()


@pytest.mark.parametrize("phone", [False, True], ids=["desk", "phone"])
def test_the_rays_of_the_3d_endgames_player_name_no_missing_marker(browser, live_server, phone):
    with sized_page(browser, live_server, phone) as page:
        page.goto("/3d/endgames?n=4&material=KQK")
        page.click('#eg-detail [data-part="play"]')
        expect(page.locator("#cube-endgames")).to_have_attribute("data-turn", "user", timeout=30_000)
        page.click('#cube-endgames [data-view="space"]')  # rays are drawn in the 3D view
        expect(page.locator("#eg-board .board")).to_have_class(re.compile(r"\bview-space\b"))
        key = page.locator('#eg-board [data-piece="wQ"]').evaluate("e => e.parentElement.dataset.cube")
        page.click(f'#eg-strip [data-layer="{key.split(",")[2]}"]')  # the queen's level alone: her cube can be clicked
        expect(page.locator(f'#eg-strip [data-layer="{key.split(",")[2]}"]')).to_have_attribute("aria-pressed", "true")
        click_at(page, f'#eg-board [data-cube="{key}"]')
        expect(page.locator("#eg-board .ray").first).to_be_attached()
        ends = page.evaluate(MARKER_ENDS)
        assert all(found for _, found in ends), f"marks naming no marker on the page: {ends}"
