"""The table "Three men against a king" of /3d/endgames (issue 39): Raumschach's 20 three-man
materials on 3x3x3 to 5x5x5, rendered by the server from the results file (``results/3d.json``):
each cell's won share, longest mate and answer (White forces mate from every position, from most,
from fewer than half, never), a link opening its detail and one playing its longest mate (on this
page where the server holds the table's file, else in the 3D lab)."""

from __future__ import annotations

import math
from urllib.parse import quote

from babel.lists import format_list
from flask import url_for
from flask_babel import format_percent, get_locale, gettext

from tablebase.cube.endgames.summary import custom_letters
from tablebase.cube.endgames.three_men import SIZES, THREE_MEN, answers, raumschach_letters, verdict
from tablebase.tables import TableId, TableStore


def _answer(found: str) -> str:
    return {"every": gettext("forces mate from every position"), "most": gettext("forces mate from most positions"),
            "few": gettext("forces mate from fewer than half"), "never": gettext("never forces mate")}[found]


def _share(won: int, positions: int) -> str:
    """The won share in the page's language (its percent pattern), with the docs' digits
    (``explain.share``: one decimal, two significant digits below 1%)."""
    if won == positions:
        return format_percent(1)
    value = won / positions
    if value >= 0.999:
        return gettext("over %(share)s", share=_percent(0.999, 1))
    return _percent(value, max(1, 1 - math.floor(math.log10(100 * value))))


def _percent(value: float, digits: int) -> str:
    pattern = get_locale().percent_formats[None].pattern  # "#,##0%", French "#,##0 %"
    return format_percent(value, pattern.replace("0", "0." + "0" * digits, 1))


def _cell(tables: TableStore, known, material, n: int) -> dict:
    figures = known.figures(material.name, n)
    found = {"n": n, "verdict": verdict(figures)}
    if figures is None:
        return found
    found["detail"] = url_for("endgames.page", n=n, material=material.name)
    found["answer"] = _answer(found["verdict"])
    if figures["won"]:
        found["share"] = _share(figures["won"], figures["positions"])
        found["longest"] = figures["longest"]
    example = figures.get("example")
    if example:
        letters = custom_letters(material).get("custom_pieces", {})
        pieces = ("&pieces=" + quote(";".join(f"{letter}={kind}" for letter, kind in letters.items()), safe="=;*,")
                  if letters else "")
        here = tables.opened(TableId.cube(material, n)) is not None
        found["play"] = (url_for("endgames.page") + f"?board={quote(example, safe='')}&turn=w{pieces}" if here
                         else url_for("cube.page") + f"?board={quote(example, safe='')}{pieces}")
        found["play_here"] = here
    return found


def _grouped(found: str | None, board: str, men: str) -> str:
    """One sentence of the answer: the board, the verdict and the materials that have it."""
    if found == "every":
        return gettext("On %(board)s, White forces mate from every position with %(men)s.", board=board, men=men)
    if found == "most":
        return gettext("On %(board)s, White forces mate from most positions with %(men)s.", board=board, men=men)
    if found == "few":
        return gettext("On %(board)s, White forces mate from fewer than half of the positions with %(men)s.",
                       board=board, men=men)
    if found == "never":
        return gettext("On %(board)s, White never forces mate with %(men)s.", board=board, men=men)
    return gettext("On %(board)s, not verified yet: %(men)s.", board=board, men=men)


def _unbroken(men: str) -> str:
    """A material kept on one line (no-break spaces between its men and its longest mate)."""
    return men.replace(" ", "\u00a0")


def answer(known, n: int) -> list[dict]:
    """The question answered on the n×n×n board, a sentence per verdict (``three_men.answers``):
    which materials force mate from every position, from most, from fewer than half, never, each
    with its longest mate."""
    said = []
    for found, group in answers(known, n).items():
        men = format_list([_unbroken(f"K {raumschach_letters(m)}" + (f" (#{longest})" if longest else ""))
                           for m, longest in group], locale=get_locale())
        said.append({"verdict": found or "none", "text": _grouped(found, f"{n}×{n}×{n}", men),
                     "materials": [m.name for m, _ in group]})
    return said


def three_men(tables: TableStore, known) -> dict:
    """The table's sizes and rows, each row its material, Raumschach's letters and a cell per size;
    and the answer on Raumschach's board, the largest."""
    return {"sizes": list(SIZES), "answer": answer(known, max(SIZES)),
            "rows": [{"material": m.name, "letters": raumschach_letters(m),
                      "cells": [_cell(tables, known, m, n) for n in SIZES]} for m in THREE_MEN]}
