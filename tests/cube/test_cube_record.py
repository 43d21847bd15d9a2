"""The 3D lab's game record, on a phone and a desk: the moves as the server writes them (piece,
from-cube, to-cube in the board's labels, x for a capture, + and #) listed beside the board, stepped
back and forth (buttons, keys, a click on a move), kept in the address (a reload or a link opens
the game at the same move), saved (copied, or as a file) and loaded as text."""

from __future__ import annotations

import re

import pytest
from tests.helpers.cube import cube, open_lab, piece_at
from tests.helpers.phone import DESK, sized_page
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

# White: Kc3(III), Qb3(I); Black: Ka3(III). 1. Qa3(I)+ Ka2(III) 2. Qb2(II)#.
MATE_IN_TWO = "[k#K,###,###],[###,###,###],[#Q#,###,###]"
MOVES = ["1. Qb3(I)-a3(I)+", "1... Ka3(III)-a2(III)", "2. Qa3(I)-b2(II)#"]
RECORD = '[Board "k1K,3,3/3,3,3/1Q1,3,3"]\n[Turn "White"]\n1. Qb3(I)-a3(I)+ Ka3(III)-a2(III) 2. Qa3(I)-b2(II)# 1-0'


@pytest.fixture(params=["phone", "desk"])
def lab(request, browser, live_server):
    with sized_page(browser, live_server, request.param == "phone", ("clipboard-read", "clipboard-write"),
                    accept_downloads=True) as page:
        yield page


def moves(page):
    return page.locator("#lab-moves [data-ply]")


def play(page, start: str, end: str) -> None:
    """A move by two clicks, then the server's answer: the other side to move."""
    label = page.locator("#lab-status-label")
    before = label.text_content()
    page.click(cube(start))
    page.click(cube(end))
    expect(label).not_to_have_text(before)


def open_game(page) -> None:
    open_lab(page, MATE_IN_TWO)
    page.click("#lab-strip [data-layer='all']")  # every layer at once, on a phone too
    page.click("#lab-play")
    expect(page.locator("#lab-status-label")).to_have_text("Game · White to move")


def test_a_game_is_written_by_the_server_beside_the_board_and_stepped_through(lab):
    open_game(lab)
    play(lab, "1,0,2", "0,0,2")
    expect(moves(lab)).to_have_text(MOVES[:1])
    play(lab, "0,0,0", "0,1,0")
    play(lab, "0,0,2", "1,1,1")
    expect(lab.locator("[data-status]")).to_have_attribute("data-status", "checkmate")
    expect(moves(lab)).to_have_text(MOVES)
    expect(moves(lab).nth(2)).to_have_attribute("aria-current", "step")
    if not lab.phone:  # beside the board on a desk, its first screen
        board, listed = lab.locator(".board").bounding_box(), lab.locator("#lab-moves").bounding_box()
        assert listed["x"] > board["x"] + board["width"] and listed["y"] + listed["height"] < DESK["height"]
    expect(lab.locator("#lab-record")).to_have_value(RECORD)
    # Back and forth: the buttons, a move of the list, the keys.
    lab.get_by_role("button", name="One move back").click()
    expect(piece_at(lab, "0,0,2")).to_have_attribute("data-piece", "wQ")
    expect(lab.locator("#lab-status-label")).to_have_text("Game · White to move")
    expect(moves(lab).nth(1)).to_have_attribute("aria-current", "step")
    lab.get_by_role("button", name="To the start").click()
    expect(piece_at(lab, "1,0,2")).to_have_attribute("data-piece", "wQ")
    expect(lab.locator("#lab-moves [aria-current]")).to_have_count(0)
    expect(lab.get_by_role("button", name="One move back")).to_be_disabled()
    moves(lab).nth(1).click()
    expect(piece_at(lab, "0,1,0")).to_have_attribute("data-piece", "bK")
    expect(piece_at(lab, "1,1,1")).to_have_count(0)
    lab.keyboard.press("ArrowRight")
    expect(piece_at(lab, "1,1,1")).to_have_attribute("data-piece", "wQ")
    lab.keyboard.press("Home")
    lab.keyboard.press("End")
    expect(lab.locator("[data-status]")).to_have_attribute("data-status", "checkmate")
    # A move played from an earlier step replaces the moves after it.
    lab.get_by_role("button", name="One move back").click()
    play(lab, "0,0,2", "0,0,1")  # 2. Qa3(II)+ instead
    expect(moves(lab)).to_have_text([*MOVES[:2], "2. Qa3(I)-a3(II)+"])
    lab.get_by_role("button", name="Take back").click()
    expect(moves(lab)).to_have_text(MOVES[:2])


