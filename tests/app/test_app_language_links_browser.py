"""The language picker follows the page, in real Chromium at a desk's size (1280x800) and a
phone's (390x844): after the user changed what a page shows (a move, a capture, a board size, a
lesson), the picker's French link carries the page's address as it is now, and following it shows
that same position in French (SPEC, "Seams the tests walk"; issue 35: /kbn's link made a new
random position)."""

from __future__ import annotations

import re
from urllib.parse import parse_qs, quote, urlparse

import pytest
from playwright.sync_api import expect

from tests.helpers.browser import api, board_pieces, drag_square, expect_pieces
from tests.helpers.phone import sized_page
from tests.helpers.trainer_pages import open_drills

pytestmark = pytest.mark.browser

KBNK = "8/8/3k4/8/8/8/8/KBN5 w - - 0 1"
KRK = "8/8/4k3/8/8/8/8/R3K3 w - - 0 1"


def query(url: str) -> dict[str, list[str]]:
    return parse_qs(urlparse(url).query)


def french_link(page):
    return page.locator(".site-language a[hreflang='fr']")


def follow_french(page) -> None:
    """Opens the picker and clicks French, as a user does; the page answers in French."""
    page.locator(".site-language summary").click()
    french_link(page).click()
    expect(page.locator("html")).to_have_attribute("lang", "fr")


def assert_link_is_this_address(page) -> None:
    """The French link is the page's address now, its lang=fr the one change."""
    link = french_link(page).get_attribute("href")
    now = {k: v for k, v in query(page.url).items() if k != "lang"}
    assert query(link).pop("lang") == ["fr"] and {k: v for k, v in query(link).items() if k != "lang"} == now, (link, page.url)
    assert urlparse(link).path == urlparse(page.url).path


def move_on_trainer(page, path: str, fen: str) -> None:
    page.goto(f"{path}?pause=0&fen={quote(fen.replace(' ', '_'), safe='/_')}")
    root = page.locator("#trainer")
    expect(root).to_have_attribute("data-ready", "true")
    move = api(page, "/api/tablebase", fen=fen)["moves"][0]
    page.click(f'[data-square="{move["from"]}"]')
    page.click(f'[data-square="{move["to"]}"]')
    expect(root).to_have_attribute("data-ply", "2")  # the move and the table's reply
    expect(root).to_have_attribute("data-turn", "user")


@pytest.mark.parametrize("phone", [False, True], ids=["desk", "phone"])
@pytest.mark.parametrize("path, fen", [("/kbn", KBNK), ("/mates/KRK", KRK)], ids=["kbn", "KRK"])
def test_the_trainers_picker_keeps_the_position_after_a_move(browser, live_server, phone, path, fen):
    with sized_page(browser, live_server, phone) as page:
        move_on_trainer(page, path, fen)
        shown = board_pieces(page)
        now = query(page.url)["fen"][0]
        assert now.replace("_", " ") != fen  # the page's address follows the game
        assert_link_is_this_address(page)
        follow_french(page)
        expect(page.locator("#trainer")).to_have_attribute("data-ready", "true")
        expect_pieces(page, shown)
        assert query(page.url)["fen"][0] == now
        expect(page.locator("#trainer-status [data-part='title']")).not_to_have_text("Loading…")


@pytest.mark.parametrize("phone", [False, True], ids=["desk", "phone"])
def test_the_move_checkers_picker_keeps_the_moved_board(browser, live_server, phone):
    with sized_page(browser, live_server, phone) as page:
        page.goto("/moves?fen=4r1k1/8/8/8/8/8/4B3/4K2R")
        page.wait_for_function("document.getElementById('moves-list').value.length > 0")
        drag_square(page, "h1", "h5")
        page.wait_for_function("location.search.includes('7R')")
        shown = board_pieces(page)
        assert_link_is_this_address(page)
        follow_french(page)
        page.wait_for_selector('[data-square="h5"] [data-piece="wR"]')
        expect_pieces(page, shown)


@pytest.mark.parametrize("phone", [False, True], ids=["desk", "phone"])
def test_the_solitaire_picker_keeps_the_board_after_a_capture(browser, live_server, phone):
    with sized_page(browser, live_server, phone) as page:
        page.goto("/solitaire?board=.....B..RP.....N")
        page.wait_for_function("document.getElementById('sol-status').dataset.status === 'playing'")
        drag_square(page, "d1", "b2")
        page.wait_for_function("!location.search.includes('RP.....N')")
        shown = board_pieces(page)
        assert len(shown) == 3
        assert_link_is_this_address(page)
        follow_french(page)
        page.wait_for_function("document.getElementById('sol-status').dataset.status === 'playing'")
        expect_pieces(page, shown)


@pytest.mark.parametrize("phone", [False, True], ids=["desk", "phone"])
def test_the_labs_picker_keeps_the_board_size_and_its_pieces(browser, live_server, phone):
    with sized_page(browser, live_server, phone) as page:
        page.goto(f"/3d?board={quote('[k##,###,#q#],[###,###,###],[#r#,###,#K#]', safe='')}")
        expect(page.locator("[data-status]")).not_to_have_attribute("data-status", "pending")
        page.select_option("#lab-size", "4")  # the board size: a 4x4x4 board now
        expect(page.locator("[data-cube]")).to_have_count(64)
        page.wait_for_function("!(new URLSearchParams(location.search).get('board') || '').startsWith('k2,')")
        shown = board_pieces(page, "cube")
        assert_link_is_this_address(page)
        follow_french(page)
        expect(page.locator("[data-cube]")).to_have_count(64)
        expect(page.locator("[data-status]")).not_to_have_attribute("data-status", "pending")
        expect_pieces(page, shown, "cube")


@pytest.mark.parametrize("phone", [False, True], ids=["desk", "phone"])
def test_the_lessons_picker_keeps_the_lesson_and_its_position(browser, live_server, phone):
    with sized_page(browser, live_server, phone) as page:
        open_drills(page, "/mates/learn?pause=0&lesson=1")
        root = page.locator("#trainer-learn")
        page.locator('[data-lesson="2"] button').click()  # another lesson: the rook's
        expect(root).to_have_attribute("data-lesson-open", "2")
        if root.get_attribute("data-mode") == "idea":
            page.locator("[data-action='drills']").click()
        expect(root).to_have_attribute("data-turn", "user")
        expect(page).to_have_url(re.compile(r"lesson=2&fen="))
        fen = root.get_attribute("data-fen")
        assert_link_is_this_address(page)
        follow_french(page)
        expect(root).to_have_attribute("data-lesson-open", "2")
        expect(root).to_have_attribute("data-fen", fen)
