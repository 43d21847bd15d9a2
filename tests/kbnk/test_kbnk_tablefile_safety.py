"""A loaded table cannot be changed or broken through its file; a path that is not a table file
is a one-line error and is never overwritten; processes starting together build the table once."""

import multiprocessing
import subprocess
import sys
import textwrap

import pytest

from tablebase.cli import main
from tablebase.kbnk import TableFileError, ensure_table, load_table, probe
from tablebase.kbnk.tablefile import HEADER_SIZE

FEN = "8/8/8/8/8/8/2k5/KNB5 w - - 0 1"


@pytest.fixture()
def table_copy(kbnk_table_path, tmp_path):
    path = tmp_path / "copy.bin"
    path.write_bytes(kbnk_table_path.read_bytes())
    return path


def test_bytes_changed_on_disk_do_not_change_a_loaded_table(table_copy):
    table = load_table(table_copy)
    before = probe(table, FEN)
    with open(table_copy, "r+b") as out:  # rewrite the file in place, as an editor or a bad disk might
        out.seek(HEADER_SIZE)
        out.write(bytes(table_copy.stat().st_size - HEADER_SIZE))
    assert probe(table, FEN) == before


def test_truncating_the_file_does_not_kill_a_process_that_loaded_it(table_copy):
    script = textwrap.dedent(f"""
        import os
        from tablebase.kbnk import load_table, probe
        table = load_table({str(table_copy)!r})
        os.truncate({str(table_copy)!r}, 100)
        print(probe(table, {FEN!r})["dtm"])
    """)
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr  # a memory map would die of SIGBUS (-7)
    assert int(done.stdout) > 0


def test_a_folder_is_a_one_line_error(tmp_path):
    with pytest.raises(TableFileError) as caught:
        ensure_table(tmp_path)
    assert "folder" in str(caught.value) and str(tmp_path) in str(caught.value)


def test_a_path_through_a_file_is_a_one_line_error(table_copy):
    with pytest.raises(TableFileError) as caught:
        ensure_table(table_copy / "kbnk.bin")
    assert "cannot" in str(caught.value)


@pytest.mark.parametrize("command", [["probe", FEN], ["verify"], ["stats"], ["build"]])
def test_cli_with_kbnk_table_naming_a_folder_prints_one_line(tmp_path, monkeypatch, capsys, command):
    monkeypatch.setenv("KBNK_TABLE", str(tmp_path))
    assert main(command) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("error: ") and str(tmp_path) in err


def test_a_file_that_is_not_a_table_is_never_overwritten(tmp_path, capsys):
    notes = tmp_path / "notes.txt"
    notes.write_text("my notes, not a table\n" * 10)
    with pytest.raises(TableFileError) as caught:
        ensure_table(notes)
    assert "not a kbnk table" in str(caught.value)
    assert notes.read_text() == "my notes, not a table\n" * 10
    assert main(["probe", FEN, "--table", str(notes)]) == 1
    assert notes.read_text() == "my notes, not a table\n" * 10
    assert "left as it is" in capsys.readouterr().err


def test_cli_probe_rebuilds_a_damaged_table_file_and_says_so(table_copy, capsys):
    data = bytearray(table_copy.read_bytes())
    data[HEADER_SIZE + 99] ^= 0x01
    table_copy.write_bytes(bytes(data))
    assert main(["probe", FEN, "--table", str(table_copy)]) == 0
    captured = capsys.readouterr()
    assert "checksum" in captured.err and "rebuilding" in captured.err
    load_table(table_copy)  # whole again


def _start_together(path, barrier, heard):
    barrier.wait()
    ensure_table(path, announce=lambda reason: heard.put(reason))


def test_two_processes_starting_on_a_missing_table_build_it_once(tmp_path):
    path = tmp_path / "data" / "kbnk.bin"
    context = multiprocessing.get_context("fork")
    barrier, heard = context.Barrier(2), context.Queue()
    workers = [context.Process(target=_start_together, args=(path, barrier, heard)) for _ in range(2)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join(60)
        assert worker.exitcode == 0
    reasons = []
    while not heard.empty():
        reasons.append(heard.get())
    assert len(reasons) == 1 and "building" in reasons[0]
    load_table(path)
