"""The screenshot comparison is fine enough to see an arrow lose its head: the views with an arrow
match their baselines, and the same views with the arrow heads taken off the page (the SVG's
``marker`` elements removed) do not."""

from __future__ import annotations

import pytest

from tests.helpers.screenshots import MAX_RATIO, compare
from tests.visual.views import SIZES, screen, settle, VIEWS

pytestmark = pytest.mark.browser

# Whether every arrow's marker-end names a marker that is on the page: the head is drawn.
HEADS_DRAWN = """() => [...document.querySelectorAll('line.arrow')].every((line) =>
  document.getElementById(line.getAttribute('marker-end').slice(5, -1)) !== null)"""
REMOVE_HEADS = "() => document.querySelectorAll('.board-arrows marker').forEach((marker) => marker.remove())"


def screenshot(page, view: str) -> bytes:
    if view == "endgames-player":
        return page.screenshot(animations="disabled", caret="hide")
    return page.screenshot(full_page=True, animations="disabled", caret="hide")


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("view", ["lesson-idea", "kbn-hint"])
def test_an_arrow_without_its_head_fails_the_comparison(browser, live_server, view, size):
    name = f"{view}-{size}"
    with screen(browser, live_server, size) as page:
        VIEWS[view](page)
        settle(page)
        if not page.evaluate(HEADS_DRAWN):
            # The trainer's arrow names a marker of the board's first id (static/js/board/arrows.js),
            # fixed on its own branch (issue 35): until then there is no head to take off.
            pytest.xfail(f"{name}: the arrow's marker-end names no marker on the page: no head is drawn")
        shown, _ = compare(screenshot(page, view), name)
        assert shown.matches, f"{name} does not match its baseline ({shown.ratio:.4%}): run ./dev screenshots"
        page.evaluate(REMOVE_HEADS)
        page.evaluate("() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")
        headless, _ = compare(screenshot(page, view), name)
        assert not headless.matches, f"{name} without its arrow heads still matches ({headless.ratio:.4%})"
        assert headless.ratio > 2 * MAX_RATIO, f"{name}: the heads are {headless.ratio:.4%} of the image, too close"
        print(f"{name}: the arrow heads are {headless.ratio:.4%} of the image; at most {MAX_RATIO:.4%} may differ")
