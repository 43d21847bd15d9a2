"""A full table disk shows on /healthz before a build fails on it: the free space of the table
folder, read through the store's ``free_space``, against what the largest table the server would
still build on demand needs (the estimate a build checks before it starts)."""

from __future__ import annotations

import pytest
from tests.helpers.tables import app_on, folder_with

from tablebase.errors import TableStorageError
from tablebase.tables import Limits, TableId, TableStore

LIMITS = Limits(one_man=4, two_men=3)  # those of app_on
LARGEST = TableId.chess("KQQK")  # 2.6 M entries: more than any 3D table within LIMITS


def _health(folder, free: int):
    app = app_on(folder)
    app.extensions["tables"] = TableStore(folder, LIMITS, background=False, free_space=lambda _: free)
    return app.test_client().get("/healthz")


def test_healthz_is_503_when_the_free_space_cannot_hold_the_largest_table_left_to_build(tables_folder, tmp_path):
    folder = folder_with(tables_folder, tmp_path)
    need = TableStore(folder, LIMITS).space_needed(LARGEST)
    short = _health(folder, need - 1)
    body = short.get_json()
    assert short.status_code == 503 and body["error"] == "table_storage", body
    assert body["message"].startswith("the table folder's disk is full") and str(folder) not in body["message"]
    assert _health(folder, need).status_code == 200


def test_healthz_asks_no_space_when_every_table_is_built(tables_folder):
    assert _health(tables_folder, 0).status_code == 200  # the session's folder holds every table of LIMITS


def test_a_build_reads_the_same_free_space(tmp_path):
    table = TableId.cube("KQK", 3)
    store = TableStore(tmp_path, LIMITS, background=False, free_space=lambda _: store.space_needed(table) - 1)
    with pytest.raises(TableStorageError, match="disk is full"):
        store.build_now(table)
    assert not store.path(table).exists()
