"""The lessons that teach (/kbn/learn, /mates/learn) in real Chromium: a lesson opens with its idea
on the board (the server's line of best play, its arrows, marks and captions); a hint and the best
move in a drill, and what they cost (the position earns no credit toward the star); the retry from
the move where it went wrong; no practice offered in a drawn position; a missed position due the
next day (the page's clock moved on); export then import restoring the progress in a fresh
browser; the lessons' titles on a phone; the address holding the lesson and its position."""

from __future__ import annotations

import json
import re
from datetime import datetime

import pytest
from playwright.sync_api import expect

from tests.helpers.browser import board_pieces, expect_pieces
from tests.helpers.phone import PHONE
from tests.helpers.trainer_pages import api, fastest, marked_squares, open_drills, play_out, slowest_win

pytestmark = pytest.mark.browser
ROOT = "#trainer-learn"

# Each arrow drawn on the board as (from, to, brush): the squares under its two ends.
DRAWN_ARROWS = """() => {
  const svg = document.querySelector('#trainer-board .board-arrows');
  const box = svg.getBoundingClientRect();
  const at = (x, y) => document.elementsFromPoint(box.left + x, box.top + y).find(e => e.dataset.square)?.dataset.square;
  return [...svg.querySelectorAll('line.arrow')].map(l => [
    at(+l.getAttribute('x1'), +l.getAttribute('y1')), at(+l.getAttribute('x2'), +l.getAttribute('y2')),
    l.getAttribute('class').replace('arrow brush-', '')]);
}"""


def drawn_arrows(page) -> list[tuple[str, str, str]]:
    return sorted(tuple(a) for a in page.evaluate(DRAWN_ARROWS))


def frame_arrows(frame: dict) -> list[tuple[str, str, str]]:
    return sorted((a["from"], a["to"], a["brush"]) for a in frame["arrows"])


def assert_frame_shown(page, frame: dict) -> None:
    expect(page.locator("#trainer-status [data-part='detail']")).to_have_text(frame["caption"])
    expect_pieces(page, frame["pieces"])
    assert drawn_arrows(page) == frame_arrows(frame)
    for mark in ("free", "taken", "box", "corner"):
        assert marked_squares(page, mark) == sorted(s for s, marks in frame["marks"].items() if mark in marks), mark


def test_a_lesson_opens_with_its_idea_on_the_board_then_its_drills(page):
    page.goto("/kbn/learn?pause=0&lesson=5")
    root = page.locator(ROOT)
    expect(root).to_have_attribute("data-mode", "idea")
    idea = api(page, "/api/kbn/lesson/idea", lesson=5)
    assert idea["shows"] == "w" and len(idea["frames"]) > 20
    expect(page.locator("#trainer-verdict")).to_contain_text(idea["idea"])
    expect(root).to_have_attribute("data-idea-frame", "0")
    assert_frame_shown(page, idea["frames"][0])
    assert sum(1 for a in drawn_arrows(page) if a[2] == "blue") >= 3  # the knight's next hops
    page.locator("[data-action='idea-next']").click()
    expect(root).to_have_attribute("data-idea-frame", "1")
    assert_frame_shown(page, idea["frames"][1])
    page.keyboard.press("ArrowRight")  # the keys step too
    expect(root).to_have_attribute("data-idea-frame", "2")
    page.keyboard.press("ArrowLeft")
    expect(root).to_have_attribute("data-idea-frame", "1")
    page.locator("[data-action='idea-play']").click()  # plays on by itself
    expect(root).to_have_attribute("data-idea-frame", re.compile(r"^([3-9]|\d\d+)$"), timeout=10000)
    page.locator("[data-action='idea-play']").click()  # pauses
    page.locator("[data-action='drills']").click()
    expect(root).to_have_attribute("data-mode", "drill")
    expect(root).to_have_attribute("data-turn", "user")
    page.goto("/kbn/learn?pause=0&lesson=5")  # seen once: straight to the drills, the idea a click away
    expect(root).to_have_attribute("data-mode", "drill")
    page.locator("[data-action='idea']").click()
    expect(root).to_have_attribute("data-mode", "idea")
    assert_frame_shown(page, idea["frames"][0])


