"""What a new user found untrue or missing in the trainer, in real Chromium: a king that can walk out
of the corner is not called caught and no 41-square box is shaded; the box's figures chain from
note to note over a played line and match the box shown; no KBN panel on the rook's trainer; an
illegal move gets its reason in words, on the page and for screen readers; a skip link to the
board is the page's first stop, and the keys it takes are listed and do not clash."""

from __future__ import annotations

import re

import chess
import pytest
from tests.helpers.browser import drag_square, wait_until
from tests.helpers.trainer_pages import api, marked_squares
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

H6 = "8/8/5B1k/5K2/8/8/5N2/8 w - - 0 1"  # the king on h6 walks out by h5 or g8: its box is 41 squares
KQK = "8/8/6k1/8/8/8/2KQ4/8 w - - 0 1"  # a queen check splits the box early in best play
KRK = "8/8/8/4k3/8/4K3/8/R7 w - - 0 1"
FIGURES = re.compile(r"The box (?:shrank|grew) from (\d+) to (\d+) squares?|The box stays at (\d+) square"
                     r"|The lone king's box: (\d+) square")
# Whether the note's figures (as ``figures`` reads them) chain from ``seen`` to ``shown``: the notes of
# the user's move and of the reply come from two answers of the server, in either order.
CHAINED = """([source, seen, shown]) => {
  let at = seen, found = 0;
  for (const m of document.querySelector('#trainer-coach-note').innerText.matchAll(new RegExp(source, 'g'))) {
    const [start, end] = m[1] ? [+m[1], +m[2]] : m[3] ? [+m[3], +m[3]] : [null, +m[4]];
    if (start !== null && start !== at) return false;
    at = end;
    found += 1;
  }
  return found > 0 && at === shown;
}"""


def open_trainer(page, path: str, fen: str, coach: bool = True):
    if coach:
        page.add_init_script("window.localStorage.setItem('kbn-trainer-settings', JSON.stringify({coach: true}))")
    page.goto(f"{path}?pause=0&fen={fen.replace(' ', '_')}")
    expect(page.locator("#trainer")).to_have_attribute("data-ready", "true")


def coach_on(page):
    if page.locator("[data-action='coach']").get_attribute("aria-pressed") != "true":
        page.locator("[data-action='coach']").click()
    expect(page.locator("#trainer-coach")).to_be_visible()


def test_a_king_that_can_walk_away_is_not_caught_and_no_large_box_is_shaded(page):
    open_trainer(page, "/kbn", H6)
    coach_on(page)
    advice = page.locator("#trainer-coach-advice")
    expect(advice).to_contain_text("h8")
    assert "caught" not in advice.inner_text() and "41" not in advice.inner_text()
    assert marked_squares(page, "box") == []
    expect(advice).to_contain_text("The lone king is 2 steps from h8")
    expect(advice).to_contain_text(  # where it can still walk to (h5, then the box's whole way out), and what to do
        "The lone king can still walk out of the corner h8: while your men stand still it can reach b1, 7 steps from it.")
    expect(advice).to_contain_text("Shut the corner first")
    assert marked_squares(page, "corner") == ["a1", "h8"]
    facts = api(page, "/api/coach", fen=H6)
    assert facts["region"] == [] and not facts["box_shown"] and "caught" not in facts["advice"]


def figures(text: str) -> list[tuple[int | None, int]]:
    """(from, to) of each box figure a note says, in order (from None where it only names the box)."""
    found = []
    for shrank_from, shrank_to, stays, now in FIGURES.findall(text):
        if shrank_from:
            found.append((int(shrank_from), int(shrank_to)))
        else:
            found.append((int(stays or now), int(stays or now)) if stays else (None, int(now)))
    return found


