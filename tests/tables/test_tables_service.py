"""The table service as a server runs it: builds off the request path (202 at once, a builder
process builds), one state for every worker, damaged files (a 503, never a wrong answer, then
rebuilt), failed builds shown with their reason, and a file that is not a table never touched."""

from __future__ import annotations

import os
import time

import numpy as np
import pytest
from tests.helpers.tables import KQK3, app_on, folder_with, until

from tablebase.mates import KBNK, probe_position
from tablebase.errors import TableFileError
from tablebase.tables import Limits, TableFile, TablePosition, TableStore
from tablebase.tables.fileformat import BLOCK

POSITION = "/api/3d/endgames/position"


def _zero_entries(path) -> None:
    """Zeros over every block of the file's entries, in place, as a bad disk might."""
    start = TableFile(path).header.payload_offset
    with open(path, "r+b") as out:
        out.seek(start)
        out.write(bytes(path.stat().st_size - start))


def test_an_unbuilt_table_is_a_202_at_once_then_the_builder_builds_it(tables_folder, tmp_path):
    client = app_on(folder_with(tables_folder, tmp_path)).test_client()
    started = time.monotonic()
    first = client.get(POSITION, query_string={"material": "KRNK", "n": 3})
    assert time.monotonic() - started < 2.0
    assert first.status_code == 202 and first.headers["Retry-After"] == "1"
    assert first.get_json()["state"] in ("queued", "building") and first.get_json()["material"] == "KRNK"
    done = until(lambda: client.get(POSITION, query_string={"material": "KRNK", "n": 3}),
                 lambda r: r.status_code != 202)
    assert done.status_code == 200 and done.get_json()["category"] == "win"
    assert (tmp_path / "KRK-3x3x3.tbl").exists()  # built on the way, smaller first


def test_every_worker_sees_the_same_state(tables_folder, tmp_path):
    folder = folder_with(tables_folder, tmp_path)
    one, other = app_on(folder).test_client(), app_on(folder).test_client()  # two workers' apps
    assert other.get("/api/3d/endgames/status?n=3").get_json()["tables"][0]["state"] == "missing"
    one.post("/api/3d/endgames/build", json={"n": 3, "material": "KQK"})
    seen = other.get("/api/3d/endgames/status?n=3").get_json()["tables"][0]
    assert seen["material"] == "KQK" and seen["state"] in ("queued", "building", "ready")
    until(lambda: other.get("/api/3d/endgames/status?n=3"),
          lambda r: r.get_json()["tables"][0]["state"] == "ready")


def test_a_failed_build_is_shown_with_its_reason_and_the_file_in_its_way_is_kept(tables_folder, tmp_path):
    folder = folder_with(tables_folder, tmp_path)
    (folder / "KRK-3x3x3.tbl").write_text("my notes\n")  # in the way of a table KRNK needs
    client = app_on(folder).test_client()
    client.post("/api/3d/endgames/build", json={"n": 3, "material": "KRNK"})
    status = until(lambda: client.get("/api/3d/endgames/status?n=3"),
                   lambda r: any(t["state"] == "failed" and t["material"] == "KRNK" for t in r.get_json()["tables"]))
    failed = {t["material"]: t for t in status.get_json()["tables"] if t["state"] == "failed"}
    assert "KRNK" in failed and "not a table" in failed["KRNK"]["reason"]
    answer = client.get(POSITION, query_string={"material": "KRNK", "n": 3})
    assert answer.status_code == 503 and "not a table" in answer.get_json()["message"]
    assert str(folder) not in answer.get_json()["message"]
    assert (folder / "KRK-3x3x3.tbl").read_text() == "my notes\n"
    krk = client.get(POSITION, query_string={"material": "KRK", "n": 3})
    assert krk.status_code == 503 and krk.get_json()["error"] == "table_storage"


def test_a_damaged_3d_table_is_a_503_not_the_users_fault_and_is_rebuilt(tables_folder, tmp_path):
    folder = folder_with(tables_folder, tmp_path, ["KQK-3x3x3.tbl"])
    path = folder / "KQK-3x3x3.tbl"
    data = bytearray(path.read_bytes())
    data[-100] ^= 0xFF  # an entry, in place
    path.write_bytes(bytes(data))
    client = app_on(folder).test_client()
    damaged = client.post("/api/3d/tablebase", json={"board": KQK3, "turn": "w"})
    assert damaged.status_code == 503 and damaged.get_json()["error"] == "server_data_damaged"
    assert str(path) not in damaged.get_json()["message"]
    again = until(lambda: client.post("/api/3d/tablebase", json={"board": KQK3, "turn": "w"}),
                  lambda r: r.status_code not in (202, 503))
    assert again.status_code == 200 and again.get_json()["dtm"] == 1
    assert path.read_bytes() != bytes(data)  # whole again


FEN = "8/8/8/8/8/8/2k5/KNB5 w - - 0 1"  # Ka1 Nb1 Bc1 against Kc2: White mates in 33


def _flip_in_block(path, block: int) -> None:
    header = TableFile(path).header
    data = bytearray(path.read_bytes())
    data[header.payload_offset + int(header.block_offsets[block]) + 7] ^= 0x20
    path.write_bytes(bytes(data))


