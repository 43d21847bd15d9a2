"""The board's seam "a refused move (drag or click) clears the selection; the next drag works", walked
as a user does on every page with moves to refuse (solitaire, the move checker, a 3D lab game), on a
desk's screen (1280x800) and a phone's (390x844), with real pointer drags."""

from __future__ import annotations

from urllib.parse import quote

import pytest
from tests.helpers.browser import drag, drag_square, expect_pieces
from tests.helpers.cube import cube, piece_at
from tests.helpers.phone import sized_page
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

SOLITAIRE = ".....B..RP.....N"  # Bb3, Ra2, Pb2, Nd1: the bishop can take the knight, the knight the pawn
SIZES = pytest.mark.parametrize("phone", [False, True], ids=["desk", "phone"])


def board_of_address(page) -> str:
    return page.evaluate("() => new URLSearchParams(location.search).get('board')")


def solitaire(page):
    page.goto(f"/solitaire?board={SOLITAIRE}")
    page.wait_for_function("document.getElementById('sol-status').dataset.status === 'playing'")


@SIZES
def test_solitaire_a_drag_after_a_refused_drag_is_the_dragged_pieces(browser, live_server, phone):
    with sized_page(browser, live_server, phone) as page:
        solitaire(page)
        drag_square(page, "b3", "a4")  # the bishop to an empty square: refused
        expect(page.locator("#sol-refused")).to_have_text(
            "b3 to a4 is not a capture: every move must take a piece.")
        expect(page.locator(".sq.selected")).to_have_count(0)
        expect(page.locator("[data-dest]")).to_have_count(0)
        # The hinted capture, dragged: the knight takes the pawn (the bishop, which could take the
        # knight, was let go).
        drag_square(page, "d1", "b2")
        page.wait_for_function(f"new URLSearchParams(location.search).get('board') === '.....B..RN......'")
        expect(page.locator("#sol-refused")).to_be_hidden()
        expect_pieces(page, {"b3": "wB", "a2": "wR", "b2": "wN"})


@SIZES
def test_solitaire_dragging_a_piece_the_selection_could_take_moves_that_piece(browser, live_server, phone):
    with sized_page(browser, live_server, phone) as page:
        solitaire(page)
        page.click('[data-square="b3"]')  # the bishop selected: it could take the knight on d1
        expect(page.locator('[data-square="d1"][data-dest]')).to_have_count(1)
        drag_square(page, "d1", "b2")  # yet the knight is dragged: it is the knight that moves
        page.wait_for_function("new URLSearchParams(location.search).get('board') === '.....B..RN......'")
        expect_pieces(page, {"b3": "wB", "a2": "wR", "b2": "wN"})
        # A click on a square the selected piece cannot take is refused too: the selection goes.
        page.click('[data-square="b3"]')
        expect(page.locator('[data-square="b3"].selected')).to_have_count(1)
        page.click('[data-square="c4"]')
        expect(page.locator(".sq.selected")).to_have_count(0)
        page.click('[data-square="b2"]')  # selects the knight; the bishop takes nothing
        expect(page.locator('[data-square="b2"].selected')).to_have_count(1)
        assert board_of_address(page) == ".....B..RN......"


@SIZES
def test_moves_a_drag_after_a_refused_drag_is_checked(browser, live_server, phone):
    with sized_page(browser, live_server, phone) as page:
        page.goto("/moves?fen=4r1k1/8/8/8/8/8/4B3/4K2R")
        page.wait_for_function("document.getElementById('moves-list').value.length > 0")
        status = page.locator("#moves-status")
        drag_square(page, "e2", "d3")  # the pinned bishop: refused by the server
        expect(status).to_have_attribute("data-status", "invalid")
        expect(page.locator(".sq.selected")).to_have_count(0)
        expect(page.locator("[data-dest]")).to_have_count(0)
        drag_square(page, "h1", "h5")
        expect(status).to_have_attribute("data-status", "valid")
        expect(page.locator('[data-square="h5"] [data-piece="wR"]')).to_have_count(1)


# Black: Ka3(III); White: Kc3(III), Rc1(III), all on the top board, which a phone shows first.
LAB = "[k#K,###,##R],[###,###,###],[###,###,###]"


@SIZES
def test_lab_game_a_drag_after_a_refused_drag_is_played(browser, live_server, phone):
    with sized_page(browser, live_server, phone) as page:
        page.goto(f"/3d?board={quote(LAB, safe='')}")
        expect(page.locator("[data-status]")).not_to_have_attribute("data-status", "pending")
        page.click("#lab-play")
        expect(page.locator("#lab-status-label")).to_have_text("Game · White to move")
        page.locator(cube("1,1,0")).scroll_into_view_if_needed()  # the Play button is low on a desk
        drag(page, cube("2,2,0"), cube("1,1,0"))  # a rook does not move diagonally: refused
        expect(page.locator(".sq.selected")).to_have_count(0)
        expect(piece_at(page, "2,2,0")).to_have_attribute("data-piece", "wR")
        drag(page, cube("2,2,0"), cube("1,2,0"))
        expect(piece_at(page, "1,2,0")).to_have_attribute("data-piece", "wR")
        expect(page.locator("#lab-status-label")).to_have_text("Game · Black to move")
        expect(page.locator("#lab-moves li")).to_have_text(["1. Rc1(III)-b1(III)"])
