"""In Chromium, in French and in Korean: a bad input typed on the move checker (a move, a FEN) and
in the 3D lab's board text box is refused in the page's language (api.js fills the answer's words
with the page's catalogue): the error shown is the translation, and none of the English message's
words is on screen."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1"
# Words of the messages that are notation or names, the same in every language.
NOTATION = {"uci", "fen", "kqrbn"}


def words(text: str) -> set[str]:
    """A message's words, less what it quotes (the input, a JSON example) and the notation."""
    said = re.sub(r"'[^']*'|\"[^\"]*\"", " ", text)
    return {word.lower() for word in re.findall(r"[^\W\d_]{3,}", said)} - NOTATION


def refused(page, route: str, body: dict) -> str:
    """The server's English message for this input (the API speaks English whatever the page's language)."""
    answer = page.request.post(route, data=body)
    assert answer.status == 400, answer.text()
    return answer.json()["message"]


def assert_in_language(shown: str, english: str, expected: str):
    assert expected in shown, shown
    assert words(english), english
    assert not words(english) & words(shown), (shown, words(english) & words(shown))


EXPECTED = {
    "fr": {"move": "UCI invalide : 'e2e9' (un coup est un texte UCI comme 'e2e4' ou une liste comme ['W', 'R', 8, 2])",
           "fen": "FEN invalide (8 rangées attendues) : '8/8/8 w'",
           "cube": "caractère inconnu 'X' en x=1, y=0, z=1 : utilisez KQRBN, kqrbn, les lettres des pièces définies"},
    "ko": {"move": "잘못된 UCI: 'e2e9' (수는 'e2e4' 같은 UCI 텍스트나 ['W', 'R', 8, 2] 같은 목록입니다)",
           "fen": "잘못된 FEN (랭크가 8개여야 합니다): '8/8/8 w'",
           "cube": "알 수 없는 문자 'X' (x=1, y=0, z=1): KQRBN, kqrbn, 정의한 기물의 글자"},
}


@pytest.mark.parametrize("lang", ["fr", "ko"])
def test_the_move_checker_refuses_a_typed_move_and_fen_in_the_pages_language(page, lang):
    page.goto(f"/moves?lang={lang}")
    page.wait_for_selector('[data-square="e2"] [data-piece="wP"]')
    page.fill("#moves-question", "e2e9")
    page.click("#moves-ask")
    error = page.locator("#moves-error")
    expect(error).to_be_visible()
    english = refused(page, "/api/2d/validate", {"fen": START, "move_text": "e2e9"})
    expect(error).to_contain_text(EXPECTED[lang]["move"])
    assert_in_language(error.inner_text(), english, EXPECTED[lang]["move"])

    page.fill("#moves-fen", "8/8/8 w")
    page.click("#moves-load-fen")
    expect(error).to_contain_text(EXPECTED[lang]["fen"])
    assert_in_language(error.inner_text(), refused(page, "/api/2d/position", {"fen": "8/8/8 w"}), EXPECTED[lang]["fen"])


@pytest.mark.parametrize("lang", ["fr", "ko"])
def test_the_labs_board_text_box_refuses_a_bad_board_in_the_pages_language(page, lang):
    page.goto(f"/3d?lang={lang}")
    expect(page.locator("[data-status]")).not_to_have_attribute("data-status", "")
    board = "[##,#K],[kX,##]"
    page.fill("#lab-notation", board)
    page.click("#lab-load")
    error = page.locator("#lab-error")
    expect(error).to_contain_text(EXPECTED[lang]["cube"])
    english = refused(page, "/api/3d/position", {"board": board, "turn": "w", "pieces": {}})
    assert_in_language(error.inner_text(), english, EXPECTED[lang]["cube"])
