"""Playing a game on the 3D lab's board (legal moves only, White then Black, mate ends it, undo),
the side to move, and ?board= URLs: the URL-safe form the page writes, the board text
percent-encoded, and a bad board's error at the top of the page."""

from __future__ import annotations

import re
from urllib.parse import parse_qs, quote, urlparse

import pytest
from tests.helpers.browser import board_pieces, drag, expect_pieces
from tests.helpers.cube import board_text, cube, open_lab, piece_at, pieces_from_notation
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

# White: Kc3(III), Qb3(I); Black: Ka3(III). 1. Qa3(I)+ Ka2(III) 2. Qb2(II)# (found with the server's rules).
MATE_IN_TWO = "[k#K,###,###],[###,###,###],[#Q#,###,###]"


def status(page):
    return page.locator("[data-status]")


def test_a_short_game_played_to_mate_with_undo(page):
    open_lab(page, MATE_IN_TWO)
    expect(page.locator("#lab-play")).to_be_enabled()
    page.click("#lab-play")
    expect(page.locator("#lab-pieces")).to_be_hidden()  # no palette during a game
    expect(page.locator("#lab-status-label")).to_have_text("Game · White to move")
    # Black may not move first, and a queen may not leave her lines.
    page.click(cube("0,0,0"))
    expect(page.locator(".sq.selected")).to_have_count(0)
    page.click(cube("1,0,2"))
    expect(page.locator("[data-dest]").first).to_be_attached()
    page.click(cube("2,2,1"))  # not one of the server's destinations
    expect(piece_at(page, "1,0,2")).to_have_attribute("data-piece", "wQ")
    expect(piece_at(page, "2,2,1")).to_have_count(0)
    # 1. Qa3(I)+
    page.click(cube("1,0,2"))
    page.click(cube("0,0,2"))
    expect(status(page)).to_have_attribute("data-status", "check")
    expect(page.locator("#lab-status-label")).to_have_text("Game · Black to move")
    # The address holds the game: its start and its moves.
    page.wait_for_function("() => new URLSearchParams(location.search).get('moves') === 'Qb3(I)-a3(I)'")
    # 1... Ka2(III), by drag; then take it back and play it again.
    drag(page, cube("0,0,0"), cube("0,1,0"))
    expect(piece_at(page, "0,1,0")).to_have_attribute("data-piece", "bK")
    expect(status(page)).to_have_attribute("data-status", "none")
    page.click("#lab-undo")
    expect(piece_at(page, "0,0,0")).to_have_attribute("data-piece", "bK")
    expect(page.locator("#lab-status-label")).to_have_text("Game · Black to move")
    expect(page.locator("#lab-moves li")).to_have_count(1)
    drag(page, cube("0,0,0"), cube("0,1,0"))
    # 2. Qb2(II)#
    drag(page, cube("0,0,2"), cube("1,1,1"))
    expect(status(page)).to_have_attribute("data-status", "checkmate")
    expect(page.locator(".lab-status-detail")).to_contain_text("White wins")
    expect(page.locator("#lab-moves li")).to_have_text(
        ["1. Qb3(I)-a3(I)+", "1... Ka3(III)-a2(III)", "2. Qa3(I)-b2(II)#"])
    # The game is over: no piece can be picked up any more.
    page.click(cube("2,0,0"))
    expect(page.locator(".sq.selected")).to_have_count(0)
    expect_pieces(page, {"2,0,0": "wK", "0,1,0": "bK", "1,1,1": "wQ"}, "cube")
    page.click("#lab-stop")
    expect(page.locator("#lab-pieces")).to_be_visible()
    expect(page.locator("#lab-notation")).to_have_value("[##K,k##,###],[###,#Q#,###],[###,###,###]")


