"""``python -m tablebase``: build, verify, probe, stats, export."""

import json
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from tests.helpers.kbnk import kbnk_entry, store_with_kbnk

from tablebase.cli import main
from tablebase.mates import KBNK
from tablebase.tables import TableFile

ROOT = Path(__file__).resolve().parents[2]


def test_build_command_writes_a_loadable_table_and_reports_progress(tmp_path, tables):
    out = tmp_path / "built.tbl"
    done = subprocess.run([sys.executable, "-m", "tablebase", "build", "--out", str(out)], cwd=ROOT,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert str(out) in done.stdout
    progress = done.stderr.splitlines()
    assert any(line.startswith("KBNK depth 33:") for line in progress)  # plain lines: not a terminal
    assert "\r" not in done.stderr
    assert np.array_equal(TableFile(out, KBNK).read_all(), tables(KBNK).read_all())


def test_probe_prints_the_value_and_every_move(kbnk_table_path, capsys):
    assert main(["probe", "8/8/8/8/8/8/2k5/KNB5 w", "--table", str(kbnk_table_path)]) == 0
    out = capsys.readouterr().out
    assert "white to move: win dtm +65" in out
    assert "Ba3" in out and "c1a3" in out and "loss dtm -64" in out


def test_probe_json(kbnk_table_path, capsys):
    assert main(["probe", "8/8/8/8/8/8/2K5/knb5 b", "--json", "--table", str(kbnk_table_path)]) == 0
    answer = json.loads(capsys.readouterr().out)
    assert answer["category"] == "win" and answer["dtm"] == 65


def test_probe_of_a_bad_fen_fails_quoting_it(kbnk_table_path, capsys):
    assert main(["probe", "8/8/8/zz", "--table", str(kbnk_table_path)]) == 1
    assert "'8/8/8/zz'" in capsys.readouterr().err


def test_stats(kbnk_table_path, capsys):
    assert main(["stats", str(kbnk_table_path)]) == 0
    out = capsys.readouterr().out
    light = out[out.index("== light-squared bishop"):]
    assert "0: 232" in light and "1: 920" in light
    assert "longest 33" in out


@pytest.mark.slow
def test_export_u8(kbnk_table_path, kbnk_full, tmp_path, capsys):
    assert main(["export", "--u8", str(tmp_path / "u8"), "--table", str(kbnk_table_path)]) == 0
    wtm = np.fromfile(tmp_path / "u8" / "wtm.u8", dtype=np.uint8)
    btm = np.fromfile(tmp_path / "u8" / "btm.u8", dtype=np.uint8)
    assert wtm.size == btm.size == 64 ** 4
    index = lambda wk, wb, wn, bk: wk * 64 ** 3 + wb * 64 ** 2 + wn * 64 + bk
    assert wtm[index(0, 2, 1, 10)] == 33  # Ka1 Bc1 Nb1 vs Kc2
    assert wtm[index(0, 2, 1, 11)] == 255  # Kd2 in check from c1 with White to move
    assert btm[index(0, 2, 1, 11)] == 254  # Black to move takes c1
    assert wtm[index(0, 0, 1, 10)] == 255  # two pieces on a1
    assert np.array_equal(wtm.reshape((64,) * 4), kbnk_full.wtm)
    assert np.array_equal(btm.reshape((64,) * 4), kbnk_full.btm)


def test_verify_command_exits_1_on_a_changed_entry(tables, tmp_path, capsys):
    entries = np.array(tables(KBNK).read_all())
    entries[kbnk_entry(0, 2, 1, 10)] = 31
    store = store_with_kbnk(entries, tmp_path, tables)
    assert main(["verify", str(store.path(KBNK))]) == 1
    out = capsys.readouterr().out
    assert "FAILS" in out and "FAULT" in out


def test_verify_command_refuses_a_corrupted_file(kbnk_table_path, tmp_path, capsys):
    data = bytearray(kbnk_table_path.read_bytes())
    data[-1000] ^= 1
    (tmp_path / "bad.tbl").write_bytes(bytes(data))
    assert main(["verify", str(tmp_path / "bad.tbl")]) == 1
    assert "checksum" in capsys.readouterr().err


def test_missing_table_file_is_an_error(tmp_path, capsys):
    assert main(["stats", str(tmp_path / "none.bin")]) == 1
    assert "none.bin" in capsys.readouterr().err


def test_usage_errors_exit_2():
    with pytest.raises(SystemExit) as caught:
        main(["nonsense"])
    assert caught.value.code == 2


class _Terminal:
    def __init__(self):
        self.written = []

    def isatty(self):
        return True

    def write(self, text):
        self.written.append(text)

    def flush(self):
        pass


def test_progress_bar_on_a_terminal_redraws_one_line():
    from tablebase.cli.progress import ProgressBar

    terminal = _Terminal()
    bar = ProgressBar(terminal)
    bar("depth 1", 0.25)
    bar("depth 2", 1.0)
    bar.close()
    text = "".join(terminal.written)
    assert text.count("\r") == 2 and text.endswith("\n") and text.count("\n") == 1
    assert "#" * ProgressBar.WIDTH in text and "25.0%" in text


def test_the_table_folder_and_the_kbnk_path_follow_the_environment(monkeypatch, tmp_path):
    from tablebase.cli import table_store
    from webapp import create_app
    from webapp.tables import make_store

    monkeypatch.delenv("KBNK_TABLE", raising=False)
    monkeypatch.delenv("KBN_TABLES", raising=False)
    assert create_app().config["TABLES"] == str(ROOT / "data" / "tables")
    assert table_store().path(KBNK) == Path("data") / "tables" / "KBNK-8x8.tbl"
    monkeypatch.setenv("KBN_TABLES", str(tmp_path / "tables"))
    monkeypatch.setenv("KBNK_TABLE", str(tmp_path / "elsewhere.tbl"))
    config = create_app().config
    assert make_store(config).path(KBNK) == tmp_path / "elsewhere.tbl" == table_store().path(KBNK)
    assert make_store(config).folder == tmp_path / "tables"


@pytest.mark.slow
def test_stats_reads_the_table_named_by_the_environment(kbnk_table_path, monkeypatch, capsys):
    monkeypatch.setenv("KBNK_TABLE", str(kbnk_table_path))
    assert main(["stats"]) == 0
    assert "white to move: legal" in capsys.readouterr().out
