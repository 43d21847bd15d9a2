"""The trainer's method tools (/kbn) in real Chromium: the coach's box and corners and its note on
each move, the fifty-move draw, the PGN (parsed and replayed with python-chess, copied and
downloaded), move numbers, Black's reply announced, defence mode and the sound switch."""

from __future__ import annotations

import io
import re
from urllib.parse import parse_qs, quote, urlparse

import chess
import chess.pgn
import pytest
from tests.helpers.browser import board_pieces
from tests.helpers.trainer_pages import api, assert_coach_marks, expect_marked, marked_squares, moves_of
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

START = "8/8/3k4/8/8/8/8/KBN5 w - - 0 1"  # White mates in 30
NET = "k7/8/1KN5/8/8/5B2/8/8 w - - 0 1"  # White mates in 5
KRK = "8/8/4k3/8/8/8/8/R3K3 w - - 0 1"


def open_trainer(page, fen: str, *extra: str):
    page.goto(f"/kbn?pause=0&fen={quote(fen.replace(' ', '_'), safe='/_')}" + "".join(f"&{e}" for e in extra))
    expect(page.locator("#trainer")).to_have_attribute("data-ready", "true")


def wait_user(page, ply: int):
    root = page.locator("#trainer")
    expect(root).to_have_attribute("data-ply", str(ply))
    expect(root).to_have_attribute("data-turn", re.compile("^(user|over)$"))


def play(page, uci: str):
    page.click(f'[data-square="{uci[:2]}"]')
    page.click(f'[data-square="{uci[2:4]}"]')


def shown_fen(page) -> str:
    """The position on the board, from the URL the page keeps in step with it."""
    return parse_qs(urlparse(page.url).query)["fen"][0].replace("_", " ")


def play_best_moves(page, start: str, count: int) -> chess.Board:
    """The user's best moves, each followed by the computer's reply; returns the board after them."""
    board = chess.Board(start)
    for i in range(count):
        best = api(page, "/api/tablebase", fen=board.fen())["moves"][0]["uci"]
        play(page, best)
        board.push_uci(best)
        wait_user(page, 2 * i + 2)
        reply = page.locator("#trainer-moves-played .trainer-played").nth(2 * i + 1).get_attribute("data-san")
        board.push_san(reply)
    return board


def test_box_and_corners_and_the_coach_note_of_a_move(page):
    open_trainer(page, START)
    page.locator("[data-action='coach']").click()
    assert_coach_marks(page, api(page, "/api/kbn/coach", fen=START))  # the corners; no box in the middle
    assert marked_squares(page, "box") == []
    # The rook's trainer shades the box, and a move's note says how it changed (the server's words).
    page.goto(f"/mates/KRK?pause=0&fen={quote(KRK.replace(' ', '_'), safe='/_')}")
    expect(page.locator("#trainer")).to_have_attribute("data-ready", "true")
    before = api(page, "/api/coach", fen=KRK)
    assert before["region_size"] == 48
    expect_marked(page, "box", before["region"])  # drawn once the coach's facts come, after data-ready
    move = api(page, "/api/tablebase", fen=KRK)["moves"][0]
    play(page, move["uci"])
    note = page.locator("#trainer-coach-note")
    expect(note).to_be_visible()
    said = api(page, "/api/coach", fen=move["fen"], before=KRK)["note"]["text"]
    expect(note).to_contain_text(said)
    assert re.match(r"The box (shrank|grew) from 48 to \d+ squares?\.|The box stays at 48 squares\.", said), said
    # The switch is remembered: the marks are back after a reload.
    page.reload()
    expect(page.locator("#trainer")).to_have_attribute("data-ready", "true")
    expect(page.locator("[data-action='coach']")).to_have_attribute("aria-pressed", "true")
    expect(page.locator(".sq.mark-box")).not_to_have_count(0)


def test_fifty_moves_without_mate_draw_the_game(page):
    # The FEN's halfmove clock says 94 half-moves are behind us: White has made 47 moves.
    open_trainer(page, START.replace(" 0 1", " 94 60"))
    fifty = page.locator("#trainer-fifty")
    expect(fifty).to_have_attribute("data-fifty", "47")
    play_best_moves(page, START, 2)
    expect(fifty).to_have_attribute("data-fifty", "49")
    expect(page.locator("#trainer-outcome")).to_be_hidden()
    best = api(page, "/api/tablebase", fen=shown_fen(page))["moves"][0]
    assert not best["checkmate"]
    play(page, best["uci"])
    expect(fifty).to_have_attribute("data-fifty", "50")
    outcome = page.locator("#trainer-outcome")
    expect(outcome).to_be_visible()
    expect(outcome).to_have_attribute("data-outcome", "draw")
    expect(outcome).to_contain_text("fifty-move rule")
    expect(page.locator("#trainer-status")).to_have_attribute("data-status", "draw")
    page.wait_for_timeout(300)  # no reply comes: the game is over
    expect(page.locator("#trainer")).to_have_attribute("data-turn", "over")


