"""Helpers shared by the browser tests of the KBN pages (/kbn, /kbn/learn)."""

from __future__ import annotations


def api(page, path: str, **params) -> dict:
    """A GET on the live server through the page's request context; fails the test on an error."""
    response = page.request.get(path, params=params)
    assert response.ok, response.text()
    return response.json()


def moves_of(dtm: int | None) -> int | None:
    """Moves to mate from a lichess DTM in plies (either side's view)."""
    if dtm is None:
        return None
    return (dtm + 1) // 2 if dtm > 0 else -dtm // 2


def marked_squares(page, mark: str) -> list[str]:
    """The squares the board marks with ``mark`` (the coach's "box" and "corner"), sorted."""
    return sorted(page.locator(f".sq.mark-{mark}").evaluate_all("els => els.map(e => e.dataset.square)"))


def assert_coach_marks(page, facts: dict) -> None:
    """The board shades the coach's box and outlines its mating corners, square for square."""
    from playwright.sync_api import expect

    expect(page.locator(".sq.mark-box")).to_have_count(facts["region_size"])
    assert marked_squares(page, "box") == sorted(facts["region"])
    assert marked_squares(page, "corner") == sorted(facts["mating_corners"])
    expect(page.locator("#kbn-coach")).to_have_attribute("data-phase", facts["phase"])
