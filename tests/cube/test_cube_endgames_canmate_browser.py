"""The 3D endgames page's "Can it mate?" in real Chromium: a piece picked by preset or typed atoms
and a size open that table's verified result (built on request within the server's limits for
custom pieces), a larger board says it is built with the command line, a bad atom is named beside the
form as the lab's designer names it; the published claims are listed beside what this server's tables
say."""

from __future__ import annotations

import re
import time

import pytest
from playwright.sync_api import expect

from tests.helpers.cube import open_lab
from tests.helpers.phone import sized_page

pytestmark = pytest.mark.browser


def summary(page, material: str, n: int) -> dict:
    """The server's summary of a table, asked until its build (queued by the page) is done."""
    for _ in range(120):
        answer = page.request.get("/api/3d/endgames", params={"n": n, "material": material})
        if answer.status == 200:
            return answer.json()["endgames"][0]
        assert answer.status == 202, answer.text()
        time.sleep(0.5)
    raise AssertionError(f"{material} on n = {n} was not built in time")


def ask(page, n: int) -> None:
    page.select_option("#eg-canmate-n", str(n))
    page.click("#eg-canmate-form button[type=submit]")


def test_can_it_mate_opens_the_verified_result_of_a_piece_by_preset_or_atoms(page):
    page.goto("/3d/endgames")
    page.select_option("#eg-canmate-preset", "111*,012")
    expect(page.locator("#eg-canmate-material")).to_have_value("K(111*,012)K")
    ask(page, 3)
    detail = page.locator("#eg-detail")
    expect(detail.locator('[data-part="title"]')).to_contain_text("K(111*,012)K")
    expect(detail.locator('[data-part="title"]')).to_contain_text("3×3×3")
    figures = summary(page, "K(111*,012)K", 3)
    assert figures["positions"] > 0
    expect(detail.locator('[data-part="longest"]')).to_contain_text(str(figures["longest"] or "none"), timeout=30_000)
    if figures["won"]:
        expect(detail.locator('[data-part="longest-link"]')).to_be_visible()
    # Typed atoms: the material follows; the rider along the biagonals alone mates nothing here.
    page.fill("#eg-canmate-atoms", "011*")
    expect(page.locator("#eg-canmate-material")).to_have_value("K(011*)K")
    expect(page.locator("#eg-canmate-preset")).to_have_value("011*")
    ask(page, 3)
    expect(detail.locator('[data-part="title"]')).to_contain_text("K(011*)K")
    assert summary(page, "K(011*)K", 3)["won"] == 0
    expect(detail.locator('[data-part="won"]')).to_have_text("0%", timeout=30_000)
    # Past the server's limit for custom pieces: the command line that builds it.
    ask(page, 5)
    expect(detail).to_contain_text("python -m tablebase build K(011*)K --n 5")
    # A bad atom: the server's message names it, beside the form; the detail stays the last table's.
    page.fill("#eg-canmate-atoms", "1*")
    ask(page, 3)
    expect(page.locator("#eg-canmate-note")).to_contain_text("'1*'")
    expect(detail.locator('[data-part="title"]')).to_contain_text("K(011*)K on 5×5×5")


