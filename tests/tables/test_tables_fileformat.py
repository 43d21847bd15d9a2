"""The one table file format: a round trip, and refusal of anything that is not an intact file of
this format holding the table asked for. Every check fails before the table is used."""

from __future__ import annotations

import dataclasses
import os
import struct

import numpy as np
import pytest

from tablebase.errors import TableFileError
from tablebase.mates import KBNK
from tablebase.tables import TableFile, TableId
from tablebase.tables.fileformat import BLOCK, HEADER_SIZE, MAGIC, write_table


@pytest.fixture()
def copy(kbnk_table_path, tmp_path):
    path = tmp_path / "copy.tbl"
    path.write_bytes(kbnk_table_path.read_bytes())
    return path


def _refused(path, words, expected=KBNK, ours=True):
    with pytest.raises(TableFileError) as caught:
        TableFile(path, expected).read_all()
    message = str(caught.value)
    assert str(path) in message and all(w in message for w in words), message
    assert caught.value.ours == ours and isinstance(caught.value, ValueError)


def test_round_trip_reads_back_every_entry_and_the_summary(tables, tmp_path):
    original = tables(KBNK)
    entries = original.read_all()
    path = write_table(tmp_path / "sub" / "t.tbl", KBNK, entries, original.summary)
    again = TableFile(path, KBNK)
    assert np.array_equal(again.read_all(), entries)
    assert again.summary == original.summary and again.summary.longest == 33
    assert os.listdir(tmp_path / "sub") == ["t.tbl"]  # no temporary file left behind
    index = np.random.default_rng(1).integers(0, entries.size, size=(40, 7))
    assert np.array_equal(again.lookup(index), entries[index])


def test_a_file_written_before_the_face_distances_were_recorded_is_served_without_them(tables, tmp_path):
    original = tables(KBNK)
    assert original.summary.by_face_distance is not None  # every build records them
    older = dataclasses.replace(original.summary, by_face_distance=None)  # what such a file holds
    path = write_table(tmp_path / "old.tbl", KBNK, original.read_all(), older)
    assert b"by_face_distance" not in path.read_bytes()[:8 * BLOCK]
    again = TableFile(path, KBNK)
    assert again.summary == older and again.summary.to_json()["won_by_face_distance"] is None
    assert np.array_equal(again.read_all(), original.read_all())


def test_the_file_holds_one_byte_per_entry_behind_its_header(kbnk_table_path):
    data = kbnk_table_path.read_bytes()
    assert data[:8] == MAGIC
    assert KBNK.space.size == 10 * 64 ** 3 and len(data) - KBNK.space.size < 8 * BLOCK


def test_bad_magic_is_not_ours(copy):
    data = bytearray(copy.read_bytes())
    data[:8] = b"NOTATBL\0"
    copy.write_bytes(bytes(data))
    _refused(copy, ["magic"], ours=False)


def test_another_version_is_refused(copy):
    data = bytearray(copy.read_bytes())
    data[8:10] = struct.pack("<H", 99)
    copy.write_bytes(bytes(data))
    _refused(copy, ["version 99"])


def test_a_file_cut_short_is_refused(copy):
    data = copy.read_bytes()
    copy.write_bytes(data[:-1000])
    _refused(copy, ["cut short"])
    copy.write_bytes(data[:20])
    _refused(copy, ["shorter than its header"])


def test_a_flipped_entry_fails_its_block_checksum(copy):
    data = bytearray(copy.read_bytes())
    data[-123_456] ^= 0x10
    copy.write_bytes(bytes(data))
    TableFile(copy, KBNK)  # the header is intact ...
    _refused(copy, ["checksum", "block"])  # ... the block is not


def test_a_flipped_header_byte_fails_the_header_checksum(copy):
    data = bytearray(copy.read_bytes())
    data[HEADER_SIZE + 7] ^= 0x01  # a block checksum
    copy.write_bytes(bytes(data))
    _refused(copy, ["header", "checksum"])


def test_a_file_of_another_table_is_refused(copy):
    _refused(copy, ["holds KBNK on 8x8, not KRK on 8x8"], expected=TableId.chess("KRK"))


def test_a_missing_file_is_file_not_found(tmp_path):
    with pytest.raises(FileNotFoundError):
        TableFile(tmp_path / "absent.tbl")


def test_a_folder_or_a_path_through_a_file_is_one_error(tmp_path, copy):
    _refused(tmp_path, ["folder"], ours=False)
    _refused(copy / "x.tbl", ["cannot read"], ours=False)
