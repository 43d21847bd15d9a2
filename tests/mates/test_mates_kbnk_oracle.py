"""The KBNK oracle (``kbnk_oracle.verify``) passes on a fresh build and catches a single changed entry."""

import numpy as np
import pytest

from tests.helpers.kbnk import kbnk_entry, store_with_kbnk

from tests.helpers.kbnk_oracle import verify

from tablebase.mates import KBNK
from tablebase.mates.expansion import DRAW


def test_verify_passes_on_a_fresh_build(tables, kbnk_full):
    report = verify(tables, kbnk_full)
    assert report.ok, report
    assert report.checked == 2 * 64 ** 4
    assert len(report.faults) >= 5 and report.examples == ()


@pytest.mark.slow
def test_verify_fails_when_one_entry_is_changed(tables, tmp_path):
    entries = np.array(tables(KBNK).read_all())
    index = kbnk_entry(0, 2, 1, 10)  # Ka1 Bc1 Nb1 vs Kc2: mate in 33
    assert entries[index] == 33
    entries[index] = 32
    report = verify(store_with_kbnk(entries, tmp_path, tables).table)
    assert not report.ok
    assert report.faults["white to move: no move one step closer, or a quicker one"] > 0
    assert report.examples


@pytest.mark.slow
def test_verify_fails_when_a_draw_is_turned_into_a_win(tables, kbnk_full, tmp_path):
    entries = np.array(tables(KBNK).read_all())
    draws = np.argwhere(kbnk_full.wtm == DRAW)
    legal_draw = kbnk_entry(*draws[len(draws) // 2].tolist())
    assert entries[legal_draw] == 0
    entries[legal_draw] = 5
    report = verify(store_with_kbnk(entries, tmp_path, tables).table)
    assert not report.ok


@pytest.mark.slow
def test_verify_checks_black_to_move_values_and_illegal_marks(tables, kbnk_full):
    from tablebase.mates.expansion import ILLEGAL, FullTables

    wtm, btm = kbnk_full.wtm.copy(), kbnk_full.btm.copy()
    lost = tuple(np.argwhere((btm > 0) & (btm < 20))[0])
    btm[lost] += 1  # mated later than its replies allow
    drawn = tuple(np.argwhere(btm == DRAW)[0])
    btm[drawn] = 7  # a draw (Black has an escape) marked lost
    legal = tuple(np.argwhere(wtm == DRAW)[0])
    wtm[legal] = ILLEGAL  # a legal position marked illegal
    report = verify(tables, FullTables(wtm, btm))
    assert report.faults["black to move: value does not follow from its replies"] >= 2
    assert report.faults["white to move: wrongly marked legal or illegal"] == 1
    assert not report.ok
