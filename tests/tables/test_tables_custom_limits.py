"""Custom men make endlessly many materials: a server builds their tables on demand only up to a
small cube and up to so many files, so no client can fill its disk or its builder's hours."""

from __future__ import annotations

import pytest

from tablebase.errors import OutOfTableError
from tablebase.tables import Limits, TableId, TablePending, TableStore
from tablebase.tables.limits import MAX_CUBE


def _custom(atoms: str, n: int) -> TableId:
    return TableId.cube(f"K({atoms})K", n)


def test_a_custom_table_past_its_cube_is_refused_naming_the_limit():
    limits = Limits(one_man=10, two_men=7, custom_n=4)
    assert limits.allows(_custom("011*", 4)) and not limits.allows(_custom("011*", 5))
    assert limits.allows(TableId.cube("KRK", 5))  # the standard pieces keep theirs
    message = str(limits.refuse(_custom("011*", 5)))
    assert "custom pieces for n <= 4" in message and "K(011*)K" in message
    assert Limits.everything().allows(_custom("011*", MAX_CUBE))


def test_the_store_keeps_at_most_so_many_custom_tables(tmp_path):
    store = TableStore(tmp_path, Limits(custom_n=3, custom_tables=2), background=False)
    for atoms in ("011*", "112"):
        store.build_now(_custom(atoms, 3))
    with pytest.raises(OutOfTableError, match="at most 2 tables of custom pieces"):
        store.request(_custom("022", 3))
    assert not (tmp_path / _custom("022", 3).file_name).exists()
    store.request(TableId.cube("KQK", 3))  # the standard tables are not counted
    assert store.table(_custom("011*", 3)).summary.longest >= 0  # the built ones still answer


def test_queued_custom_builds_count_too(tmp_path):
    store = TableStore(tmp_path, Limits(custom_n=3, custom_tables=2), background=False)
    for atoms in ("011*", "112"):
        with pytest.raises(TablePending):
            store.table(_custom(atoms, 3))
    with pytest.raises(OutOfTableError):
        store.table(_custom("022", 3))
