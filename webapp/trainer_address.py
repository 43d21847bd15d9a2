"""What a trainer's or a lessons page's address may set beside its position: the side the visitor
plays, the level, the bishop's colour, the pause before a reply and the mode. Declared once here:
the document lists them, the page reads them (``links.linked_settings``) and hands the values it
read to its script, which reads no address of its own; a value it cannot read is refused on the
page (400, a notice, the default instead) and left out of the links the page writes after."""

from __future__ import annotations

from babel.lists import format_list
from flask import request
from flask_babel import get_locale, gettext

from tablebase.core.message import N_, msg
from tablebase.errors import quoted

from .api_routes import or_blank, query
from .links import refused_setting

LONGEST_PAUSE = 60_000  # milliseconds: a minute before the reply


def refuse_bishop(given: str):
    """The words refusing a bishop's colour, on a page's address as on the API."""
    return msg(N_("the bishop's colour is light, dark or random, not %(given)s"), given=quoted(given))


BISHOPS = or_blank({"type": "string", "enum": ["light", "dark", "random"]})

ROLE = query("role", or_blank({"type": "string", "enum": ["pieces", "king"]}), "'king': defend as the lone king",
             refusal=lambda given: msg(N_("the side you play is pieces or king, not %(given)s"), given=quoted(given)))
LEVEL = query("level", or_blank({"type": "string", "pattern": "^[0-9]{1,3}-[0-9]{1,3}$", "examples": ["11-22"]}),
              "the level: the shortest and longest mate of the positions drawn, in moves, as the page's list "
              "writes them (default: the middle one)",
              refusal=lambda given: msg(N_("the level is written as the shortest and longest mate in moves, like "
                                           "11-22, not %(given)s"), given=quoted(given)))
BISHOP = query("bishop", BISHOPS, "the bishop's square colour in the positions drawn (default random)",
               refusal=refuse_bishop)
PAUSE = query("pause", or_blank({"type": "integer", "minimum": -1, "maximum": LONGEST_PAUSE}),
              "milliseconds before the reply is played (-1: when a key is pressed)",
              refusal=lambda given: msg(N_("the pause before a reply is a whole number of milliseconds up to "
                                           "%(most)s, or -1 to wait for a key, not %(given)s"),
                                        most=LONGEST_PAUSE, given=quoted(given)))
MODE = query("mode", or_blank({"type": "string", "enum": ["play", "edit"]}), "'edit': open in the editor",
             refusal=lambda given: msg(N_("the mode is play or edit, not %(given)s"), given=quoted(given)))

TRAINER_SETTINGS = (ROLE, LEVEL, BISHOP, PAUSE, MODE)
LESSON_SETTINGS = (PAUSE,)


def linked_level(settings: dict, levels: list) -> dict:
    """``settings`` without a linked level that is none of ``levels`` (``[low, high, label]`` each,
    as the page lists them): the page notes it and takes the middle one. A table not built yet has
    one level of any length, and a level linked then is kept for when it is."""
    given = settings.get("level")
    if given is None or len(levels) < 2 or given in level_values(levels):
        return settings
    refused_setting(gettext(
        "The level in this link, %(given)s, is not one of this ending's, so the page takes the middle one: "
        "the levels are %(levels)s.", given=quoted(request.args.get("level", "")),
        levels=format_list(level_values(levels), locale=get_locale())))
    return {name: value for name, value in settings.items() if name != "level"}


def level_values(levels: list) -> list[str]:
    """The levels as the page's list and its links write them.

    >>> level_values([[1, 6, "Mate in 1–6"], [7, 12, "Mate in 7–12"]])
    ['1-6', '7-12']
    """
    return [f"{low}-{high}" for low, high, *_ in levels]
