"""The lone king's heat map: every square agrees with probe() of the same position, and with the
expanded Black-to-move table (an independent path through the engine)."""

from __future__ import annotations

import chess
import numpy as np
import pytest
from tests.helpers.kbnk import random_legal

from tablebase.core.fen import placement
from tablebase.core.geometry import square_name
from tablebase.errors import BoardSyntaxError, IllegalPositionError, OutOfTableError
from tablebase.mates import probe
from tablebase.mates.expansion import DRAW, ILLEGAL
from tablebase.mates.heatmap import heatmap

FIELDS = ("category", "dtm", "checkmate", "stalemate")


def with_lone_king(fen: str, square: int) -> str | None:
    """The FEN's pieces with the lone king moved to ``square`` and its side to move; None when a
    piece of the other side stands there. Built with python-chess, not the code under test."""
    board = chess.Board(fen)
    strong = chess.BLACK if board.pieces(chess.BISHOP, chess.BLACK) or board.pieces(chess.KNIGHT, chess.BLACK) \
        else chess.WHITE
    lone = board.king(not strong)
    if lone is not None:
        board.remove_piece_at(lone)
    if board.piece_at(square) is not None:
        return None
    board.set_piece_at(square, chess.Piece(chess.KING, not strong))
    board.turn = not strong
    return board.fen()


@pytest.mark.parametrize("fen", [
    "8/8/8/3K4/3BN3/8/8/8 w - - 0 1",
    "8/8/2k5/8/8/8/8/KBN5 b - - 0 1",
    "knb5/8/8/8/8/8/8/7K w - - 0 1",    # the colour-swapped set
    "8/8/8/8/4K3/8/8/6B1 w - - 0 1",     # KBK: drawn wherever it is legal
])
def test_every_square_equals_probe(tables, fen):
    squares = heatmap(tables, fen)
    assert list(squares) == [square_name(s) for s in range(64)]
    illegal = {"category": "illegal", "dtm": None, "checkmate": False, "stalemate": False}
    counts = {"illegal": 0, "other": 0}
    for square in range(64):
        placed = with_lone_king(fen, square)
        try:
            expected = probe(tables, placed) if placed else illegal
        except IllegalPositionError:
            expected = illegal
        counts["illegal" if expected is illegal else "other"] += 1
        assert {k: squares[square_name(square)][k] for k in FIELDS} == {k: expected[k] for k in FIELDS}
    assert counts["illegal"] >= 5 and counts["other"] >= 48  # both kinds were compared


def test_matches_the_expanded_black_to_move_table(tables, kbnk_full):
    rows = random_legal(kbnk_full, "btm", 25, seed=7)
    for wk, wb, wn, _ in rows.tolist():
        squares = heatmap(tables, _strong_only_fen(wk, wb, wn))
        for bk in range(64):
            value = int(kbnk_full.btm[wk, wb, wn, bk])
            got = squares[square_name(bk)]
            if value == ILLEGAL:
                assert got["category"] == "illegal", (wk, wb, wn, bk)
            elif value == DRAW:
                assert (got["category"], got["dtm"]) == ("draw", None), (wk, wb, wn, bk)
            else:
                assert (got["category"], got["dtm"]) == ("loss", -2 * value), (wk, wb, wn, bk)
                assert got["checkmate"] == (value == 0)


def _strong_only_fen(wk: int, wb: int, wn: int) -> str:
    return f"{placement({wk: 'K', wb: 'B', wn: 'N'})} w - - 0 1"


def test_lone_kings_square_and_side_to_move_do_not_matter(tables):
    a = heatmap(tables, "8/8/2k5/8/8/8/8/KBN5 b - - 0 1")
    b = heatmap(tables, "7k/8/8/8/8/8/8/KBN5 w - - 0 1")
    assert a == b
    assert np.count_nonzero([v["checkmate"] for v in a.values()]) == 0


def test_finds_mates_and_stalemates(tables):
    squares = heatmap(tables, "8/8/1K6/4B3/8/8/8/7N w - - 0 1")
    assert squares["a8"]["stalemate"] and squares["a8"]["category"] == "draw"
    squares = heatmap(tables, "8/4N3/6K1/4B3/8/8/8/8 w - - 0 1")
    assert squares["h8"] == {"category": "loss", "dtm": 0, "mate_in": 0, "checkmate": True, "stalemate": False}
    assert [name for name, v in squares.items() if v["checkmate"]] == ["h8"]


@pytest.mark.parametrize("fen,error", [
    ("nonsense", BoardSyntaxError),
    ("8/8/8/8/8/8/8/1BN4k w - - 0 1", IllegalPositionError),
    ("8/8/8/8/8/8/8/KBNQ3k w - - 0 1", OutOfTableError),  # three men
    ("8/8/8/8/8/8/8/KBn4k w - - 0 1", OutOfTableError),
])
def test_errors(tables, fen, error):
    with pytest.raises(error):
        heatmap(tables, fen)
