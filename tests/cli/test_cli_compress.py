"""``python -m tablebase compress``: a table file of format version 2 converted in place into
compressed blocks, atomically, every entry checked equal after decoding; a server serving it
meanwhile answers the same from the new file; a damaged file, or one whose entries would not come
back, is left as it was."""

from __future__ import annotations

import os

import numpy as np
import pytest
from tests.helpers.kbnk import kbnk_entry
from tests.helpers.old_tables import written_before_the_flag

from tablebase.cli import main
from tablebase.cube.endgames.results import Results
from tablebase.mates import KBNK, probe
from tablebase.tables import Limits, TableFile, TableId, TableStore
from tablebase.tables.blocks import level_of
from tablebase.tables.fileformat import FLAGS, OLD_VERSION, VERSION, write_table
from tablebase.tables.layout import TILED, TILED_WIDE

KRNK3 = TableId.cube("KRNK", 3)
FENS = ("8/8/8/8/8/8/2k5/KNB5 w - - 0 1", "8/8/8/3k4/8/8/8/KNB5 b - - 0 1")


def _old_folder(tables, folder, entries=None):
    """``folder`` holding the session's KBNK and KRNK n=3 tables as files of version 2, and the
    tables their captures lead to as they are."""
    folder.mkdir(parents=True, exist_ok=True)
    for table in (KBNK, KRNK3):
        for smaller in table.captures():
            (folder / smaller.file_name).write_bytes(tables(smaller).path.read_bytes())
        values = entries if entries is not None and table == KBNK else tables(table).read_all()
        write_table(folder / table.file_name, table, values, tables(table).summary, version=OLD_VERSION)
    return folder


def test_a_version_2_file_is_compressed_in_place_and_served_the_same(tables, tmp_path, capsys):
    folder = _old_folder(tables, tmp_path / "tables")
    store = TableStore(folder, Limits(), background=False)
    assert store.table(KBNK).version == OLD_VERSION
    before = [probe(store.table, fen) for fen in FENS]
    assert main(["compress", "KBNK", "--dir", str(folder)]) == 0
    out = capsys.readouterr().out
    assert f"KBNK: {KBNK.space.size + 8192} -> " in out and "every entry checked" in out
    path = folder / KBNK.file_name
    found = TableFile(path, KBNK)
    assert found.version == VERSION and path.stat().st_size <= 600_000
    assert np.array_equal(found.read_all(), tables(KBNK).read_all())
    assert store.table(KBNK).version == VERSION  # the store reads the file now there
    assert [probe(store.table, fen) for fen in FENS] == before
    assert not [name for name in os.listdir(folder) if name.endswith(".tmp")]

    assert main(["compress", "KRNK", "--n", "3", "--dir", str(folder)]) == 0
    assert "every entry checked" in capsys.readouterr().out
    assert np.array_equal(TableFile(folder / KRNK3.file_name, KRNK3).read_all(), tables(KRNK3).read_all())


def test_a_compressed_file_is_left_as_it_is(tables, tmp_path, capsys):
    folder = _old_folder(tables, tmp_path / "tables")
    assert main(["compress", "KBNK", "--dir", str(folder)]) == 0
    capsys.readouterr()
    data = (folder / KBNK.file_name).read_bytes()
    assert main(["compress", str(folder / KBNK.file_name)]) == 0  # the KBNK table's file, by its path
    assert "already compressed" in capsys.readouterr().out
    assert (folder / KBNK.file_name).read_bytes() == data


def test_a_cube_file_in_another_layout_is_rewritten_in_its_own(tables, tmp_path, capsys):
    """A small table in the wide blocks of the big ones (or a big one in the narrow blocks the
    first compressed files had) is written anew in the blocks a build writes for it."""
    folder = _old_folder(tables, tmp_path / "tables")
    path = folder / KRNK3.file_name
    write_table(path, KRNK3, tables(KRNK3).read_all(), tables(KRNK3).summary, order=TILED_WIDE)
    assert TableFile(path, KRNK3).header.layout == TILED_WIDE
    assert main(["compress", "KRNK", "--n", "3", "--dir", str(folder)]) == 0
    assert "every entry checked" in capsys.readouterr().out
    found = TableFile(path, KRNK3)
    assert found.version == VERSION and found.header.layout == TILED
    assert np.array_equal(found.read_all(), tables(KRNK3).read_all())
    assert main(["compress", "KRNK", "--n", "3", "--dir", str(folder)]) == 0
    assert "already compressed" in capsys.readouterr().out


