"""No method: the material cannot force mate (KBK, KNK, KNNK, bishops of one colour); a mate
needs the lone king's help. One phase, ``no-forced-mate``, no box and no warning for a man left
hanging; the claim is the table's (``coach``: ``no-forced-mate`` or, where the table finds a mate
all the same, ``forced-here``)."""

from __future__ import annotations

from ...tables import TablePosition

PHASES = ("no-forced-mate",)
CAREFUL = None  # no warning: nothing is lost with the man
SHOWS_BOX = False


def phase(position: TablePosition, box: frozenset[int]) -> str:
    return "no-forced-mate"


def advice(position: TablePosition, phase: str, box: frozenset[int]) -> list:
    return []


def defence(position: TablePosition, phase: str, box: frozenset[int]) -> tuple[str, list]:
    return "progress", []
