"""Across processes: servers starting together build a table once, one builder per folder, a
builder ends with the server that started it (its build queued again), and a file cut short under
a process reading it is an error answer, never a dead process."""

from __future__ import annotations

import json
import logging
import multiprocessing
import os
import signal
import subprocess
import sys
import textwrap
import time

import pytest

from tests.helpers.tables import folder_with

from tablebase.mates import KBNK
from tablebase.tables import Limits, TableId, TableStore
from tablebase.tables.build_record import BuildRecord, server_stamp

FEN = "8/8/8/8/8/8/2k5/KNB5 w - - 0 1"


class _Heard(logging.Handler):
    def __init__(self, queue):
        super().__init__()
        self.queue = queue

    def emit(self, record):
        self.queue.put(record.getMessage())


def _start_together(folder, barrier, heard):
    logging.getLogger("tablebase").addHandler(_Heard(heard))
    logging.getLogger("tablebase").setLevel(logging.INFO)
    barrier.wait()
    TableStore(folder, Limits(), background=False).build_now(KBNK)


def test_two_processes_starting_on_missing_tables_build_each_once(tmp_path):
    context = multiprocessing.get_context("fork")
    barrier, heard = context.Barrier(2), context.Queue()
    workers = [context.Process(target=_start_together, args=(tmp_path, barrier, heard)) for _ in range(2)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join(120)
        assert worker.exitcode == 0
    said = []
    while not heard.empty():
        said.append(heard.get())
    builds = sorted(line.split(":")[0] for line in said if "building it" in line)
    assert builds == ["KBK on 8x8", "KBNK on 8x8", "KNK on 8x8"]


def test_one_builder_per_folder(tmp_path):
    record = BuildRecord(tmp_path)
    record.write(TableId.cube("KQK", 3), "queued")
    builder = [sys.executable, "-m", "tablebase.tables.builder", str(tmp_path)]
    held = record.try_builder_lock()  # as if a builder were at work
    assert held is not None and record.builder_alive()
    assert subprocess.run(builder, timeout=60).returncode == 0
    assert not (tmp_path / "KQK-3x3x3.tbl").exists()  # it gave way
    os.close(held)
    assert not record.builder_alive()
    assert subprocess.run(builder, timeout=60).returncode == 0
    assert (tmp_path / "KQK-3x3x3.tbl").exists() and record.read(TableId.cube("KQK", 3)) is None


def test_a_table_cut_short_under_a_reader_does_not_kill_it(tables_folder, tmp_path):
    folder = folder_with(tables_folder, tmp_path)
    script = textwrap.dedent(f"""
        import os
        from tablebase.errors import TableFileError
        from tablebase.mates import probe
        from tablebase.tables import Limits, TableStore
        store = TableStore({str(folder)!r}, Limits(), background=False)
        print(probe(store.table, {FEN!r})["dtm"])
        os.truncate({str(folder / "KBNK-8x8.tbl")!r}, 5000)
        try:
            probe(store.table, "8/8/8/3k4/8/8/8/KNB5 w - - 0 1")
            print("answered")
        except TableFileError as error:
            print("refused", error)
    """)
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr  # a memory map would die of SIGBUS (-7)
    first, second = done.stdout.splitlines()[:2]
    assert first == "65" and second.startswith("refused") and "cut short" in second


def test_a_build_whose_builder_died_is_taken_up_by_a_new_builder(tables_folder, tmp_path):
    folder = folder_with(tables_folder, tmp_path)
    store = TableStore(folder, Limits(one_man=3, two_men=3))
    table = TableId.cube("KQK", 3)
    store.record.write(table, "building", stage="depth 1", fraction=0.5)  # and then its builder was killed
    assert not store.record.builder_alive()
    assert store.status(table).state == "building"  # ... which starts a builder for the queue
    deadline = time.monotonic() + 60
    while store.status(table).state != "ready":
        assert time.monotonic() < deadline, store.status(table)
        time.sleep(0.1)


def _building(record: BuildRecord) -> bool:
    return any(json.loads(p.read_text()).get("state") == "building" for p in record.dir.glob("*.json"))


def _wait(done, seconds: float = 60.0) -> None:
    deadline = time.monotonic() + seconds
    while not done():
        assert time.monotonic() < deadline
        time.sleep(0.05)


def test_a_builder_ends_when_its_server_is_gone_and_queues_its_build_again(tmp_path):
    server = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(120)"])
    record, table = BuildRecord(tmp_path), TableId.cube("KQRK", 5)
    record.write(table, "queued", client="10.0.0.1")
    builder = subprocess.Popen([sys.executable, "-m", "tablebase.tables.builder", str(tmp_path),
                                "--server", server_stamp(server.pid)], stderr=subprocess.DEVNULL)
    try:
        _wait(lambda: _building(record))  # KQRK, or a table its captures lead to first
        server.kill()
        server.wait()
        assert builder.wait(10) == 128 + signal.SIGTERM  # stopped by its watch, not killed
    finally:
        server.kill()
        builder.kill()
    assert record.read(table)["state"] == "queued" and record.read(table)["client"] == "10.0.0.1"
    assert not _building(record) and not record.builder_alive()


@pytest.mark.slow  # then builds KQNK 5x5x5 whole
def test_a_server_stops_the_builder_it_started(tmp_path):
    record, table = BuildRecord(tmp_path), TableId.cube("KQNK", 5)
    record.write(table, "queued")
    builder = record.start_builder(os.getpid())
    try:
        _wait(lambda: _building(record))
        assert not record.stop_builder(os.getpid() + 1)  # another server's: not stopped
        assert record.stop_builder(os.getpid()) and not record.builder_alive()
        assert builder.wait(5) == 128 + signal.SIGTERM
    finally:
        builder.kill()
    assert record.read(table)["state"] == "queued" and not _building(record)
    assert record.start_builder(os.getpid()).wait(120) == 0  # the next start builds it
    assert (tmp_path / table.file_name).is_file()
