"""``results``: the results file's verified 3D tables (written by ``verify TABLE --n N --record``)
as the markdown table of docs/3d-endgames.md: a row per material, a column per board size, each
cell the won share with White to move and the longest mate."""

from __future__ import annotations

from pathlib import Path

from ..cube.endgames.results import Results, markdown


def run(args) -> int:
    if not Path(args.file).is_file():
        raise FileNotFoundError(2, "no such file", args.file)
    print(markdown(Results.read(args.file)), end="")
    return 0
