"""The coach's words for the pages (``advice_words``, ``defence.words``, a note's ``words``, a lesson
idea's ``caption_words``): each a message of the catalogue with its values, which, filled in English,
gives back exactly the text the API answers; filled with the French and Korean catalogues, every
placeholder is filled. On random positions of the 14 materials, the notes of random moves from
them, and every frame of every lesson's idea."""

from __future__ import annotations

import random

import pytest
from tests.helpers.mates import NAMES, random_boards

from tablebase.core.message import english as english_text, from_json
from tablebase.mates import parse_position
from tablebase.mates.coach import coach_note, coach_position
from webapp.learn_first import say_json



def english(words) -> str:
    """The words filled in English by the engine's own rule (what the API's text is made by)."""
    return english_text(from_json(words))


def fill(app, words, lang: str) -> str:
    """The words in ``lang`` as the server says them (webapp/i18n_say.py, the catalogue's plural
    rule, Babel's lists and numbers: the same rules as the page's script)."""
    with app.test_request_context(f"/?lang={lang}"):
        return say_json(words)


@pytest.mark.parametrize("material", NAMES)
def test_the_words_give_back_the_text_and_fill_every_language(app, tables, material):
    rng = random.Random(7)
    answers = []
    for board in random_boards(material, 40, seed=11):
        position = parse_position(board.fen()).position
        facts = coach_position(position, tables).as_dict()
        answers.append((facts["advice_words"], facts["advice"]))
        answers.append((facts["defence"]["words"], facts["defence"]["text"]))
        legal = list(board.legal_moves)
        if legal:
            after = board.copy(stack=False)
            after.push(rng.choice(legal))
            if len(after.piece_map()) > 2:
                note = coach_note(position, parse_position(after.fen()).position, tables)
                answers.append((note["words"], note["text"]))
    assert len(answers) >= 80
    for words, text in answers:
        assert " ".join(english(w) for w in words) == text
        for lang in ("fr", "ko"):
            for w in words:
                translated = fill(app, w, lang)
                assert "%(" not in translated and translated and translated != english(w), (lang, w)


def test_every_lesson_ideas_captions_are_words_that_give_back_the_caption(app, tables):
    from tablebase.mates.lesson_ideas import lesson_idea
    from tablebase.mates.lessons import KBN_LESSONS, PATH

    frames = [frame for lesson in (*PATH, *KBN_LESSONS) for frame in lesson_idea(tables, lesson)["frames"]]
    assert len(frames) > 100
    letters = {"fr": dict(zip("KQRBN", "RDTFC")), "ko": dict(zip("KQRBN", "♔♕♖♗♘"))}
    for frame in frames:
        assert english(frame["caption_words"]) == frame["caption"]
        for lang in ("fr", "ko"):
            said = fill(app, frame["caption_words"], lang)
            assert "%(" not in said, (lang, frame["caption_words"])
            if frame["move"]:  # the move that led there, in the language's letters
                san = frame["move"]["san"]
                assert "".join(letters[lang].get(c, c) for c in san) in said and (san in said) == (san.islower()), said