def test_the_queens_idea_marks_the_lone_kings_free_and_taken_squares(page):
    page.goto("/mates/learn?pause=0&lesson=1")
    expect(page.locator(ROOT)).to_have_attribute("data-mode", "idea")
    idea = api(page, "/api/mates/lesson/idea", lesson=1)
    for index, frame in enumerate(idea["frames"]):
        expect(page.locator(ROOT)).to_have_attribute("data-idea-frame", str(index))
        assert_frame_shown(page, frame)
        page.locator("[data-action='idea-next']").click()
    assert not marked_squares(page, "free")  # mated: no square left


def test_a_hint_and_the_best_move_cost_the_positions_credit_toward_the_star(page):
    open_drills(page, "/kbn/learn?pause=0&lesson=1")
    root, item = page.locator(ROOT), page.locator('[data-lesson="1"]')
    for _ in range(2):  # two of the round's three cleared unaided
        assert play_out(page, fastest) == "passed"
        page.locator("#trainer-result [data-action='next']").click()
        expect(root).to_have_attribute("data-turn", "user")
    expect(page.locator("#trainer-round")).to_contain_text("2 of 3 cleared")
    best = api(page, "/api/tablebase", fen=root.get_attribute("data-position"))["moves"][0]
    page.locator("[data-action='hint']").click()
    expect(page.locator(".sq.mark-hint")).to_have_attribute("data-square", best["from"])
    expect(page.locator("#trainer-verdict")).to_contain_text(f"on {best['from']}")
    expect(root).to_have_attribute("data-helped", "hint")
    expect(page.locator("#trainer-goal")).to_contain_text("no credit toward the next star")
    page.locator("[data-action='best']").click()  # the best move, as an arrow
    expect(root).to_have_attribute("data-helped", "best")
    assert drawn_arrows(page) == [(best["from"], best["to"], "green")]
    expect(page.locator("#trainer-verdict")).to_contain_text(f"Best move: {best['san']}")
    assert play_out(page, fastest) == "helped"  # the round's third, mated in time, but helped
    expect(page.locator("#trainer-result")).to_contain_text("no credit toward the next star")
    expect(item).to_have_attribute("data-stars", "0")  # unhelped, it would have been the star
    expect(page.locator("#trainer-round")).to_contain_text("2 of 3 cleared")
    page.locator("#trainer-result [data-action='next']").click()
    expect(root).to_have_attribute("data-turn", "user")
    assert play_out(page, fastest) == "star"  # the next, unaided, earns it
    expect(item).to_have_attribute("data-stars", "1")


def test_a_missed_position_is_retried_from_the_move_where_it_went_wrong(page):
    open_drills(page, "/kbn/learn?pause=0&lesson=2")
    root = page.locator(ROOT)
    allowed = int(page.locator("[data-allowed]").inner_text())
    before, played, mistake = {}, 0, None
    while not page.locator("#trainer-result").is_visible():
        fen, ply = root.get_attribute("data-position"), root.get_attribute("data-ply")
        move = slowest_win(api(page, "/api/tablebase", fen=fen)["moves"])
        played += 1
        before[played] = (fen, move)
        if mistake is None and (move["category"] == "draw" or played + move["mate_in"] > allowed):
            mistake = played
        page.click(f'[data-square="{move["uci"][:2]}"]')
        page.click(f'[data-square="{move["uci"][2:4]}"]')
        expect(root).not_to_have_attribute("data-ply", ply)
        expect(root).to_have_attribute("data-turn", re.compile("^(user|over)$"))
    expect(page.locator("#trainer-result")).to_have_attribute("data-result", "failed")
    fen, move = before[mistake]
    expect(page.locator("#trainer-result")).to_contain_text(f"Your move {mistake}, {move['san']}, let it go")
    page.locator("[data-action='retry']").click()
    expect(root).to_have_attribute("data-position", fen)  # back before that move, the learner to move
    expect(root).to_have_attribute("data-turn", "user")
    assert drawn_arrows(page) == [(move["uci"][:2], move["uci"][2:4], "red")]  # the move that went wrong
    expect(page.locator("#trainer-verdict")).to_contain_text("Retry from here")
    assert play_out(page, fastest) == "retried"
    expect(page.locator("#trainer-result")).to_contain_text("on the retry")
    expect(page.locator('[data-lesson="2"]')).to_have_attribute("data-due", "1")  # still a miss: it comes back


