"""The table file: round trip, read into memory, and refusal of anything that is not an intact
file of this format; ``ensure_table`` rebuilds a damaged table file, never another file."""

import os
import struct

import numpy as np
import pytest

from tablebase.kbnk import TableFileError, ensure_table, load_table, packing, save_table
from tablebase.kbnk.tablefile import HEADER_SIZE, MAGIC


@pytest.fixture()
def table_copy(kbnk_table_path, tmp_path):
    path = tmp_path / "copy.bin"
    path.write_bytes(kbnk_table_path.read_bytes())
    return path


def test_round_trip_is_read_into_memory_and_identical(kbnk_table, tmp_path):
    path = save_table(kbnk_table, tmp_path / "sub" / "t.bin")
    loaded = load_table(path)
    assert not isinstance(loaded.packed, np.memmap)
    assert not loaded.packed.flags.writeable
    assert np.array_equal(loaded.entries, kbnk_table.entries)
    assert loaded.source == str(path)
    assert os.listdir(tmp_path / "sub") == ["t.bin"]  # no temporary file left behind


def test_file_is_small(kbnk_table_path):
    assert kbnk_table_path.stat().st_size == HEADER_SIZE + 462 * 64 * 64 * 6 // 8 + 1  # 1.42 MB
    assert kbnk_table_path.read_bytes()[:8] == MAGIC


def _refused(path, words):
    with pytest.raises(TableFileError) as caught:
        load_table(path)
    message = str(caught.value)
    assert str(path) in message
    assert all(w in message for w in words), message
    assert isinstance(caught.value, ValueError)


def test_bad_magic_is_refused(table_copy):
    data = bytearray(table_copy.read_bytes())
    data[:8] = b"NOTKBNK\0"
    table_copy.write_bytes(bytes(data))
    _refused(table_copy, ["magic"])


def test_wrong_version_is_refused(table_copy):
    data = bytearray(table_copy.read_bytes())
    data[8:10] = struct.pack("<H", 99)
    table_copy.write_bytes(bytes(data))
    _refused(table_copy, ["version 99"])


def test_truncated_file_is_refused(table_copy):
    data = table_copy.read_bytes()
    table_copy.write_bytes(data[:-1000])
    _refused(table_copy, ["truncated"])
    table_copy.write_bytes(data[:20])
    _refused(table_copy, ["header"])


def test_one_flipped_byte_is_refused(table_copy):
    data = bytearray(table_copy.read_bytes())
    data[HEADER_SIZE + 123_456] ^= 0x10
    table_copy.write_bytes(bytes(data))
    _refused(table_copy, ["checksum"])


def test_a_flipped_header_byte_is_refused(table_copy):
    data = bytearray(table_copy.read_bytes())
    data[30] ^= 0x01  # inside the index-scheme field
    table_copy.write_bytes(bytes(data))
    with pytest.raises(TableFileError):
        load_table(table_copy)


def test_missing_file_raises_file_not_found(tmp_path):
    with pytest.raises(FileNotFoundError):
        load_table(tmp_path / "absent.bin")


def test_ensure_table_rebuilds_a_corrupted_file(table_copy, kbnk_table):
    data = bytearray(table_copy.read_bytes())
    data[HEADER_SIZE + 5] ^= 0xFF
    table_copy.write_bytes(bytes(data))
    heard = []
    table = ensure_table(table_copy, announce=heard.append)
    assert heard and str(table_copy) in heard[0]
    assert np.array_equal(table.entries, kbnk_table.entries)
    load_table(table_copy)  # the file on disk is whole again


def test_ensure_table_builds_a_missing_file_and_then_just_loads_it(tmp_path, kbnk_table):
    path = tmp_path / "new" / "kbnk.bin"
    heard = []
    built = ensure_table(path, announce=heard.append)
    assert len(heard) == 1 and "building" in heard[0]
    assert np.array_equal(built.entries, kbnk_table.entries)
    ensure_table(path, announce=heard.append)
    assert len(heard) == 1


def test_six_bit_packing_round_trips_and_looks_up():
    rng = np.random.default_rng(4)
    values = rng.integers(0, 64, size=4000).astype(np.uint8)
    packed = packing.pack(values)
    assert packed.size == 3001 == packing.packed_size(4000)
    assert np.array_equal(packing.unpack(packed), values)
    index = rng.integers(0, 4000, size=(50, 3))
    assert np.array_equal(packing.lookup(packing.group_words(packed), index), values[index])
    assert packing.lookup(packing.group_words(packed), 3999) == values[3999]
    with pytest.raises(ValueError):
        packing.pack(np.full(4, 64))
