"""What the endgames overview shows of a table: counts, the DTM histogram, the wins by the lone
king's distance to a face, the longest win and a board of one, and what they mean in words; from
the table's file, or from the results file's verified figures (``results``) where the table is not
on this server."""

from __future__ import annotations

from ...retrograde import Material
from ...tables import TableFile, TableSummary
from ...tables.summary import FaceDistanceCount
from .explain import explain, explain_words
from .position import letters_of, notation
from .won_positions import position_of


def summary(table: TableFile) -> dict:
    facts = table.summary
    entry = facts.longest_entry
    return {"material": table.id.material.name, **facts.to_json(),
            "example": notation(position_of(table, entry)) if entry is not None else None,
            "explanation": explain(table.id.material, table.id.n, facts),
            "explanation_words": explain_words(table.id.material, table.id.n, facts),
            **custom_letters(table.id.material)}


def custom_letters(material: Material) -> dict:
    """``{"custom_pieces": {"U": "011*"}}``: the letters a custom material's boards use; nothing for
    a standard material."""
    return {"custom_pieces": {letter: kind for kind, letter in letters_of(material).items()}} if material.custom else {}


def recorded(material: Material, n: int, figures: dict) -> dict:
    """``summary``'s answer from a table's verified figures (the results file)."""
    faces = figures.get("won_by_face_distance")
    facts = TableSummary(figures["positions"], figures["won"], figures["longest"] or 0, tuple(figures["histogram"]),
                         None, figures["checkmates"],
                         None if faces is None else tuple(FaceDistanceCount(**row) for row in faces))
    return {"material": material.name, **facts.to_json(), "example": figures.get("example"),
            "explanation": explain(material, n, facts), "explanation_words": explain_words(material, n, facts)}
