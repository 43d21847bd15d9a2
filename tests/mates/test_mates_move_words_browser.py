"""What the trainer and the lessons say about a move, in real Chromium: a move that misses a mate at
once is told which move mated (never "instead of 0"); in French and Korean every move written in a
sentence or a list takes that language's piece letters (French R D T F C, Korean the figurines),
while the page's data and the API keep standard SAN; the first KBN lesson's net counts exactly the
squares it marks, a man the lone king may take ringed above the man."""

from __future__ import annotations

import re
from urllib.parse import quote

import pytest
from playwright.sync_api import expect

from tests.helpers.browser import drag
from tests.helpers.trainer_pages import api

pytestmark = pytest.mark.browser

MATE_IN_ONE = "k7/8/1K6/8/8/8/7Q/8 w - - 0 1"  # Qh8# mates; other queen moves still win
LETTERS = {"en": {}, "fr": dict(zip("KQRBN", "RDTFC")), "ko": dict(zip("KQRBN", "♔♕♖♗♘"))}


def in_language(san: str, lang: str) -> str:
    return "".join(LETTERS[lang].get(char, char) for char in san)


def square(key: str) -> str:
    return f'#trainer-board [data-square="{key}"]'


def play_slower_move(page, lang: str) -> tuple[dict, dict]:
    """Opens the trainer on a mate in one and plays a winning move that does not mate; returns
    (the best move, the move played) as the API names them."""
    answer = api(page, "/api/tablebase", fen=MATE_IN_ONE)
    best = answer["moves"][0]
    slower = next(m for m in answer["moves"] if m["category"] == "loss" and not m["checkmate"])
    assert best["checkmate"]
    page.goto(f"/mates/KQK?pause=-1&lang={lang}&fen={quote(MATE_IN_ONE, safe='')}")
    expect(page.locator("#trainer")).to_have_attribute("data-ready", "true")
    drag(page, square(slower["uci"][:2]), square(slower["uci"][2:]))
    expect(page.locator("#trainer-verdict")).to_have_attribute("data-verdict", "slower")
    return best, slower


def test_a_move_that_misses_a_mate_at_once_is_told_the_mating_move(page):
    best, slower = play_slower_move(page, "en")
    verdict = page.locator("#trainer-verdict")
    expect(verdict).to_contain_text(f"{slower['san']}: mate in {slower['mate_in']}, when {best['san']} mated at once.")
    expect(verdict).not_to_contain_text("instead of 0")
    expect(page.locator("#trainer-verdict")).to_have_attribute("data-slower-by", str(slower["mate_in"]))


@pytest.mark.parametrize("lang", ["fr", "ko"])
def test_moves_in_sentences_and_lists_take_the_languages_piece_letters(page, lang):
    best, slower = play_slower_move(page, lang)
    verdict = page.locator("#trainer-verdict")
    expect(verdict).to_contain_text(in_language(slower["san"], lang))
    expect(verdict).to_contain_text(in_language(best["san"], lang))
    expect(verdict).not_to_contain_text(best["san"])  # no English letter left in the sentence
    played = page.locator("#trainer-moves-played .trainer-played").first
    expect(played).to_have_text(in_language(slower["san"], lang))
    expect(played).to_have_attribute("data-san", slower["san"])  # the page's data keeps SAN
    replies = page.locator("#trainer-replies li[data-uci]")
    expect(replies.first).to_be_visible()
    sans = {m["uci"]: m["san"] for m in api(page, "/api/tablebase", fen=slower["fen"])["moves"]}
    shown = replies.evaluate_all("els => els.map(e => [e.dataset.uci, e.querySelector('.trainer-san').textContent])")
    assert shown and all(text == in_language(sans[uci], lang) for uci, text in shown), shown


NET_FRAMES = """() => [...document.querySelectorAll('#trainer-board .sq.mark-free')].map(sq => {
  const piece = sq.querySelector('.piece');
  const ring = getComputedStyle(sq, '::after');
  return {square: sq.dataset.square, man: Boolean(piece), ringZ: Number(ring.zIndex) || 0,
          pieceZ: piece ? Number(getComputedStyle(piece).zIndex) || 0 : 0, image: ring.backgroundImage,
          colour: ring.backgroundColor, inset: ring.top};
})"""


def test_the_first_kbn_lessons_net_counts_the_squares_it_marks(page):
    """Each frame of the first KBN lesson's idea: the caption's count of free squares is the number
    of squares marked free, and a free square holding a man (the lone king may take it) is drawn
    above the man, so every square counted is seen."""
    page.goto("/kbn/learn?pause=0&lesson=1")
    root = page.locator("#trainer-learn")
    expect(root).to_have_attribute("data-mode", "idea")
    idea = api(page, "/api/kbn/lesson/idea", lesson=1)
    assert idea["shows"] == "net"
    men_free = 0
    for index, frame in enumerate(idea["frames"]):
        expect(root).to_have_attribute("data-idea-frame", str(index))
        caption = page.locator("#trainer-status [data-part='detail']")
        expect(caption).to_have_text(frame["caption"])
        marked = page.evaluate(NET_FRAMES)
        said = re.search(r"(\d+) free squares?|no free square", frame["caption"])
        if said:
            assert len(marked) == (int(said.group(1)) if said.group(1) else 0), (frame["caption"], marked)
        for mark in marked:
            if mark["man"]:  # a ring around the man, above it
                men_free += 1
                assert mark["image"].startswith("radial-gradient") and mark["inset"] == "0px", mark
                assert mark["ringZ"] > mark["pieceZ"], mark
            else:  # a disc on the empty square
                assert mark["colour"] not in ("rgba(0, 0, 0, 0)", "transparent"), mark
        page.locator("[data-action='idea-next']").click()
    assert men_free >= 1  # the idea shows a man the lone king may take, as the issue found


@pytest.mark.parametrize("lang", ["fr", "ko"])
def test_a_lessons_captions_write_the_moves_in_the_languages_letters(page, lang):
    page.goto(f"/kbn/learn?pause=0&lesson=1&lang={lang}")
    root = page.locator("#trainer-learn")
    expect(root).to_have_attribute("data-mode", "idea")
    frame = api(page, "/api/kbn/lesson/idea", lesson=1)["frames"][1]
    page.locator("[data-action='idea-next']").click()
    expect(root).to_have_attribute("data-idea-frame", "1")
    caption = page.locator("#trainer-status [data-part='detail']")
    expect(caption).to_contain_text(f"1. {in_language(frame['move']['san'], lang)}")
