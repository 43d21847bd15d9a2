"""Raumschach's three men against a lone king (issue 39): every material of a king and three of
Raumschach's rook (``001*``, our R), bishop (``011*``, a custom man), unicorn (``111*``, this
project's bishop B) and knight (``012``, N), repeats allowed: 20 materials. Which of them force
mate, read off the results file (``results.Results``): from every position, from most, from a few,
or never, with the longest mates.

    THREE_MEN -> the 20 materials, in Raumschach's order of men (R, B, U, N)
    raumschach_letters(material) -> "R B U": the men as Raumschach names them
    verdict(figures) -> "every" | "most" | "few" | "never" | None (not verified)
    answers(results, n) -> the materials by verdict on one board, each with its longest mate
    markdown(results) -> the docs' table and answer (``python -m tablebase results --three``)
"""

from __future__ import annotations

from itertools import combinations_with_replacement

from ...retrograde import Material
from .explain import share

# Raumschach's men in its order, each as this project names it, with Raumschach's letter.
RAUMSCHACH = (("R", "R"), ("011*", "B"), ("B", "U"), ("N", "N"))
THREE_MEN = tuple(Material.of(kinds) for kinds in combinations_with_replacement([kind for kind, _ in RAUMSCHACH], 3))
SIZES = (3, 4, 5)  # the boards the issue asks for: Raumschach's 5x5x5 and the two below it
MOST = 0.5  # a share of won positions at least this is "most"


def raumschach_letters(material: Material) -> str:
    """White's men as Raumschach writes them: R rook, B bishop (``011*``), U unicorn (``111*``), N knight.

    >>> raumschach_letters(Material.parse("KRB(011*)K", dim=3))
    'R B U'
    """
    letters = dict(RAUMSCHACH)
    order = [kind for kind, _ in RAUMSCHACH]
    return " ".join(letters[kind] for kind in sorted(material.pieces, key=order.index))


def verdict(figures: dict | None) -> str | None:
    """Whether White forces mate from every legal position (White to move), from most (at least
    half), from a few, or never; None when the table is not verified.

    >>> [verdict(f) for f in ({"won": 9, "positions": 9}, {"won": 5, "positions": 9}, {"won": 1, "positions": 9},
    ...                        {"won": 0, "positions": 9}, None)]
    ['every', 'most', 'few', 'never', None]
    """
    if figures is None:
        return None
    if not figures["won"]:
        return "never"
    if figures["won"] == figures["positions"]:
        return "every"
    return "most" if figures["won"] >= MOST * figures["positions"] else "few"


ANSWERS = {"every": "from every position", "most": "from most positions", "few": "from fewer than half",
           "never": "never"}


def _cell(figures: dict | None) -> str:
    if figures is None:
        return "—"
    if not figures["won"]:
        return "0 (never)"
    return f"{share(figures['won'], figures['positions'])} · #{figures['longest']} ({ANSWERS[verdict(figures)]})"


VERDICTS = ("every", "most", "few", "never", None)  # the answers' order, None last: not verified


def answers(results, n: int) -> dict[str | None, list[tuple[Material, int | None]]]:
    """The 20 materials on the n×n×n board grouped by verdict, in ``VERDICTS``' order, each with its
    longest mate (None where White never mates or the table is not verified); a verdict no material
    has is left out. The materials keep Raumschach's order within a verdict.

    >>> class Known:
    ...     def figures(self, material, n):
    ...         return {"won": 0, "positions": 9} if material == "KBBBK" else None
    >>> {found: [(m.name, longest) for m, longest in group] for found, group in answers(Known(), 5).items()
    ...  if found == "never"}
    {'never': [('KBBBK', None)]}
    """
    grouped: dict[str | None, list] = {found: [] for found in VERDICTS}
    for material in THREE_MEN:
        figures = results.figures(material.name, n)
        longest = figures["longest"] if figures and figures["won"] else None
        grouped[verdict(figures)].append((material, longest))
    return {found: group for found, group in grouped.items() if group}


def _answer_line(results, n: int) -> str:
    said = []
    for found, group in answers(results, n).items():
        men = ", ".join(f"K {raumschach_letters(m)}" + (f" (#{longest})" if longest else "") for m, longest in group)
        said.append(f"{ANSWERS[found] if found else 'not verified yet'}: {men}")
    return f"- **{n}×{n}×{n}**: " + "; ".join(said) + "."


def markdown(results) -> str:
    """The docs' answer, material by material: per board size the won share with White to move,
    the longest mate and whether White forces mate from every position, most, a few or never; then
    the materials grouped by that answer on each board, with their longest mates."""
    lines = ["| men (Raumschach) | material |" + "".join(f" {n}×{n}×{n} |" for n in SIZES),
             "| --- | --- |" + " --- |" * len(SIZES)]
    for material in THREE_MEN:
        cells = "".join(f" {_cell(results.figures(material.name, n))} |" for n in SIZES)
        lines.append(f"| K {raumschach_letters(material)} | `{material.name}` |{cells}")
    lines += ["", "White forces mate, board by board (`#`: the longest mate):", ""]
    lines += [_answer_line(results, n) for n in reversed(SIZES)]
    return "\n".join(lines) + "\n"
