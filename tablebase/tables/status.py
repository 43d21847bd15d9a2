"""A table's state as every process of a server sees it (``TableStore.status``), and the two
exceptions of a lookup that finds the table not built yet."""

from __future__ import annotations

from dataclasses import dataclass

from .ids import TableId
from .summary import TableSummary


@dataclass(frozen=True)
class TableStatus:
    table: TableId
    state: str  # ready, queued, building, failed, missing, unavailable
    stage: str = ""
    fraction: float = 0.0
    reason: str = ""  # failed: why
    summary: TableSummary | None = None  # ready

    def to_json(self) -> dict:
        found = {"material": self.table.material.name, "n": self.table.n, "size": self.table.size_name,
                 "state": self.state}
        if self.state in ("queued", "building"):
            found.update(stage=self.stage, fraction=round(self.fraction, 4))
        if self.reason:
            found["reason"] = self.reason
        if self.summary is not None:
            found.update(self.summary.to_json())
        return found


class TablePending(Exception):
    """The table is not built yet; its build is queued or running (``status``)."""

    def __init__(self, status: TableStatus):
        super().__init__(f"{status.table} is {status.state}")
        self.status = status


class TableNotBuilt(ValueError):
    """The table is not built and the lookup may not queue its build (``table(id, build=False)``)."""

    def __init__(self, status: TableStatus):
        super().__init__(f"{status.table} is not built")
        self.status = status
