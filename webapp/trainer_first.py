"""A trainer's first position, drawn on the server (issue 35): on a visit without ``?fen=``, the
random position the page's script would ask for at its default level (the middle one, either
bishop's colour, the user playing the men), with its probe and the coach's facts, and the coach's
advice in the page's language for the page's HTML. The page then shows the coach's words before any
script runs, and its script starts the game from this position rather than asking for one
(static/js/mates/play.js ``newPosition``); a visitor whose saved settings ask another level, a
bishop's colour or the defence gets the position the script asks for, as before.

Nothing here when the address asks for a position or the editor, or the table is not ready."""

from __future__ import annotations

import random

from flask import current_app, request

from tablebase import mates
from tablebase.errors import DataFileError
from tablebase.mates.board_facts import with_board_facts
from tablebase.mates.coach import coach as coach_facts
from tablebase.mates.endings import Ending
from tablebase.tables import TableNotBuilt, TablePending

from .learn_first import say_json
from .tables import CrossSiteBuild, tables
from .trainer_address import level_values


def first_position(found: Ending, levels: list, settings: dict) -> dict | None:
    """``{"fen", "level", "probe", "coach", "advice"}``: a random position of ``found`` in the level
    the address gives (``settings``, as the page read them), else the middle one of ``levels``
    (``[low, high, label]`` each, as the page lists them), its probe as GET /api/tablebase/random
    answers it (without its ``fen``), the coach's facts as GET /api/coach answers them and their
    advice in words; None where the script asks for the position itself."""
    if request.args.get("fen") or settings.get("mode") == "edit" or not levels:
        return None
    chosen = [level for level, value in zip(levels, level_values(levels)) if value == settings.get("level")]
    low, high = (chosen or [levels[len(levels) // 2]])[0][:2]  # static/js/mates/page.js: the middle level by default
    try:
        position = mates.random_position(tables(), found.table, low, high, None, random.Random())
        board = mates.chess_position(position).board
        probe = with_board_facts(board, mates.probe_position(tables(), position))
        coach = coach_facts(board.fen(), tables())
    except (TableNotBuilt, TablePending, CrossSiteBuild, DataFileError, ValueError) as missing:
        current_app.logger.info("the trainer drawn without its first position: %s", missing)
        return None
    return {"fen": board.fen(), "level": level_values([(low, high)])[0], "probe": probe, "coach": coach,
            "advice": paragraph(coach["advice_words"]) if coach.get("advice_words") else coach.get("advice", "")}


def paragraph(words: list) -> str:
    """Messages sent as words (the API's ``advice_words``), one paragraph in the page's language: what
    static/js/shared/i18n.js ``paragraph`` makes of them, on the server.

    >>> paragraph(["1.", "2."])
    '1. 2.'
    """
    return " ".join(say_json(sentence) for sentence in words)
