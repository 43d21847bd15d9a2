"""A whole mate on /kbn played with the keyboard alone, as a screen reader user plays it: Tab to the
board, arrows to a square (each square spoken), Enter to pick up and to drop; every reply of the
lone king and the distance to mate after it is announced in the board's live region."""

from __future__ import annotations

import chess
import pytest
from tests.helpers.trainer_pages import api, moves_of
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

FILES = "abcdefgh"


def focus_board_by_tab(page) -> None:
    for _ in range(60):
        page.keyboard.press("Tab")
        if page.evaluate("() => document.activeElement?.classList.contains('board')"):
            return
    raise AssertionError("Tab never reached the board")


def go_to(page, square: str) -> None:
    """Arrow keys from the board's cursor (or its first square) to `square`, then Enter."""
    page.keyboard.press("ArrowLeft")  # shows the cursor where it is (or one step from the start)
    at = page.eval_on_selector(".sq.cursor", "e => e.dataset.square")
    dx = FILES.index(square[0]) - FILES.index(at[0])
    dy = int(square[1]) - int(at[1])
    for _ in range(abs(dx)):
        page.keyboard.press("ArrowRight" if dx > 0 else "ArrowLeft")
    for _ in range(abs(dy)):
        page.keyboard.press("ArrowUp" if dy > 0 else "ArrowDown")
    expect(page.locator(".board-live")).to_contain_text(square)  # the square is spoken
    page.keyboard.press("Enter")


def test_a_whole_mate_by_keyboard_with_each_reply_and_its_distance_announced(page):
    start = api(page, "/api/tablebase/random", min=4, max=4, seed=7)
    page.goto(f"/kbn?pause=0&fen={start['fen'].replace(' ', '_')}")
    root = page.locator("#trainer")
    expect(root).to_have_attribute("data-ready", "true")
    # Everything the live region says, in order (read, not driven, by the test).
    page.evaluate("""() => {
        window.spoken = [];
        const live = document.querySelector('.board-live');
        new MutationObserver(() => live.textContent && window.spoken.push(live.textContent))
            .observe(live, {childList: true, characterData: true, subtree: true});
    }""")
    focus_board_by_tab(page)
    board = chess.Board(start["fen"])
    for _ in range(4):
        expect(root).to_have_attribute("data-turn", "user")
        best = api(page, "/api/tablebase", fen=board.fen())["moves"][0]
        go_to(page, best["uci"][:2])
        expect(page.locator(f'[data-square="{best["uci"][:2]}"].selected')).to_have_count(1)
        heard = len(page.evaluate("() => window.spoken"))
        go_to(page, best["uci"][2:4])
        board.push_uci(best["uci"])
        if best["checkmate"]:
            break
        # The lone king's reply, spoken with the distance to mate after it, as the server has it.
        replies = {m["uci"]: m for m in api(page, "/api/tablebase", fen=board.fen())["moves"]}
        page.wait_for_function("n => window.spoken.slice(n).some(s => s.startsWith('Black king'))", arg=heard)
        said = next(s for s in page.evaluate("() => window.spoken")[heard:] if s.startswith("Black king"))
        words = said.split()
        uci = words[2] + words[4].rstrip(";,")
        assert uci in replies, said
        assert f"White mates in {moves_of(replies[uci]['dtm'])}" in said, said
        board.push_uci(uci)
    expect(page.locator("#trainer-status")).to_have_attribute("data-status", "checkmate")
    assert board.is_checkmate()
    page.wait_for_function("() => window.spoken.some(s => s.includes('checkmate'))")
    assert page.evaluate("() => document.activeElement.classList.contains('board')")
