"""The results file (results/3d.json): written by ``build --record`` and ``verify --record`` from
verified tables, printed by ``results`` as the table of docs/3d-endgames.md, and consistent with
the tables this project's engine builds."""

from __future__ import annotations

import json
import multiprocessing
import re
import shutil
import time
from pathlib import Path

import numpy as np
import pytest

from tablebase.cli import main
from tablebase.core.cube_notation import CubePosition
from tablebase.cube.endgames import from_board, probe
from tablebase.cube.endgames.results import DEFAULT_PATH, Results, cost, entries, markdown, updating
from tablebase.retrograde import Material
from tablebase.tables import TableId
from tablebase.tables.fileformat import write_table

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "3d-endgames.md"


def copy_tables(source: Path, folder: Path, *names: str) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    for name in names:
        shutil.copy(source / name, folder / name)
    return folder


def test_verify_records_each_table_that_passes_with_its_figures_read_off_the_entries(tables_folder, tmp_path,
                                                                                     table_store, capsys):
    record = tmp_path / "results" / "3d.json"
    assert main(["verify", "KQK,KRNK", "--n", "3", "--dir", str(tables_folder), "--record", str(record)]) == 0
    assert "KRNK n=3: passes" in capsys.readouterr().out
    found = Results.read(record)
    for name in ("KQK", "KRNK"):
        table = table_store.opened(TableId.cube(name, 3))
        facts, entry = table.summary, found.get(name, 3)
        figures = entry["figures"]
        assert entry["entries"] == entries(Material.parse(name), 3) == table.id.space.size
        assert (figures["positions"], figures["won"], figures["longest"], figures["histogram"],
                figures["checkmates"]) == (facts.positions, facts.won, facts.longest, list(facts.histogram),
                                           facts.checkmates)
        assert figures["won_by_face_distance"] == [c.to_json() for c in facts.by_face_distance]
        assert entry["verified"]["on"] and entry["verified"]["peak_bytes"] > 0
        # The example is a longest mate: its probe says so.
        answer = probe(table_store.table, from_board(CubePosition.parse(figures["example"]), "w"))
        assert answer["mate_in"] == facts.longest
    assert json.loads(record.read_text())["about"].startswith("Written by `python -m tablebase")

    assert main(["results", "--file", str(record)]) == 0
    table = capsys.readouterr().out
    assert "| material | 3³ |" in table
    assert "| KQK | 100% · #1 |" in table and "| KRNK | 92.7% · #13 |" in table and "| KRK | — |" in table


def test_a_table_that_fails_verify_is_not_recorded(tables_folder, tmp_path, table_store, capsys):
    folder = copy_tables(tables_folder, tmp_path / "tables", "KQK-3x3x3.tbl", "KRK-3x3x3.tbl", "KRNK-3x3x3.tbl",
                         "KNK-3x3x3.tbl")
    table = table_store.opened(TableId.cube("KRNK", 3))
    changed = np.array(table.read_all())
    changed[int(np.flatnonzero(changed)[0])] += 1  # one win a move too long: the file's checksums still agree
    write_table(folder / "KRNK-3x3x3.tbl", table.id, changed, table.summary)
    record = tmp_path / "3d.json"
    assert main(["verify", "KQK,KRNK", "--n", "3", "--dir", str(folder), "--record", str(record)]) == 1
    assert "KRNK n=3: FAILS" in capsys.readouterr().out
    found = Results.read(record)
    assert found.figures("KQK", 3) is not None and found.get("KRNK", 3) is None


