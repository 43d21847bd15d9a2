"""The lessons pages' first view, drawn on the server (issue 35): the lesson the address opens
(``?lesson=``, else the first) with its idea, the same words and the same answer the page's script
would fetch and draw (static/js/mates/learn_render.js), so the page is complete in its HTML: its
text is there before any script runs, and the script takes the idea from the page rather than a
second request. A learner whose progress opens another lesson sees the script draw that one.

Nothing here when the address asks for a position (``?fen=``: a drill, which the script draws) or
when the lesson's table is not ready (the script fetches the idea, as before)."""

from __future__ import annotations

from flask import current_app, request
from flask_babel import gettext

from tablebase.core.message import from_json
from tablebase.errors import DataFileError
from tablebase.mates.lesson_ideas import lesson_idea
from tablebase.mates.lessons import Lesson
from tablebase.tables import TableNotBuilt, TablePending

from .i18n_say import say
from .resources import app_resource
from .tables import CrossSiteBuild, tables

NO_STARS = "☆☆☆"  # static/js/mates/learn_view.js starsText(0): a visitor with no progress


def first_view(lessons: tuple[Lesson, ...], page: str) -> dict | None:
    """``{"number", "ending", "idea", "title", "summary", "goal", "round", "status", "verdict"}`` of the lesson
    the page opens on (``idea``: the answer of GET .../lesson/idea), or None where the script draws it."""
    if request.args.get("fen"):
        return None
    asked = request.args.get("lesson", "")
    lesson = next((found for found in lessons if str(found.number) == asked), lessons[0])
    idea = _idea(lesson, page)
    if idea is None:
        return None
    frame = idea["frames"][0]
    return {
        "number": lesson.number,
        "ending": lesson.ending,
        "idea": idea,
        "title": gettext("Lesson %(number)s: %(title)s", number=lesson.number, title=gettext(lesson.title)),
        "summary": gettext(lesson.summary),
        "goal": gettext("Step through the line with Next (or Play), watching the marked squares; then start the drills."),
        "round": f"{NO_STARS} · " + gettext("%(cleared)s of %(round)s cleared toward the next star",
                                           cleared=0, round=lesson.round_size),
        "status": {"label": gettext("The idea · position %(number)s of %(all)s", number=1, all=len(idea["frames"])),
                   "title": gettext("Mate in %(num)s", num=frame["mate_in"]) if frame["mate_in"] else gettext("Checkmate"),
                   "detail": say_json(frame["caption_words"]) if frame.get("caption_words") else frame["caption"]},
        "verdict": {"title": gettext("The idea:"), "text": gettext(idea["idea"])},
    }


def _idea(lesson: Lesson, page: str) -> dict | None:
    """The lesson's idea (the same for every learner: kept once made), or None while its table is not ready."""
    made = app_resource("lesson_ideas", lambda config: {})
    key = (page, lesson.number)
    if key not in made:  # at most one per lesson of the two pages
        try:
            made[key] = lesson_idea(tables(), lesson)
        except (TableNotBuilt, TablePending, CrossSiteBuild, DataFileError) as missing:
            current_app.logger.info("the lessons page drawn without its idea: %s", missing)
            return None
    return made[key]


def say_json(words) -> str:
    """Words as the API sends them (``Message.as_json``: ``{"id", "params", "plural", "n", ...}``,
    ``{"san"}``, ``{"number"}``, ``{"and"}``, ``{"join", "sep"}``: ``from_json``) in the page's language: what
    static/js/shared/i18n.js ``say`` makes of them, on the server.

    >>> say_json("1.")
    '1.'
    """
    if not isinstance(words, dict):
        return str(words)
    return say(from_json(words))
