"""The coach's words for the pages (``advice_words``, ``defence.words``, a note's ``words``, a lesson
idea's ``caption_words``): each a message of the catalogue with its values, which, filled in English,
gives back exactly the text the API answers; filled with the French and Korean catalogues, every
placeholder is filled. On random positions of the 14 materials, the notes of random moves from
them, and every frame of every lesson's idea."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from tests.helpers.mates import NAMES, random_boards

from tablebase.mates import parse_position
from tablebase.mates.coach import coach_note, coach_position

ROOT = Path(__file__).resolve().parents[2]


def catalogue(lang: str) -> dict:
    with (ROOT / "translations" / lang / "LC_MESSAGES" / "messages.po").open("rb") as source:
        found = {}
        for message in read_po(source):
            if message.id:
                key = message.id[0] if message.pluralizable else message.id
                found[f"{message.context}\x04{key}" if message.context else key] = message.string
        return found


def fill(words, messages: dict | None) -> str:
    """The words in English (``messages`` None) or with a catalogue, as static/js/shared/i18n.js's
    ``say`` fills them (French's plural: one form up to 1)."""
    if not isinstance(words, dict):
        return str(words)
    if "san" in words:  # a move: its piece letters in the language (static/js/shared/i18n.js moveName)
        if messages is None:
            return words["san"]
        return "".join(messages.get(f"chess piece letter in a move\x04{c}", c) if c in "KQRBN" else c for c in words["san"])
    if "join" in words:
        return words["sep"].join(fill(item, messages) for item in words["join"])
    if "and" in words:
        return f" {'and' if messages is None else messages['and']} ".join(fill(item, messages) for item in words["and"])
    values = {name: fill(value, messages) for name, value in words.get("params", {}).items()}
    french = messages is not None and messages.get("lang") == "fr"
    singular = words.get("n") in (0, 1) if french else words.get("n") == 1
    if messages is None:
        template = words["id"] if "plural" not in words or singular else words["plural"]
    else:
        found = messages[words["id"]]
        template = found if isinstance(found, str) else found[0 if singular or len(found) == 1 else 1]
    if "n" in words:
        values.setdefault("num", words["n"])
    text = template % values
    if words.get("capital"):
        return text[:1].upper() + text[1:]
    if words.get("lower"):
        return text.lower() if messages is None else text[:1].lower() + text[1:]
    return text


@pytest.mark.parametrize("material", NAMES)
def test_the_words_give_back_the_text_and_fill_every_language(tables, material):
    languages = {lang: {**catalogue(lang), "lang": lang} for lang in ("fr", "ko")}
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
        assert " ".join(fill(w, None) for w in words) == text
        for lang, messages in languages.items():
            for w in words:
                translated = fill(w, messages)
                assert "%(" not in translated and translated, (lang, w)


def test_every_lesson_ideas_captions_are_words_that_give_back_the_caption(tables):
    from tablebase.mates.lesson_ideas import lesson_idea
    from tablebase.mates.lessons import KBN_LESSONS, PATH

    languages = {lang: {**catalogue(lang), "lang": lang} for lang in ("fr", "ko")}
    frames = [frame for lesson in (*PATH, *KBN_LESSONS) for frame in lesson_idea(tables, lesson)["frames"]]
    assert len(frames) > 100
    letters = {"fr": dict(zip("KQRBN", "RDTFC")), "ko": dict(zip("KQRBN", "♔♕♖♗♘"))}
    for frame in frames:
        assert fill(frame["caption_words"], None) == frame["caption"]
        for lang, messages in languages.items():
            said = fill(frame["caption_words"], messages)
            assert "%(" not in said, (lang, frame["caption_words"])
            if frame["move"]:  # the move that led there, in the language's letters
                san = frame["move"]["san"]
                assert "".join(letters[lang].get(c, c) for c in san) in said and (san in said) == (san.islower()), said
