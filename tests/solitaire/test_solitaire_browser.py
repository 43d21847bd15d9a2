"""The /solitaire page in real Chromium: solve by dragging, refused drops, hints, the animation."""

from __future__ import annotations

import re

import pytest
from tests.helpers.browser import drag_square
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

EXAMPLE = ".....B..RP.....N"  # the example puzzle: N d1xb2, R a2xb2, R b2xb3


def status(page) -> str:
    return page.locator("#sol-status").get_attribute("data-status")


def wait_status(page, value: str) -> None:
    page.wait_for_function(f"document.getElementById('sol-status').dataset.status === '{value}'")


def open_board(page, board: str) -> None:
    page.goto(f"/solitaire?board={board}")
    wait_status(page, "playing")


def test_solve_the_seed_example_by_dragging(page):
    open_board(page, EXAMPLE)
    for source, target in [("d1", "b2"), ("a2", "b2"), ("b2", "b3")]:
        wait_status(page, "playing")
        drag_square(page, source, target)
    wait_status(page, "solved")
    assert page.locator("[data-piece]").count() == 1
    assert page.locator('[data-square="b3"] [data-piece="wR"]').count() == 1
    assert "board=.....R.........." in page.url


def test_a_non_capturing_drop_is_refused(page):
    open_board(page, EXAMPLE)
    drag_square(page, "a2", "a1")
    expect(page.locator("#sol-refused")).to_have_text("a2 to a1 is not a capture: every move must take a piece.")
    assert page.locator("#sol-refused").bounding_box()["y"] < 800  # beside the board, not below the fold
    expect(page.locator(".board-live")).to_contain_text("cannot go to a1")
    assert page.locator('[data-square="a2"] [data-piece="wR"]').count() == 1
    assert page.locator('[data-square="a1"] [data-piece]').count() == 0
    # The next capture is played on the untouched board: had the refused drop moved the rook,
    # the board written to the URL after this capture would differ.
    drag_square(page, "d1", "b2")
    page.wait_for_function("new URLSearchParams(location.search).get('board') === '.....B..RN......'")
    wait_status(page, "playing")
    expect(page.locator("#sol-refused")).to_be_hidden()


def test_edit_stops_the_solution_being_shown(page):
    open_board(page, EXAMPLE)
    page.locator("#sol-show").click()
    page.wait_for_function("new URLSearchParams(location.search).get('board') !== '.....B..RP.....N'")
    page.locator("#sol-edit").click()
    wait_status(page, "editing")
    editing = page.evaluate("() => new URLSearchParams(location.search).get('board')")
    page.wait_for_timeout(1600)  # more than two of the solution's steps
    assert page.evaluate("() => new URLSearchParams(location.search).get('board')") == editing
    assert page.locator("[data-piece]").count() == 3


def test_selecting_a_piece_highlights_its_captures(page):
    open_board(page, EXAMPLE)
    page.locator('[data-square="a2"]').click()
    page.wait_for_selector("[data-dest]")
    dests = sorted(page.locator("[data-dest]").evaluate_all("els => els.map(e => e.dataset.square)"))
    assert dests == ["b2"]


def test_following_hints_solves_the_puzzle(page):
    open_board(page, ".NR.B...N..B..P.")
    for _ in range(5):
        wait_status(page, "playing")
        page.locator("#sol-hint").click()
        page.wait_for_function("/^[a-h][1-8]-[a-h][1-8]$/.test(document.getElementById('sol-hint-text').dataset.hint)")
        source, target = page.locator("#sol-hint-text").get_attribute("data-hint").split("-")
        drag_square(page, source, target)
        page.wait_for_function("document.getElementById('sol-hint-text').dataset.hint === ''")
    wait_status(page, "solved")


def test_stuck_position_is_announced_and_undo_goes_back(page):
    open_board(page, EXAMPLE)
    drag_square(page, "a2", "b2")  # the rook takes the pawn: the knight and bishop can no longer finish
    page.wait_for_function("document.getElementById('sol-status').textContent.includes('no solution')")
    page.locator("#sol-hint").click()
    page.wait_for_function("document.getElementById('sol-hint-text').dataset.hint === 'none'")
    page.locator("#sol-undo").click()
    page.wait_for_selector('[data-square="b2"] [data-piece="wP"]')


def test_show_solution_animates_to_solved(page):
    open_board(page, EXAMPLE)
    page.locator("#sol-show").click()
    wait_status(page, "solved")
    assert page.locator("[data-piece]").count() == 1


def test_stuck_board_is_announced(page):
    page.goto("/solitaire?board=N..............N")
    wait_status(page, "stuck")
    assert "Stuck" in page.locator("#sol-status").inner_text()


def test_editor_sets_up_a_board_and_the_url_follows(page):
    open_board(page, EXAMPLE)
    page.locator("#sol-edit").click()
    page.locator("#sol-clear").click()
    page.wait_for_function("location.search.includes('board=................')")
    page.locator("#sol-edit").click()
    page.wait_for_function("document.getElementById('sol-status').dataset.status !== 'editing'")


def test_counts_and_articles_read_right(page):
    page.goto("/solitaire?board=.........R......")
    wait_status(page, "solved")
    page.locator("#sol-edit").click()
    expect(page.locator("#sol-status .sol-detail").first).to_have_text("1 piece on a 4×4 board.")
    page.locator("#sol-edit").click()
    page.locator('[data-difficulty="expert"]').click()
    expect(page.locator("#sol-puzzle-info")).to_contain_text(re.compile(r"^An expert puzzle: \d+ pieces, \d+ solutions?\."))
