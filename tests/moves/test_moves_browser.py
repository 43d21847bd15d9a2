"""The /moves page in real Chromium: drag moves to check them, destinations, pins and checks."""

from __future__ import annotations

import pytest
from tests.helpers.browser import drag_square
from tests.helpers.phone import PHONE, page_bottom

pytestmark = pytest.mark.browser

PINNED = "4r1k1/8/8/8/8/8/4B3/4K2R"


def open_position(page, fen: str) -> None:
    page.goto(f"/moves?fen={fen}")
    page.wait_for_selector('[data-square="e1"] [data-piece="wK"]')
    page.wait_for_function("document.getElementById('moves-list').value.length > 0")


def test_pinned_piece_is_marked_and_its_move_refused_with_reason(page):
    open_position(page, PINNED)
    assert "mark-pinned" in page.locator('[data-square="e2"]').get_attribute("class")
    drag_square(page, "e2", "d3")
    status = page.locator("[data-status]#moves-status")
    page.wait_for_function("document.getElementById('moves-status').dataset.status === 'invalid'")
    assert "pinned by the rook on e8" in status.inner_text()
    # The move in words from the server, not as UCI text.
    assert page.locator(".moves-verdict").inner_text() == "Not valid: the white bishop on e2 to d3"
    assert page.locator('[data-square="e2"] [data-piece="wB"]').count() == 1


def test_valid_drag_moves_the_piece_and_url_follows(page):
    open_position(page, PINNED)
    drag_square(page, "h1", "h5")
    page.wait_for_function("document.getElementById('moves-status').dataset.status === 'valid'")
    assert "rook on h1 can move to h5" in page.locator("#moves-status").inner_text()
    page.wait_for_selector('[data-square="h5"] [data-piece="wR"]')
    page.wait_for_function("location.search.includes('7R')")


def test_selecting_a_piece_highlights_its_legal_destinations(page):
    open_position(page, PINNED)
    page.locator('[data-square="e1"]').click()
    page.wait_for_selector("[data-dest]")
    dests = sorted(page.locator("[data-dest]").evaluate_all("els => els.map(e => e.dataset.square)"))
    assert dests == ["d1", "d2", "f1", "f2"]


def test_checking_piece_is_marked(page):
    open_position(page, "4k3/8/8/8/7q/8/8/4K3")
    page.wait_for_selector('[data-square="h4"].mark-checker')


def test_palette_piece_dropped_on_board_is_placed(page):
    open_position(page, PINNED)
    page.locator('[data-spare="bN"]').scroll_into_view_if_needed()
    spare = page.locator('[data-spare="bN"]').bounding_box()
    end = page.locator('[data-square="c3"]').bounding_box()
    page.mouse.move(spare["x"] + spare["width"] / 2, spare["y"] + spare["height"] / 2)
    page.mouse.down()
    page.mouse.move(end["x"] + end["width"] / 2, end["y"] + end["height"] / 2, steps=8)
    page.mouse.up()
    page.wait_for_selector('[data-square="c3"] [data-piece="bN"]')
    page.wait_for_function("new URLSearchParams(location.search).get('fen').includes('n')")


def test_a_pawn_dragged_to_the_last_rank_becomes_the_queen_the_server_plays(page):
    open_position(page, "8/P3k3/8/8/8/8/8/4K3")
    drag_square(page, "a7", "a8")
    page.wait_for_function("document.getElementById('moves-status').dataset.status === 'valid'")
    page.wait_for_selector('[data-square="a8"] [data-piece="wQ"]')
    assert page.locator('[data-square="a7"] [data-piece]').count() == 0


def test_a_second_king_is_refused_by_the_server_with_its_reason(page):
    open_position(page, PINNED)
    page.locator('[data-mode="edit"]').click()
    spare = page.locator('[data-spare="wK"]')
    spare.scroll_into_view_if_needed()
    box, end = spare.bounding_box(), page.locator('[data-square="a4"]').bounding_box()
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.down()
    page.mouse.move(end["x"] + end["width"] / 2, end["y"] + end["height"] / 2, steps=8)
    page.mouse.up()
    error = page.locator("#moves-error")
    error.wait_for(state="visible")
    assert "white has 2 kings (e1, a4)" in error.inner_text()
    assert page.locator('[data-piece="wK"]').count() == 2  # the board keeps what the user did


def test_on_a_phone_the_verdict_of_a_drag_is_on_the_first_screen(page):
    page.set_viewport_size(PHONE)
    open_position(page, PINNED)
    drag_square(page, "e2", "d3")
    page.wait_for_function("document.getElementById('moves-status').dataset.status === 'invalid'")
    assert page_bottom(page, "#moves-status .moves-reason") <= PHONE["height"]
    assert page_bottom(page, '[data-square="a1"]') < page_bottom(page, "#moves-status")  # under the board


def test_a_typed_fen_is_read_by_the_server_and_start_restores_its_board(page):
    open_position(page, PINNED)
    page.fill("#moves-fen", "8/1P6/8/8/8/k7/8/K7")
    page.click("#moves-load-fen")
    page.wait_for_selector('[data-square="b7"] [data-piece="wP"]')
    assert page.locator("[data-square] [data-piece]").count() == 3
    page.fill("#moves-fen", "8/8/9/8")
    page.click("#moves-load-fen")
    page.wait_for_function("!document.getElementById('moves-error').hidden")
    assert "fen" in page.locator("#moves-error").inner_text().lower()  # the server's reason
    page.click("#moves-start")
    page.wait_for_selector('[data-square="e8"] [data-piece="bK"]')
    assert page.locator("[data-square] [data-piece]").count() == 32


def test_the_seed_list_and_question_are_sent_as_typed_and_read_by_the_server(page):
    open_position(page, PINNED)
    error, pieces = page.locator("#moves-error"), page.locator("[data-square] [data-piece]")
    for box, button, text, why in (("#moves-list", "#moves-load-list", "[['W', 'K', 5, 1]", "is missing at the end"),
                                   ("#moves-question", "#moves-ask", "['W', 'R', 1 8]", "comma is missing")):
        page.fill(box, text)
        page.click(button)
        page.wait_for_function(f"document.getElementById('moves-error').textContent.includes({why!r})")
        assert text in error.inner_text()  # the server's reason quotes the text
        assert pieces.count() == 5  # the board stays
    page.fill("#moves-list", "[['W', 'K', 5, 1], ['W', 'R', 1, 1],\n ['B', 'K', 5, 8],]")
    page.click("#moves-load-list")
    page.wait_for_selector('[data-square="a1"] [data-piece="wR"]')
    assert pieces.count() == 3 and error.is_hidden()
    page.fill("#moves-question", "['W', 'R', 1, 8]")
    page.click("#moves-ask")
    page.wait_for_function("document.getElementById('moves-status').dataset.status === 'valid'")
    assert page.locator(".moves-verdict").inner_text() == "Valid: a white rook to a8"
