"""SAN from the rules core (generic), and the probe's legal moves and SAN, against python-chess
(a test-only oracle)."""

import random

import chess
import pytest
from tests.helpers.kbnk import board_fen, random_legal

from tablebase.core.rules import Move, Piece
from tablebase.core.san import SanWriter, move_san
from tablebase.errors import IllegalMoveError
from tablebase.mates import probe


def cells_of(board: chess.Board) -> list:
    cells = [None] * 64
    for square, piece in board.piece_map().items():
        cells[square] = Piece("w" if piece.color else "b", piece.symbol().upper())
    return cells


def random_game_positions(seed: int, games: int, plies: int):
    rng = random.Random(seed)
    for _ in range(games):
        board = chess.Board()
        board.castling_rights = chess.BB_EMPTY  # the rules core has no castling
        for _ in range(plies):
            moves = [m for m in board.legal_moves]
            if not moves:
                break
            board.push(rng.choice(moves))
            board.castling_rights = chess.BB_EMPTY
            yield board.copy(stack=False)


def test_san_matches_python_chess_over_random_games():
    compared = 0
    kinds = set()
    for board in random_game_positions(seed=11, games=12, plies=60):
        cells = cells_of(board)
        for move in board.legal_moves:
            ours = move_san(cells, Move(move.from_square, move.to_square,
                                        chess.piece_symbol(move.promotion).upper() if move.promotion else None))
            assert ours == board.san(move), (board.fen(), move.uci())
            compared += 1
            kinds.update(c for c in ours if c in "x+#=")
            if len(ours) >= 4 and ours[0] in "NBRQ" and ours[1] in "abcdefgh12345678" and ours[2] not in "x+#":
                kinds.add("disambiguated")
    assert compared > 2_000
    assert {"x", "+", "#", "=", "disambiguated"} <= kinds or {"x", "+", "="} <= kinds


@pytest.mark.parametrize("fen, uci, san", [
    ("4k3/8/8/8/8/4K3/8/R6R w - - 0 1", "a1d1", "Rad1"),
    ("7k/8/8/8/R7/8/8/R3K3 w - - 0 1", "a1a2", "R1a2"),
    ("k7/8/8/8/8/2Q1Q3/8/2Q1K3 w - - 0 1", "c1d2", "Q1d2"),
    ("8/7k/8/8/8/Q1Q5/8/2Q1K3 w - - 0 1", "c3b2", "Qc3b2"),
    ("k7/4P3/8/8/8/8/8/4K3 w - - 0 1", "e7e8q", "e8=Q+"),
    ("8/8/8/3pP3/8/8/8/k3K3 w - d6 0 1", "e5d6", "exd6"),
    ("6k1/5ppp/8/8/8/8/8/R3K3 w - - 0 1", "a1a8", "Ra8#"),
])
def test_san_hand_made(fen, uci, san):
    board = chess.Board(fen)
    assert board.san(chess.Move.from_uci(uci)) == san  # the oracle agrees with the expectation
    assert move_san(cells_of(board), Move.from_uci(uci)) == san


@pytest.mark.parametrize("fen", [
    "k7/8/8/8/8/2Q1Q3/8/2Q1K3 w - - 0 1",  # three queens: rivals differ from target to target
    "8/7k/8/8/8/Q1Q5/8/2Q1K3 w - - 0 1",
    "7k/8/8/3N1N2/8/3N1N2/8/4K3 w - - 0 1",  # four knights
    "4k3/8/8/8/8/4K3/8/R6R w - - 0 1",  # two rooks
])
def test_piece_sans_of_many_like_pieces_match_python_chess(fen):
    """The probe's one-pass SAN (``piece_sans``), its path for two like pieces and for more."""
    board = chess.Board(fen)
    legal = [(m.from_square, m.to_square) for m in board.legal_moves]
    checks = [board.gives_check(m) for m in board.legal_moves]
    mates = []
    for move in board.legal_moves:
        board.push(move)
        mates.append(board.is_checkmate())
        board.pop()
    starts, ends = [s for s, _ in legal], [t for _, t in legal]
    sans = SanWriter(cells_of(board), legal_moves=legal).piece_sans(starts, ends, checks, mates)
    assert sans == [board.san(m) for m in board.legal_moves]
    assert any(len(san.rstrip("+#")) > 3 for san in sans)  # some move is disambiguated


def test_san_of_an_empty_square_is_an_error():
    with pytest.raises(IllegalMoveError):
        move_san([None] * 64, Move.from_uci("e2e4"))


def _mixed_positions(full, count: int, seed: int):
    """Random legal KBNK positions of both sides, with the pieces given to either colour, and
    some of them reduced to KBK, KNK or KK."""
    rng = random.Random(seed)
    for side, white in (("wtm", True), ("btm", False)):
        for wk, wb, wn, bk in random_legal(full, side, count, seed=seed + white):
            drop = rng.random()
            wb = None if 0.8 < drop < 0.9 or drop > 0.95 else int(wb)
            wn = None if drop > 0.9 else int(wn)
            fen = board_fen(int(wk), wb, wn, int(bk), white)
            board = chess.Board(fen)
            if rng.random() < 0.5:
                board = board.mirror()
            if board.is_valid():
                yield board


@pytest.mark.slow
def test_probe_moves_and_san_match_python_chess(tables, kbnk_full):
    checked = 0
    for board in _mixed_positions(kbnk_full, 1500, seed=21):
        answer = probe(tables, board.fen())
        ours = {m["uci"]: m for m in answer["moves"]}
        theirs = {m.uci(): m for m in board.legal_moves}
        assert set(ours) == set(theirs), board.fen()
        for uci, move in theirs.items():
            assert ours[uci]["san"] == board.san(move), (board.fen(), uci)
            board.push(move)
            assert ours[uci]["checkmate"] == board.is_checkmate()
            assert ours[uci]["stalemate"] == board.is_stalemate()
            assert ours[uci]["insufficient_material"] == board.is_insufficient_material()
            board.pop()
        assert answer["checkmate"] == board.is_checkmate()
        assert answer["stalemate"] == board.is_stalemate()
        checked += 1
    assert checked > 2500