def test_pgn_parses_with_python_chess_replays_to_the_board_and_downloads(page):
    open_trainer(page, START)
    board = play_best_moves(page, START, 3)
    numbers = page.locator("#trainer-moves-played .trainer-move-number").all_inner_texts()
    assert numbers == ["1.", "2.", "3."]
    page.locator(".trainer-pgn summary").click()
    text = page.locator("#trainer-pgn").input_value()
    game = chess.pgn.read_game(io.StringIO(text))
    assert game is not None and not game.errors
    assert game.headers["FEN"] == START and game.headers["SetUp"] == "1" and game.headers["White"] == "You"
    replay = game.board()
    for node in game.mainline():
        replay.push(node.move)
        value = api(page, "/api/tablebase", fen=replay.fen())
        assert node.comment == f"White mates in {moves_of(value['dtm'])}"
    shown = {chess.parse_square(k): v for k, v in board_pieces(page).items()}
    assert {s: ("w" if p.color else "b") + p.symbol().upper() for s, p in replay.piece_map().items()} == shown
    assert replay.board_fen() == board.board_fen() == chess.Board(shown_fen(page)).board_fen()
    assert replay.turn == board.turn
    with page.expect_download() as download:
        page.locator("[data-action='download-pgn']").click()
    assert download.value.suggested_filename.endswith(".pgn")
    assert open(download.value.path(), encoding="utf-8").read() == text


def test_blacks_reply_is_announced_with_the_distance(page):
    open_trainer(page, START)
    board = play_best_moves(page, START, 1)
    reply = board.peek()
    value = api(page, "/api/tablebase", fen=board.fen())
    expected = (f"Black king {chess.square_name(reply.from_square)} to {chess.square_name(reply.to_square)}; "
                f"White mates in {moves_of(value['dtm'])}")
    expect(page.locator(".board-live")).to_have_text(expected)


def test_defence_mode_scores_the_lone_kings_resistance(page):
    open_trainer(page, NET, "role=king")
    root = page.locator("#trainer")
    expect(root).to_have_attribute("data-role", "king")
    expect(root).to_have_attribute("data-turn", "user")  # the table has moved first, the fastest way
    board = chess.Board(NET)
    white = page.locator("#trainer-moves-played .trainer-played").first.get_attribute("data-san")
    moves = api(page, "/api/tablebase", fen=NET)["moves"]
    assert white in {m["san"] for m in moves if m["dtm"] == moves[0]["dtm"]}  # one of the fastest
    board.push_san(white)
    optimal = moves_of(api(page, "/api/tablebase", fen=NET)["dtm"])
    for ply in range(1, 20):
        value = api(page, "/api/tablebase", fen=board.fen())
        if value["checkmate"]:
            break
        stubborn = value["moves"][0]["uci"]
        play(page, stubborn)
        board.push_uci(stubborn)
        expect(page.locator("#trainer-verdict")).to_have_attribute("data-verdict", "optimal")
        expect(root).to_have_attribute("data-turn", re.compile("^(user|over)$"))
        board.push_san(page.locator("#trainer-moves-played .trainer-played").last.get_attribute("data-san"))
    outcome = page.locator("#trainer-outcome")
    expect(outcome).to_contain_text(f"Mated after {optimal} moves; the most stubborn defence holds {optimal}. Score: 100%.")


def test_a_shorter_defence_is_told_how_much_sooner_mate_comes(page):
    open_trainer(page, NET, "role=king")
    expect(page.locator("#trainer")).to_have_attribute("data-turn", "user")
    board = chess.Board(NET)
    board.push_san(page.locator("#trainer-moves-played .trainer-played").first.get_attribute("data-san"))
    moves = api(page, "/api/tablebase", fen=board.fen())["moves"]
    worst = moves[-1]
    play(page, worst["uci"])
    by = moves_of(moves[0]["dtm"]) - moves_of(worst["dtm"])
    if by:
        expect(page.locator("#trainer-verdict")).to_have_attribute("data-verdict", "slower")
        expect(page.locator("#trainer-verdict")).to_contain_text(f"Mate comes {by} move")
    else:
        expect(page.locator("#trainer-verdict")).to_have_attribute("data-verdict", "optimal")


def test_the_sound_switch_is_remembered(page):
    open_trainer(page, START)
    sound = page.locator("[data-action='sound']")
    expect(sound).to_have_attribute("aria-pressed", "true")
    sound.click()
    expect(sound).to_have_attribute("aria-pressed", "false")
    page.reload()
    expect(page.locator("#trainer")).to_have_attribute("data-ready", "true")
    expect(page.locator("[data-action='sound']")).to_have_attribute("aria-pressed", "false")


def test_a_clock_of_99_says_the_fifty_move_rule_draws_first_and_never_on_track(page):
    open_trainer(page, START.replace(" 0 1", " 99 60"))  # 49 White moves behind us: one is left
    counter = page.locator("#trainer-counter")
    expect(page.locator("#trainer-status")).to_have_attribute("data-status", "win")
    expect(page.locator("#trainer-status")).to_contain_text("The fifty-move rule draws first: White has 1 move left")
    expect(counter).to_contain_text("the fifty-move rule draws first")
    expect(counter).not_to_contain_text("on track")
    play(page, api(page, "/api/tablebase", fen=START)["moves"][0]["uci"])
    expect(page.locator("#trainer-status")).to_have_attribute("data-status", "draw")
    expect(counter).to_contain_text("drawn by the fifty-move rule")
    expect(counter).not_to_contain_text("on track")