def test_a_drawn_position_ends_the_drill_without_practice(page):
    open_drills(page, "/kbn/learn?pause=0&lesson=1")
    root = page.locator(ROOT)
    for _ in range(8):  # a position where some move of the learner throws the win away
        draws = [m for m in api(page, "/api/tablebase", fen=root.get_attribute("data-position"))["moves"]
                 if m["category"] == "draw"]
        if draws:
            break
        start = root.get_attribute("data-fen")
        page.locator(".trainer-toolbar [data-action='next']").click()
        expect(root).not_to_have_attribute("data-fen", start)
        expect(root).to_have_attribute("data-turn", "user")
    assert draws, "no lesson position with a drawing move"
    page.click(f'[data-square="{draws[0]["uci"][:2]}"]')
    page.click(f'[data-square="{draws[0]["uci"][2:4]}"]')
    result = page.locator("#trainer-result")
    expect(result).to_have_attribute("data-result", "drawn")
    expect(result).to_contain_text("The win is gone")
    expect(result).not_to_contain_text("practice")
    expect(root).to_have_attribute("data-turn", "over")
    expect(result.locator("[data-action='retry']")).to_be_visible()


def test_a_missed_position_cleared_in_the_session_is_due_the_next_day(page):
    page.clock.set_fixed_time(datetime(2025, 3, 1, 10, 0))
    open_drills(page, "/kbn/learn?pause=0&lesson=1")
    root, summary = page.locator(ROOT), page.locator("#trainer-review-summary")
    missed = root.get_attribute("data-fen")
    assert play_out(page, slowest_win) == "failed"
    expect(summary).to_have_attribute("data-due", "1")  # in today's queue: back in this session
    page.locator("#trainer-result [data-action='next']").click()
    expect(root).not_to_have_attribute("data-fen", missed)
    page.locator(".trainer-toolbar [data-action='next']").click()
    expect(root).to_have_attribute("data-fen", missed)  # back after one other
    assert play_out(page, fastest) in ("passed", "star")
    expect(page.locator("#trainer-result")).to_contain_text("comes back tomorrow")
    expect(summary).to_have_attribute("data-due", "0")
    expect(summary).to_have_attribute("data-tomorrow", "1")
    page.clock.set_fixed_time(datetime(2025, 3, 2, 9, 0))  # the next morning
    page.goto("/kbn/learn?pause=0&lesson=2")
    expect(summary).to_have_attribute("data-due", "1")
    expect(summary).to_have_attribute("data-streak", "1")
    expect(page.locator('[data-lesson="1"]')).to_have_attribute("data-due", "1")
    page.locator("[data-review-lesson='1']").click()
    expect(root).to_have_attribute("data-lesson-open", "1")
    expect(root).to_have_attribute("data-fen", missed)
    expect(page.locator("#trainer-goal")).to_contain_text("a review")
    assert play_out(page, fastest) in ("passed", "star")
    expect(page.locator("#trainer-result")).to_contain_text("comes back in 3 days")
    expect(summary).to_have_attribute("data-streak", "2")


def test_export_then_import_restores_the_progress_in_a_fresh_browser(page, browser, live_server, tmp_path):
    open_drills(page, "/kbn/learn?pause=0&lesson=1")
    root = page.locator(ROOT)
    for _ in range(3):
        play_out(page, fastest)
        page.locator("#trainer-result [data-action='next']").click()
        expect(root).to_have_attribute("data-turn", "user")
    expect(page.locator('[data-lesson="1"]')).to_have_attribute("data-stars", "1")
    assert play_out(page, slowest_win) == "failed"
    page.locator("#trainer-progress summary").click()
    with page.expect_download() as download:
        page.locator("[data-action='export']").click()
    saved = tmp_path / download.value.suggested_filename
    download.value.save_as(saved)
    assert json.loads(saved.read_text())["records"]["kbn-learn-progress"]["lessons"]["kbn-net"]["stars"] == 1
    fresh = browser.new_context(viewport={"width": 1280, "height": 900}, base_url=live_server, bypass_csp=True)
    try:
        other = fresh.new_page()
        other.goto("/kbn/learn?pause=0&lesson=3")
        expect(other.locator(ROOT)).to_have_attribute("data-ready", "true")
        expect(other.locator('[data-lesson="1"]')).to_have_attribute("data-stars", "0")
        other.locator("#trainer-progress summary").click()
        other.locator("#trainer-import").set_input_files(saved)
        expect(other.locator("#trainer-progress-message")).to_contain_text("restored")
        expect(other.locator('[data-lesson="1"]')).to_have_attribute("data-stars", "1")
        expect(other.locator("#trainer-review-summary")).to_have_attribute("data-due", "1")
        expect(other.locator("[data-stats-lesson='1'] td").nth(1)).to_have_text("4")  # played
        other.reload()  # kept in the fresh browser's storage
        expect(other.locator('[data-lesson="1"]')).to_have_attribute("data-stars", "1")
    finally:
        fresh.close()


