"""The settings of a trainer's address in real Chromium, at a desk's size and a phone's: the lists
show what the link set and the server read; a setting changed on the page is the one its address
then holds (a link copied from it opens the same); one the server refused is gone from the
address the page writes after, so a link copied from it is refused no more."""

from __future__ import annotations

from urllib.parse import parse_qs, urlparse

import pytest
from playwright.sync_api import expect

from tests.helpers.phone import sized_page

pytestmark = pytest.mark.browser
SIZES = pytest.mark.parametrize("phone", [False, True], ids=["desk", "phone"])


def address(page) -> dict[str, list[str]]:
    return parse_qs(urlparse(page.url).query, keep_blank_values=True)


def opened(page, path: str, status: int) -> None:
    """``path`` opened, answered ``status``."""
    answer = page.goto(path)
    assert answer is not None and answer.status == status, (path, answer and answer.status)


def levels_of(page) -> list[str]:
    """The levels the page's list offers."""
    return page.locator("#trainer-level option").evaluate_all("os => os.map(o => o.value)")


@SIZES
def test_a_level_changed_on_the_page_is_the_one_its_address_then_holds(browser, live_server, phone):
    with sized_page(browser, live_server, phone) as page:
        page.goto("/mates/KRK?pause=0&level=1-5")
        expect(page.locator("#trainer")).to_have_attribute("data-ready", "true")
        levels = levels_of(page)
        assert "1-5" in levels and len(levels) > 1
        expect(page.locator("#trainer-level")).to_have_value("1-5")
        expect(page.locator("[data-link-error]")).to_have_count(0)
        chosen = levels[-1]
        page.select_option("#trainer-level", chosen)
        page.wait_for_function(f"new URLSearchParams(location.search).get('level') === '{chosen}'")
        assert address(page)["pause"] == ["0"]
        # The address copied now opens the page as it is: that level, no notice.
        opened(page, page.url, 200)
        expect(page.locator("#trainer")).to_have_attribute("data-ready", "true")
        expect(page.locator("#trainer-level")).to_have_value(chosen)
        expect(page.locator("[data-link-error]")).to_have_count(0)


@SIZES
def test_a_refused_setting_is_said_and_gone_from_the_address_the_page_writes(browser, live_server, phone):
    with sized_page(browser, live_server, phone) as page:
        opened(page, "/mates/KRK?pause=soon&role=queen&level=1-2", 400)
        expect(page.locator("#trainer")).to_have_attribute("data-ready", "true")
        notices = page.locator("[data-link-error]")
        expect(notices).to_have_count(3)
        for given in ("'soon'", "'queen'", "'1-2'"):
            expect(notices.filter(has_text=given)).to_have_count(1)
        levels = levels_of(page)
        expect(page.locator("#trainer-level")).to_have_value(levels[len(levels) // 2])  # the middle one
        expect(page.locator("#trainer-role")).to_have_value("pieces")
        page.locator("[data-action='hint']").click()  # the page writes its address (the position) after it
        page.wait_for_function("new URLSearchParams(location.search).has('fen')")
        held = address(page)
        assert not {"pause", "role", "level"} & set(held), held
        opened(page, page.url, 200)
        expect(page.locator("[data-link-error]")).to_have_count(0)


@SIZES
def test_a_lessons_pages_refused_pause_is_gone_from_its_address(browser, live_server, phone):
    with sized_page(browser, live_server, phone) as page:
        opened(page, "/kbn/learn?pause=-7&lesson=1", 400)
        expect(page.locator("[data-link-error]")).to_contain_text("'-7'")
        page.wait_for_function("!new URLSearchParams(location.search).has('pause')")
        assert address(page)["lesson"] == ["1"]
