"""Playing the computer in the 3D lab, in Chromium on a desk's screen and a phone's: the address
opens the position ready to play against it, its answer comes on the board and in the record, a
take-back takes its answer too, and the control switches it on from editing."""

from __future__ import annotations

from urllib.parse import quote

import pytest
from playwright.sync_api import expect

from tests.helpers.cube import cube, piece_at
from tests.helpers.phone import sized_page

pytestmark = pytest.mark.browser

# White: Kc3(III), Qb3(I); Black: Ka3(III). 1. Qa3(I)+ Ka2(III) (forced) 2. Qb2(II)#.
MATE_IN_TWO = "[k#K,###,###],[###,###,###],[#Q#,###,###]"


@pytest.fixture(params=[False, True], ids=["desk", "phone"])
def screen(request, browser, live_server):
    with sized_page(browser, live_server, phone=request.param) as page:
        yield page


def show_layer(page, layer: int) -> None:
    """On a phone one layer shows at a time: the strip shows another."""
    if page.phone:
        page.locator(f"#lab-strip [data-layer='{layer}']").click()


def test_the_address_opens_a_game_against_the_computer(screen):
    page = screen
    page.goto(f"/3d?board={quote(MATE_IN_TWO, safe='')}&vs=computer&level=1")
    expect(page.locator("#lab-stop")).to_be_visible()  # a game, not editing
    expect(page.locator("#lab-vs-computer")).to_be_checked()
    expect(page.locator("#lab-level")).to_have_value("1")
    page.wait_for_function("() => new URLSearchParams(location.search).get('vs') === 'computer'")
    assert "level=1" in page.url
    # 1. Qa3(I)+, and the computer answers for Black: Ka2(III), the only move.
    show_layer(page, 2)
    page.click(cube("1,0,2"))
    page.click(cube("0,0,2"))
    show_layer(page, 0)
    expect(piece_at(page, "0,1,0")).to_have_attribute("data-piece", "bK")
    expect(page.locator("#lab-moves li")).to_have_text(["1. Qb3(I)-a3(I)+", "1... Ka3(III)-a2(III)"])
    expect(page.locator("#lab-computer-note")).to_have_text("The computer played Ka3(III)-a2(III).")
    expect(page.locator("#lab-status-label")).to_have_text("Game · White to move")
    page.wait_for_function("() => new URLSearchParams(location.search).get('moves') === "
                           "'Qb3(I)-a3(I),Ka3(III)-a2(III)'")
    # A take-back takes the computer's answer with the user's move.
    page.click("#lab-undo")
    expect(page.locator("#lab-moves li")).to_have_count(0)
    expect(piece_at(page, "0,0,0")).to_have_attribute("data-piece", "bK")
    # 1. Qa3(I)+ Ka2(III) again, then 2. Qb2(II)#: the game is over, the computer has no move.
    show_layer(page, 2)
    page.click(cube("1,0,2"))
    page.click(cube("0,0,2"))
    expect(page.locator("#lab-moves li")).to_have_count(2)
    page.click(cube("0,0,2"))
    show_layer(page, 1)
    page.click(cube("1,1,1"))
    expect(page.locator("#lab-moves li")).to_have_count(3)
    expect(page.locator("[data-status]")).to_have_attribute("data-status", "checkmate")
    page.wait_for_timeout(300)
    expect(page.locator("#lab-moves li")).to_have_count(3)


def test_the_control_starts_a_game_against_the_computer(screen):
    page = screen
    page.goto(f"/3d?board={quote(MATE_IN_TWO, safe='')}")
    expect(page.locator("[data-status]")).not_to_have_attribute("data-status", "pending")
    expect(page.locator("#lab-level")).to_be_disabled()
    page.locator("#lab-vs-computer").check()
    expect(page.locator("#lab-stop")).to_be_visible()
    page.select_option("#lab-level", "3")
    page.wait_for_function("() => new URLSearchParams(location.search).get('level') === '3'")
    show_layer(page, 2)
    page.click(cube("1,0,2"))
    page.click(cube("0,0,2"))
    expect(page.locator("#lab-moves li")).to_have_count(2)
    # Off: the game goes on between two players, and the address forgets the computer.
    page.locator("#lab-vs-computer").uncheck()
    page.wait_for_function("() => !new URLSearchParams(location.search).has('vs')")
    assert page.locator("#lab-computer-note").text_content() == ""


def test_a_position_no_table_holds_opens_in_the_lab_against_the_computer(screen):
    page = screen
    board = "[k#K,###,###],[###,###,###],[#Q#,###,##r]"  # a black man: no table holds it
    page.goto(f"/3d/endgames?board={quote(board, safe='')}")
    error = page.locator("#eg-url-error")
    expect(error).to_contain_text("The position in this page's address cannot be played")
    error.get_by_role("link", name="Play it against the computer in the lab").click()
    page.wait_for_url("**/3d?**")
    expect(page.locator("#lab-stop")).to_be_visible()
    expect(page.locator("#lab-vs-computer")).to_be_checked()
    expect(page.locator("#lab-level")).to_have_value("2")
