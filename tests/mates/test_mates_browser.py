"""The trainer of every basic mate in real Chromium: a whole KRK mate played to checkmate by drag on
/mates/KRK against the table's most stubborn defence; the list of endings at /mates; the ending's
own levels, the bishop's colour only where it matters, the coach's box and phase; the fifty-move
draw reached and shown."""

from __future__ import annotations

from urllib.parse import quote

import chess
import pytest
from tests.helpers.browser import api, board_pieces, drag, expect_pieces, marked_squares
from playwright.sync_api import expect

pytestmark = pytest.mark.browser


def open_mates(page, material: str, fen: str | None = None, pause: int = 30):
    query = f"pause={pause}" + (f"&fen={quote(fen, safe='')}" if fen else "")
    page.goto(f"/mates/{material}?{query}")
    expect(page.locator("#trainer")).to_have_attribute("data-ready", "true")


def wait_turn(page, turn: str, ply: int):
    root = page.locator("#trainer")
    expect(root).to_have_attribute("data-ply", str(ply))
    expect(root).to_have_attribute("data-turn", turn)


def pieces(board: chess.Board) -> dict[str, str]:
    return {chess.square_name(s): ("w" if p.color else "b") + p.symbol().upper() for s, p in board.piece_map().items()}


def after(board: chess.Board, move: chess.Move) -> dict[str, str]:
    board.push(move)
    found = pieces(board)
    board.pop()
    return found


def square(key: str) -> str:
    return f'[data-square="{key}"]'


def test_a_krk_mate_played_to_checkmate_by_drag(page):
    fen = "8/8/8/4k3/8/8/8/R3K3 w - - 0 1"
    expected = api(page, "/api/tablebase", fen=fen)
    moves = (expected["dtm"] + 1) // 2
    open_mates(page, "KRK", fen)
    board = chess.Board(fen)
    for number in range(moves):
        wait_turn(page, "user", 2 * number)
        expect_pieces(page, pieces(board))
        best = api(page, "/api/tablebase", fen=board.fen())["moves"][0]  # the fastest mate, by drag
        drag(page, square(best["uci"][:2]), square(best["uci"][2:]))
        board.push_uci(best["uci"])
        if board.is_checkmate():
            break
        wait_turn(page, "user", 2 * number + 2)
        answer = api(page, "/api/tablebase", fen=board.fen())
        stubborn = {m["uci"] for m in answer["moves"] if m["dtm"] == answer["moves"][0]["dtm"]}
        reply = next(m for m in board.legal_moves if after(board, m) == board_pieces(page))
        assert reply.uci() in stubborn  # the page's reply is one of the most stubborn
        board.push(reply)
    assert board.is_checkmate()
    expect(page.locator("[data-status]")).to_have_attribute("data-status", "checkmate")
    outcome = page.locator("#trainer-outcome")
    expect(outcome).to_be_visible()
    expect(outcome).to_contain_text(f"Checkmate in {moves} moves")
    expect(page.locator("h1")).to_contain_text("King and rook against king")
    assert "/mates/KRK?" in page.url


def test_the_list_of_endings_links_every_trainer(page):
    page.goto("/mates")
    endings = page.locator("[data-material]")
    expect(endings).to_have_count(14)
    names = endings.evaluate_all("els => els.map(e => e.dataset.material)")
    assert names[:4] == ["KQK", "KRK", "KBBK", "KBNK"]
    expect(page.locator('[data-material="KRK"]')).to_contain_text("Mate in at most 16 moves")
    page.locator('[data-material="KBBK"] a').click()
    expect(page.locator("#trainer")).to_have_attribute("data-ready", "true")
    assert page.url.split("?")[0].endswith("/mates/KBBK")
    assert sorted(board_pieces(page).values()) == ["bK", "wB", "wB", "wK"]


def test_levels_come_from_the_table_and_the_bishop_only_where_it_matters(page):
    open_mates(page, "KRK")
    values = page.locator("#trainer-level option").evaluate_all("els => els.map(e => e.value)")
    assert values[-1].endswith("-16")  # the table's longest mate
    expect(page.locator("#trainer-bishop")).to_have_count(0)
    pieces = sorted(board_pieces(page).values())
    assert pieces == ["bK", "wK", "wR"]
    open_mates(page, "KRBK")
    expect(page.locator("#trainer-bishop")).to_have_count(1)


def test_the_coach_shades_the_box_and_names_the_phase(page):
    fen = "3k4/7R/2K5/8/8/8/8/8 w - - 0 1"
    open_mates(page, "KRK", fen)
    page.keyboard.press("c")
    facts = api(page, "/api/coach", fen=fen)
    coach = page.locator("#trainer-coach")
    expect(coach).to_have_attribute("data-phase", "waiting-move")
    expect(coach).to_contain_text("The waiting move")
    expect(page.locator(".sq.mark-box")).to_have_count(facts["region_size"])
    assert marked_squares(page, "box") == sorted(facts["region"])
    assert marked_squares(page, "corner") == []


def test_the_verdict_counts_the_fifty_move_budget(page):
    fen = "8/8/8/4k3/8/8/8/R3K3 w - - 60 70"
    open_mates(page, "KRK", fen)
    best = api(page, "/api/tablebase", fen=fen)["moves"][0]
    drag(page, square(best["uci"][:2]), square(best["uci"][2:]))
    verdict = page.locator("#trainer-verdict")
    expect(verdict).to_have_attribute("data-fifty-left", "19")  # the clock 61, the lone king to move
    expect(verdict).to_contain_text("19 of 50 moves left before the fifty-move draw")


def test_the_fifty_move_draw_is_reached_and_shown(page):
    fen = "8/8/8/4k3/8/8/8/R3K3 w - - 98 60"  # one move left before the fifty-move rule draws
    open_mates(page, "KRK", fen)
    best = api(page, "/api/tablebase", fen=fen)["moves"][0]
    assert best["fifty_move_draw"] is False and best["halfmove_clock"] == 99
    drag(page, square(best["uci"][:2]), square(best["uci"][2:]))
    board = chess.Board(fen)
    board.push_uci(best["uci"])
    reply = api(page, "/api/tablebase", fen=board.fen())["moves"][0]
    assert reply["fifty_move_draw"] is True
    expect(page.locator("[data-status]")).to_have_attribute("data-status", "draw")
    expect(page.locator("#trainer-outcome")).to_contain_text("fifty-move rule")
