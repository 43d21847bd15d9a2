"""The lessons pages' first lesson in real Chromium (issue 35): its words are on the page before any
script runs (the page's script held back), and once the script has drawn the page they are the same
and in the same places, the board holds the idea's first position, and no request asked for the
idea: the script took the server's. At a desk's size and a phone's."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.helpers.browser import expect_pieces
from tests.helpers.phone import DESK, PHONE
from tests.helpers.trainer_pages import api

pytestmark = pytest.mark.browser

# What a learner reads of the lesson, and where: (selector, its text, its box).
SHOWN = """() => ['#trainer-lesson-title', '#trainer-lesson-summary', '#trainer-goal', '#trainer-round',
  '#trainer-status', '#trainer-verdict .trainer-verdict-text'].map((selector) => {
    const element = document.querySelector(selector);
    const box = element.getBoundingClientRect();
    return [selector, element.textContent.replace(/\\s+/g, ' ').trim(), [box.x, box.y, box.width, box.height].map(Math.round)];
  })"""


@pytest.mark.parametrize("size", ["desk", "phone"])
@pytest.mark.parametrize("url, idea_api", [("/kbn/learn", "/api/kbn/lesson/idea"), ("/mates/learn", "/api/mates/lesson/idea")])
def test_the_first_lesson_is_drawn_before_the_script_and_the_script_keeps_it(browser, live_server, size, url, idea_api):
    context = browser.new_context(viewport=PHONE if size == "phone" else DESK, base_url=live_server, bypass_csp=True,
                                  reduced_motion="reduce")
    page = context.new_page()
    held = []
    asked = []
    page.on("request", lambda request: asked.append(request.url) if "/lesson/idea" in request.url else None)
    try:
        entry = re.search(r'<script type="module" src="([^"]+)"', page.request.get(url).text()).group(1)
        context.route(f"{live_server}{entry}", lambda route: held.append(route))  # the script waits until released
        page.goto(url, wait_until="commit")
        expect(page.locator("#trainer-verdict")).to_contain_text("The idea:")
        page.wait_for_function("() => document.fonts.ready.then(() => true)")
        # the style sheets applied (a page measured before they load lays out unstyled)
        page.wait_for_function("() => [...document.querySelectorAll('link[rel=stylesheet]')].every((link) => link.sheet)")
        assert held and page.locator("#trainer-learn").get_attribute("data-ready") is None  # no script has run
        before = page.evaluate(SHOWN)
        idea = api(page, idea_api, lesson=1)
        assert dict((selector, text) for selector, text, _ in before)["#trainer-verdict .trainer-verdict-text"] \
            == f"The idea: {idea['idea']}"
        assert idea["frames"][0]["caption"] in dict((s, text) for s, text, _ in before)["#trainer-status"]
        asked.clear()
        held[0].continue_()
        expect(page.locator("#trainer-learn")).to_have_attribute("data-ready", "true")
        assert page.locator("#trainer-learn").get_attribute("data-mode") == "idea"
        expect_pieces(page, idea["frames"][0]["pieces"])
        assert page.evaluate(SHOWN) == before  # the same words in the same places
        assert asked == []  # the idea came with the page
    finally:
        context.close()
