"""A message of ``tablebase`` (``core.message``: an input error's ``says``, a sentence built in
Python) in the page's language, on the server: the same catalogue and the same rules as
static/js/shared/i18n.js ``say``. Placeholders are filled with their own words translated; a count
takes its form by the catalogue's own Plural-Forms (gettext's ``ngettext``, as plural_forms.js in
the page); a list is joined as the language lists words and a number grouped (and its decimals
written) as the language writes it, by Babel's CLDR rules, which are Intl's in the page; a move
is written with the language's piece letters (``move_name``). No language is named here."""

from __future__ import annotations

from babel.lists import format_list
from flask_babel import format_decimal, get_locale, gettext, ngettext, pgettext

from tablebase.core.message import Grouped, Joined, Message, MoveName


def say(words) -> str:
    if isinstance(words, Message):
        params = {name: say(value) for name, value in words.params.items()}
        if words.plural is None:
            text = gettext(words.id, **params)
        else:
            text = ngettext(words.id, words.plural, words.n, **params)
        if words.capital:
            return text[:1].upper() + text[1:]
        return text[:1].lower() + text[1:] if words.lower else text
    if isinstance(words, Joined):
        said = [say(item) for item in words.items]
        return words.sep.join(said) if words.sep is not None else format_list(said, locale=get_locale())
    if isinstance(words, Grouped):
        return format_decimal(words.value, format="#,##0" + ("." + "0" * words.places if words.places else ""))
    if isinstance(words, MoveName):
        return move_name(words.san)
    return str(words)


def piece_letters() -> dict[str, str]:
    """The letters of K, Q, R, B and N in a move written for the page's reader (docs/translations.md:
    French R D T F C, Korean the figurines); the same messages as static/js/shared/i18n.js ``pieceLetters``."""
    return {"K": pgettext("chess piece letter in a move", "K"), "Q": pgettext("chess piece letter in a move", "Q"),
            "R": pgettext("chess piece letter in a move", "R"), "B": pgettext("chess piece letter in a move", "B"),
            "N": pgettext("chess piece letter in a move", "N")}


def move_name(san: str) -> str:
    """A move in standard notation (the API's ``san``: "Nxf7+", "e8=Q#") as a sentence in the page's
    language writes it: each piece letter in that language (squares, x, +, # and castling as they are).
    The API's JSON keeps the standard letters."""
    letters = piece_letters()
    return "".join(letters.get(char, char) for char in san)
