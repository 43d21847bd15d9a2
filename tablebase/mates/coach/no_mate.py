"""No method: the material cannot force mate (KBK, KNK, KNNK, bishops of one colour); a mate
needs the lone king's help. One phase, ``no-forced-mate``, and no warning for a man left hanging."""

from __future__ import annotations

from ...tables import TablePosition

PHASES = ("no-forced-mate",)
CAREFUL = None  # no warning: nothing is lost with the man


def phase(position: TablePosition, box: frozenset[int]) -> str:
    return "no-forced-mate"


def advice(position: TablePosition, phase: str, box: frozenset[int]) -> str:
    return "This material cannot force mate: the game is a draw with correct defence."