TITLES_SHOWN = """els => els.map(e => {
  const r = e.getBoundingClientRect();
  return {text: e.innerText.replace(/\\s+/g, ' ').trim(), width: r.width, height: r.height,
          clipped: e.scrollHeight > e.clientHeight + 1 || e.scrollWidth > e.clientWidth + 1
                   || getComputedStyle(e).clipPath !== 'none'};
})"""


@pytest.mark.parametrize("path, opened", [("/kbn/learn", 6), ("/mates/learn", 11)])
def test_the_lessons_titles_show_on_a_phone(page, path, opened):
    page.set_viewport_size(PHONE)
    page.goto(f"{path}?pause=0&lesson={opened}")
    expect(page.locator(ROOT)).to_have_attribute("data-ready", "true")
    lessons = json.loads(page.locator(ROOT).get_attribute("data-lessons"))
    shown = page.locator(".trainer-lesson-name").evaluate_all(TITLES_SHOWN)
    assert [s["text"] for s in shown] == [lesson["title"] for lesson in lessons]
    for title in shown:
        assert title["width"] >= 80 and title["height"] >= 12 and not title["clipped"], title
    card = page.locator(f'[data-lesson="{opened}"] .trainer-lesson-name').bounding_box()
    assert 0 <= card["x"] and card["x"] + card["width"] <= PHONE["width"]  # the open one scrolled into view


def test_the_address_holds_the_lesson_and_its_position(page):
    open_drills(page, "/kbn/learn?pause=0&lesson=3")
    root = page.locator(ROOT)
    fen = root.get_attribute("data-fen")
    expect(page).to_have_url(re.compile(r"lesson=3&fen="))
    expect(page.locator("#trainer-share")).to_have_attribute("href", re.compile(r"lesson=3&fen="))
    shared = page.url
    other = page.context.new_page()
    other.goto(shared.replace("lesson=3", "lesson=3"))
    expect(other.locator(ROOT)).to_have_attribute("data-mode", "drill")  # no idea first: the position asked
    expect(other.locator(ROOT)).to_have_attribute("data-lesson-open", "3")
    expect(other.locator(ROOT)).to_have_attribute("data-fen", fen)
    expect(other.locator(ROOT)).to_have_attribute("data-turn", "user")
    other.goto("/kbn/learn?pause=0&lesson=3&fen=8/8/8/8/1Q2K3/8/8/2k5+w+-+-+0+1")  # a queen's: not this lesson's
    expect(other.locator("#trainer-verdict")).to_contain_text("not one of this lesson's")
    expect(other.locator(ROOT)).to_have_attribute("data-turn", "user")
    assert "Q" not in other.locator(ROOT).get_attribute("data-fen")


def test_an_illegal_move_in_a_lesson_is_refused_with_its_reason(page):
    open_drills(page, "/mates/learn?pause=0&lesson=4")
    root, illegal = page.locator(ROOT), page.locator("#trainer-illegal")
    expect(root).to_have_attribute("data-turn", "user")
    fen = root.get_attribute("data-position")
    pieces = board_pieces(page)
    king = next(square for square, piece in pieces.items() if piece == "wK")
    file = "abcdefgh".index(king[0])
    away = next(f"{'abcdefgh'[f]}{king[1]}" for f in (file + 2, file - 2)
                if 0 <= f < 8 and not pieces.get(f"{'abcdefgh'[f]}{king[1]}", "").startswith("w"))
    reason = api(page, "/api/mates/move", fen=fen, **{"from": king, "to": away})
    assert not reason["legal"] and reason["reason"]
    expect(illegal).to_be_hidden()
    page.click(f'[data-square="{king}"]')
    page.click(f'[data-square="{away}"]')  # two steps for a king: refused, and said why
    expect(illegal).to_be_visible()
    expect(illegal).to_have_text(reason["reason"])
    move = api(page, "/api/tablebase", fen=fen)["moves"][0]  # a legal move: the message goes with the position
    page.click(f'[data-square="{move["from"]}"]')
    page.click(f'[data-square="{move["to"]}"]')
    expect(root).not_to_have_attribute("data-ply", "0")
    expect(illegal).to_be_hidden()
