"""Differential tests of the 2D tables against the published Gaviota DTM tables (python-chess as a
test-only prober): KQK and KRK whole (every legal position of both sides to move), KBBK on 100,000
random positions of each side and every longest mate; and every move's value of a sample of
positions against Gaviota's value of the position it leads to. Legality is python-chess's."""

from __future__ import annotations

import itertools
import random

import chess
import chess.gaviota
import numpy as np
import pytest
from tests.helpers.reference_tables import reference_tables

from tablebase.mates import probe
from tablebase.tables import NOT_WON, TableId, lone_to_move, strong_to_move

pytestmark = pytest.mark.slow  # whole tables against Gaviota and Syzygy

KINDS = {"Q": chess.QUEEN, "R": chess.ROOK, "B": chess.BISHOP, "N": chess.KNIGHT}
SAMPLE = 100_000
MOVE_SAMPLE = 1000


@pytest.fixture(scope="module")
def gaviota():
    with chess.gaviota.open_tablebase(str(reference_tables() / "gaviota")) as tablebase:
        yield tablebase


def placements(material: str, sample: int | None, seed: int):
    """(king, men, lone) square tuples: every placement of distinct squares, or ``sample`` random ones."""
    count = len(material)  # the two kings and the men
    if sample is None:
        yield from itertools.permutations(range(64), count)
        return
    rng = random.Random(seed)
    for _ in range(sample):
        yield tuple(rng.sample(range(64), count))


def legal_boards(material: str, white: bool, sample: int | None, seed: int):
    """Placements (king, men..., lone) legal with that side to move, as python-chess judges."""
    kinds = [KINDS[k] for k in material[1:-1]]
    board = chess.Board.empty()
    board.turn = white
    found = []
    for squares in placements(material, sample, seed):
        pieces = {squares[0]: chess.Piece(chess.KING, chess.WHITE), squares[-1]: chess.Piece(chess.KING, chess.BLACK)}
        pieces.update({s: chess.Piece(k, chess.WHITE) for s, k in zip(squares[1:-1], kinds)})
        board.set_piece_map(pieces)
        if board.is_valid():
            found.append(squares)
    return np.array(found, dtype=np.int64)


def our_plies(tables, table: TableId, rows: np.ndarray, white: bool) -> np.ndarray:
    """Our value of each row in Gaviota's terms: plies to mate, signed for the side to move, 0 for
    draws and for the side to move checkmated."""
    king, men, lone = rows[:, 0], [rows[:, i] for i in range(1, rows.shape[1] - 1)], rows[:, -1]
    if white:
        moves = strong_to_move(tables, table, king, men, lone)
        return np.where(moves == NOT_WON, 0, 2 * moves - 1)
    moves = lone_to_move(tables, table, king, men, lone).dtm
    return np.where(moves == NOT_WON, 0, -2 * moves)


def mismatches(tables, gaviota, material: str, rows: np.ndarray, white: bool) -> list:
    ours = our_plies(tables, TableId.chess(material), rows, white)
    kinds = [KINDS[k] for k in material[1:-1]]
    board = chess.Board.empty()
    board.turn = white
    wrong = []
    for squares, value in zip(rows.tolist(), ours.tolist()):
        pieces = {squares[0]: chess.Piece(chess.KING, chess.WHITE), squares[-1]: chess.Piece(chess.KING, chess.BLACK)}
        pieces.update({s: chess.Piece(k, chess.WHITE) for s, k in zip(squares[1:-1], kinds)})
        board.set_piece_map(pieces)
        expected = gaviota.probe_dtm(board)
        if expected != value:
            wrong.append((board.fen(), value, expected))
    return wrong


@pytest.mark.parametrize("material", ["KQK", "KRK"])
@pytest.mark.parametrize("white", [True, False])
def test_whole_table_matches_gaviota(tables, gaviota, material, white):
    rows = legal_boards(material, white, None, 0)
    assert len(rows) > 100_000  # every legal placement (KQK, White to move: 144,508)
    wrong = mismatches(tables, gaviota, material, rows, white)
    assert not wrong, wrong[:5]


@pytest.mark.parametrize("white", [True, False])
def test_kbbk_sample_and_longest_match_gaviota(tables, gaviota, white):
    table = TableId.chess("KBBK")
    rows = legal_boards("KBBK", white, SAMPLE, 7 if white else 8)
    longest = tables(table).summary.longest
    entries = np.flatnonzero(tables(table).read_all() == longest)
    king, men, lone = table.space.squares(entries)
    rows = np.concatenate([rows, np.stack([king, *men, lone], axis=1)]) if white else rows
    values = our_plies(tables, table, rows, white)
    assert (values == 2 * longest - 1).any() if white else (values < 0).any()
    assert (values == 0).any()  # draws too (bishops of one colour, the lone king taking a bishop)
    wrong = mismatches(tables, gaviota, "KBBK", rows, white)
    assert not wrong, wrong[:5]


@pytest.mark.parametrize("material", ["KQK", "KRK", "KBBK"])
def test_every_moves_value_matches_gaviota(tables, gaviota, material):
    """Each move of the probe, the value after it against Gaviota's for the board it leads to
    (python-chess plays the move); either colour holding the men, either side to move."""
    rng = random.Random(len(material))
    kinds = [KINDS[k] for k in material[1:-1]]
    checked = 0
    while checked < MOVE_SAMPLE:
        squares = rng.sample(range(64), len(kinds) + 2)
        strong = rng.choice((chess.WHITE, chess.BLACK))
        board = chess.Board.empty()
        board.set_piece_map({squares[0]: chess.Piece(chess.KING, strong), squares[1]: chess.Piece(chess.KING, not strong),
                             **{s: chess.Piece(k, strong) for s, k in zip(squares[2:], kinds)}})
        board.turn = rng.choice((chess.WHITE, chess.BLACK))
        if not board.is_valid():
            continue
        checked += 1
        answer = probe(tables, board.fen())
        assert (answer["dtm"] or 0) == gaviota.probe_dtm(board), board.fen()
        for move in answer["moves"]:
            board.push_uci(move["uci"])
            expected = gaviota.probe_dtm(board) if len(board.piece_map()) > 2 else 0
            assert (move["dtm"] or 0) == expected, (board.fen(), move)
            board.pop()
