"""Published facts about KBNK that the generated table must reproduce."""

import numpy as np

from tablebase.core.geometry import is_light
from tablebase.mates import KBNK, probe
from tablebase.mates.expansion import DRAW, ILLEGAL, side_stats
from tablebase.retrograde import chess_board

LIGHT = np.array([is_light(s) for s in range(64)])


def test_light_bishop_checkmates_and_mates_in_one_match_the_article(kbnk_full):
    wtm, btm = side_stats(kbnk_full, LIGHT)
    assert btm.histogram[0] == 232  # checkmates, Black to move
    assert wtm.histogram[1] == 920  # White to move, mate in one


def test_longest_win_is_33_moves_with_white_to_move(kbnk_full, tables):
    wtm, btm = side_stats(kbnk_full)
    assert wtm.longest == 33
    assert tables(KBNK).summary.longest == 33
    assert kbnk_full.wtm[0, 2, 1, 10] == 33  # Ka1 Bc1 Nb1 vs Kc2 (OEIS A225556)
    assert btm.longest <= 33


def test_probe_of_the_longest_position(tables):
    answer = probe(tables, "8/8/8/8/8/8/2k5/KNB5 w")
    assert answer["category"] == "win" and answer["dtm"] == 65
    assert answer["moves"][0]["dtm"] == -64


def test_longest_wins_up_to_symmetry_are_karrers_138(kbnk_full):
    longest = np.argwhere(kbnk_full.wtm == 33)
    sym = chess_board().image
    classes = {min(tuple(int(sym[t, s]) for s in row) for t in range(8)) for row in longest}
    assert len(classes) == 138
    assert len(longest) == 8 * 138  # no longest position is its own mirror image


def test_about_half_a_percent_of_legal_white_to_move_positions_are_draws(kbnk_full):
    wtm = kbnk_full.wtm
    legal = np.count_nonzero(wtm != ILLEGAL)
    share = np.count_nonzero(wtm == DRAW) / legal
    assert 0.004 < share < 0.006


def test_both_bishop_colours_give_mirror_image_tables(kbnk_full):
    flip = np.arange(64) ^ 7
    mirrored = kbnk_full.wtm[np.ix_(flip, flip, flip, flip)]
    assert np.array_equal(mirrored, kbnk_full.wtm)


def test_the_table_summary_counts_the_checkmates_of_the_full_expansion(kbnk_full, tables):
    _, btm = side_stats(kbnk_full)
    assert tables(KBNK).summary.checkmates == btm.histogram[0] > 232  # both bishops' colours
