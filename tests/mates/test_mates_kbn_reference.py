"""Differential tests against published tables (python-chess as a test-only prober): Gaviota DTM
and Syzygy WDL, on 20,000 random legal positions of each side to move and every longest one."""

import chess
import chess.gaviota
import chess.syzygy
import numpy as np
import pytest
from tests.helpers.kbnk import random_legal
from tests.helpers.reference_tables import reference_tables

from tablebase.mates import KBNK
from tablebase.mates.expansion import DRAW

SAMPLE = 20_000


def positions(full, side: str, seed: int) -> np.ndarray:
    """Random legal positions plus every position of the side's largest DTM, ordered by the kings'
    region square and the lone king so that the reference tables' block caches are reused."""
    values = full.side(side)
    longest = int(values[values < DRAW].max())
    rows = np.concatenate([random_legal(full, side, SAMPLE, seed), np.argwhere(values == longest)])
    region = KBNK.board.canonical[1]
    return rows[np.argsort(region[rows[:, 0]] * 64 + rows[:, 3], kind="stable")]


def boards(rows, white_to_move: bool):
    board = chess.Board.empty()
    board.turn = white_to_move
    for wk, wb, wn, bk in rows.tolist():
        board.set_piece_map({wk: chess.Piece(chess.KING, chess.WHITE), wb: chess.Piece(chess.BISHOP, chess.WHITE),
                             wn: chess.Piece(chess.KNIGHT, chess.WHITE), bk: chess.Piece(chess.KING, chess.BLACK)})
        yield (wk, wb, wn, bk), board


@pytest.fixture(scope="module")
def gaviota():
    with chess.gaviota.open_tablebase(str(reference_tables() / "gaviota")) as tablebase:
        yield tablebase


@pytest.fixture(scope="module")
def syzygy():
    with chess.syzygy.open_tablebase(str(reference_tables() / "syzygy")) as tablebase:
        yield tablebase


@pytest.mark.parametrize("side, white", [("wtm", True), ("btm", False)])
def test_dtm_matches_gaviota(kbnk_full, gaviota, side, white):
    values = kbnk_full.side(side)
    rows = positions(kbnk_full, side, seed=101 if white else 102)
    assert len(rows) > SAMPLE
    mismatches = []
    for (wk, wb, wn, bk), board in boards(rows, white):
        value = int(values[wk, wb, wn, bk])
        expected_plies = 0 if value == DRAW else (2 * value - 1 if white else -2 * value)
        if gaviota.probe_dtm(board) != expected_plies:
            mismatches.append((board.fen(), value, gaviota.probe_dtm(board)))
    assert not mismatches, mismatches[:5]


@pytest.mark.parametrize("side, white", [("wtm", True), ("btm", False)])
def test_win_draw_loss_matches_syzygy(kbnk_full, syzygy, side, white):
    values = kbnk_full.side(side)
    rows = positions(kbnk_full, side, seed=201 if white else 202)
    mismatches = []
    seen = set()
    for (wk, wb, wn, bk), board in boards(rows, white):
        value = int(values[wk, wb, wn, bk])
        expected = 0 if value == DRAW else (2 if white else -2)
        seen.add(expected)
        if syzygy.probe_wdl(board) != expected:
            mismatches.append((board.fen(), value, syzygy.probe_wdl(board)))
    assert not mismatches, mismatches[:5]
    assert seen == {0, 2 if white else -2}  # the sample holds both draws and decisive positions
