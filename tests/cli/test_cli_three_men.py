"""Raumschach's three men in the results file and the docs (issue 39): ``results --three`` writes
the docs' answer, material by material, from the results file; ``three`` names the 20 materials
on the command line; every one of them is verified on 3x3x3, 4x4x4 and 5x5x5, passing the independent verifier."""

from __future__ import annotations

import re
from pathlib import Path

from tablebase.cli import main
from tablebase.cli.choice import chosen_tables
from tablebase.cube.endgames.results import DEFAULT_PATH, Results
from tablebase.cube.endgames.three_men import THREE_MEN, markdown, verdict

DOC = Path(__file__).resolve().parents[2] / "docs" / "3d-endgames.md"


def test_the_docs_answer_is_what_the_results_command_prints(capsys):
    text = DOC.read_text(encoding="utf-8")
    found = re.search(r"<!-- results: python -m tablebase results --three -->\n(.*?)<!-- /results -->", text, re.S)
    assert found, "docs/3d-endgames.md holds the three men's answer between its markers"
    assert main(["results", "--three"]) == 0
    assert found.group(1) == capsys.readouterr().out


def test_every_three_man_material_is_verified_on_3x3x3_to_5x5x5_and_answered():
    results = Results.read(DEFAULT_PATH)
    for material in THREE_MEN:
        for n in (3, 4, 5):
            figures = results.figures(material.name, n)
            assert figures is not None, f"{material.name} on {n}x{n}x{n} is not in the results file"
            assert verdict(figures) in ("every", "most", "few", "never")
    text = markdown(results)
    assert sum(line.startswith("| K ") for line in text.splitlines()) == len(THREE_MEN)
    assert "| K R R R | `KRRRK` | 100% · #8 (from every position) |" in text


def test_three_names_the_twenty_materials_on_the_command_line():
    tables = chosen_tables("three", "3-4")
    assert len(tables) == 40 and {t.material for t in tables} == set(THREE_MEN)


def test_an_unverified_cell_is_a_dash(tmp_path, capsys):
    empty = tmp_path / "3d.json"
    empty.write_text('{"tables": []}', encoding="utf-8")
    assert main(["results", "--three", "--file", str(empty)]) == 0
    assert "| K U U U | `KBBBK` | — | — | — |" in capsys.readouterr().out
