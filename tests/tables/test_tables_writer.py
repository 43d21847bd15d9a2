"""The compressing writer (``blocks.compress_table``) works a table a piece at a time and holds
its blocks' bytes once (issue 35: a 6x6x6 K+R+N build peaked at 448 MB in the writer, 2.24 bytes
per stored value; its peak is now the engine's): the files it writes are byte for byte those
written before, whatever the piece, and its memory stays a fraction of the table's."""

from __future__ import annotations

import hashlib
import tracemalloc

import pytest

from tablebase.tables import Limits, TableId, TableStore
from tablebase.tables.blocks import compress_table
from tablebase.tables.fileformat import encode
from tablebase.tables.layout import LONE_FIRST, TILED, TILED_WIDE, layout_of

# sha256 of the files the writer wrote before issue 35 (commit bd8f5c2), built by this engine:
# KBNK and KQQK on the 8x8 board (the lone king first), K+R+N on 5x5x5 (blocks of whole rows that
# straddle the White king's slices), K+Q+Q on 4x4x4 (men of one kind) and K+B+B on 3x3x3.
WRITTEN_BEFORE = {
    "KBNK-8x8.tbl": "3ad937411b0abde7f3ff01993e5561a1d37bcf77113e3a8299f48a66811016c7",
    "KQQK-8x8.tbl": "b641743211153f4953ae235ce4b59d532ee578b198e8cb0b2f7dc16d5209b3de",
    "KRNK-5x5x5.tbl": "9b9a916f66ecfd6a094e570574459067b3b291fa7d8460d9f5b1ca9479f7a09b",
    "KQQK-4x4x4.tbl": "09957a0893b85dc697ab1f96d85d29f0bc57565207942c1c70004a153460082b",
    "KBBK-3x3x3.tbl": "c8afaeec33f43d32cfa8c049c8a86d9a978389cbd2e5232f214541d787436e84",
}


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """A store holding the tables above, built anew in this module's folder."""
    store = TableStore(tmp_path_factory.mktemp("writer"), Limits.everything(), background=False)
    for table in (TableId.chess("KBNK"), TableId.chess("KQQK"), TableId.cube("KRNK", 5), TableId.cube("KQQK", 4),
                  TableId.cube("KBBK", 3)):
        store.build_now(table)
    return store


def test_a_build_writes_the_same_bytes_as_the_writer_before_it(built):
    found = {path.name: hashlib.sha256(path.read_bytes()).hexdigest() for path in built.folder.glob("*.tbl")
             if path.name in WRITTEN_BEFORE}
    assert found == WRITTEN_BEFORE


@pytest.mark.parametrize("name, n, order", [("KBNK", None, LONE_FIRST), ("KRNK", 5, TILED), ("KQQK", 4, TILED),
                                            ("KQQK", 4, TILED_WIDE), ("KRNK", 5, TILED_WIDE)])
def test_the_blocks_are_the_same_whatever_the_piece_worked_at_a_time(built, name, n, order):
    table = TableId.cube(name, n) if n else TableId.chess(name)
    entries = built.opened(table).read_all()
    layout = layout_of(table, order)
    size = table.space.size // len(table.board.kings)

    def king_slice(k):
        return entries[k * size:(k + 1) * size]

    whole = compress_table(layout, king_slice, piece=2 * size)  # a king's slice in one piece, as before
    for piece in (layout.block_entries, 3 * layout.block_entries + 1, size // 2):
        crcs, offsets, payload, codec = compress_table(layout, king_slice, piece=piece)
        assert (crcs.tolist(), offsets.tolist(), b"".join(payload), codec) == (
            whole[0].tolist(), whole[1].tolist(), b"".join(whole[2]), whole[3])


def test_the_writer_holds_a_fraction_of_the_table_and_keeps_only_the_blocks_bytes(built):
    table = TableId.cube("KRNK", 5)  # 19,531,250 entries
    opened = built.opened(table)
    entries, summary = opened.read_all(), opened.summary
    encode(table, entries, summary)  # the board's lookup tables, made once
    tracemalloc.start()
    try:
        parts = encode(table, entries, summary)
        held, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    stored = sum(len(part) for part in parts)
    # Before: 2.2 bytes per entry at the peak, and every block kept at zstd's bound (20 MB held).
    assert peak < 1.5 * table.space.size
    assert held < 2 * stored + (1 << 20)
