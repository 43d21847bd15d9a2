"""The API reference in Chromium on a desk and on a phone (issue 35): from the index a reader
opens an operation and reads its example request and answer, nothing wider than the screen; in
French the page says first, in French, that the reference is in English."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.helpers.phone import sized_page
from webapp.openapi_examples import EXAMPLES

pytestmark = pytest.mark.browser
WIDTH = "() => [document.documentElement.scrollWidth, window.innerWidth]"


@pytest.mark.parametrize("phone", [False, True], ids=["desk", "phone"])
def test_a_reader_opens_an_operation_from_the_index_and_reads_its_example(browser, live_server, phone):
    with sized_page(browser, live_server, phone) as page:
        page.goto("/api?lang=fr")
        note = page.locator("[data-api-language-note]")
        assert note.is_visible() and "anglais" in note.inner_text()
        width, screen = page.evaluate(WIDTH)
        assert width <= screen
        page.locator('[data-operation="POST /api/3d/analyze"] a').click()
        page.wait_for_url("**/api?op=post-api-3d-analyze**")
        request = page.locator("[data-example-request]")
        answer = page.locator("[data-example-answer]")
        expect(request).to_be_visible()
        expect(answer).to_be_visible()
        # Waited for: the page may fill them after the address changed.
        expect(request).to_have_text(EXAMPLES["POST /api/3d/analyze"].text(), use_inner_text=True)
        expect(answer).to_have_text(re.compile(r'^200 application/json[\s\S]*"checkmate": true'), use_inner_text=True)
        width, screen = page.evaluate(WIDTH)
        assert width <= screen  # the example scrolls inside its box, not the page
        page.locator('a:has-text("KBN lab HTTP API"), a:has-text("Labo KBN HTTP API")').first.click()
        page.wait_for_url("**/api")
        assert page.locator('[data-operation="GET /api/tablebase"]').is_visible()
