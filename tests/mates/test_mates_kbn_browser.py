"""The KBN mate trainer (/kbn) in real Chromium: moves by drag and click, the lone king's reply
badges against the API, a whole mate by hints, verdicts, game endings, undo and redo, the editor
with its palette, FEN field and illegal positions, and the heat map against the API."""

from __future__ import annotations

from urllib.parse import parse_qs, quote, urlparse

import chess
import pytest
from tests.helpers.browser import board_pieces, drag, expect_pieces
from tests.helpers.trainer_pages import api, moves_of
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

START = "8/8/3k4/8/8/8/8/KBN5 w - - 0 1"


def open_trainer(page, fen: str | None = None, pause: int = -1, mode: str | None = None):
    query = [f"pause={pause}"]
    if fen:
        query.append(f"fen={quote(fen, safe='')}")
    if mode:
        query.append(f"mode={mode}")
    page.goto("/kbn?" + "&".join(query))
    expect(page.locator("#trainer")).to_have_attribute("data-ready", "true")


def square(key: str) -> str:
    return f'[data-square="{key}"]'


def pieces_of(fen: str) -> dict[str, str]:
    board = chess.Board(fen)
    return {chess.square_name(s): ("w" if p.color else "b") + p.symbol().upper() for s, p in board.piece_map().items()}


def wait_turn(page, turn: str, ply: int | None = None):
    root = page.locator("#trainer")
    expect(root).to_have_attribute("data-turn", turn)
    if ply is not None:
        expect(root).to_have_attribute("data-ply", str(ply))


# ---- practice --------------------------------------------------------------------------------


def test_drag_a_move_then_read_the_reply_badges(page):
    open_trainer(page, START)
    before = api(page, "/api/tablebase", fen=START)
    move = before["moves"][0]
    drag(page, square(move["uci"][:2]), square(move["uci"][2:]))
    wait_turn(page, "computer", 1)
    after = chess.Board(START)
    after.push_uci(move["uci"])
    expect_pieces(page, pieces_of(after.fen()))
    replies = api(page, "/api/tablebase", fen=after.fen())["moves"]
    badges = page.locator("[data-square] .badge")
    expect(badges).to_have_count(len(replies))
    for reply in replies:
        badge = page.locator(f"{square(reply['uci'][2:])} .badge")
        expect(badge).to_have_attribute("data-dtm", str(moves_of(reply["dtm"])))
    listed = page.eval_on_selector_all("#trainer-replies [data-uci]", """els => els.map(e => [e.dataset.uci,
        Number(e.querySelector('[data-dtm]').dataset.dtm)])""")
    assert listed == [[r["uci"], moves_of(r["dtm"])] for r in replies]
    verdict = page.locator("#trainer-verdict")
    expect(verdict).to_have_attribute("data-verdict", "optimal")
    # The lone king replies on Space (the pause is "wait for a key"); the list stays, marked.
    page.keyboard.press("Space")
    wait_turn(page, "user", 2)
    expect(page.locator("[data-square] .badge")).to_have_count(0)
    expect(page.locator("#trainer-replies li.played")).to_have_count(1)
    played = page.locator("#trainer-replies li.played").get_attribute("data-uci")
    best = max(moves_of(r["dtm"]) for r in replies)
    assert moves_of(next(r for r in replies if r["uci"] == played)["dtm"]) == best  # most stubborn


def test_whole_mate_in_five_by_hints(page):
    found = api(page, "/api/tablebase/random", min=5, max=5, bishop="dark", seed="mate-in-5")
    assert found["dtm"] == 9
    open_trainer(page, found["fen"], pause=30)
    for number in range(5):
        wait_turn(page, "user", 2 * number)
        page.keyboard.press("h")
        arrow = page.locator("[data-arrow]")
        expect(arrow).to_have_count(1)
        start, end = arrow.get_attribute("data-arrow").split("-")
        page.click(square(start))
        expect(page.locator(f"{square(end)}[data-dest]")).to_have_count(1)
        page.click(square(end))
    status = page.locator("[data-status]")
    expect(status).to_have_attribute("data-status", "checkmate")
    outcome = page.locator("#trainer-outcome")
    expect(outcome).to_be_visible()
    expect(outcome).to_contain_text("Checkmate in 5 moves")
    expect(outcome.get_by_role("button", name="Try again")).to_be_visible()
    expect(outcome.get_by_role("button", name="Next position")).to_be_visible()
    assert page.locator("#trainer-chart svg").get_attribute("data-points") == "6"
    # Next position: a fresh game in the chosen range.
    outcome.get_by_role("button", name="Next position").click()
    wait_turn(page, "user", 0)
    expect(outcome).to_be_hidden()