def test_build_records_what_each_build_took(tables_folder, tmp_path, capsys):
    folder = copy_tables(tables_folder, tmp_path / "tables", "KQK-3x3x3.tbl")
    record = tmp_path / "3d.json"
    assert main(["build", "KQK,KQQK", "--n", "3", "--dir", str(folder), "--record", str(record)]) == 0
    found = Results.read(record)
    assert found.get("KQK", 3) is None  # already there: nothing measured
    built = found.get("KQQK", 3)["build"]
    assert built["file_bytes"] == (folder / "KQQK-3x3x3.tbl").stat().st_size
    assert built["peak_bytes"] > 10 << 20 and built["cpu_seconds"] >= 0 and built["seconds"] > 0
    assert found.figures("KQQK", 3) is None  # built, not verified: no figures
    need = cost(found, TableId.cube("KQQK", 3))
    assert need.measured and need.peak_bytes == built["peak_bytes"]
    # A size not measured: estimated from the same material's build, scaled by its entries.
    guess = cost(found, TableId.cube("KQQK", 7))
    assert not guess.measured and "KQQK 3×3×3" in guess.basis
    assert guess.seconds == pytest.approx(built["cpu_seconds"] * entries(Material.parse("KQQK"), 7)
                                          / entries(Material.parse("KQQK"), 3))


def test_a_file_compressed_but_not_built_with_record_has_its_build_estimated(tmp_path):
    """``compress --record`` of a table whose build was never recorded keeps the file's size alone:
    its cost is then estimated (from another build), with that size, and no other cost reads it."""
    path = tmp_path / "3d.json"
    with updating(path) as results:
        results.built(TableId.cube("KQRK", 3), 2.0, 1.5, 1 << 20, 1 << 12)
        results.compressed(TableId.cube("KRRK", 4), 1 << 24, 1 << 18)
    found = Results.read(path)
    need = cost(found, TableId.cube("KRRK", 4))
    assert not need.measured and need.file_bytes == 1 << 18 and "KQRK 3×3×3" in need.basis
    assert need.seconds == pytest.approx(1.5 * entries(Material.parse("KRRK"), 4) / entries(Material.parse("KQRK"), 3))
    assert "KQRK 3×3×3" in cost(found, TableId.cube("KRNK", 5)).basis  # the file-only record is no basis


def test_every_table_of_the_results_file_has_a_cost():
    found = Results.read(DEFAULT_PATH)
    for row in found.tables.values():
        need = cost(found, TableId.cube(row["material"], row["n"]))
        assert need.seconds >= 0 and need.file_bytes > 0 and need.peak_bytes > 0, row


def _add_a_build(path, name):
    with updating(path) as results:
        time.sleep(0.1)  # every writer reads the file while the others wait
        results.built(TableId.cube(name, 3), 1.0, 1.0, 1 << 20, 1 << 10)


def test_commands_side_by_side_lose_no_table(tmp_path):
    path = tmp_path / "3d.json"
    fork = multiprocessing.get_context("fork")
    writers = [fork.Process(target=_add_a_build, args=(path, name)) for name in ("KQK", "KRK", "KBK", "KNK")]
    for writer in writers:
        writer.start()
    for writer in writers:
        writer.join(30)
    assert {key for key in Results.read(path).tables} == {"KQK-3", "KRK-3", "KBK-3", "KNK-3"}


def test_record_is_for_the_cubes_tables(capsys, tmp_path):
    assert main(["verify", "KRK", "--record", str(tmp_path / "r.json")]) == 1
    assert "--record keeps the results of the cube's tables" in capsys.readouterr().err


# --- the repository's results file -----------------------------------------------------------

def test_the_docs_table_is_what_the_results_command_prints(capsys):
    text = DOC.read_text(encoding="utf-8")
    found = re.search(r"<!-- results: python -m tablebase results -->\n(.*?)<!-- /results -->", text, re.S)
    assert found, "docs/3d-endgames.md holds the results table between its markers"
    assert main(["results"]) == 0
    assert found.group(1) == capsys.readouterr().out


def test_the_docs_costs_are_what_the_results_command_prints(capsys):
    text = DOC.read_text(encoding="utf-8")
    found = re.search(r"<!-- results: python -m tablebase results --costs -->\n(.*?)<!-- /results -->", text, re.S)
    assert found, "docs/3d-endgames.md holds the builds' costs between their markers"
    assert main(["results", "--costs"]) == 0
    assert found.group(1) == capsys.readouterr().out


