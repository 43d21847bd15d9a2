"""What the phone-sized browser tests share: the screens, a page on either, and where an element
ends on the page."""

from __future__ import annotations

from contextlib import contextmanager

PHONE = {"width": 390, "height": 844}
DESK = {"width": 1280, "height": 800}
SIZES = {"phone": PHONE, "desk": DESK}


@contextmanager
def sized_page(browser, live_server, phone: bool, permissions=(), **options):
    """A page on a phone's screen or a desk's (``page.phone`` says which), in a context of its own
    with ``options``; no page error may happen while it is used."""
    context = browser.new_context(viewport=PHONE if phone else DESK, base_url=live_server, bypass_csp=True, **options)
    if permissions:
        context.grant_permissions(list(permissions))
    page = context.new_page()
    page.phone = phone
    errors = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    yield page
    context.close()
    assert not errors, errors


def open_page(browser, base: str, size: str):
    """A page on the screen ``SIZES`` names (a phone's with touch), in a context of its own; the page's
    errors are kept in ``page.errors`` for the test to check. Returns the context and the page."""
    context = browser.new_context(viewport=SIZES[size], base_url=base, bypass_csp=True, is_mobile=size == "phone",
                                  has_touch=size == "phone")
    page = context.new_page()
    page.errors = []
    page.on("pageerror", lambda exc: page.errors.append(str(exc)))
    return context, page


def page_bottom(page, selector: str) -> float:
    """Where the element ends, in px from the top of the page (not of the scrolled window)."""
    bottom = page.eval_on_selector(selector, "e => e.getBoundingClientRect().bottom + window.scrollY")
    assert bottom > 0, f"{selector} is not shown"
    return bottom