def test_a_slower_move_gets_the_slower_verdict(page):
    answer = api(page, "/api/tablebase", fen=START)
    best = moves_of(answer["dtm"]) - 1
    slower = next(m for m in answer["moves"] if m["category"] == "loss" and moves_of(m["dtm"]) > best)
    open_trainer(page, START)
    drag(page, square(slower["uci"][:2]), square(slower["uci"][2:]))
    verdict = page.locator("#trainer-verdict")
    expect(verdict).to_have_attribute("data-verdict", "slower")
    by = moves_of(slower["dtm"]) - best
    expect(verdict).to_have_attribute("data-slower-by", str(by))
    expect(verdict).to_contain_text(f"{by} move{'s' if by > 1 else ''} slower")
    expect(verdict).to_contain_text(f"mate in {moves_of(slower['dtm'])} instead of {best}")
    expect(page.locator("#trainer-counter")).to_contain_text(f"+{by} over")


def test_stalemate_ends_the_game(page):
    fen = "k7/8/1K6/8/3B4/8/8/7N w - - 0 1"
    open_trainer(page, fen)
    drag(page, square("d4"), square("e5"))
    expect(page.locator("[data-status]")).to_have_attribute("data-status", "stalemate")
    expect(page.locator("#trainer-verdict")).to_have_attribute("data-verdict", "lost")
    expect(page.locator("#trainer-outcome")).to_contain_text("Stalemate")
    # Try again puts the start position back.
    page.locator("#trainer-outcome").get_by_role("button", name="Try again").click()
    wait_turn(page, "user", 0)
    expect_pieces(page, pieces_of(fen))


def test_a_hanging_piece_is_taken_and_ends_the_game(page):
    fen = "8/8/8/8/8/2k5/8/KBN5 w - - 0 1"
    answer = api(page, "/api/tablebase", fen=fen)
    hanging = next(m for m in answer["moves"] if m["category"] == "draw" and not m["stalemate"])
    open_trainer(page, fen, pause=30)
    page.click(square(hanging["uci"][:2]))
    page.click(square(hanging["uci"][2:]))
    expect(page.locator("#trainer-verdict")).to_have_attribute("data-verdict", "lost")
    expect(page.locator("#trainer-verdict")).to_contain_text("The win is gone")
    expect(page.locator("[data-status]")).to_have_attribute("data-status", "draw")
    expect(page.locator("#trainer-outcome")).to_contain_text("took a piece")
    assert len(board_pieces(page)) == 3


def test_undo_redo_flip_and_best_move_keys(page):
    open_trainer(page, START, pause=0)
    page.keyboard.press("Space")  # a best move for White; Black answers at once
    wait_turn(page, "user", 2)
    after_two = board_pieces(page)
    expect(page.locator("#trainer-verdict")).to_have_attribute("data-verdict", "optimal")
    page.keyboard.press("u")
    wait_turn(page, "user", 0)
    expect_pieces(page, pieces_of(START))
    page.keyboard.press("ArrowRight")
    wait_turn(page, "user", 2)
    expect_pieces(page, after_two)
    page.keyboard.press("ArrowLeft")
    wait_turn(page, "user", 0)
    a1 = page.locator(square("a1")).bounding_box()
    page.keyboard.press("f")
    flipped = page.locator(square("a1")).bounding_box()
    assert flipped["y"] < a1["y"] and flipped["x"] > a1["x"]
    assert "fen=" in page.url


def test_click_moves_only_to_legal_squares(page):
    open_trainer(page, START)
    page.click(square("c1"))
    dests = set(page.eval_on_selector_all("[data-dest]", "els => els.map(e => e.dataset.square)"))
    expected = {m.uci()[2:] for m in chess.Board(START).legal_moves if m.uci().startswith("c1")}
    assert dests == expected
    page.click(square("h8"))  # not a knight's square: nothing happens
    expect(page.locator("#trainer")).to_have_attribute("data-ply", "0")
    expect_pieces(page, pieces_of(START))


# ---- editor ----------------------------------------------------------------------------------


def test_editor_palette_drag_and_fen_round_trip(page):
    open_trainer(page, START, mode="edit")
    expect(page.locator("[data-status]")).to_have_attribute("data-status", "win")
    page.click('[data-action="clear"]')
    expect(page.locator("[data-square] > [data-piece]")).to_have_count(0)
    status = page.locator("[data-status]")
    for piece, key in (("wK", "e1"), ("wB", "f1"), ("wN", "g1"), ("bK", "e8")):
        expect(status).not_to_have_attribute("data-status", "pending")  # the panel has settled
        drag(page, f'[data-spare="{piece}"]', square(key))
        expect(page.locator(f'{square(key)} > [data-piece="{piece}"]')).to_have_count(1)
    page.click('[data-turn="b"]')
    fen_field = page.locator("#trainer-fen")
    expected = "4k3/8/8/8/8/8/8/4KBN1 b - - 0 1"
    expect(fen_field).to_have_value(expected)
    expect(page.locator("[data-status]")).to_have_attribute("data-status", "loss")
    assert parse_qs(urlparse(page.url).query)["fen"][0].replace("_", " ") == expected
    # A piece dragged off the board is removed.
    box = page.locator(".board").bounding_box()
    drag(page, square("g1"), (box["x"] + box["width"] + 60, box["y"] + box["height"] / 2))
    expect(fen_field).to_have_value("4k3/8/8/8/8/8/8/4KB2 b - - 0 1")
    expect(page.locator("[data-status]")).to_have_attribute("data-status", "draw")
    # FEN in: the board follows, and the moves list is the API's, best first.
    typed = "8/8/8/8/8/2k5/8/KBN5 b - - 0 1"
    fen_field.fill(typed)
    fen_field.press("Enter")
    best_first = [m["uci"] for m in api(page, "/api/tablebase", fen=typed)["moves"]]
    expect(page.locator(f'{square("c3")} > [data-piece="bK"]')).to_have_count(1)  # the server read it
    expect(page.locator("#trainer-analysis [data-uci]").first).to_have_attribute("data-uci", best_first[0])
    expect_pieces(page, pieces_of(typed))
    listed = page.eval_on_selector_all("#trainer-analysis [data-uci]", "els => els.map(e => e.dataset.uci)")
    assert listed == best_first
    # Reload the shared URL: the same position comes back.
    page.goto(page.url)
    expect(page.locator("#trainer-fen")).to_have_value(typed)