def test_the_docs_file_sizes_are_what_the_results_command_prints(capsys):
    text = (ROOT / "docs" / "table-service.md").read_text(encoding="utf-8")
    found = re.search(r"<!-- results: python -m tablebase results --sizes -->\n(.*?)<!-- /results -->", text, re.S)
    assert found, "docs/table-service.md holds the big tables' sizes between their markers"
    assert main(["results", "--sizes"]) == 0
    assert found.group(1) == capsys.readouterr().out


def test_the_costs_are_the_recorded_builds_ranges_and_estimate_the_rest(tmp_path, capsys):
    record = tmp_path / "3d.json"
    with updating(record) as results:
        for name, cpu, peak in (("KQRK", 120.0, 2.0e9), ("KRRK", 30.0, 1.9e9)):
            results.built(TableId.cube(name, 7), 200.0, cpu, int(peak), 5_000_000)
    assert main(["results", "--costs", "--file", str(record)]) == 0
    rows = {line.split(" | ")[0]: line for line in capsys.readouterr().out.splitlines()[2:]}
    assert rows["| 7×7×7"] == "| 7×7×7 | 807,072,140 | 2 | 30 s–2.0 min | 1.90 GB–2.00 GB | 5.0 MB | — |"
    eight = entries(Material.parse("KQRK"), 8)
    assert f"~{2.0e9 / 807_072_140 * eight / 1e9:.2f} GB" in rows["| 8×8×8"] and "estimated from 7×7×7" in rows["| 8×8×8"]


def test_the_results_file_holds_verified_figures_that_add_up():
    found = Results.read(DEFAULT_PATH)
    assert found.tables, "results/3d.json is in the repository"
    for entry in found.tables.values():
        figures, where = entry.get("figures"), f"{entry['material']} n={entry['n']}"
        assert entry["entries"] == entries(Material.parse(entry["material"]), entry["n"]), where
        if figures is None:
            assert "verified" not in entry and entry.get("build"), where  # a build measured, not verified
            continue
        assert entry["verified"]["on"], where
        assert sum(figures["histogram"]) == figures["won"] <= figures["positions"], where
        assert len(figures["histogram"]) == (figures["longest"] or 0), where
        faces = figures["won_by_face_distance"]
        assert sum(row["positions"] for row in faces) == figures["positions"], where
        assert sum(row["won"] for row in faces) == figures["won"], where
        assert (figures["example"] is None) == (figures["longest"] is None), where


def test_the_results_file_agrees_with_the_tables_built_here(table_store):
    """The small tables the tests build (the project's engine, now) give the file's figures."""
    found = Results.read(DEFAULT_PATH)
    checked = 0
    for table_id in table_store.limits.tables():
        figures = found.figures(table_id.material.name, table_id.n) if table_id.dim == 3 else None
        if figures is None:
            continue
        facts = table_store.opened(table_id).summary
        assert (figures["positions"], figures["won"], figures["longest"] or 0, tuple(figures["histogram"]),
                figures["checkmates"]) == (facts.positions, facts.won, facts.longest, facts.histogram,
                                           facts.checkmates), str(table_id)
        checked += 1
    assert checked >= 8


def test_markdown_names_every_material_and_each_size_verified():
    found = Results()
    assert markdown(found).startswith("| material |")
    text = markdown(Results.read(DEFAULT_PATH))
    assert text.count("\n") == 2 + 14


def test_results_into_a_doc_rewrites_only_the_block_marked_with_its_command(tmp_path, capsys):
    doc = tmp_path / "doc.md"
    doc.write_text("before\n<!-- results: python -m tablebase results --costs -->\nstale\n<!-- /results -->\n"
                   "<!-- results: python -m tablebase results -->\nother\n<!-- /results -->\nafter\n")
    assert main(["results", "--costs", "--into", str(doc)]) == 0
    written = doc.read_text()
    assert main(["results", "--costs"]) == 0
    printed = capsys.readouterr().out
    assert printed and f"--costs -->\n{printed}<!-- /results -->" in written
    assert "stale" not in written and "\nother\n" in written and written.startswith("before\n")
    bare = tmp_path / "bare.md"
    bare.write_text("no block\n")
    assert main(["results", "--sizes", "--into", str(bare)]) == 1 and bare.read_text() == "no block\n"
