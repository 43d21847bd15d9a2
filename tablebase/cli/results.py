"""``results``: the results file's verified 3D tables (written by ``verify TABLE --n N --record``)
as the markdown table of docs/3d-endgames.md: a row per material, a column per board size, each
cell the won share with White to move and the longest mate; ``--costs``: what building and verifying
the two-man tables took per board size; ``--sizes``: the files of the two-man tables from 7x7x7
(``cube.endgames.costs``)."""

from __future__ import annotations

from pathlib import Path

from ..cube.endgames.costs import costs_markdown, sizes_markdown
from ..cube.endgames.results import Results, markdown


def run(args) -> int:
    if not Path(args.file).is_file():
        raise FileNotFoundError(2, "no such file", args.file)
    results = Results.read(args.file)
    shown = costs_markdown if args.costs else sizes_markdown if args.sizes else markdown
    print(shown(results), end="")
    return 0
