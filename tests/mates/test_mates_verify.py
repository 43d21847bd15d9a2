"""Every 2D table re-checked against its successors apart from the engine (the walk of
``tables.verify`` over the 8x8 board's rules), a planted fault caught, and the longest
mates the literature gives for each material."""

from __future__ import annotations

import numpy as np
import pytest
from tests.helpers.mates import NAMES

from tablebase.tables.verify import verify
from tablebase.tables import TableId

# Longest forced mates (White to move, in moves) of the published 5-man tables' summaries.
LONGEST = {"KQK": 10, "KRK": 16, "KBK": 0, "KNK": 0, "KQQK": 4, "KQRK": 6, "KQBK": 8, "KQNK": 9, "KRRK": 7,
           "KRBK": 16, "KRNK": 16, "KBBK": 19, "KBNK": 33, "KNNK": 1}


def smaller_tables(tables, table: TableId) -> dict:
    return {t.material: tables(t).read_all() for t in table.captures()}


# the costliest walks (a queen beside another man, two rooks) in the whole suite; the same walk checks the others
VERIFIED_IN_THE_WHOLE_SUITE = ("KQQK", "KQRK", "KQBK", "KQNK", "KRRK")


@pytest.mark.parametrize("material", [pytest.param(name, marks=pytest.mark.slow) if name in VERIFIED_IN_THE_WHOLE_SUITE
                                      else name for name in NAMES])
def test_every_entry_follows_from_its_successors(tables, material):
    table = TableId.chess(material)
    report = verify(table, tables(table).read_all(), smaller_tables(tables, table))
    assert report.ok, (report.faults, report.examples)
    assert report.checked > 20_000
    # the build's count by the lone king's distance to the edge, counted apart from the engine
    rows = tables(table).summary.by_face_distance
    assert report.by_face_distance == tuple((c.positions, c.won) for c in rows) and len(rows) == 4


@pytest.mark.parametrize("material", NAMES)
def test_longest_mate_is_the_literatures(tables, material):
    assert tables(TableId.chess(material)).summary.longest == LONGEST[material]


def test_a_planted_fault_is_caught_and_named_by_its_fen(tables):
    table = TableId.chess("KRK")
    entries = tables(table).read_all().copy()
    won = int(np.flatnonzero(entries == 5)[0])
    entries[won] = 7
    report = verify(table, entries, {})
    assert not report.ok
    assert report.faults["white to move: no move one step closer, or a quicker one"] >= 1
    assert any(name.count("/") == 7 and name.endswith(" w - - 0 1") for name in report.examples)
