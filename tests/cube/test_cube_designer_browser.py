"""The 3D lab's piece designer in real Chromium: a piece defined by its atoms (a preset or the
picker), placed by drag, its moves the server's, played in a game; a bad atom's message; the address
keeps the piece; the panel fits a phone and a desk."""

from __future__ import annotations

import re
from urllib.parse import parse_qs, urlparse

import pytest
from playwright.sync_api import expect

from tests.helpers.browser import drag, expect_pieces
from tests.helpers.cube import cube, open_lab, piece_at

pytestmark = pytest.mark.browser

KINGS = "[K##,###,###],[###,###,###],[###,###,##k]"  # White's king on a3(I), Black's on c1(III)


def define(page, letter: str, name: str) -> None:
    page.fill("#designer-letter", letter)
    page.fill("#designer-name", name)
    page.click("#designer-define")
    expect(page.locator(f'#designer-list li[data-letter="{letter}"]')).to_be_visible()


def shown_dests(page) -> list[str]:
    return sorted(page.eval_on_selector_all("[data-dest]", "els => els.map(e => e.dataset.cube)"))


def test_a_piece_defined_by_the_picker_placed_by_drag_moves_as_the_server_says_and_plays(page):
    open_lab(page, KINGS)
    page.click('#designer-picker [data-atom="011*"]')
    expect(page.locator("#designer-atoms")).to_have_value("011*")
    expect(page.locator('#designer-picker [data-atom="011*"]')).to_have_attribute("aria-pressed", "true")
    define(page, "U", "Raumschach bishop")
    expect(page.locator("#designer-state")).to_contain_text("011*")
    # Both colours' spares, drawn as the letter in a circle.
    expect(page.locator('[data-spare="wU"] svg text')).to_have_text("U")
    expect(page.locator('[data-spare="bU"]')).to_have_attribute("aria-label", "Spare black Raumschach bishop")
    page.evaluate("() => window.scrollTo(0, 0)")  # the palette and the board in view
    drag(page, '[data-spare="wU"]', cube("0,1,1"))
    expect(piece_at(page, "0,1,1")).to_have_attribute("data-piece", "wU")
    expect_pieces(page, {"0,0,0": "wK", "0,1,1": "wU", "2,2,2": "bK"}, "cube")
    # Its destinations are the server's for this board.
    board = page.input_value("#lab-notation")
    answer = page.request.post("/api/3d/position", data={"board": board, "turn": "w", "pieces": {"U": "011*"}})
    assert answer.ok, answer.text()
    expected = next(entry["to"] for entry in answer.json()["moves"] if entry["from"] == [0, 1, 1])
    expected = sorted(",".join(map(str, to)) for to in expected)
    assert len(expected) == 7  # the step back to its own king's cube is blocked
    page.click(cube("0,1,1"))
    page.wait_for_function("n => document.querySelectorAll('[data-dest]').length === n", arg=len(expected))
    assert shown_dests(page) == expected
    expect(page.locator("#lab-selection")).to_contain_text("Raumschach bishop")
    # The address holds the piece, and a reload brings it back.
    page.wait_for_function("() => new URLSearchParams(location.search).get('pieces') === 'U=011*'")
    assert parse_qs(urlparse(page.url).query)["names"] == ["U=Raumschach bishop"]
    page.reload()
    expect(page.locator("[data-status]")).not_to_have_attribute("data-status", "pending")
    expect(piece_at(page, "0,1,1")).to_have_attribute("data-piece", "wU")
    expect(page.locator('#designer-list li[data-letter="U"]')).to_contain_text("U = 011*")
    expect(page.locator('[data-spare="bU"]')).to_be_attached()
    # A game: one biagonal step to a cube that sees the black king along a biagonal: check.
    page.click("#lab-play")
    expect(page.locator("#lab-status-label")).to_have_text("Game · White to move")
    page.click(cube("0,1,1"))
    page.click(cube("1,1,2"))
    expect(piece_at(page, "1,1,2")).to_have_attribute("data-piece", "wU")
    expect(page.locator("[data-status]")).to_have_attribute("data-status", "check")
    expect(page.locator("#lab-moves li")).to_have_count(1)
    expect(page.locator("#lab-moves li")).to_contain_text("U")
    expect(page.locator("#lab-record")).to_have_value(re.compile(r'\[Pieces "U=011\*"\]'))


def test_a_preset_and_a_bad_atom_show_the_server_s_answer(page):
    open_lab(page, KINGS)
    page.select_option("#designer-preset", "111*,012")
    expect(page.locator("#designer-atoms")).to_have_value("111*,012")
    expect(page.locator("#designer-letter")).to_have_value("A")
    expect(page.locator("#designer-name")).to_have_value("Archbishop")
    for atom in ("111*", "012"):
        expect(page.locator(f'#designer-picker [data-atom="{atom}"]')).to_have_attribute("aria-pressed", "true")
    page.fill("#designer-atoms", "011*,1*")
    page.click("#designer-define")
    expect(page.locator("#designer-error")).to_be_visible()
    expect(page.locator("#designer-error")).to_contain_text("'1*'")
    expect(page.locator("#designer-list li")).to_have_count(0)
    expect(page.locator('[data-spare="wA"]')).to_have_count(0)
    page.fill("#designer-letter", "Q")
    page.fill("#designer-atoms", "011*")
    page.click("#designer-define")
    expect(page.locator("#designer-error")).to_contain_text("'Q'")
    page.fill("#designer-letter", "A")
    page.click("#designer-define")
    expect(page.locator("#designer-error")).to_be_hidden()
    expect(page.locator('[data-spare="wA"]')).to_be_attached()
    # Placed by click; removing the piece takes its men off the board, and Undo brings both back.
    page.click('[data-spare="bA"]')
    page.click(cube("1,1,1"))
    expect(piece_at(page, "1,1,1")).to_have_attribute("data-piece", "bA")
    page.click('#designer-list li[data-letter="A"] button:has-text("Remove")')
    expect(page.locator('[data-spare="wA"]')).to_have_count(0)
    expect(piece_at(page, "1,1,1")).to_have_count(0)
    page.click("#lab-edit-undo")
    expect(piece_at(page, "1,1,1")).to_have_attribute("data-piece", "bA")
    expect(page.locator('#designer-list li[data-letter="A"]')).to_contain_text("A = 011*")
    expect(page.locator("[data-status]")).to_have_attribute("data-status", "none")


@pytest.mark.parametrize("size", [{"width": 390, "height": 844}, {"width": 1280, "height": 800}])
def test_the_designer_fits_the_screen(page, size):
    page.set_viewport_size(size)
    open_lab(page, KINGS)
    page.select_option("#designer-preset", "001*,011*,111*,012")
    define(page, "Z", "Amazon")
    page.fill("#designer-atoms", "001*,011*,111*,012,002*,112*,022*,1*")
    page.click("#designer-define")
    expect(page.locator("#designer-error")).to_be_visible()
    assert page.evaluate("() => document.documentElement.scrollWidth") <= size["width"]
    panel = page.locator("#lab-designer").bounding_box()
    assert panel and panel["x"] >= 0 and panel["x"] + panel["width"] <= size["width"]
