"""The lessons page (/kbn/learn) in real Chromium: lesson 1 passed by playing its mates, the star
kept across a reload, a failed position coming back, the coach's box and corners on the board."""

from __future__ import annotations

import re

import pytest
from tests.helpers.phone import PHONE, page_bottom
from tests.helpers.trainer_pages import api, assert_coach_marks, fastest, open_drills, play_out, slowest_win
from playwright.sync_api import expect

pytestmark = pytest.mark.browser


def open_learn(page, lesson: int = 1):
    open_drills(page, f"/kbn/learn?pause=0&lesson={lesson}")


def wait_user_turn(page):
    """Until the learner is to move again (or the game is over)."""
    expect(page.locator("#trainer-learn")).to_have_attribute("data-turn", re.compile("^(user|over)$"))


def play(page, uci: str):
    page.click(f'[data-square="{uci[:2]}"]')
    page.click(f'[data-square="{uci[2:4]}"]')


def position(page) -> str:
    return page.locator("#trainer-learn").get_attribute("data-position")


def test_lesson_one_is_passed_by_playing_its_mates_and_the_star_survives_a_reload(page):
    open_learn(page, 1)
    lesson = page.locator('[data-lesson="1"]')
    expect(lesson).to_have_attribute("data-stars", "0")
    round_size = page.evaluate("JSON.parse(document.getElementById('trainer-learn').dataset.lessons)[0].round_size")
    for done in range(1, round_size + 1):
        start = page.locator("#trainer-learn").get_attribute("data-fen")
        probe = api(page, "/api/tablebase", fen=start)
        assert 1 <= (probe["dtm"] + 1) // 2 <= 3  # a mate in 1 to 3, as the lesson asks
        expect(page.locator("[data-optimal]")).to_have_text(str((probe["dtm"] + 1) // 2))
        outcome = play_out(page, fastest)
        assert outcome == ("star" if done == round_size else "passed")
        expect(page.locator("#trainer-status")).to_have_attribute("data-status", "checkmate")
        if done < round_size:
            page.locator("#trainer-result [data-action='next']").click()
            expect(page.locator("#trainer-learn")).not_to_have_attribute("data-fen", start)
    expect(lesson).to_have_attribute("data-stars", "1")
    expect(lesson.locator(".trainer-stars")).to_have_text("★☆☆")
    page.reload()  # the address holds the lesson and its last position: both come back
    expect(page.locator("#trainer-learn")).to_have_attribute("data-ready", "true")
    expect(page.locator("#trainer-learn")).to_have_attribute("data-mode", "drill")
    expect(page.locator('[data-lesson="1"]')).to_have_attribute("data-stars", "1")
    expect(page.locator('[data-lesson="1"] .trainer-stars')).to_have_text("★☆☆")
    # With a star the allowance shrinks: the slack for one star, from the server's lesson list.
    slack = page.evaluate("JSON.parse(document.getElementById('trainer-learn').dataset.lessons)[0].slack_by_stars[1]")
    optimal = int(page.locator("[data-optimal]").inner_text())
    expect(page.locator("[data-allowed]")).to_have_text(str(optimal + slack))


def test_a_failed_position_comes_back_after_another(page):
    open_learn(page, 1)
    missed = page.locator("#trainer-learn").get_attribute("data-fen")
    assert play_out(page, slowest_win) == "failed"
    expect(page.locator("#trainer-result")).to_contain_text("come back")
    page.locator("#trainer-result [data-action='next']").click()
    root = page.locator("#trainer-learn")
    expect(root).not_to_have_attribute("data-fen", missed)
    expect(page.locator("#trainer-goal")).not_to_contain_text("missed before")
    page.locator(".trainer-toolbar [data-action='next']").click()
    expect(root).to_have_attribute("data-fen", missed)
    expect(page.locator("#trainer-goal")).to_contain_text("missed before")


def test_the_box_and_corners_are_on_the_board_by_default_as_the_coach_says(page):
    open_learn(page, 2)
    facts = api(page, "/api/kbn/coach", fen=position(page))
    assert_coach_marks(page, facts)
    expect(page.locator("#trainer-coach-advice")).to_have_text(facts["advice"])
    page.locator("[data-action='coach']").click()
    expect(page.locator(".sq.mark-box")).to_have_count(0)


def test_on_a_phone_status_verdict_and_result_are_on_the_first_screen(page):
    page.set_viewport_size(PHONE)
    open_learn(page, 1)
    for selector in ("#trainer-status", '[data-square="h1"]', '[data-lesson="4"]'):
        assert page_bottom(page, selector) <= PHONE["height"], selector
    assert play_out(page, fastest) in ("passed", "star")
    for selector in ("#trainer-status", "#trainer-verdict", "#trainer-result"):
        assert page_bottom(page, selector) <= PHONE["height"], selector
