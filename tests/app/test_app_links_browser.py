"""In Chromium: a page opened with an unreadable ?fen=, ?board= or ?lesson= says so (quoting the
input, shortened), answered 400 but still drawn, and no page trips its own Content-Security-Policy."""

import pytest

LONG = "q" * 3000


@pytest.mark.browser
@pytest.mark.parametrize("path, bad, shown", [
    ("/kbn", "_", "'_'"),
    ("/kbn", LONG, "(3000 characters)"),
    ("/moves", "rnbqkbnr/zz", "'rnbqkbnr/zz'"),
    ("/moves", LONG, "(3000 characters)"),
    ("/solitaire", "xyz", "'xyz'"),
])
def test_a_bad_linked_position_is_shown_as_an_error(page, path, bad, shown):
    param = "fen" if path in ("/kbn", "/moves") else "board"
    answer = page.goto(f"{path}?{param}={bad}")
    assert answer.status == 400
    banner = page.locator("[data-link-error]")
    banner.wait_for()
    text = banner.inner_text()
    assert "could not be read" in text and shown in text
    assert len(text) < 400
    assert banner.bounding_box()["y"] < 300  # at the top, where it is seen


@pytest.mark.browser
@pytest.mark.parametrize("path", ["/kbn/learn", "/mates/learn"])
def test_a_lesson_that_is_not_there_opens_the_next_and_says_so(page, path):
    answer = page.goto(f"{path}?lesson=abc")
    assert answer.status == 400
    banner = page.locator("[data-link-error]")
    banner.wait_for()
    assert "'abc'" in banner.inner_text() and "the lessons are 1 to" in banner.inner_text()
    assert banner.bounding_box()["y"] < 300
    page.locator("#trainer-lesson-title").filter(has_text="Lesson 1").wait_for()  # the lesson opened, drawn


@pytest.mark.browser
@pytest.mark.parametrize("bad", ["zzz", "z" * 3000])
def test_the_3d_lab_says_when_a_linked_board_is_unreadable(page, bad):
    """The lab shows the server's message at the top of the page (its own element)."""
    assert page.goto(f"/3d?board={bad}").status == 400
    error = page.locator("#lab-error")
    error.wait_for()
    assert error.inner_text().strip() and len(error.inner_text()) < 400
    assert error.bounding_box()["y"] < 300


@pytest.mark.browser
def test_a_good_linked_position_has_no_error(page):
    page.goto("/moves?fen=8/8/8/8/8/8/2k5/KNB5_w")
    page.locator("[data-piece='wN']").first.wait_for()
    assert page.locator("[data-link-error]").count() == 0


@pytest.mark.browser
def test_no_page_violates_its_content_security_policy(browser, live_server, app):
    from tests.app.test_app_headers import pages

    context = browser.new_context(viewport={"width": 1280, "height": 900}, base_url=live_server)
    page = context.new_page()  # unlike the shared fixture's, this page enforces the policy
    violations = []
    page.on("console", lambda message: violations.append(message.text)
            if "Content Security Policy" in message.text else None)
    page.on("pageerror", lambda error: violations.append(str(error)))
    try:
        for path in pages(app):
            page.goto(path)
            page.wait_for_load_state("networkidle")
            page.mouse.click(300, 400)
            page.wait_for_timeout(200)
    finally:
        context.close()
    assert not violations, violations
