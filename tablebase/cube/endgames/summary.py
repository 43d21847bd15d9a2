"""What the endgames overview shows of a table: counts, the DTM histogram, the longest win and a
board of one."""

from __future__ import annotations

from ...tables import TableFile
from .position import notation
from .sampling import position_of


def summary(table: TableFile) -> dict:
    facts = table.summary
    entry = facts.longest_entry
    return {"material": table.id.material.name, **facts.to_json(),
            "example": notation(position_of(table, entry)) if entry is not None else None}
