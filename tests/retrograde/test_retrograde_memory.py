"""The engine's packed working arrays: flags packed eight to a byte along the lone king's axis,
and the build done in chunks of rows that may end inside a White king's slice or span several.
The memory figures themselves are printed by bench/bench_cube_endgames.py, not asserted here."""

from __future__ import annotations

import numpy as np
import pytest

from tablebase.retrograde import Material, cube_board, solve_all
from tablebase.retrograde import bits


@pytest.mark.parametrize("cubes", [8, 27, 64, 125])
def test_packed_rows_round_trip_with_zero_padding(cubes):
    flags = np.random.default_rng(cubes).random((5, 3, cubes)) < 0.5
    packed = bits.pack(flags)
    assert packed.shape == (5, 3, bits.row_bytes(cubes)) and packed.dtype == np.uint8
    assert np.array_equal(bits.unpack(packed, cubes), flags)
    spare = bits.row_bytes(cubes) * 8 - cubes
    if spare:
        assert not (packed[..., -1] >> np.uint8(8 - spare)).any()
    other = bits.pack(~flags)
    bits.clear(other, packed)
    assert np.array_equal(bits.unpack(other, cubes), ~flags)


def test_chunks_cover_every_row_once():
    bits_chunks = bits.chunks(1001, 7)
    covered = np.concatenate([np.arange(c.start, c.stop) for c in bits_chunks])
    assert np.array_equal(covered, np.arange(1001))


@pytest.mark.parametrize("chunk", [27, 100, 3 * 729 + 50])
@pytest.mark.parametrize("n, name", [pytest.param(3, "KRNK", marks=pytest.mark.slow), (3, "KQRK"), (4, "KQK")])
def test_tables_do_not_depend_on_the_chunk_size(monkeypatch, chunk, n, name):
    """Chunks of one row, of rows that cut a king slice, and of rows across king slices all give
    the tables of the default (one chunk per table this small)."""
    board, material = cube_board(n), Material.parse(name)
    expected = solve_all(board, material)
    monkeypatch.setattr(bits, "CHUNK_ENTRIES", chunk)
    found = solve_all(board, material)
    assert expected[material].any()
    for m, table in expected.items():
        assert np.array_equal(found[m], table), m