@pytest.mark.parametrize("phone", [True, False], ids=["phone", "desk"])
@pytest.mark.parametrize("atoms", ["0x9*", "12"])
def test_a_bad_atom_is_named_as_the_lab_s_designer_names_it(browser, live_server, phone, atoms):
    with sized_page(browser, live_server, phone) as page:
        # The lab's designer, with these atoms for a piece U.
        open_lab(page, "[K##,###,###],[###,###,###],[###,###,##k]")
        page.fill("#designer-atoms", atoms)
        page.fill("#designer-letter", "U")
        page.click("#designer-define")
        designer = page.locator("#designer-error")
        expect(designer).to_be_visible()
        designer_words = designer.inner_text()
        # "Can it mate?" with the same atoms: the same words of the atom, beside the form; no detail.
        page.goto("/3d/endgames")
        page.fill("#eg-canmate-atoms", atoms)
        expect(page.locator("#eg-canmate-material")).to_have_value(f"K({atoms})K")
        ask(page, 3)
        note = page.locator("#eg-canmate-note")
        expect(note).to_contain_text(f"in 'K({atoms})K': ")
        assert "material lists White's men" not in note.inner_text()
        assert note.inner_text().split(": ", 1)[1] == designer_words.split(": ", 1)[1]
        assert f"'{atoms}'" in note.inner_text()
        expect(note).to_have_class(re.compile(r"\beg-error\b"))
        expect(page.locator("#eg-canmate-atoms")).to_have_attribute("aria-invalid", "true")
        expect(page.locator("#eg-detail")).to_be_hidden()
        box = note.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= page.viewport_size["width"]
        assert page.evaluate("() => document.documentElement.scrollWidth") <= page.viewport_size["width"]
        # Good atoms again: the note goes and the table's detail opens.
        page.fill("#eg-canmate-atoms", "011*")
        ask(page, 3)
        expect(page.locator("#eg-detail")).to_be_visible()
        expect(note).to_have_text("")
        expect(page.locator("#eg-canmate-atoms")).to_have_attribute("aria-invalid", "false")


def test_the_published_claims_are_listed_beside_this_server_s_answer(page):
    page.goto("/3d/endgames")
    claims = page.locator("#eg-claims li")
    expect(claims).to_have_count(4)
    expect(claims.nth(0)).to_contain_text("K+3R mates a lone king on 5×5×5 in 14 moves")
    # This test server builds none of these tables: each says how they are built.
    for index, material in enumerate(["KRRRK", "KR(011*)K", "K(011*)(011*)K", "KQK"]):
        expect(claims.nth(index)).to_have_attribute("data-verdict", "pending")
        expect(claims.nth(index)).to_contain_text(f"python -m tablebase build {material} --n 5")


@pytest.mark.parametrize("size", [{"width": 390, "height": 844}, {"width": 1280, "height": 800}])
def test_can_it_mate_fits_the_screen(page, size):
    page.set_viewport_size(size)
    page.goto("/3d/endgames")
    expect(page.locator("#eg-claims li").first).to_have_attribute("data-verdict", "pending")
    assert page.evaluate("() => document.documentElement.scrollWidth") <= size["width"]


def test_a_custom_piece_s_longest_mate_is_played_and_its_address_keeps_the_piece(page):
    page.goto("/3d/endgames")
    page.select_option("#eg-canmate-preset", "001*,011*,111*,012")  # the amazon
    ask(page, 3)
    figures = summary(page, "K(001*,011*,111*,012)K", 3)
    assert figures["won"] == figures["positions"] and figures["custom_pieces"] == {"U": "001*,011*,111*,012"}
    link = page.locator('#eg-detail [data-part="longest-link"]')
    expect(link).to_be_visible(timeout=30_000)
    assert "&pieces=U=001*,011*,111*,012" in link.get_attribute("href")
    link.click()
    expect(page.locator("#eg-play")).to_be_visible()
    expect(page.locator('#eg-board [data-piece="wU"]')).to_have_count(1)
    expect(page.locator("#eg-status")).to_have_attribute("data-status", "win")
    assert int(page.locator("#eg-status .eg-status-title").get_attribute("data-dtm")) == figures["longest"]
    page.wait_for_function("() => new URLSearchParams(location.search).get('pieces') === 'U=001*,011*,111*,012'")
    expect(page.locator("#eg-lab-link")).to_have_attribute("href", re.compile(r"pieces=U=001\*,011\*,111\*,012"))
    for _ in range(figures["longest"]):
        expect(page.locator("#cube-endgames")).to_have_attribute("data-turn", "user")  # else the click is dropped
        page.click('[data-action="best"]')
    expect(page.locator("#eg-status")).to_have_attribute("data-status", "checkmate")
    # The address, reloaded, plays the same game with the piece.
    page.reload()
    expect(page.locator('#eg-board [data-piece="wU"]')).to_have_count(1)
    expect(page.locator("#eg-status")).to_have_attribute("data-status", "checkmate")
