"""Which tables a command names: ``TABLE`` (a material like ``KBNK``, several separated by commas,
or ``one``, ``two``, ``all``) on the 8x8 board, or on the n*n*n cube with ``--n`` (a size or a range
like ``3-6``). A command's ``TABLE`` may instead be the path of the KBNK table's file."""

from __future__ import annotations

import re

from ..core.atoms import pieces_from_texts
from ..core.numbers import whole_number
from ..errors import ChessInputError
from ..mates.endings import ending
from ..retrograde import Material, materials
from ..core.cube_notation import MAX_N
from ..tables import MIN_CUBE, TableId

NAMES = re.compile(r"[A-Za-z]([A-Za-z]|\([0-9*,]+\))*(,\s*[A-Za-z]([A-Za-z]|\([0-9*,]+\))*)*")  # else a path
_BETWEEN = re.compile(r",(?![^()]*\))")  # a comma between materials, not within a custom man's atoms


def names_tables(text: str) -> bool:
    """Whether a command's ``TABLE`` names tables (else it is a table file's path)."""
    return NAMES.fullmatch(text) is not None


def chosen_materials(text: str, custom: tuple = ()) -> list[Material]:
    """``all``, ``one``, ``two`` (men besides the king), ``three`` (Raumschach's three-man
    materials, ``cube.endgames.three_men``), or names like ``KQK,KRNK``; ``custom``:
    the letters of ``--piece`` (``KUK`` with ``U=011*``), or a custom man's atoms in brackets
    (``K(011*)K``)."""
    if text == "three":
        from ..cube.endgames.three_men import THREE_MEN  # the cube's package imports the table service

        return list(THREE_MEN)
    if text in ("all", "one", "two"):
        return [m for count in (1, 2) for m in materials(count) if text == "all" or count == (1 if text == "one" else 2)]
    return [Material.parse(name.strip().upper(), custom) for name in _BETWEEN.split(text)]


def sizes(text: str) -> list[int]:
    """``4`` or ``3-5``: the cube sizes of a command."""
    low, dash, high = text.partition("-")
    beyond = f"must lie between {MIN_CUBE} and {MAX_N}"
    first = whole_number(low, "a board size", MIN_CUBE, MAX_N, beyond=beyond)
    last = whole_number(high, "a board size", MIN_CUBE, MAX_N, beyond=beyond) if dash else first
    if last < first:
        raise ChessInputError(f"sizes go from the smaller to the larger: {text!r}")
    return list(range(first, last + 1))


def chosen_tables(text: str, n: str | None, pieces=()) -> list[TableId]:
    """The tables of ``TABLE`` and ``--n``: on the 8x8 board without ``--n`` (one or two men),
    else on each cube size in turn; ``pieces``: the ``--piece`` texts (``U=011*``), two digits an
    atom on the 8x8 board, three on the cube."""
    found = chosen_materials(text, pieces_from_texts(pieces or (), 2 if n is None else 3))
    if n is None:
        return [TableId.chess(m) if m.custom else ending(m.name).table for m in found]
    return [TableId.cube(m, size) for size in sizes(n) for m in found]


def label(table: TableId) -> str:
    """``KBNK``, ``KRNK n=5``: how the commands name a table in their lines."""
    return table.material.name if table.dim == 2 else f"{table.material.name} n={table.n}"
