"""FEN reading and writing, against python-chess (test-only oracle) on positions from random games."""

import random

import chess
import pytest

from tablebase.core.fen import BoardPosition, placement
from tablebase.errors import ChessInputError


def random_boards(count: int, seed: int = 7):
    rng = random.Random(seed)
    boards = []
    while len(boards) < count:
        board = chess.Board()
        for _ in range(rng.randrange(0, 80)):
            moves = list(board.legal_moves)
            if not moves:
                break
            board.push(rng.choice(moves))
        boards.append(board)
    return boards


def test_placement_and_turn_match_python_chess():
    for board in random_boards(300):
        position = BoardPosition.from_fen(board.fen())
        assert position.board_fen() == board.board_fen()
        assert position.turn == ("w" if board.turn else "b")
        for square, piece in position.pieces().items():
            assert board.piece_at(square).symbol() == piece.symbol()
        assert len(position.pieces()) == len(board.piece_map())


def test_placement_of_sparse_boards_matches_python_chess():
    rng = random.Random(11)
    for _ in range(2000):
        board, symbols = chess.Board(None), {}
        for square in rng.sample(range(64), rng.randint(0, 12)):
            symbols[square] = rng.choice("KQRBNPkqrbnp")
            board.set_piece_at(square, chess.Piece.from_symbol(symbols[square]))
        assert placement(symbols) == board.board_fen()


def test_underscores_stand_for_spaces():
    assert BoardPosition.from_fen("8/8/8/8/8/8/2k5/KNB5_b").turn == "b"


@pytest.mark.parametrize("fen, words", [
    ("", "invalid fen"),
    ("8/8/8/8/8/8/8 w", "expected 8 ranks"),
    ("8/8/8/8/8/8/8/KBNQ4k w", "more than 8 squares"),
    ("8/8/8/8/8/8/8/K6 w", "does not have 8 squares"),
    ("8/8/8/8/8/8/8/K6x w", "unknown character 'x'"),
    ("8/8/8/8/8/8/8/K7 x", "side to move"),
    ("8/8/8/8/8/8/8/K7 w - z9 0 1", "en passant"),
    ("8/8/8/8/8/8/8/K7 w - - 0 1 extra", "too many fields"),
])
def test_malformed_fen_is_named(fen, words):
    with pytest.raises(ChessInputError) as err:
        BoardPosition.from_fen(fen)
    assert words in str(err.value) and repr(fen) in str(err.value)
