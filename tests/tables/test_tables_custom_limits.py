"""Custom men make endlessly many materials: a server builds their tables on demand only up to a
small cube, and keeps so many files of them, the least recently used leaving to make room for a new
one, so no client can fill its disk, and none is refused a new piece because others came first."""

from __future__ import annotations

import os
import time

import pytest

from tablebase.tables import Limits, TableId, TablePending, TableStore
from tablebase.core.cube_notation import MAX_N


def _custom(atoms: str, n: int) -> TableId:
    return TableId.cube(f"K({atoms})K", n)


def test_a_custom_table_past_its_cube_is_refused_naming_the_limit():
    limits = Limits(one_man=10, two_men=7, custom_n=4)
    assert limits.allows(_custom("011*", 4)) and not limits.allows(_custom("011*", 5))
    assert limits.allows(TableId.cube("KRK", 5))  # the standard pieces keep theirs
    message = str(limits.refuse(_custom("011*", 5)))
    assert "custom pieces for n <= 4" in message and "K(011*)K" in message
    assert Limits.everything().allows(_custom("011*", MAX_N))


def test_a_full_store_removes_the_custom_table_used_least_recently(tmp_path):
    store = TableStore(tmp_path, Limits(custom_n=3, custom_tables=2), background=False)
    first, second, third = (_custom(atoms, 3) for atoms in ("011*", "112", "022"))
    for table in (first, second):
        store.build_now(table)
    os.utime(store.path(first), (time.time() - 3600, time.time() - 3600))  # both built an hour ago,
    os.utime(store.path(second), (time.time() - 3600, time.time() - 3600))
    store.custom._touched.clear()
    assert store.table(first).summary.longest >= 0  # ... the first used since
    assert store.request(third).state == "queued"  # never refused
    assert store.path(first).is_file() and not store.path(second).exists()
    store.request(TableId.cube("KQK", 3))  # the standard tables are not counted
    assert store.path(first).is_file()


def test_queued_custom_builds_count_as_kept(tmp_path):
    store = TableStore(tmp_path, Limits(custom_n=3, custom_tables=2), background=False)
    store.build_now(_custom("011*", 3))
    with pytest.raises(TablePending):
        store.table(_custom("112", 3))
    with pytest.raises(TablePending):
        store.table(_custom("022", 3))  # room made: the built one leaves, the queued one stays
    assert not store.path(_custom("011*", 3)).exists()
    assert {t.material.name for t in store.record.waiting()} == {"K(112)K", "K(022)K"}
