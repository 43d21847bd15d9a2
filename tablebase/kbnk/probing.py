"""Probing KBNK positions: the 2D tables' probe (``mates.probing``), which answers every basic
mate; the names here are the KBNK tool's."""

from __future__ import annotations

from ..mates.probing import mainline, probe, probe_position
from ..tables import TableId

KBNK = TableId.chess("KBNK")

__all__ = ["KBNK", "mainline", "probe", "probe_position"]
