"""The one table file format: a round trip (version 3, compressed, and version 2, still read), and
refusal of anything that is not an intact file of this format holding the table asked for. Every
check fails before the table is used: a damaged compressed block is refused, never decoded into a
wrong value."""

from __future__ import annotations

import dataclasses
import os
import struct
import zlib

import numpy as np
import pytest

from tablebase.errors import TableFileError
from tablebase.mates import KBNK, probe
from tablebase.tables import TableFile, TableId
from tablebase.tables.fileformat import BLOCK, HEADER_SIZE, MAGIC, OLD_VERSION, VERSION, write_table


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


def _won_positions(entries, count, seed=1):
    """(engine entries, king, men, lone king) of random won White-to-move positions."""
    won = np.flatnonzero(entries)
    chosen = won[np.random.default_rng(seed).integers(0, won.size, count)]
    king, men, lone = KBNK.space.squares(chosen)
    return chosen, king, men, lone


@pytest.mark.parametrize("version", [VERSION, OLD_VERSION])
def test_round_trip_reads_back_every_entry_and_the_summary(tables, tmp_path, version):
    original = tables(KBNK)
    entries = original.read_all()
    path = write_table(tmp_path / "sub" / "t.tbl", KBNK, entries, original.summary, version=version)
    again = TableFile(path, KBNK)
    assert again.version == version
    assert np.array_equal(again.read_all(), entries)
    assert again.summary == original.summary and again.summary.longest == 33
    assert os.listdir(tmp_path / "sub") == ["t.tbl"]  # no temporary file left behind
    chosen, king, men, lone = _won_positions(entries, 280)
    index = again.index(king.reshape(40, 7), [m.reshape(40, 7) for m in men], lone.reshape(40, 7))
    assert np.array_equal(again.lookup(index), entries[chosen].reshape(40, 7))
    one = [again.entry(again.index(int(k), [int(m[i]) for m in men], int(s)))
           for i, (k, s) in enumerate(zip(king, lone))]
    assert one == entries[chosen].tolist()


def test_a_file_of_version_2_is_served_as_it_is(tables, tmp_path):
    """Files written before the blocks were compressed (big ones built by hand) are read, not
    rebuilt: ``python -m tablebase compress`` converts them."""
    original = tables(KBNK)
    folder = tmp_path / "tables"
    folder.mkdir()
    for smaller in KBNK.captures():
        (folder / smaller.file_name).write_bytes(tables(smaller).path.read_bytes())
    path = write_table(folder / KBNK.file_name, KBNK, original.read_all(), original.summary, version=OLD_VERSION)
    assert path.stat().st_size > KBNK.space.size  # a byte per entry
    from tablebase.tables import Limits, TableStore

    store = TableStore(folder, Limits(), background=False)
    assert store.table(KBNK).version == OLD_VERSION
    for fen in ("8/8/8/8/8/8/2k5/KNB5 w - - 0 1", "8/8/8/3k4/8/8/8/KNB5 b - - 0 1", "7k/8/8/8/3N4/8/8/KB6 w - - 0 1"):
        assert probe(store.table, fen) == probe(tables, fen)
    assert store.record.read(KBNK) is None and path.stat().st_size > KBNK.space.size  # nothing rebuilt


def test_without_the_zstandard_package_blocks_are_written_with_zlib_and_zstds_are_refused(tables, tmp_path,
                                                                                         monkeypatch, kbnk_table_path):
    from tablebase.tables import blocks

    pytest.importorskip("zstandard")  # the session's tables are then zstd's
    original = tables(KBNK)
    monkeypatch.setattr(blocks, "zstandard", None)
    path = write_table(tmp_path / "zlib.tbl", KBNK, original.read_all(), original.summary)
    again = TableFile(path, KBNK)
    assert again.header.codec == blocks.ZLIB and path.stat().st_size <= 600_000
    assert np.array_equal(again.read_all(), original.read_all())
    chosen, king, men, lone = _won_positions(original.read_all(), 500, seed=7)
    assert np.array_equal(again.lookup(again.index(king, men, lone)), original.read_all()[chosen])
    with pytest.raises(TableFileError, match="zstandard package") as caught:
        TableFile(kbnk_table_path, KBNK)
    assert caught.value.ours  # a table the server builds is built again, with zlib


