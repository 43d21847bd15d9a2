"""KBNK is an instance of the shared retrograde engine: the table file it writes is byte for byte
the file of the specialised bitset generator it replaced."""

import hashlib

from tablebase.kbnk.generator import generate

# sha256 of the table file written by the specialised KBNK generator (tablebase/kbnk/generator.py
# at commit 3341ba0, before it became an instance of the engine): 1,419,329 bytes.
SPECIALISED_FILE_SHA256 = "7ad309136cfacf39d9971f4190228d82475f6e4b18f14067b87c845cf1124f35"


def test_the_engine_rebuilds_the_kbnk_table_file_byte_for_byte(kbnk_table_path):
    data = kbnk_table_path.read_bytes()
    assert len(data) == 1_419_329
    assert hashlib.sha256(data).hexdigest() == SPECIALISED_FILE_SHA256


def test_generate_reports_progress_to_the_end():
    stages = []
    entries = generate(lambda stage, fraction: stages.append((stage, fraction)))
    assert stages[0][0] == "mark illegal" and stages[-1] == ("entries", 1.0)
    assert any(stage.startswith("depth 33") for stage, _ in stages)
    assert entries.max() == 33
