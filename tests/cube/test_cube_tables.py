"""The 3D tables: verify on every table the tests build, counts against the brute force, the
overview's summary, and the command line."""

from __future__ import annotations

import struct

import numpy as np
import pytest

from tablebase.cli import main
from tablebase.cube.endgames import ALL_MATERIALS, notation, summary
from tablebase.tables.verify import verify
from tablebase.cube.endgames.faces import wins_by_face
from tablebase.cube.endgames.won_positions import position_of
from tablebase.retrograde import Material, cube_board
from tablebase.tables import TableId, TableStore

SMALL = [(m, 3) for m in ALL_MATERIALS] + [(m, 4) for m in ALL_MATERIALS if len(m.pieces) == 1]


def smaller_entries(store, table: TableId):
    return {t.material: store.table(t).read_all() for t in table.captures()}


@pytest.mark.parametrize("material, n", SMALL, ids=[f"{m.name}-{n}" for m, n in SMALL])
def test_verify_passes_on_every_table_built(cube_store, material, n):
    table = TableId.cube(material, n)
    entries = cube_store.table(table).read_all()
    report = verify(table, entries, smaller_entries(cube_store, table))
    assert report.ok, (report.faults, report.examples)
    assert report.checked >= int(np.count_nonzero(entries)) and report.checked > 0
    facts = cube_store.table(table).summary
    assert report.checkmates == facts.checkmates  # counted apart from the engine
    assert report.by_face_distance == tuple((c.positions, c.won) for c in facts.by_face_distance)