def test_kbnk_is_compressed_to_a_fifth(kbnk_table_path):
    found = TableFile(kbnk_table_path, KBNK)
    assert found.version == VERSION and found.header.blocks == -(-KBNK.space.size // BLOCK)
    assert kbnk_table_path.stat().st_size <= 600_000  # 2,629,632 bytes in version 2


def test_a_file_written_before_the_face_distances_were_recorded_is_served_without_them(tables, tmp_path):
    original = tables(KBNK)
    assert original.summary.by_face_distance is not None  # every build records them
    older = dataclasses.replace(original.summary, by_face_distance=None)  # what such a file holds
    path = write_table(tmp_path / "old.tbl", KBNK, original.read_all(), older)
    assert b"by_face_distance" not in path.read_bytes()[:8 * BLOCK]
    again = TableFile(path, KBNK)
    assert again.summary == older and again.summary.to_json()["won_by_face_distance"] is None
    assert np.array_equal(again.read_all(), original.read_all())


def test_a_file_of_version_2_holds_one_byte_per_entry_behind_its_header(tables, tmp_path):
    data = write_table(tmp_path / "old.tbl", KBNK, tables(KBNK).read_all(), tables(KBNK).summary,
                       version=OLD_VERSION).read_bytes()
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


def _blocks_changed(path, change) -> None:
    """The file at ``path`` written again with its stored blocks changed by ``change(blocks)``, every
    checksum made to match: damage that only decoding can find."""
    from tablebase.tables.fileformat import EXTRA, _parts

    found = TableFile(path)
    header, data = found.header, path.read_bytes()
    starts = (header.payload_offset + header.block_offsets).tolist()
    blocks = change([data[a:b] for a, b in zip(starts[:-1], starts[1:])])
    offsets = np.zeros(len(blocks) + 1, dtype="<u8")
    np.cumsum([len(b) for b in blocks], out=offsets[1:])
    crcs = np.array([zlib.crc32(b) for b in blocks], dtype="<u4")
    extra = EXTRA.pack(header.codec, header.layout, header.flags, header.level, int(offsets[-1]))
    parts = _parts(header.id, header.summary, found.chunk_counts(), [crcs, offsets], blocks, VERSION, extra, 1)
    path.write_bytes(b"".join(bytes(part) for part in parts))


def _replaced(block: int, by: bytes):
    return lambda blocks: blocks[:block] + [by] + blocks[block + 1:]


def _short_block(codec: int) -> bytes:
    """A block that decodes to 100 entries, in the file's codec."""
    from tablebase.tables import blocks

    if codec == blocks.ZSTD:
        return blocks.zstandard.compress(bytes(100))
    packer = zlib.compressobj(6, zlib.DEFLATED, -15)
    return packer.compress(bytes(100)) + packer.flush()


@pytest.mark.parametrize("damage", ["garbage", "short"])
def test_a_compressed_block_that_does_not_decode_is_refused(copy, damage):
    by = b"\x28\xb5\x2f\xfd" + bytes(range(200)) if damage == "garbage" else _short_block(TableFile(copy).header.codec)
    _blocks_changed(copy, _replaced(300, by))
    found = TableFile(copy, KBNK)  # the header and every checksum are intact ...
    with pytest.raises(TableFileError, match="block 300"):
        found.lookup(np.arange(300 * BLOCK, 300 * BLOCK + 10))  # ... the block does not decode
    _refused(copy, ["block 300", "cannot be decoded" if damage == "garbage" else "decodes to 100 entries"])


def test_a_flipped_byte_of_a_compressed_block_fails_its_checksum_before_it_is_decoded(copy):
    found = TableFile(copy, KBNK)
    start = found.header.payload_offset + int(found.header.block_offsets[123])
    data = bytearray(copy.read_bytes())
    data[start + 5] ^= 0x04
    copy.write_bytes(bytes(data))
    _refused(copy, ["checksum", "block 123"])
