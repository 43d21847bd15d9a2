"""3D table files (refused when damaged), the store's limits, verify on every table the tests
build, counts against the brute force, and the command line."""

from __future__ import annotations

import numpy as np
import pytest

from tablebase.cli import main
from tablebase.cube.endgames import (
    ALL_MATERIALS,
    CubeTable,
    Limits,
    TableFileError,
    TableStore,
    load_table,
    save_table,
    summary,
    verify,
)
from tablebase.errors import OutOfTableError
from tablebase.retrograde import Material, cube_board

SMALL = [(m, 3) for m in ALL_MATERIALS] + [(m, 4) for m in ALL_MATERIALS if len(m.pieces) == 1]


def smaller_tables(store, material, n):
    return {m: store.table(m, n) for m in (material.without(i) for i in range(len(material.pieces))) if m.pieces}


@pytest.mark.parametrize("material, n", SMALL, ids=[f"{m.name}-{n}" for m, n in SMALL])
def test_verify_passes_on_every_table_built(cube_store, material, n):
    table = cube_store.table(material, n)
    report = verify(table, smaller_tables(cube_store, material, n))
    assert report.ok, (report.faults, report.examples)
    assert report.checked >= int(np.count_nonzero(table.dtm)) and report.checked > 0


def test_verify_finds_a_wrong_entry(cube_store):
    material = Material.parse("KRNK")
    table = cube_store.table(material, 3)
    dtm = np.array(table.dtm)
    won = np.flatnonzero(dtm)
    dtm[won[len(won) // 2]] += 1
    drawn_legal = np.flatnonzero(dtm == 0)[-1]
    broken = CubeTable(material, 3, dtm, table.positions, table.won)
    report = verify(broken, smaller_tables(cube_store, material, 3))
    assert not report.ok and report.faults["white to move: no move one step closer, or a quicker one"] >= 1
    assert report.examples and report.examples[0].count("[") == 3
    dtm[drawn_legal] = 5  # an illegal or drawn entry holding a value
    report = verify(CubeTable(material, 3, dtm, table.positions, table.won), smaller_tables(cube_store, material, 3))
    assert not report.ok


@pytest.mark.parametrize("name, n", [("KQK", 3), ("KRRK", 3), ("KNNK", 3), ("KQK", 4), ("KRK", 4)])
def test_counts_match_the_brute_force(cube_store, brute_force, name, n):
    material = Material.parse(name)
    table = cube_store.table(material, n)
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
    assert table.positions == int(legal.sum()) // pairs
    assert table.won == int((values > 0).sum()) // pairs
    assert table.longest == int(values.max())


def test_summary_names_a_longest_win(cube_store):
    table = cube_store.table(Material.parse("KRNK"), 3)
    row = summary(table)
    assert row["material"] == "KRNK" and row["longest"] == table.longest == 13
    assert row["positions"] == row["won"] + row["drawn"]
    assert row["example"].count("[") == 3 and sorted(c for c in row["example"] if c.isalpha()) == ["K", "N", "R", "k"]


def test_a_table_survives_its_file(cube_store, tmp_path):
    table = cube_store.table(Material.parse("KQNK"), 3)
    path = save_table(table, tmp_path / "t.bin")
    loaded = load_table(path, Material.parse("KQNK"), 3)
    assert np.array_equal(loaded.dtm, table.dtm)
    assert (loaded.positions, loaded.won, loaded.longest) == (table.positions, table.won, table.longest)


@pytest.mark.parametrize("damage, message", [
    (lambda b: b[:64] + b[65:], "truncated"),
    (lambda b: b[:-1] + bytes([b[-1] ^ 1]), "checksum"),
    (lambda b: b[:70] + bytes([b[70] ^ 4]) + b[71:], "checksum"),
    (lambda b: b"XUBEDTM\0" + b[8:], "magic"),
    (lambda b: b[:10], "shorter than its header"),
    (lambda b: b[:8] + bytes([2]) + b[9:], "format"),
])
def test_damaged_files_are_refused(cube_store, tmp_path, damage, message):
    path = save_table(cube_store.table(Material.parse("KQK"), 3), tmp_path / "t.bin")
    path.write_bytes(damage(path.read_bytes()))
    with pytest.raises(TableFileError, match=message):
        load_table(path)


def test_a_file_of_another_table_is_refused(cube_store, tmp_path):
    path = save_table(cube_store.table(Material.parse("KQK"), 3), tmp_path / "t.bin")
    with pytest.raises(TableFileError, match="not the table asked for"):
        load_table(path, Material.parse("KRK"), 3)
    with pytest.raises(TableFileError, match="not the table asked for"):
        load_table(path, Material.parse("KQK"), 4)


def test_a_damaged_file_in_the_store_is_rebuilt(tmp_path):
    store = TableStore(tmp_path, Limits(one_man=3, two_men=3))
    table = store.table(Material.parse("KQK"), 3)
    path = store.path(Material.parse("KQK"), 3)
    path.write_bytes(path.read_bytes()[:-3])
    fresh = TableStore(tmp_path, Limits(one_man=3, two_men=3))
    again = fresh.table(Material.parse("KQK"), 3)
    assert np.array_equal(again.dtm, table.dtm) and path.stat().st_size == 64 + table.space.size


def test_the_store_refuses_beyond_its_limits_and_names_them(tmp_path):
    store = TableStore(tmp_path, Limits(one_man=4, two_men=3))
    with pytest.raises(OutOfTableError, match=r"KQRK on n = 4.*two of them for 3 <= n <= 3"):
        store.table(Material.parse("KQRK"), 4)
    assert not store.available(Material.parse("KQK"), 5) and store.available(Material.parse("KQK"), 4)
    assert [m.name for m in store.materials(4)] == ["KQK", "KRK", "KBK", "KNK"]


def test_background_builds_reach_ready(tmp_path):
    store = TableStore(tmp_path, Limits(one_man=3, two_men=3))
    material = Material.parse("KRNK")
    assert store.status(material, 3).state == "missing"
    assert store.request(material, 3).state in ("queued", "building", "ready")
    assert store.wait(timeout=60)
    assert store.status(material, 3).state == "ready"
    assert store.status(Material.parse("KRK"), 3).state == "ready"  # built on the way


def test_cli_builds_verifies_and_lists(tmp_path, capsys):
    folder = str(tmp_path)
    assert main(["build3d", "--material", "KQK,KRNK", "--n", "3", "--dir", folder]) == 0
    out = capsys.readouterr().out
    built = load_table(tmp_path / "KRNK-3.bin")
    assert f"KRNK n=3: {built.positions} positions" in out and f"longest {built.longest}" in out
    assert main(["verify3d", "--material", "KRNK,KNK", "--n", "3", "--dir", folder]) == 0
    assert "KRNK n=3: passes" in capsys.readouterr().out
    assert main(["endgames3d", "--material", "one", "--n", "3", "--dir", folder]) == 0
    listing = capsys.readouterr().out
    assert "KQK" in listing and "100.0%" in listing and "not built" in listing  # KBK was never needed
    (tmp_path / "KQK-3.bin").write_bytes(b"nonsense")
    assert main(["verify3d", "--material", "KQK", "--n", "3", "--dir", folder]) == 1
    assert main(["build3d", "--material", "KXK", "--n", "3", "--dir", folder]) == 1
    assert "error:" in capsys.readouterr().err


def test_the_orbit_weights_count_the_whole_board():
    board = cube_board(5)
    assert int(board.orbit_sizes.sum()) == 125


def test_a_loaded_table_survives_its_file_being_cut_short_or_changed(tmp_path):
    """Held in memory: the answers stay those of the intact file (a mapped file would change, or
    kill the process with SIGBUS when cut short)."""
    store = TableStore(tmp_path, Limits(one_man=3, two_men=3))
    material = Material.parse("KQK")
    table = store.table(material, 3)
    before = table.dtm.copy()
    path = store.path(material, 3)
    path.write_bytes(path.read_bytes()[:100])
    assert not table.dtm.flags.writeable
    assert np.array_equal(store.table(material, 3).dtm, before)


def test_a_table_another_process_builds_while_this_one_waits_is_loaded_not_built_again(tmp_path, monkeypatch):
    import multiprocessing

    from tablebase.cube.endgames import store as store_module

    material = Material.parse("KRK")
    store = TableStore(tmp_path, Limits(one_man=3, two_men=3))
    ready, release = multiprocessing.Event(), multiprocessing.Event()
    other = multiprocessing.get_context("fork").Process(
        target=_build_holding_the_lock, args=(str(tmp_path), ready, release))
    other.start()
    try:
        assert ready.wait(60)  # the other process holds the lock of KRK-3 and is building it
        monkeypatch.setattr(store_module, "build_table", _no_second_build)
        release.set()
        table = store.table(material, 3)  # waits for the lock, then finds the file
    finally:
        other.join(60)
    assert other.exitcode == 0 and table.n == 3


def _build_holding_the_lock(folder, ready, release):
    import time

    from tablebase.files import ExclusiveLock

    other = TableStore(folder, Limits(one_man=3, two_men=3))
    material = Material.parse("KRK")
    with ExclusiveLock(other.path(material, 3)):
        ready.set()
        release.wait(60)
        time.sleep(0.5)  # still building when the other store asks: without the lock it would build too
        save_table(_build(material), other.path(material, 3))


def _build(material):
    from tablebase.cube.endgames.build import build_table

    return build_table(material, 3, {}, None)


def _no_second_build(*args, **kwargs):
    raise AssertionError("the table was built a second time")
