"""KBNK is an instance of the shared retrograde engine end to end: its table is stored in the
engine's layout, and the interchange files exported from it are byte for byte those of the
specialised generator it replaced."""

import hashlib

import numpy as np
import pytest

from tablebase.cli import main

# sha256 of wtm.u8 and btm.u8 exported from the table of the specialised KBNK generator (before
# the table lived in the engine's layout; commit 3c0e32f): 64^4 bytes each.
EXPORTED_SHA256 = {
    "wtm.u8": "1493246d80a3eb96ebec8d3291eddf2515f629de75aec1c0a5e1cb5d6ce88c81",
    "btm.u8": "1bd87009988c44c9f42ffeaa622751bc11ad3c75537f3e7dc378c06eb40a6500",
}


@pytest.mark.slow
def test_export_is_byte_for_byte_that_of_the_specialised_generator(kbnk_table_path, tmp_path, capsys):
    assert main(["export", "--u8", str(tmp_path), "--table", str(kbnk_table_path)]) == 0
    for name, digest in EXPORTED_SHA256.items():
        data = (tmp_path / name).read_bytes()
        assert len(data) == 64 ** 4 and hashlib.sha256(data).hexdigest() == digest


def test_the_build_reports_progress_to_the_end(tmp_path):
    from tablebase.mates import KBNK
    from tablebase.tables import Limits, TableStore

    stages = []
    table = TableStore(tmp_path, Limits()).build_now(KBNK, progress=lambda s, f: stages.append((s, f)))
    assert stages[0][0] in ("KBK mark illegal", "KNK mark illegal")  # the tables its captures lead to first
    assert any(stage.startswith("KBNK depth 33") for stage, _ in stages)
    assert table.summary.longest == 33 and int(np.max(table.read_all())) == 33
