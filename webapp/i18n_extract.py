"""``pybabel extract`` methods (named in babel.cfg) for the English texts the pages show that are
data, not code: the endings' titles and men's words, the solitaire difficulties, the lessons'
titles, summaries and ideas (tablebase/mates/lessons.toml). The pages translate them with the
``tr`` filter (webapp/i18n.py); tests/app/test_i18n_catalogues.py checks each is translated.
The two modules read this way also mark messages of their own (``N_``: their input errors), which
``extract_python`` finds as in every other module."""

from __future__ import annotations

from babel.messages.extract import extract_python

LESSON_FIELDS = ("title", "summary", "king", "idea")


def ending_texts() -> list[str]:
    from tablebase.mates import MATERIALS
    from tablebase.mates.endings import Ending

    return [text for table in MATERIALS for text in (Ending(table).title, Ending(table).men_words)]


def difficulty_texts() -> list[str]:
    from tablebase.solitaire.puzzles import DIFFICULTIES

    return [name.capitalize() for name in DIFFICULTIES]


def lesson_texts() -> list[str]:
    """Each lesson's shown texts as tablebase/mates/lessons.py reads them: the path's titles
    ("Bishop and knight: the mating net") and the KBN page's ("The mating net")."""
    from tablebase.mates.lessons import KBN_LESSONS, PATH

    return list(dict.fromkeys(getattr(lesson, field) for lesson in (*PATH, *KBN_LESSONS) for field in LESSON_FIELDS))


def extract_endings(fileobj, keywords, comment_tags, options):
    for text in ending_texts():
        yield 1, None, text, ["An ending of the trainer (tablebase/mates/endings.py)"]
    yield from extract_python(fileobj, keywords, comment_tags, options)


def extract_difficulties(fileobj, keywords, comment_tags, options):
    for text in difficulty_texts():
        yield 1, None, text, ["A solitaire puzzle's difficulty"]
    yield from extract_python(fileobj, keywords, comment_tags, options)


def extract_lessons(fileobj, keywords, comment_tags, options):
    for text in lesson_texts():
        yield 1, None, text, ["A lesson's text (tablebase/mates/lessons.toml)"]