def test_the_game_is_kept_in_the_address(lab):
    open_game(lab)
    play(lab, "1,0,2", "0,0,2")
    play(lab, "0,0,0", "0,1,0")
    lab.get_by_role("button", name="One move back").click()
    lab.wait_for_function("() => new URLSearchParams(location.search).get('ply') === '1'")
    query = lab.evaluate("() => Object.fromEntries(new URLSearchParams(location.search))")
    assert query["board"] == "k1K,3,3/3,3,3/1Q1,3,3"  # the game's start
    assert query["moves"] == "Qb3(I)-a3(I),Ka3(III)-a2(III)"
    lab.reload()
    expect(moves(lab)).to_have_text(MOVES[:2])
    expect(moves(lab).nth(0)).to_have_attribute("aria-current", "step")
    expect(lab.locator("#lab-status-label")).to_have_text("Game · Black to move")
    expect(piece_at(lab, "0,0,2")).to_have_attribute("data-piece", "wQ")
    expect(piece_at(lab, "0,0,0")).to_have_attribute("data-piece", "bK")


def test_a_record_is_saved_and_loaded_as_text(lab):
    open_game(lab)
    play(lab, "1,0,2", "0,0,2")
    play(lab, "0,0,0", "0,1,0")
    play(lab, "0,0,2", "1,1,1")
    expect(lab.locator("#lab-record")).to_have_value(RECORD)
    lab.click("#lab-record-copy")
    expect(lab.locator("#lab-record-state")).to_have_text("Copied.")
    assert lab.evaluate("() => navigator.clipboard.readText()") == RECORD
    with lab.expect_download() as download:
        lab.click("#lab-record-save")
    assert open(download.value.path(), encoding="utf-8").read() == RECORD
    # Back to editing on another board; the saved text brings the game back, at its end.
    lab.click("#lab-stop")
    lab.select_option("#lab-examples", "0")
    expect(lab.locator("#lab-notation")).to_have_value("[###,n##,#rr],[#b#,###,###],[###,###,bRK]")
    expect(lab.locator("#lab-status-label")).to_have_text("Is White checkmated?")
    lab.fill("#lab-record", RECORD.replace("\n", " ").replace(" 1-0", ""))
    lab.click("#lab-record-load")
    expect(moves(lab)).to_have_text(MOVES)
    expect(lab.locator("#lab-record")).to_have_value(RECORD)
    expect(piece_at(lab, "1,1,1")).to_have_attribute("data-piece", "wQ")
    # A record the rules refuse is named beside it, move and all, and nothing changes.
    lab.fill("#lab-record", RECORD.replace("Qa3(I)-b2(II)#", "Qa3(I)-b1(I)"))
    lab.click("#lab-record-load")
    expect(lab.locator("#lab-record-error")).to_contain_text("2. Qa3(I)-b1(I): the white queen on a3(I) cannot go to b1(I)")
    expect(moves(lab)).to_have_text(MOVES)
    # Without a [Board] line a record starts from the board shown.
    lab.click("#lab-stop")
    lab.fill("#lab-notation", "[k#K,###,###],[###,###,###],[#Q#,###,###]")
    lab.click("#lab-load")
    expect(piece_at(lab, "1,0,2")).to_have_attribute("data-piece", "wQ")  # the board loaded (a record starts from it)
    lab.click("[data-turn=w]")  # the game ended with Black to move
    lab.fill("#lab-record", "Qb3(I)-a3(I) Ka3(III)-a2(III)")
    lab.click("#lab-record-load")
    expect(moves(lab)).to_have_text(MOVES[:2])
    expect(lab.locator("#lab-status-label")).to_have_text(re.compile("White to move"))


def test_a_record_that_cannot_be_read_is_refused_beside_it_naming_its_fault(lab):
    open_lab(lab, "[###,###,###],[###,#K#,###],[###,###,###]")  # no black king: no game starts here
    note, error, record = lab.locator("#lab-game-note"), lab.locator("#lab-record-error"), lab.locator("#lab-record")
    expect(note).to_contain_text("there is no black king on the board")
    expect(error).to_be_hidden()
    record.fill("1. Qz9(I)-a3(I)")
    lab.click("#lab-record-load")
    # The record's fault, not the board's, beside the record's box; the Play card keeps its own note.
    expect(error).to_have_text(re.compile(r"^cannot read 'Qz9\(I\)-a3\(I\)' after move 0: a move is written like"))
    expect(record).to_have_attribute("aria-invalid", "true")
    expect(note).not_to_contain_text("Qz9")
    box, shown = record.bounding_box(), error.bounding_box()
    assert 0 <= shown["y"] - (box["y"] + box["height"]) < 40 and shown["x"] >= box["x"] - 1  # right under the box
    assert shown["x"] + shown["width"] <= (390 if lab.phone else 1280)
    # A readable record on this board: the start position's fault, beside the record too.
    record.fill("Kb2(II)-a2(II)")
    expect(error).to_be_hidden()  # the refusal was of the text as it stood
    lab.click("#lab-record-load")
    expect(error).to_contain_text("no game can start from this position: there is no black king on the board")
    # With its start named, the record loads, and the refusal goes.
    record.fill(RECORD)
    lab.click("#lab-record-load")
    expect(moves(lab)).to_have_text(MOVES)
    expect(error).to_be_hidden()
    expect(record).to_have_attribute("aria-invalid", "false")
