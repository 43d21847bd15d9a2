"""Helpers shared by the browser tests of the trainer and lessons pages (/mates/..., /kbn, /kbn/learn)."""

from __future__ import annotations

from browser_helpers import api, marked_squares  # noqa: F401 - the trainer tests' imports


def moves_of(dtm: int | None) -> int | None:
    """Moves to mate from a lichess DTM in plies (either side's view)."""
    if dtm is None:
        return None
    return (dtm + 1) // 2 if dtm > 0 else -dtm // 2


def assert_coach_marks(page, facts: dict) -> None:
    """The board shades the coach's box and outlines its mating corners, square for square."""
    from playwright.sync_api import expect

    expect(page.locator(".sq.mark-box")).to_have_count(facts["region_size"])
    assert marked_squares(page, "box") == sorted(facts["region"])
    assert marked_squares(page, "corner") == sorted(facts["mating_corners"])
    expect(page.locator("#kbn-coach")).to_have_attribute("data-phase", facts["phase"])
