"""The trainer's coach in sight (issue 35: it showed only with the Box switch on, and on a phone
below a long page), in real Chromium at a desk's size (1280x800) and a phone's (390x844): after a
move its advice for the position on the board is on the page in every view (the Box off and on,
Analyse & edit, defence), on the screen that shows the whole board without scrolling further."""

from __future__ import annotations

from urllib.parse import parse_qs, quote, urlparse

import pytest
from playwright.sync_api import expect

from tests.helpers.browser import api
from tests.helpers.phone import DESK, PHONE, sized_page

pytestmark = pytest.mark.browser

KRK = "8/8/4k3/8/8/8/8/R3K3 w - - 0 1"
KBNK = "8/8/3k4/8/8/8/8/KBN5 w - - 0 1"
KQK = "8/8/4k3/8/8/8/8/Q3K3 w - - 0 1"


def shown_fen(page) -> str:
    return parse_qs(urlparse(page.url).query)["fen"][0].replace("_", " ")


def play_best(page, fen: str, ply: int) -> None:
    move = api(page, "/api/tablebase", fen=fen)["moves"][0]
    page.click(f'[data-square="{move["from"]}"]')
    page.click(f'[data-square="{move["to"]}"]')
    root = page.locator("#trainer")
    expect(root).to_have_attribute("data-ply", str(ply))
    expect(root).to_have_attribute("data-turn", "user")


def assert_advice_in_sight(page, expected: str) -> None:
    """The coach's advice says ``expected`` (the server's words) and is on the screen once the page
    is scrolled just far enough to show the whole board (not at all when it already does)."""
    advice = page.locator("#trainer-coach-advice")
    expect(advice).to_contain_text(expected)
    expect(advice).to_be_visible()
    height = (PHONE if page.phone else DESK)["height"]
    page.evaluate("h => window.scrollTo(0, Math.max(0, document.querySelector('#trainer-board')"
                  ".getBoundingClientRect().bottom + window.scrollY - h))", height)
    board = page.locator("#trainer-board").bounding_box()
    assert 0 <= board["y"] and board["y"] + board["height"] <= height + 1, board
    box = advice.bounding_box()
    assert box and 0 <= box["y"] and box["y"] + box["height"] <= height, (box, height)


@pytest.mark.parametrize("phone", [False, True], ids=["desk", "phone"])
@pytest.mark.parametrize("path, fen", [("/mates/KRK", KRK), ("/kbn", KBNK), ("/mates/KQK", KQK)],
                         ids=["KRK", "KBNK", "KQK"])
def test_the_coachs_advice_is_in_sight_after_a_move_without_the_box(browser, live_server, phone, path, fen):
    with sized_page(browser, live_server, phone) as page:
        page.goto(f"{path}?pause=0&fen={quote(fen.replace(' ', '_'), safe='/_')}")
        expect(page.locator("#trainer")).to_have_attribute("data-ready", "true")
        expect(page.locator("[data-action='coach']")).to_have_attribute("aria-pressed", "false")  # the Box is off
        play_best(page, fen, 2)
        facts = api(page, "/api/coach", fen=shown_fen(page))
        expect(page.locator("#trainer-coach")).to_have_attribute("data-phase", facts["phase"])
        assert_advice_in_sight(page, facts["advice"])
        assert page.locator(".sq.mark-box").count() == 0  # the marks wait for the Box


@pytest.mark.parametrize("phone", [False, True], ids=["desk", "phone"])
def test_the_advice_stays_in_every_view(browser, live_server, phone):
    with sized_page(browser, live_server, phone) as page:
        page.goto(f"/mates/KRK?pause=0&fen={quote(KRK.replace(' ', '_'), safe='/_')}")
        expect(page.locator("#trainer")).to_have_attribute("data-ready", "true")
        play_best(page, KRK, 2)
        facts = api(page, "/api/coach", fen=shown_fen(page))
        page.locator("[data-action='coach']").click()  # the Box on: its marks, and the advice still
        expect(page.locator(".sq.mark-box")).to_have_count(facts["region_size"])
        assert_advice_in_sight(page, facts["advice"])
        expect(page.locator("#trainer-coach-advice")).to_contain_text("Shaded: the lone king's box")
        page.locator("[data-action='coach']").click()  # off again: the advice stays, the legend goes
        expect(page.locator(".sq.mark-box")).to_have_count(0)
        expect(page.locator("#trainer-coach-advice")).not_to_contain_text("Shaded:")
        assert_advice_in_sight(page, facts["advice"])
        page.locator("[data-mode-button='edit']").click()  # Analyse & edit: the same position's advice
        expect(page.locator("#trainer")).to_have_attribute("data-mode", "edit")
        assert_advice_in_sight(page, facts["advice"])
        page.locator("[data-mode-button='play']").click()
        page.goto(f"/mates/KRK?pause=0&role=king&fen={quote(KRK.replace(' ', '_'), safe='/_')}")  # defence
        expect(page.locator("#trainer")).to_have_attribute("data-ready", "true")
        expect(page.locator("#trainer")).to_have_attribute("data-turn", "user")
        defence = api(page, "/api/coach", fen=shown_fen(page))["defence"]["text"]
        assert_advice_in_sight(page, defence)