def test_verify_finds_a_wrong_entry(cube_store):
    table = TableId.cube("KRNK", 3)
    dtm = np.array(cube_store.table(table).read_all())
    won = np.flatnonzero(dtm)
    dtm[won[len(won) // 2]] += 1
    drawn_legal = np.flatnonzero(dtm == 0)[-1]
    report = verify(table, dtm, smaller_entries(cube_store, table))
    assert not report.ok and report.faults["white to move: no move one step closer, or a quicker one"] >= 1
    assert report.examples and report.examples[0].count("[") == 3
    dtm[drawn_legal] = 5  # an illegal or drawn entry holding a value
    assert not verify(table, dtm, smaller_entries(cube_store, table)).ok


def test_verify_finds_a_wrong_entry_in_the_last_king_slice(cube_store):
    """One king slice at a time: a fault far from the first slice is found and named."""
    table = TableId.cube("KQK", 4)
    dtm = np.array(cube_store.table(table).read_all())
    last = dtm.size - dtm.size // len(table.board.kings)
    entry = last + int(np.flatnonzero(dtm[last:] > 1)[0])
    dtm[entry] -= 1  # mates one move quicker than it can
    report = verify(table, dtm, smaller_entries(cube_store, table))
    assert report.faults["white to move: no move one step closer, or a quicker one"] >= 1
    position = position_of(cube_store.table(table), entry)
    assert notation(position) in report.examples


def test_verify_reads_a_table_file_a_slice_at_a_time_to_the_same_report(cube_store):
    table = TableId.cube("KRNK", 3)
    file = cube_store.table(table)
    from_file = verify(table, file, smaller_entries(cube_store, table))
    assert from_file == verify(table, file.read_all(), smaller_entries(cube_store, table))
    assert from_file.ok and from_file.checkmates == file.summary.checkmates > 0


@pytest.mark.parametrize("name", ["KRRRK", "KBN(011*)K"])
def test_verify_finds_faults_planted_in_a_three_man_table(name):
    """Three men on 3x3x3, each fault in a slice of its own: a mate one move too slow, one too
    quick, a drawn position marked won and an illegal one holding a value; each is counted."""
    from tablebase.retrograde import solve_all

    material = Material.parse(name, dim=3)
    table = TableId.cube(material, 3)
    tables = solve_all(table.board, material)
    smaller = {m: a for m, a in tables.items() if m != material}
    dtm = np.array(tables[material].reshape(-1))
    clean = verify(table, dtm, smaller)
    assert clean.ok and clean.checked > 0
    per_king = dtm.size // len(table.board.kings)
    king_slices = [dtm[k * per_king:(k + 1) * per_king] for k in range(len(table.board.kings))]
    won = [np.flatnonzero(king_slices[k] > 1)[0] for k in (0, 1)]
    king_slices[0][won[0]] += 1
    king_slices[1][won[1]] -= 1
    faults = verify(table, dtm, smaller).faults
    assert faults["white to move: no move one step closer, or a quicker one"] >= 2
    first_legal_draw = int(np.flatnonzero(king_slices[-1] == 0)[0])  # illegal, or drawn
    king_slices[-1][first_legal_draw] = 3
    assert sum(verify(table, dtm, smaller).faults.values()) > sum(faults.values())


@pytest.mark.parametrize("name, n", [("KQK", 3), ("KRRK", 3), ("KNNK", 3), ("KRBK", 3), ("KQK", 4), ("KRK", 4)])
def test_counts_match_the_brute_force(cube_store, brute_force, name, n):
    material = Material.parse(name)
    facts = cube_store.table(TableId.cube(material, n)).summary
    solver = brute_force(n)
    values = solver.solve(material.pieces)
    men = len(material.pieces) + 2
    grids = np.indices((n ** 3,) * men).reshape(men, -1)
    distinct = np.ones(grids.shape[1], dtype=bool)
    for i in range(men):
        for j in range(i + 1, men):
            distinct &= grids[i] != grids[j]
    legal = distinct & ~solver.reach["K"][grids[0], grids[-1]]
    legal &= ~solver.attacked(list(grids[:-1]), ("K",) + material.pieces, grids[-1])
    pairs = 2 if material.like_pair else 1
    assert facts.positions == int(legal.sum()) // pairs
    assert facts.won == int((values > 0).sum()) // pairs
    assert facts.longest == int(values.max())
    won = values[values > 0]
    assert facts.histogram == tuple(int(c) // pairs for c in np.bincount(won, minlength=facts.longest + 1)[1:])
    assert facts.checkmates == solver.checkmates[material.pieces] // pairs


def test_summary_names_a_longest_win(cube_store):
    row = summary(cube_store.table(TableId.cube("KRNK", 3)))
    assert row["material"] == "KRNK" and row["longest"] == 13
    assert row["positions"] == row["won"] + row["drawn"] and sum(row["histogram"]) == row["won"]
    assert row["example"].count("[") == 3 and sorted(c for c in row["example"] if c.isalpha()) == ["K", "N", "R", "k"]


def test_cli_builds_verifies_and_lists(tmp_path, capsys):
    folder = str(tmp_path)
    assert main(["build3d", "--material", "KQK,KRNK", "--n", "3", "--dir", folder]) == 0
    out = capsys.readouterr().out
    built = TableStore(tmp_path).opened(TableId.cube("KRNK", 3)).summary
    assert f"KRNK n=3: {built.positions} positions" in out and f"longest {built.longest}" in out
    assert main(["verify3d", "--material", "KRNK,KNK", "--n", "3", "--dir", folder]) == 0
    checkmates = TableStore(tmp_path).opened(TableId.cube("KRNK", 3)).summary.checkmates
    out = capsys.readouterr().out
    assert "KRNK n=3: passes" in out and f"{checkmates} checkmates" in out and checkmates > 0
    assert main(["endgames3d", "--material", "one", "--n", "3", "--dir", folder]) == 0
    listing = capsys.readouterr().out
    assert "KQK" in listing and "100.0%" in listing and "not built" in listing  # KBK was never needed
    assert main(["endgames3d", "--material", "KQK,KRNK", "--n", "3", "--dir", folder, "--faces"]) == 0
    krnk = TableStore(tmp_path).opened(TableId.cube("KRNK", 3))
    line = next(x for x in capsys.readouterr().out.splitlines() if x.startswith("KRNK n=3:"))
    assert line.endswith(f"; checkmates {krnk.summary.checkmates}") and f"0: {wins_by_face(krnk)[0]}," in line
    (tmp_path / "KQK-3x3x3.tbl").write_bytes(b"nonsense")
    assert main(["verify3d", "--material", "KQK", "--n", "3", "--dir", folder]) == 1
    assert main(["build3d", "--material", "KXK", "--n", "3", "--dir", folder]) == 1
    assert "error:" in capsys.readouterr().err


def test_verify3d_finds_a_summary_whose_face_distances_are_wrong(tmp_path, capsys):
    import dataclasses

    from tablebase.tables import TableFile
    from tablebase.tables.fileformat import write_table
    from tablebase.tables.summary import FaceDistanceCount

    assert main(["build3d", "--material", "KQK", "--n", "4", "--dir", str(tmp_path)]) == 0
    path, table = tmp_path / "KQK-4x4x4.tbl", TableId.cube("KQK", 4)
    built = TableFile(path, table)
    rows = built.summary.by_face_distance
    wrong = rows[:-1] + (FaceDistanceCount(rows[-1].distance, rows[-1].positions, rows[-1].won - 1),)
    write_table(path, table, built.read_all(), dataclasses.replace(built.summary, by_face_distance=wrong))
    capsys.readouterr()
    assert main(["verify3d", "--material", "KQK", "--n", "4", "--dir", str(tmp_path)]) == 1
    assert "FAULT face distance counts differ from the file's summary: 1" in capsys.readouterr().out
    write_table(path, table, built.read_all(), dataclasses.replace(built.summary, by_face_distance=None))
    assert main(["verify3d", "--material", "KQK", "--n", "4", "--dir", str(tmp_path)]) == 0  # an older file


def test_the_orbit_weights_count_the_whole_board():
    board = cube_board(5)
    assert int(board.orbit_sizes.sum()) == 125


def test_a_table_file_of_version_1_is_rebuilt_with_its_checkmates(tmp_path, capsys):
    """Version 2 added the checkmates to the summary: an older file is built again, not read."""
    assert main(["build3d", "--material", "KQK", "--n", "3", "--dir", str(tmp_path)]) == 0
    path = tmp_path / "KQK-3x3x3.tbl"
    built = path.read_bytes()
    old = bytearray(built)
    old[8:10] = struct.pack("<H", 1)
    path.write_bytes(bytes(old))
    capsys.readouterr()
    assert main(["build3d", "--material", "KQK", "--n", "3", "--dir", str(tmp_path)]) == 0
    assert "version 1" in capsys.readouterr().err and path.read_bytes() == built
    assert TableStore(tmp_path).opened(TableId.cube("KQK", 3)).summary.checkmates > 0


@pytest.mark.parametrize("name", ["KQK", "KRK", "KRRK", "KRNK"])
def test_wins_by_the_lone_kings_distance_to_a_face_match_the_brute_force(cube_store, brute_force, name):
    n, material = 4, Material.parse(name)
    if len(material.pieces) == 2:
        n = 3
    values = brute_force(n).solve(material.pieces).reshape(-1, n ** 3)  # the lone king's axis last
    xyz = np.indices((n, n, n)).reshape(3, -1)[::-1]  # x + y*n + z*n*n
    distance = np.minimum(xyz, n - 1 - xyz).min(axis=0)
    expected = np.bincount(distance, weights=np.count_nonzero(values, axis=0), minlength=distance.max() + 1)
    pairs = 2 if material.like_pair else 1
    found = wins_by_face(cube_store.table(TableId.cube(material, n)))
    assert found == [int(c) // pairs for c in expected]
    summary = cube_store.table(TableId.cube(material, n)).summary
    assert sum(found) == summary.won
    # the build's own count, recorded in the file's summary, with the positions per distance
    positions = np.bincount(distance, weights=np.count_nonzero(
        brute_force(n).white_to_move[material.pieces].reshape(-1, n ** 3), axis=0), minlength=len(found))
    assert [(c.distance, c.positions, c.won) for c in summary.by_face_distance] == [
        (d, int(p) // pairs, w) for d, (p, w) in enumerate(zip(positions, found))]
    assert sum(c.positions for c in summary.by_face_distance) == summary.positions
