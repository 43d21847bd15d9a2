"""Figures in the docs are written by the bench that measured them, never typed (issue 35).

A bench run with ``--record`` keeps what it measured in ``results/<bench>.json`` (``record``) and
rewrites every block of the docs marked with its name (``write_docs``):

    <!-- figures: bench/bench_cube_endgames.py memory -->
    | table | ... |
    <!-- /figures -->

Each bench module names its blocks in ``BLOCKS`` (block name -> a function of its results file
that returns the block's markdown), and ``tests/test_doc_figures.py`` holds every marked block of
the docs equal to what its bench's function makes of its results file, so a figure in the docs is
one a run recorded. Helpers only: no bench of its own.
"""

from __future__ import annotations

import datetime
import importlib.util
import json
import platform
import re
import sys
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[1]
RESULTS = ROOT / "results"
DOCS = (ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md")))
BLOCK = re.compile(r"<!-- figures: (bench/[\w.]+\.py) (\w+) -->\n(.*?)<!-- /figures -->", re.S)


def results_path(bench: str) -> Path:
    """``results/bench_x.json`` of ``bench/bench_x.py``."""
    return RESULTS / (Path(bench).stem + ".json")


def read(bench: str) -> dict:
    path = results_path(bench)
    return json.loads(path.read_text(encoding="utf-8")) if path.is_file() else {"about": "", "runs": {}}


def record(bench: str, measured: dict, about: str) -> dict:
    """Keep ``measured`` (figures by what was measured, e.g. ``{"KRNK-6": {...}}``) in the bench's
    results file, each with the day and machine of the run; earlier keys not measured again stay."""
    found = read(bench)
    found["about"] = about
    stamp = {"on": datetime.date.today().isoformat(), "machine": f"{platform.machine()}, {_cores()} cores"}
    for key, figures in measured.items():
        found["runs"][key] = {**figures, **stamp}
    path = results_path(bench)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(found, indent=1, ensure_ascii=False, sort_keys=True) + "\n", encoding="utf-8")
    return found


def _cores() -> int:
    import os

    return os.cpu_count() or 1


def power(value: float) -> str:
    """``1.0·10⁸``: a count in two figures, as the docs write them."""
    mantissa, exponent = f"{value:.1e}".split("e")
    return f"{mantissa}·10{str(int(exponent)).translate(str.maketrans('-0123456789', '⁻⁰¹²³⁴⁵⁶⁷⁸⁹'))}"


def blocks() -> list[tuple[Path, str, str, str]]:
    """Every marked block of the docs: (file, bench, block name, its text)."""
    return [(path, *match.groups()) for path in DOCS for match in BLOCK.finditer(path.read_text(encoding="utf-8"))]


def module(bench: str) -> ModuleType:
    """The bench's module, loaded from its file."""
    if str(ROOT / "bench") not in sys.path:
        sys.path.insert(0, str(ROOT / "bench"))  # the benches import this module as ``figures``
    spec = importlib.util.spec_from_file_location(Path(bench).stem, ROOT / bench)
    loaded = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(loaded)
    return loaded


def rendered(bench: str, name: str, results: dict | None = None) -> str:
    """What block ``name`` of ``bench`` says of its results file."""
    text = module(bench).BLOCKS[name](read(bench) if results is None else results)
    return text if text.endswith("\n") else text + "\n"


def write_docs(bench: str, makers: dict, results: dict) -> list[Path]:
    """Rewrite every block of ``bench`` in the docs from ``results``; the files changed."""
    changed = []
    for path in DOCS:
        text = path.read_text(encoding="utf-8")

        def fill(match: re.Match) -> str:
            if match.group(1) != bench:
                return match.group(0)
            body = makers[match.group(2)](results)
            body = body if body.endswith("\n") else body + "\n"
            return f"<!-- figures: {bench} {match.group(2)} -->\n{body}<!-- /figures -->"

        new = BLOCK.sub(fill, text)
        if new != text:
            path.write_text(new, encoding="utf-8")
            changed.append(path)
    return changed
