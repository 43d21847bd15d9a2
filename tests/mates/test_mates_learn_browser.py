"""The learning path (/mates/learn) in real Chromium: the lessons in order (queen, rook, two
bishops, bishop and knight), the first lesson of each ending cleared to a star by playing its
mates, a missed position coming back after another (and, cleared then, not again in the session:
tomorrow), and the path's progress kept apart from /kbn/learn's."""

from __future__ import annotations

import re

import chess
import pytest
from playwright.sync_api import expect
from tests.helpers.trainer_pages import fastest, open_drills, play_out, slowest_win

pytestmark = pytest.mark.browser


def open_path(page, lesson: int = 1):
    open_drills(page, f"/mates/learn?pause=0&lesson={lesson}")


def test_the_lessons_are_in_the_paths_order(page):
    open_path(page)
    endings = page.locator("[data-lesson]").evaluate_all("els => els.map(e => e.dataset.ending)")
    assert endings == ["KQK", "KQK", "KRK", "KRK", "KBBK", "KBBK", *["KBNK"] * 7]


def test_the_mating_corners_are_in_the_legend_only_where_the_coach_has_them(page):
    open_path(page, 1)  # the queen: the lone king's box, no corner to drive it to
    expect(page.locator("#trainer-coach")).not_to_have_attribute("data-phase", "none")
    expect(page.locator("#kbn-legend-corners")).to_be_hidden()
    page.locator('[data-lesson="7"] button').click()  # the bishop and knight: the corners of the bishop's colour
    expect(page.locator("#trainer-learn")).to_have_attribute("data-lesson-open", "7")
    page.locator("[data-action='drills']").click()  # past the lesson's idea
    expect(page.locator("#kbn-legend-corners")).to_be_visible()



@pytest.mark.parametrize("lesson, label, method", [(2, "Box", False), (4, "Box", False), (6, "Box", False),
                                                   (8, "Box & corners", True)])
def test_corners_and_the_kbn_method_only_in_the_bishop_and_knights_lessons(page, lesson, label, method):
    open_path(page, lesson)  # the queen, the rook, the two bishops: a box but no corners, no KBN method
    button = page.locator("[data-action='coach']")
    expect(button).to_be_visible()
    assert button.inner_text().split() == [*label.split(), "c"]  # what is shown, not the hidden words
    panel = expect(page.locator("#trainer-method"))
    panel.to_be_visible() if method else panel.to_be_hidden()  # the method in four steps: KBNK's alone


@pytest.mark.parametrize("lesson, men, ending", [(1, "Q", "KQK"), (3, "R", "KRK"), (5, "BB", "KBBK"), (7, "BN", "KBNK")])
def test_the_first_lesson_of_each_ending_is_cleared_to_a_star(page, lesson, men, ending):
    open_path(page, lesson)
    item = page.locator(f'[data-lesson="{lesson}"]')
    expect(item).to_have_attribute("data-stars", "0")
    root = page.locator("#trainer-learn")
    rounds = page.evaluate(f"JSON.parse(document.getElementById('trainer-learn').dataset.lessons)[{lesson - 1}].round_size")
    for done in range(1, rounds + 1):
        start = root.get_attribute("data-fen")
        white = sorted(p.symbol() for p in chess.Board(start).piece_map().values() if p.color and p.symbol() != "K")
        assert "".join(white) == "".join(sorted(men))  # the lesson's own ending
        assert play_out(page, fastest) == ("star" if done == rounds else "passed")
        expect(page.locator("#trainer-status")).to_have_attribute("data-status", "checkmate")
        if done < rounds:
            page.locator("#trainer-result [data-action='next']").click()
            expect(root).not_to_have_attribute("data-fen", start)
    expect(item).to_have_attribute("data-stars", "1")
    page.goto("/mates")  # the list of endings shows the star beside the ending
    line = page.locator(f'[data-material="{ending}"] [data-progress]')
    expect(line).to_have_attribute("data-stars", "1")
    expect(line).to_contain_text("1 of ")
    page.goto("/kbn/learn?pause=0&lesson=1")  # the KBN page keeps its own record
    expect(page.locator("#trainer-learn")).to_have_attribute("data-ready", "true")
    expect(page.locator('[data-lesson="1"]')).to_have_attribute("data-stars", "0")


def test_a_missed_position_comes_back_after_another(page):
    open_path(page, 3)
    root = page.locator("#trainer-learn")
    missed = root.get_attribute("data-fen")
    assert play_out(page, slowest_win) == "failed"
    page.locator("#trainer-result [data-action='next']").click()
    expect(root).not_to_have_attribute("data-fen", missed)
    page.locator(".trainer-toolbar [data-action='next']").click()
    expect(root).to_have_attribute("data-fen", missed)
    expect(page.locator("#trainer-goal")).to_contain_text("missed before")


def test_a_missed_position_cleared_on_its_return_waits_for_tomorrow(page):
    open_path(page, 3)
    root = page.locator("#trainer-learn")
    toolbar_next = page.locator(".trainer-toolbar [data-action='next']")

    def next_position():
        before = root.get_attribute("data-fen")
        toolbar_next.click()
        expect(root).not_to_have_attribute("data-fen", before)  # the next position is on the board
        expect(root).to_have_attribute("data-turn", re.compile("^(user|over)$"))
        return before

    missed = root.get_attribute("data-fen")
    assert play_out(page, slowest_win) == "failed"
    next_position()  # one other position (left unplayed: no miss)
    next_position()
    expect(root).to_have_attribute("data-fen", missed)  # back after one other
    assert play_out(page, fastest) in ("passed", "star")
    expect(page.locator("#trainer-result")).to_contain_text("comes back tomorrow")
    expect(page.locator("#trainer-review-summary")).to_have_attribute("data-tomorrow", "1")
    for _ in range(3):  # cleared on its return: not again today
        next_position()
        assert root.get_attribute("data-fen") != missed
