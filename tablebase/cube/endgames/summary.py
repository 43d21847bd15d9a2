"""What the endgames overview shows of a table: counts, the DTM histogram, the wins by the lone
king's distance to a face, the longest win and a board of one, and what they mean in words."""

from __future__ import annotations

from ...tables import TableFile
from .explain import explain
from .position import notation
from .won_positions import position_of


def summary(table: TableFile) -> dict:
    facts = table.summary
    entry = facts.longest_entry
    return {"material": table.id.material.name, **facts.to_json(),
            "example": notation(position_of(table, entry)) if entry is not None else None,
            "explanation": explain(table.id.material, table.id.n, facts)}
