"""The interchange files ``wtm.u8`` and ``btm.u8`` (layout in ``expand``)."""

from __future__ import annotations

from pathlib import Path

from .expansion import SIDES, FullTables


def export_u8(full: FullTables, directory) -> list[Path]:
    directory = Path(directory)
    directory.mkdir(parents=True, exist_ok=True)
    written = []
    for side in SIDES:
        path = directory / f"{side}.u8"
        full.side(side).tofile(path)
        written.append(path)
    return written
