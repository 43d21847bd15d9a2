"""Helpers of the basic-mate tests: random legal boards of any 2D material drawn with python-chess
alone (an oracle independent of the engine), either colour holding the men."""

from __future__ import annotations

import random

import chess

from tablebase.mates import MATERIALS

NAMES = [t.material.name for t in MATERIALS]
KINDS = {"Q": chess.QUEEN, "R": chess.ROOK, "B": chess.BISHOP, "N": chess.KNIGHT}


def random_boards(material: str, count: int, seed: int, strong=None) -> list[chess.Board]:
    """``count`` random legal boards of ``material`` (e.g. "KRK"), either side to move; the men's
    colour random unless ``strong`` is given."""
    rng = random.Random(seed)
    men = [KINDS[k] for k in material[1:-1]]
    found = []
    while len(found) < count:
        side = strong if strong is not None else rng.choice((chess.WHITE, chess.BLACK))
        squares = rng.sample(range(64), len(men) + 2)
        board = chess.Board(None)
        board.set_piece_at(squares[0], chess.Piece(chess.KING, side))
        board.set_piece_at(squares[1], chess.Piece(chess.KING, not side))
        for square, kind in zip(squares[2:], men):
            board.set_piece_at(square, chess.Piece(kind, side))
        board.turn = rng.choice((chess.WHITE, chess.BLACK))
        if board.is_valid():
            found.append(board)
    return found


PAGE_FIELDS = {"turn", "strong", "pieces"}  # what a page shows beside lichess's fields
PAGE_MOVE_FIELDS = {"from", "to", "fen", "pieces"}  # each move's squares and position after it


def lichess_fields(body: dict) -> dict:
    """A 2D probe answer without what the server adds for the pages (board_facts.py): the answer
    the engine's ``probe`` gives."""
    out = {k: v for k, v in body.items() if k not in PAGE_FIELDS}
    out["moves"] = [{k: v for k, v in m.items() if k not in PAGE_MOVE_FIELDS} for m in body["moves"]]
    return out
