"""What the phone-sized browser tests share: the screen and where an element ends on the page."""

from __future__ import annotations

PHONE = {"width": 390, "height": 844}


def page_bottom(page, selector: str) -> float:
    """Where the element ends, in px from the top of the page (not of the scrolled window)."""
    bottom = page.eval_on_selector(selector, "e => e.getBoundingClientRect().bottom + window.scrollY")
    assert bottom > 0, f"{selector} is not shown"
    return bottom
