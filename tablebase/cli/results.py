"""``results``: the results file's verified 3D tables (written by ``verify TABLE --n N --record``)
as the markdown table of docs/3d-endgames.md: a row per material, a column per board size, each
cell the won share with White to move and the longest mate; ``--costs``: what building and verifying
the two-man tables took per board size; ``--three``: Raumschach's 20 three-man materials, which
force mate from every position, most, fewer than half or never (``cube.endgames.three_men``); ``--sizes``: the files of the two-man tables from 7x7x7
(``cube.endgames.costs``). ``--into FILE`` writes it into FILE's block marked with the same command
(``<!-- results: python -m tablebase results --costs -->`` ... ``<!-- /results -->``) instead of
printing it: the docs' figures are what the command wrote."""

from __future__ import annotations

import re
from pathlib import Path

from ..cube.endgames.costs import costs_markdown, sizes_markdown
from ..cube.endgames.results import Results, markdown
from ..cube.endgames.three_men import markdown as three_men_markdown


def run(args) -> int:
    if not Path(args.file).is_file():
        raise FileNotFoundError(2, "no such file", args.file)
    results = Results.read(args.file)
    three = getattr(args, "three", False)
    shown = costs_markdown if args.costs else sizes_markdown if args.sizes else three_men_markdown if three else markdown
    if not args.into:
        print(shown(results), end="")
        return 0
    command = "python -m tablebase results" + (" --costs" if args.costs else " --sizes" if args.sizes else
                                               " --three" if three else "")
    return write_block(Path(args.into), command, shown(results))


def write_block(doc: Path, command: str, text: str) -> int:
    """Replace the block of ``doc`` marked with ``command`` by ``text``; 1 when it has no such block."""
    marked = re.compile(rf"(<!-- results: {re.escape(command)} -->\n)(.*?)(<!-- /results -->)", re.S)
    old = doc.read_text(encoding="utf-8")
    if not marked.search(old):
        print(f"{doc}: no block marked '<!-- results: {command} -->'")
        return 1
    doc.write_text(marked.sub(lambda found: found.group(1) + text + found.group(3), old, count=1), encoding="utf-8")
    return 0
