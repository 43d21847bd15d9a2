"""In Chromium, every page in Korean shows no English word at all (not only none of the
catalogue's texts): Hangul leaves Latin letters to notation, names and keys, so any other Latin
word on a Korean page is a sentence that bypassed the catalogue."""

from __future__ import annotations

import re

import pytest

from tests.app.test_i18n_browser import FLOWS, VISIBLE_TEXT

pytestmark = pytest.mark.browser

NAMES = re.compile(r"""
    K[QRBN]*K | KBN | KQRBN | kqrbn | PGN | FEN | SAN | UCI | API | OpenAPI | JSON | URL | CSV | CPU
  | [IVX]+                                  # the cube's levels
  | Ctrl | Shift | Enter | Escape | Space | Tab | PageUp | PageDown | Home | End | Esc | Alt  # keys
  | Board | Turn | Pieces | Result         # a game record's tags
  | [a-h][1-8]                              # squares
  | Zillions                                # a program's name (the 3D endgames' published claims)
""", re.VERBOSE)


def latin_words(page) -> set[str]:
    shown = " ".join(page.evaluate(VISIBLE_TEXT))
    return {word for word in re.findall(r"[A-Za-z][A-Za-z']{2,}", shown) if not NAMES.fullmatch(word)}


@pytest.mark.parametrize("flow", FLOWS, ids=lambda flow: flow.__name__)
def test_a_korean_page_shows_no_english_word(page, flow):
    page.goto("/?lang=ko")
    found = {}
    for moment in flow(page):
        found[moment] = sorted(latin_words(page))
    assert len(found) >= 2
    assert not any(found.values()), found