def _undecodable(path, block: int) -> None:
    from tests.tables.test_tables_fileformat import _blocks_changed

    _blocks_changed(path, lambda blocks: blocks[:block] + [b"\x28\xb5\x2f\xfd" + bytes(64)] + blocks[block + 1:])


@pytest.mark.parametrize("damage", [_flip_in_block, _undecodable], ids=["checksum", "decoding"])
def test_a_damaged_compressed_block_is_a_503_never_a_wrong_value_and_is_rebuilt(tables_folder, tmp_path, damage):
    folder = folder_with(tables_folder, tmp_path)
    path = folder / KBNK.file_name
    found = TableFile(path, KBNK)
    damage(path, found.index(0, [2, 1], 10) // BLOCK)  # the block of the position's own entry
    client = app_on(folder).test_client()
    damaged = client.get("/api/tablebase", query_string={"fen": FEN})
    assert damaged.status_code == 503 and damaged.get_json()["error"] == "server_data_damaged"
    assert str(path) not in damaged.get_json()["message"]
    again = until(lambda: client.get("/api/tablebase", query_string={"fen": FEN}),
                  lambda r: r.status_code not in (202, 503))
    assert again.status_code == 200 and again.get_json()["dtm"] == 65
    assert TableFile(path, KBNK).read_all().tobytes() == TableFile(tables_folder / KBNK.file_name).read_all().tobytes()


def test_a_file_changed_in_place_while_serving_never_changes_an_answer(tables_folder, tmp_path):
    """The block cache holds 64 of the KBNK table's 642 blocks: probes after the damage read
    blocks again and must refuse them, never answer from them."""
    folder = folder_with(tables_folder, tmp_path)
    pristine = TableStore(tables_folder, Limits(), background=False)
    store = TableStore(folder, Limits(), background=False, cache_bytes=64 * BLOCK)
    rng = np.random.default_rng(3)
    entries = pristine.table(KBNK).read_all()
    won = np.flatnonzero(entries)
    positions = []
    for entry in won[rng.integers(len(won), size=80)].tolist():
        king, men, lone = KBNK.space.squares([entry])
        positions.append(TablePosition(2, 8, int(king[0]), (("B", int(men[0][0])), ("N", int(men[1][0]))),
                                       int(lone[0]), True))
    for position in positions[:20]:
        probe_position(store.table, position)  # some blocks read and checked before the damage
    path = folder / KBNK.file_name
    _zero_entries(path)
    faults = 0
    for position in positions:
        try:
            found = probe_position(store.table, position)
        except TableFileError:
            faults += 1
            continue
        assert found == probe_position(pristine.table, position)
    assert faults > 0  # refused, never answered from a changed block


def test_a_reader_of_a_file_since_rebuilt_reads_the_new_file_and_queues_no_rebuild(tables_folder, tmp_path):
    """A worker still holds the old file (damaged in place) after a rebuild renamed a sound one
    into its path: it answers from the new file, and nothing is queued for rebuilding."""
    folder = folder_with(tables_folder, tmp_path)
    pristine = TableStore(tables_folder, Limits(), background=False)
    store = TableStore(folder, Limits(), background=False, cache_bytes=8 * BLOCK)
    path = folder / KBNK.file_name
    sound = path.read_bytes()
    old = store.table(KBNK)
    _zero_entries(path)  # the old file damaged in place...
    fresh = folder / "rebuilt.tmp"
    fresh.write_bytes(sound)
    fresh.replace(path)  # ...then a rebuild renamed a sound file into its place
    assert old.replaced()
    everything = store.table(KBNK).read_all()
    assert np.array_equal(everything, pristine.table(KBNK).read_all())
    assert store.record.read(KBNK) is None  # no rebuild asked for


def test_a_read_that_fails_on_a_file_since_replaced_queues_no_rebuild(tables_folder, tmp_path):
    folder = folder_with(tables_folder, tmp_path)
    store = TableStore(folder, Limits(), background=False, cache_bytes=8 * BLOCK)
    path = folder / KBNK.file_name
    sound = path.read_bytes()
    old = store.table(KBNK)
    _zero_entries(path)
    fresh = folder / "rebuilt.tmp"
    fresh.write_bytes(sound)
    fresh.replace(path)
    try:
        old.read_all()  # a request already holding the old reader
    except TableFileError:
        pass
    else:
        raise AssertionError("a zeroed block passed its check")
    assert store.record.read(KBNK) is None
    assert store.table(KBNK) is not old


def test_a_file_cut_short_in_place_is_seen_at_the_next_ask_not_only_at_an_uncached_read(tables_folder, tmp_path):
    folder = folder_with(tables_folder, tmp_path)
    store = TableStore(folder, Limits(), background=False)
    store.table(KBNK).read_all()  # every block read and cached
    os.truncate(folder / KBNK.file_name, 1000)
    try:
        store.table(KBNK)
    except TableFileError:
        pass
    else:
        raise AssertionError("a table cut short was served from the blocks cached before")
