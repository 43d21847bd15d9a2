"""A trainer's first position in real Chromium (webapp/trainer_first.py, issue 35): the coach's advice
is on the page before any script runs (the page's script held back); once the script has run, the
board holds the server's position, the advice is the same words in the same place, and no request
asked for a position or the coach's facts. A visitor whose saved level is another gets the position
the script asks for, and never the advice of a position not shown. At a desk's size and a phone's."""

from __future__ import annotations

import html
import json
import re

import pytest
from playwright.sync_api import expect

from tests.helpers.browser import expect_pieces
from tests.helpers.phone import DESK, PHONE

pytestmark = pytest.mark.browser

ADVICE = "#trainer-coach-advice"
BOX = "(selector) => { const b = document.querySelector(selector).getBoundingClientRect(); return [b.x, b.y, b.width, b.height].map(Math.round); }"


def asked_of(page) -> list[str]:
    asked: list[str] = []
    page.on("request", lambda request: asked.append(request.url)
            if "/api/tablebase/random" in request.url or "/api/coach" in request.url else None)
    return asked


@pytest.mark.parametrize("size", ["desk", "phone"])
def test_the_coach_speaks_before_the_script_and_the_script_plays_the_servers_position(browser, live_server, size):
    context = browser.new_context(viewport=PHONE if size == "phone" else DESK, base_url=live_server, bypass_csp=True,
                                  reduced_motion="reduce")
    page = context.new_page()
    held = []
    asked = asked_of(page)
    try:
        entry = re.search(r'<script type="module" src="([^"]+)"', page.request.get("/kbn").text()).group(1)
        context.route(f"{live_server}{entry}", lambda route: held.append(route))  # the script waits until released
        page.goto("/kbn", wait_until="commit")
        expect(page.locator(ADVICE)).not_to_be_empty()
        page.wait_for_function("() => [...document.querySelectorAll('link[rel=stylesheet]')].every((link) => link.sheet)")
        assert held and page.locator("#trainer").get_attribute("data-ready") is None  # no script has run
        first = json.loads(html.unescape(page.locator("#trainer").get_attribute("data-first")))
        before = (page.locator(ADVICE).text_content(), page.evaluate(BOX, ADVICE))
        assert before[0] == first["advice"]
        held[0].continue_()
        expect(page.locator("#trainer")).to_have_attribute("data-ready", "true")
        expect_pieces(page, first["probe"]["pieces"])
        assert first["fen"].replace(" ", "_") in page.url.replace("%20", "_")  # the address keeps the position
        page.wait_for_load_state("networkidle")
        assert (page.locator(ADVICE).text_content(), page.evaluate(BOX, ADVICE)) == before
        assert asked == []  # the position and the coach's facts came with the page
    finally:
        context.close()


def test_a_saved_level_of_its_own_gets_the_position_the_script_asks_for(browser, live_server):
    context = browser.new_context(viewport=DESK, base_url=live_server, bypass_csp=True, reduced_motion="reduce")
    context.add_init_script("localStorage.setItem('kbn-trainer-settings', JSON.stringify({level: '1-11'}))")
    page = context.new_page()
    asked = asked_of(page)
    try:
        page.goto("/kbn")
        first = json.loads(html.unescape(page.locator("#trainer").get_attribute("data-first")))
        assert first["level"] != "1-11"
        expect(page.locator("#trainer")).to_have_attribute("data-ready", "true")
        page.wait_for_load_state("networkidle")
        assert any("/api/tablebase/random" in url and "max=11" in url for url in asked)
        fen = re.search(r"fen=([^&]+)", page.url).group(1)
        advice = page.locator(ADVICE).text_content()
        assert advice and advice != first["advice"] or fen.replace("_", " ") == first["fen"]
    finally:
        context.close()