def test_editor_says_why_a_position_is_illegal(page):
    open_trainer(page, "8/8/8/8/8/8/8/KBN4k w - - 0 1", mode="edit")
    drag(page, square("h1"), square("b2"))
    status = page.locator("[data-status]")
    expect(status).to_have_attribute("data-status", "illegal")
    expect(status).to_contain_text("kings touch")
    drag(page, square("b2"), square("h8"))
    expect(status).to_have_attribute("data-status", "win")
    # The side not to move in check: the h1 bishop looks at a8 with White to move.
    page.locator("#trainer-fen").fill("k7/8/8/8/8/8/8/K1N4B w - - 0 1")
    page.locator("#trainer-fen").press("Enter")
    expect(status).to_have_attribute("data-status", "illegal")
    expect(status).to_contain_text("in check")


def test_bad_fen_in_the_url_opens_the_editor_with_the_reason(page):
    page.goto("/kbn?pause=0&fen=" + quote("8/8/8/8/8/8/1k6/KBN5 w - - 0 1", safe=""))
    expect(page.locator("#trainer")).to_have_attribute("data-mode", "edit")
    expect(page.locator("[data-status]")).to_have_attribute("data-status", "illegal")
    expect(page.locator("[data-status]")).to_contain_text("kings touch")


# ---- heat map --------------------------------------------------------------------------------


def test_heat_map_numbers_match_the_api(page):
    open_trainer(page, START)
    page.keyboard.press("m")
    expect(page.locator("#trainer-heat-legend")).to_be_visible()
    heat = api(page, "/api/tablebase/heatmap", fen=START)["squares"]
    for key in ("h8", "a8"):
        expected = heat[key]
        assert expected["category"] == "loss"
        expect(page.locator(f"{square(key)} .badge")).to_have_attribute("data-dtm", str(moves_of(expected["dtm"])))
    for key in ("a1", "b2"):  # a piece, next to the White king
        assert heat[key]["category"] == "illegal"
        expect(page.locator(f"{square(key)} .badge")).to_have_count(0)
    # No number covers a piece: the lone king's square keeps its colour, without a badge.
    assert heat["d6"]["category"] == "loss"
    expect(page.locator(f"{square('d6')} .badge")).to_have_count(0)
    assert page.eval_on_selector_all("[data-square]:has(> .piece) > .badge", "els => els.length") == 0
    colours = page.eval_on_selector_all(
        '[data-square="h8"], [data-square="a2"]', "els => els.map(e => e.style.getPropertyValue('--heat'))")
    assert all(colours) and colours[0] != colours[1]
    page.keyboard.press("m")
    expect(page.locator("[data-square] .badge")).to_have_count(0)


def test_phone_touch_and_dark_mode(browser, live_server):
    context = browser.new_context(viewport={"width": 390, "height": 844}, color_scheme="dark", has_touch=True,
                                  is_mobile=True, base_url=live_server)
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    try:
        open_trainer(page, START)
        board = page.locator(".board").bounding_box()
        assert board["width"] >= 360 and board["x"] + board["width"] <= 390
        page.tap(square("a1"))
        expect(page.locator("[data-dest]")).not_to_have_count(0)
        target = page.locator("[data-dest]").first.get_attribute("data-square")
        page.tap(square(target))
        wait_turn(page, "computer", 1)
        background = page.evaluate("getComputedStyle(document.body).backgroundColor")
        assert background == "rgb(22, 21, 18)"
    finally:
        context.close()
    assert not errors


def test_the_lone_kings_replies_are_coloured_for_the_user(page):
    open_trainer(page, START)
    best = api(page, "/api/tablebase", fen=START)["moves"][0]
    page.click(square(best["uci"][:2]))
    page.click(square(best["uci"][2:4]))
    wait_turn(page, "computer", 1)  # the replies wait for Space
    values = page.locator("#trainer-replies .trainer-value")
    expect(values.first).to_contain_text("White mates in")
    # White (the user) still mates after every reply: good news for the user, so green.
    assert page.eval_on_selector_all("#trainer-replies .trainer-value", "els => els.every(e => e.classList.contains('value-good'))")
