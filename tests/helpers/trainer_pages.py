"""Helpers shared by the browser tests of the trainer and lessons pages (/mates/..., /kbn, /kbn/learn)."""

from __future__ import annotations

import re

from tests.helpers.browser import api, expect_marked, marked_squares  # noqa: F401 - the trainer tests' imports
from playwright.sync_api import expect


def moves_of(dtm: int | None) -> int | None:
    """Moves to mate from a lichess DTM in plies (either side's view)."""
    if dtm is None:
        return None
    return (dtm + 1) // 2 if dtm > 0 else -dtm // 2


def assert_coach_marks(page, facts: dict) -> None:
    """The board shades the coach's box and outlines its mating corners, square for square."""
    expect(page.locator(".sq.mark-box")).to_have_count(facts["region_size"])
    expect_marked(page, "box", facts["region"])  # a count of 0 holds before the coach's facts come
    expect_marked(page, "corner", facts["mating_corners"])
    expect(page.locator("#trainer-coach")).to_have_attribute("data-phase", facts["phase"])


def play_out(page, choose) -> str:
    """On a lessons page: plays the learner's moves (chosen from the API's list) until the position's result shows."""
    root, result = page.locator("#trainer-learn"), page.locator("#trainer-result")
    for _ in range(12):
        expect(root).to_have_attribute("data-turn", re.compile("^(user|over)$"))
        if result.is_visible():
            break
        ply = root.get_attribute("data-ply")
        uci = choose(api(page, "/api/tablebase", fen=root.get_attribute("data-position"))["moves"])["uci"]
        page.click(f'[data-square="{uci[:2]}"]')
        page.click(f'[data-square="{uci[2:4]}"]')
        expect(root).not_to_have_attribute("data-ply", ply)
    expect(result).to_be_visible()
    return result.get_attribute("data-result")


def fastest(moves):
    return moves[0]


def slowest_win(moves):
    """A move that keeps the win but mates as late as possible (or any move that does not mate)."""
    quiet = [m for m in moves if not m["checkmate"]]
    wins = [m for m in quiet if m["category"] == "loss"]
    return max(wins, key=lambda m: -m["dtm"]) if wins else quiet[0]


def open_drills(page, url: str) -> None:
    """Opens a lessons page (its lesson's idea first when not seen yet) and starts its drills."""
    page.goto(url)
    root = page.locator("#trainer-learn")
    expect(root).to_have_attribute("data-ready", "true")
    if root.get_attribute("data-mode") == "idea":
        page.locator("[data-action='drills']").click()
    expect(root).to_have_attribute("data-turn", re.compile("^(user|over)$"))