def test_a_file_holding_every_order_of_like_men_is_rewritten_in_one(tables, tmp_path, capsys):
    """A file written before men of one kind were kept in one order (or before the codec's level was
    kept) is written anew as a build writes it now, smaller, every entry the same."""
    table = TableId.cube("KRRK", 3)
    folder = tmp_path / "tables"
    folder.mkdir()
    for smaller in table.captures():
        (folder / smaller.file_name).write_bytes(tables(smaller).path.read_bytes())
    entries = tables(table).read_all()
    path = written_before_the_flag(folder / table.file_name, table, entries, tables(table).summary)
    before = path.stat().st_size
    assert main(["compress", "KRRK", "--n", "3", "--dir", str(folder)]) == 0
    assert "every entry checked" in capsys.readouterr().out
    found = TableFile(path, table)
    assert found.header.flags == FLAGS and found.header.level == level_of(found.header.codec, found.layout) > 0
    assert np.array_equal(found.read_all(), entries) and path.stat().st_size < before
    assert main(["compress", "KRRK", "--n", "3", "--dir", str(folder)]) == 0
    assert "already compressed" in capsys.readouterr().out


def test_compress_record_writes_the_files_new_size_into_the_results(tables, tmp_path, capsys):
    folder = _old_folder(tables, tmp_path / "tables")
    path, results = folder / KRNK3.file_name, tmp_path / "3d.json"
    before = path.stat().st_size
    assert main(["compress", "KRNK", "--n", "3", "--dir", str(folder), "--record", str(results)]) == 0
    entry = Results.read(results).get("KRNK", 3)
    assert entry["build"]["file_bytes"] == path.stat().st_size < before
    assert entry["build"]["compressed"]["file_bytes_before"] == before


def test_a_damaged_file_is_refused_and_left_as_it_was(tables, tmp_path, capsys):
    folder = _old_folder(tables, tmp_path / "tables")
    path = folder / KBNK.file_name
    data = bytearray(path.read_bytes())
    data[-5000] ^= 0x08
    path.write_bytes(bytes(data))
    assert main(["compress", "KBNK", "--dir", str(folder)]) == 1
    assert "checksum" in capsys.readouterr().err
    assert path.read_bytes() == bytes(data)


def test_a_file_whose_entries_would_not_come_back_is_left_as_it_was(tables, tmp_path, capsys):
    """An illegal position's entry holding a value: the compressed file keeps none there (no probe
    reads it), so the check after decoding finds it changed and keeps the old file."""
    entries = np.array(tables(KBNK).read_all())
    entries[kbnk_entry(0, 0, 1, 10)] = 7  # the king and the bishop on a1
    folder = _old_folder(tables, tmp_path / "tables", entries)
    path = folder / KBNK.file_name
    data = path.read_bytes()
    assert main(["compress", "KBNK", "--dir", str(folder)]) == 1
    err = capsys.readouterr().err
    assert "differ" in err and "left as it was" in err
    assert path.read_bytes() == data
    assert not [name for name in os.listdir(folder) if name.endswith(".tmp")]


def test_a_missing_table_is_named(tmp_path, capsys):
    assert main(["compress", "KQRK", "--dir", str(tmp_path)]) == 1
    assert "no table at" in capsys.readouterr().out


@pytest.mark.slow
def test_export_u8_is_byte_identical_before_and_after(tables, tmp_path):
    folder = _old_folder(tables, tmp_path / "tables")
    assert main(["export", "--u8", str(tmp_path / "before"), "KBNK", "--dir", str(folder)]) == 0
    assert main(["compress", "KBNK", "--dir", str(folder)]) == 0
    assert main(["export", "--u8", str(tmp_path / "after"), "KBNK", "--dir", str(folder)]) == 0
    for name in ("wtm.u8", "btm.u8"):
        assert (tmp_path / "before" / name).read_bytes() == (tmp_path / "after" / name).read_bytes()