def test_no_game_without_both_kings_and_the_side_to_move_changes_the_status(page):
    open_lab(page, "[###,###,##q],[###,###,###],[###,###,rNK]")  # seed case 7 without Black's king
    expect(status(page)).to_have_attribute("data-status", "check")
    expect(page.locator("#lab-play")).to_be_disabled()
    expect(page.locator("#lab-game-note")).to_contain_text("there is no black king on the board")
    page.click('[data-spare="bK"]')
    page.click(cube("1,0,2"))  # reference case 7 itself: the king guards b2(I)
    expect(status(page)).to_have_attribute("data-status", "checkmate")
    expect(page.locator("#lab-play")).to_be_enabled()
    page.click("[data-turn=b]")
    expect(page.locator("#lab-status-label")).to_have_text("Is Black checkmated?")
    expect(status(page)).to_have_attribute("data-status", "none")
    expect(page.locator("#lab-play")).to_be_disabled()
    expect(page.locator("#lab-game-note")).to_contain_text("the white king is in check but it is Black's turn")
    page.wait_for_function("() => new URLSearchParams(location.search).get('turn') === 'b'")
    page.reload()
    expect(page.locator("[data-turn=b]")).to_have_attribute("aria-pressed", "true")
    expect(status(page)).to_have_attribute("data-status", "none")


def test_board_urls_round_trip(page):
    seed = "[###,n##,#rr],[#b#,###,###],[###,###,bRK]"
    open_lab(page, seed)  # the board text, percent-encoded
    page.wait_for_function("() => new URLSearchParams(location.search).get('board') === '3,n2,1rr/1b1,3,3/3,3,bRK'")
    assert "%" not in page.url and "#" not in page.url
    drag(page, cube("1,0,1"), cube("2,1,1"))  # the bishop moves; the URL follows
    page.wait_for_function("() => new URLSearchParams(location.search).get('board') === '3,n2,1rr/3,2b,3/3,3,bRK'")
    expect(status(page)).to_have_attribute("data-status", "check")  # the bishop no longer guards c2(I)
    shared = page.url
    expected = board_pieces(page, "cube")
    other = page.context.new_page()
    other.goto(shared)
    expect(other.locator("[data-status]")).to_have_attribute("data-status", "check")
    assert board_pieces(other, "cube") == expected
    assert parse_qs(urlparse(other.url).query)["board"] == ["3,n2,1rr/3,2b,3/3,3,bRK"]
    other.close()
    # A large board with many pieces survives the trip too.
    many = {(v % 10, v // 10 % 10, v // 100): "QRBNqrbn"[i % 8] for i, v in ((i, i * 41 % 1000) for i in range(1, 29))}
    ten = board_text(10, {**many, (0, 0, 0): "K", (9, 9, 9): "k"})
    open_lab(page, ten)
    page.reload()
    expect(page.locator("[data-cube]")).to_have_count(1000)
    expect_pieces(page, pieces_from_notation(ten), "cube")


def test_the_seeds_raw_form_is_read_across_the_url_fragment(page):
    # The first '#' begins the URL's fragment: the server sees '[', the page puts the rest back.
    page.goto("/3d?board=[###,n##,#rr],[#b#,###,###],[###,###,bRK]")
    expect(status(page)).to_have_attribute("data-status", "checkmate")
    expect_pieces(page, pieces_from_notation("[###,n##,#rr],[#b#,###,###],[###,###,bRK]"), "cube")
    expect(page.locator("#lab-error")).to_be_hidden()
    page.wait_for_function("() => location.search === '?board=3,n2,1rr/1b1,3,3/3,3,bRK' && !location.hash")


@pytest.mark.parametrize("query, words", [
    ("?board=[###,n##,#rx],[#b#,###,###],[###,###,bRK]", "unknown character 'x'"),  # raw '#', a bad board
    ("?board=" + quote("[K##,###,###],[###,###,###],[###,###,##K]"), "several white kings"),
    ("?board=3,n2,1rr/1b1,3,3/3,3,bRX", "unknown character 'X'"),
])
def test_a_bad_board_in_the_url_is_reported_at_the_top(page, query, words):
    page.goto("/3d" + query)
    error = page.locator("#lab-error")
    expect(error).to_be_visible()
    expect(error).to_contain_text(words)
    box = error.bounding_box()
    assert box["y"] + box["height"] < page.viewport_size["height"]
    assert box["y"] < page.locator(".board").bounding_box()["y"]
    expect(page.locator("[data-status]")).to_have_attribute("data-status", "no-king")
    expect(page.locator("#lab-notation")).to_have_value(re.compile(r".+"))