def test_the_box_notes_chain_over_a_played_line(page):
    open_trainer(page, "/mates/KQK", KQK)
    coach_on(page)
    root, note = page.locator("#trainer"), page.locator("#trainer-coach-note")
    board = chess.Board(KQK)
    seen = api(page, "/api/coach", fen=KQK)["region_size"]  # the box shown before the first move
    chain = []
    for i in range(6):
        expect(root).to_have_attribute("data-turn", re.compile("^(user|over)$"))
        if root.get_attribute("data-turn") == "over":
            break
        best = api(page, "/api/tablebase", fen=board.fen())["moves"][0]
        page.click(f'[data-square="{best["uci"][:2]}"]')
        page.click(f'[data-square="{best["uci"][2:4]}"]')
        board.push_uci(best["uci"])
        if best["checkmate"]:
            break
        expect(root).to_have_attribute("data-ply", str(2 * i + 2))
        reply = page.locator("#trainer-moves-played .trainer-played").nth(2 * i + 1).get_attribute("data-san")
        board.push_san(reply)
        expect(note).to_be_visible()
        shown = api(page, "/api/coach", fen=board.fen())["region_size"]  # the box at the user's turn
        expect(page.locator(".sq.mark-box")).to_have_count(shown)  # as shaded
        page.wait_for_function("n => document.querySelector('#trainer-coach-note').textContent.includes(n)",
                               arg=f"{shown} square")
        wait_until(page, CHAINED, [FIGURES.pattern, seen, shown])
        said = figures(note.inner_text())
        assert said, note.inner_text()
        for start, end in said:
            assert start is None or start == seen, (chain, note.inner_text())
            seen = end
        assert seen == shown, (note.inner_text(), shown)
        expect(page.locator("#trainer-coach-advice")).to_contain_text(f"The lone king's box: {shown} square")
        chain.append(note.inner_text())
    assert len(chain) >= 3


def test_no_kbn_panel_on_the_rooks_trainer(page):
    open_trainer(page, "/mates/KRK", KRK)
    coach_on(page)
    expect(page.locator("[data-action='coach']")).to_contain_text("Box")
    expect(page.locator("[data-action='coach']")).not_to_contain_text("corners")
    assert page.locator("[class*='kbn-'], [id*='kbn-']").count() == 0
    assert marked_squares(page, "corner") == []
    text = page.locator("#trainer").inner_text()
    assert "mating corner" not in text and "bishop" not in text.lower() and "W-manoeuvre" not in text
    expect(page.locator("#trainer-coach-advice")).to_contain_text("The lone king's box:")


def test_an_illegal_move_is_refused_with_its_reason(page):
    open_trainer(page, "/mates/KRK", KRK, coach=False)
    illegal, live = page.locator("#trainer-illegal"), page.locator(".board-live")
    expect(illegal).to_be_hidden()
    page.click('[data-square="e3"]')
    page.click('[data-square="e4"]')  # beside the lone king on e5
    expect(illegal).to_be_visible()
    expect(illegal).to_have_text(
        "The kings would stand side by side: a king never steps next to the other king, and e4 touches e5.")
    expect(live).to_have_text(re.compile("^The kings would stand side by side"))
    drag_square(page, "a1", "b3")
    expect(illegal).to_have_text("The rook on a1 does not move that way to b3.")
    drag_square(page, "a1", "a8")  # a legal move: the message goes with the position
    expect(page.locator("#trainer")).not_to_have_attribute("data-ply", "0")
    expect(illegal).to_be_hidden()


def test_the_skip_link_is_the_first_stop_and_the_keys_are_listed(page):
    open_trainer(page, "/mates/KRK", KRK, coach=False)
    page.keyboard.press("Tab")
    skip = page.locator(":focus")
    expect(skip).to_have_text("Skip to the board")
    expect(skip).to_be_visible()
    page.keyboard.press("Enter")
    assert page.evaluate("() => document.activeElement.classList.contains('board')")
    # On the board the arrows move its cursor, Enter picks up and puts down: a whole move by keys.
    page.keyboard.press("ArrowLeft")
    expect(page.locator(".sq.cursor")).to_have_count(1)
    keys = page.locator(".trainer-keys")
    keys.locator("summary").click()
    for words in ("Skip to the board", "move the cursor", "pick up the piece", "Esc", "undo, redo"):
        expect(keys).to_contain_text(words)
    expect(keys).to_contain_text("not while the board has the focus ring")


def test_arrows_move_the_cursor_on_the_board_and_undo_elsewhere(page):
    open_trainer(page, "/mates/KRK", KRK, coach=False)
    root = page.locator("#trainer")
    page.click('[data-square="a1"]')
    page.click('[data-square="a4"]')
    expect(root).to_have_attribute("data-ply", "2")
    page.focus(".skip-link")
    page.keyboard.press("Enter")  # the board, by keys
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")
    expect(root).to_have_attribute("data-ply", "2")  # the cursor moved, nothing was undone
    page.keyboard.press("u")
    expect(root).to_have_attribute("data-ply", "0")
    page.keyboard.press("r")
    expect(root).to_have_attribute("data-ply", "2")
    page.locator("h1").click()  # off the board: the arrows undo and redo
    page.keyboard.press("ArrowLeft")
    expect(root).to_have_attribute("data-ply", "0")
    page.keyboard.press("ArrowRight")
    expect(root).to_have_attribute("data-ply", "2")
