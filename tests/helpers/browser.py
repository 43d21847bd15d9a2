"""Pointer gestures and board reading shared by the browser tests."""

from __future__ import annotations

from playwright.sync_api import TimeoutError as PlaywrightTimeout


def centre(page, selector: str) -> tuple[float, float]:
    box = page.locator(selector).bounding_box()
    assert box, f"{selector} is not visible"
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def drag(page, source: str, target: str | tuple[float, float]) -> None:
    """A real pointer drag (down, several moves, up) from one element's centre to another's (or to
    a point), so the page sees the pointer events a person makes."""
    x0, y0 = centre(page, source)
    x1, y1 = centre(page, target) if isinstance(target, str) else target
    page.mouse.move(x0, y0)
    page.mouse.down()
    page.mouse.move(x0 + 8, y0 + 8, steps=3)
    page.mouse.move(x1, y1, steps=12)
    page.mouse.up()


def drag_square(page, source: str, target: str) -> None:
    drag(page, f'[data-square="{source}"]', f'[data-square="{target}"]')


def board_pieces(page, attribute: str = "square") -> dict[str, str]:
    """{key: "wK"} for every piece on the board, keyed by data-square (2D) or data-cube (3D)."""
    return page.eval_on_selector_all(
        f"[data-{attribute}] > [data-piece]",
        f"els => Object.fromEntries(els.filter(e => e.parentElement)"
        f".map(e => [e.parentElement.dataset.{attribute}, e.dataset.piece]))",
    )


_PIECES_ARE = """([attribute, want]) => {
  const found = [...document.querySelectorAll(`[data-${attribute}] > [data-piece]`)].filter(e => e.parentElement);
  return found.length === Object.keys(want).length
    && found.every(e => want[e.parentElement.dataset[attribute]] === e.dataset.piece);
}"""


def expect_pieces(page, pieces: dict[str, str], attribute: str = "square", timeout: float = 10_000) -> None:
    """The board comes to show exactly ``pieces`` (as ``board_pieces`` reads them) within ``timeout``
    ms: a board redrawn after the server's answer is waited for, as Playwright's ``expect`` waits.
    Fails with the board it shows at the end."""
    wait_until(page, _PIECES_ARE, [attribute, pieces], timeout)
    assert board_pieces(page, attribute) == pieces


def wait_until(page, predicate: str, arg=None, timeout: float = 10_000) -> None:
    """Waits until the page's ``predicate`` (a JavaScript function of ``arg``) holds, at most
    ``timeout`` ms, without failing: the caller then asserts what it reads, and a page that never
    gets there fails on that assertion, with what it shows."""
    try:
        page.wait_for_function(predicate, arg=arg, timeout=timeout)
    except PlaywrightTimeout:
        pass


def api(page, path: str, **params) -> dict:
    """A GET on the live server through the page's request context; fails the test on an error."""
    response = page.request.get(path, params=params)
    assert response.ok, response.text()
    return response.json()


def marked_squares(page, mark: str) -> list[str]:
    """The squares the board marks with ``mark`` (the coach's "box" and "corner"), sorted."""
    return sorted(page.locator(f".sq.mark-{mark}").evaluate_all("els => els.map(e => e.dataset.square)"))


_MARKED_ARE = """([mark, want]) => {
  const found = [...document.querySelectorAll(`.sq.mark-${mark}`)].map(e => e.dataset.square).sort();
  return found.length === want.length && found.every((square, i) => square === want[i]);
}"""


def expect_marked(page, mark: str, squares, timeout: float = 10_000) -> None:
    """The board comes to mark exactly ``squares`` with ``mark`` (as ``marked_squares`` reads them)
    within ``timeout`` ms: marks drawn after the server's answer (the coach's) are waited for."""
    want = sorted(squares)
    wait_until(page, _MARKED_ARE, [mark, want], timeout)
    assert marked_squares(page, mark) == want
