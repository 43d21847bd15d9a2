"""Values of 3D endgame positions from the tables: White to move straight from its table, Black
to move from the lone king's replies (a capture reads the smaller material's table; KK draws)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

import numpy as np

from ...retrograde import Material, cube_board
from ...retrograde.attacks import attacked, king_targets, man_targets
from .position import EndgamePosition
from .table import CubeTable

Tables = Callable[[Material], CubeTable]


def white_to_move(tables: Tables, material: Material, king, men, lone) -> np.ndarray:
    """DTM in White moves (0: not won) of legal White-to-move positions; KK is drawn."""
    if not material.pieces:
        return np.zeros(np.broadcast(king, lone).shape, dtype=np.int64)
    return tables(material).white_to_move(king, men, lone).astype(np.int64)


@dataclass(frozen=True)
class LoneKingReplies:
    """For a batch of Black-to-move positions: each reply (``targets``, -1 padding) with
    ``legal`` and ``values`` (White's DTM after it, 0 drawn), and the position's own ``dtm``
    (White moves still needed, -1 drawn), ``check``, ``mate``, ``stalemate``."""

    targets: np.ndarray
    legal: np.ndarray
    values: np.ndarray
    dtm: np.ndarray
    check: np.ndarray
    mate: np.ndarray
    stalemate: np.ndarray


def black_to_move(tables: Tables, n: int, material: Material, king, men: list, lone) -> LoneKingReplies:
    board, kinds = cube_board(n), material.pieces
    king, lone = np.asarray(king), np.asarray(lone)
    men = [np.asarray(m) for m in men]
    targets = king_targets(board, lone)
    on_board = targets >= 0
    to = np.where(on_board, targets, 0)
    around = [king[:, None], *(m[:, None] for m in men)]
    taken = np.full(to.shape, -1)
    for i, square in enumerate(around[1:]):
        taken = np.where(to == square, i, taken)
    plain = on_board & (to != around[0]) & (taken < 0)
    legal = plain & ~attacked(board, kinds, around, to)
    values = np.where(legal, white_to_move(tables, material, around[0], around[1:], to), 0)
    for i in range(len(kinds)):
        rest = [square for j, square in enumerate(around[1:]) if j != i]
        smaller = material.without(i)
        takes = on_board & (taken == i) & ~attacked(board, smaller.pieces, [around[0], *rest], to)
        values = np.where(takes, white_to_move(tables, smaller, around[0], rest, to), values)
        legal |= takes
    check = attacked(board, kinds, [king, *men], lone)
    has_move = legal.any(axis=1)
    escape = (legal & (values == 0)).any(axis=1)
    worst = np.where(legal, values, 0).max(axis=1, initial=0)
    stalemate = ~has_move & ~check
    dtm = np.where(escape | stalemate, -1, worst)
    return LoneKingReplies(targets, legal, values, dtm, check, ~has_move & check, stalemate)


def white_moves(position: EndgamePosition) -> list[tuple[int, int, int]]:
    """White's legal moves as (man, from, to); man -1 is the king."""
    board = cube_board(position.n)
    occupied = [position.king, *position.squares, position.lone]
    moves = [(-1, position.king, int(t)) for t in board.steps("K")[position.king]
             if t not in occupied and not board.touching[position.lone, t]]
    for i, (kind, square) in enumerate(position.men):
        others = [s for s in occupied if s != square]
        moves.extend((i, square, int(t)) for t in man_targets(board, kind, square, others))
    return moves
