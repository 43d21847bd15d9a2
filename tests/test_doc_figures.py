"""Figures in the docs are written by the bench that measured them (issue 35): every block marked
``<!-- figures: bench/NAME.py BLOCK -->`` is what that bench's ``BLOCKS[BLOCK]`` makes of its
results file ``results/NAME.json``, which the bench writes with ``--record`` (``bench/figures.py``)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))

import figures  # noqa: E402  (bench/figures.py)

BLOCKS = figures.blocks()


def test_the_docs_hold_blocks_of_measured_figures():
    assert {(bench, name) for _, bench, name, _ in BLOCKS} >= {("bench/bench_cube_endgames.py", "memory")}


@pytest.mark.parametrize("path, bench, name, text", BLOCKS, ids=[f"{p.name}:{b}:{n}" for p, b, n, _ in BLOCKS])
def test_each_block_is_what_its_bench_recorded(path, bench, name, text):
    results = figures.read(bench)
    assert results["runs"], f"{figures.results_path(bench).name} holds no run: run {bench} --record"
    assert text == figures.rendered(bench, name), f"{path.name}: run {bench} --record to write its figures again"


def test_a_bench_record_rewrites_only_its_own_blocks(tmp_path, monkeypatch):
    doc = tmp_path / "doc.md"
    other = "<!-- figures: bench/bench_other.py table -->\nkept\n<!-- /figures -->\n"
    doc.write_text(f"text\n<!-- figures: bench/bench_x.py table -->\nold\n<!-- /figures -->\n{other}", encoding="utf-8")
    monkeypatch.setattr(figures, "DOCS", (doc,))
    monkeypatch.setattr(figures, "RESULTS", tmp_path / "results")
    results = figures.record("bench/bench_x.py", {"a": {"value": 3}}, "about")
    assert json.loads((tmp_path / "results" / "bench_x.json").read_text())["runs"]["a"]["value"] == 3
    changed = figures.write_docs("bench/bench_x.py", {"table": lambda r: f"| a | {r['runs']['a']['value']} |"}, results)
    assert changed == [doc]
    assert doc.read_text() == f"text\n<!-- figures: bench/bench_x.py table -->\n| a | 3 |\n<!-- /figures -->\n{other}"
