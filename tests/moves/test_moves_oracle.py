"""Differential test of the 2D move checker against python-chess (a test-only oracle).

Positions come from random games and from sparse random placements (kings optional). For each
side, every piece's legal destinations must match python-chess's legal moves (a king is never
captured, so moves onto a king are left out of the oracle's set), and every answer of the piece
question, piece by piece, must agree with it too.
"""

from __future__ import annotations

import random
from collections import Counter

import chess
import pytest

from tablebase.core.fen import BoardPosition
from tablebase.moves.forms import MoveQuestion
from tablebase.moves.rule import check_move, legal_destinations

pytestmark = pytest.mark.slow  # thousands of positions against python-chess

GAME_POSITIONS = 6000
SPARSE_POSITIONS = 4000


def random_game_boards(rng: random.Random, count: int):
    """Positions met along random games: every few plies, until ``count`` are taken."""
    taken = 0
    while taken < count:
        board = chess.Board()
        while taken < count and not board.is_game_over(claim_draw=False):
            board.push(rng.choice(list(board.legal_moves)))
            if rng.random() < 0.12:
                taken += 1
                yield board.copy(stack=False)


def sparse_board(rng: random.Random) -> chess.Board:
    board = chess.Board(None)
    squares = rng.sample(range(64), 12)
    for color in (chess.WHITE, chess.BLACK):
        if rng.random() < 0.85:
            board.set_piece_at(squares.pop(), chess.Piece(chess.KING, color))
    for _ in range(rng.randrange(1, 9)):
        square = squares.pop()
        kind = rng.choice([chess.QUEEN, chess.ROOK, chess.BISHOP, chess.KNIGHT, chess.PAWN, chess.PAWN])
        if kind == chess.PAWN and chess.square_rank(square) in (0, 7):
            kind = chess.ROOK
        board.set_piece_at(square, chess.Piece(kind, rng.random() < 0.5))
    return board


def oracle_moves(board: chess.Board, color: bool) -> set[tuple[int, int]]:
    """python-chess's legal (from, to) pairs for ``color``, without captures of a king."""
    board = board.copy(stack=False)
    board.turn = color
    board.castling_rights = chess.BB_EMPTY
    board.ep_square = None
    kings = board.kings
    return {(m.from_square, m.to_square) for m in board.legal_moves if not kings & chess.BB_SQUARES[m.to_square]}


def positions():
    rng = random.Random(20240517)
    for board in random_game_boards(rng, GAME_POSITIONS):
        yield rng, board
    for _ in range(SPARSE_POSITIONS):
        yield rng, sparse_board(rng)


def test_against_python_chess():
    seen = Counter()
    positions_seen = 0
    for rng, board in positions():
        cells = BoardPosition.from_fen(board.board_fen()).cells
        positions_seen += 1
        for color in (chess.WHITE, chess.BLACK):
            expected = oracle_moves(board, color)
            mine = set()
            for square in chess.SquareSet(board.occupied_co[color]):
                mine.update((square, t) for t in legal_destinations(cells, square))
            assert mine == expected, (board.fen(), color, sorted(mine ^ expected))
            check_board = board.copy(stack=False)
            check_board.turn = color
            seen["check"] += check_board.is_check()
            seen["pin"] += any(check_board.is_pinned(color, s) for s in chess.SquareSet(board.occupied_co[color]))
            seen["promotion"] += any(board.piece_type_at(f) == chess.PAWN and chess.square_rank(t) in (0, 7)
                                     for f, t in expected)
            seen["double push"] += any(board.piece_type_at(f) == chess.PAWN and abs(t - f) == 16
                                       for f, t in expected)
            # a piece question, for a random kind of this side and a few targets
            code = "w" if color else "b"
            kind = rng.choice("KQRBNP")
            piece_type = chess.Piece.from_symbol(kind).piece_type
            targets = rng.sample(range(64), 6) + [t for f, t in expected if board.piece_type_at(f) == piece_type][:4]
            for target in targets:
                verdict = check_move(cells, MoveQuestion(code, kind, target))
                movers = {f for f, t in expected if t == target and board.piece_type_at(f) == piece_type}
                assert verdict.valid == bool(movers), (board.fen(), code, kind, target, verdict)
                assert {p.square for p in verdict.pieces if p.valid} == movers
                assert verdict.reason
                if len(verdict.pieces) > 1 and len({p.valid for p in verdict.pieces}) == 2:
                    seen["ambiguous piece type"] += 1
                seen["queries"] += 1
    assert positions_seen == GAME_POSITIONS + SPARSE_POSITIONS
    for case in ("check", "pin", "promotion", "double push", "ambiguous piece type"):
        assert seen[case] >= 50, seen


def test_position_after_a_valid_move_and_the_kings_in_check_match_python_chess(client):
    """The server plays the move for the page (promoting to a queen unless told otherwise) and says
    which kings are in check: the page applies no rule of its own."""
    played = 0
    for rng, board in list(positions())[:60]:
        fen = board.board_fen()
        answer = client.post("/api/2d/position", json={"fen": fen}).get_json()
        in_check = set()
        for color in (chess.WHITE, chess.BLACK):
            turned = board.copy(stack=False)
            turned.turn = color
            if turned.is_check():
                in_check.add(chess.square_name(turned.king(color)))
        assert set(answer["in_check"]) == in_check, fen
        for color in (chess.WHITE, chess.BLACK):
            moves = sorted(oracle_moves(board, color))
            for start, end in rng.sample(moves, min(3, len(moves))):
                uci = chess.square_name(start) + chess.square_name(end)
                promotes = board.piece_type_at(start) == chess.PAWN and chess.square_rank(end) in (0, 7)
                verdict = client.post("/api/2d/validate", json={"fen": fen, "move": uci}).get_json()
                after = board.copy(stack=False)
                after.turn, after.castling_rights, after.ep_square = color, chess.BB_EMPTY, None
                after.push(chess.Move(start, end, chess.QUEEN if promotes else None))
                assert verdict["valid"] and verdict["after"] == after.board_fen(), (fen, uci)
                played += 1
    assert played > 100
