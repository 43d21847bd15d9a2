"""In Chromium: the lab's first board comes from the server; what the visitor typed, loaded or
placed while it was on its way stays (the first board never overwrites it)."""

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser


def test_a_board_typed_before_the_first_one_arrives_stays(page):
    held = []  # the page's first reading of its board, answered only once the visitor has acted
    page.route("**/api/3d/position", lambda route: held.append(route) if not held else route.continue_())
    page.goto("/3d")
    page.fill("#lab-notation", "[##,#K],[kX,##]")
    page.click("#lab-load")
    error = page.locator("#lab-error")
    expect(error).to_contain_text("'X'")
    assert len(held) == 1
    held[0].continue_()  # the first board comes now
    page.wait_for_timeout(1500)
    assert error.is_visible() and "'X'" in error.inner_text()
    assert page.input_value("#lab-notation") == "[##,#K],[kX,##]"
