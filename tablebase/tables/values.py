"""The one evaluator of positions from the tables, for every board and material: the strong side
to move reads its table; the lone king to move takes the best of its replies (a capture reads the
smaller material's table; KK draws).

Values are moves to mate for the strong side, or ``NOT_WON`` (-1) where it does not win. Stored
entries say 0 for that (a White-to-move mate takes at least one move); lone king to move, 0 means
it is checkmated."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

import numpy as np

from ..retrograde.attacks import attacked_fast as attacked, king_targets
from .ids import TableId
from .reader import TableFile

NOT_WON = -1
Tables = Callable[[TableId], TableFile]


def strong_to_move(tables: Tables, table: TableId, king, men, lone) -> np.ndarray:
    """Moves to mate (``NOT_WON``) of legal positions, the strong side to move."""
    if not table.material.pieces:
        return np.full(np.broadcast(np.asarray(king), np.asarray(lone)).shape, NOT_WON, dtype=np.int64)
    stored = tables(table).lookup(table.space.index(king, men, lone)).astype(np.int64)
    return np.where(stored == 0, NOT_WON, stored)


def _wins_some(tables: Tables, table: TableId) -> bool:
    """Whether the strong side wins any position of ``table`` (KBK, KNK, KRK on a cube... win none)."""
    return bool(table.material.pieces) and tables(table).summary.longest > 0


@dataclass(frozen=True)
class LoneKingReplies:
    """For a batch of positions with the lone king to move: each reply (``targets``, -1 padding)
    with ``legal`` and ``values`` (moves to mate after it, or NOT_WON), and the position's own
    ``dtm`` (moves the strong side still needs, NOT_WON when drawn; 0 when mated), ``check``,
    ``mate``, ``stalemate``."""

    targets: np.ndarray
    legal: np.ndarray
    values: np.ndarray
    dtm: np.ndarray
    check: np.ndarray
    mate: np.ndarray
    stalemate: np.ndarray


def lone_to_move(tables: Tables, table: TableId, king, men: list, lone) -> LoneKingReplies:
    """Legal positions of ``table``'s material, the lone king to move; squares as 1-D int arrays
    of one length (``men`` one array per man, in the material's order)."""
    board, kinds = table.board, table.material.pieces
    king, lone = np.asarray(king, dtype=np.int64), np.asarray(lone, dtype=np.int64)
    men = [np.asarray(m, dtype=np.int64) for m in men]
    targets = king_targets(board, lone)
    on_board = targets >= 0
    to = np.where(on_board, targets, 0)
    around = [king[:, None], *(m[:, None] for m in men)]
    taken = np.full(to.shape, -1)
    for i, square in enumerate(around[1:]):
        taken = np.where(to == square, i, taken)
    # A man's square is attacked exactly when another man defends it (no man attacks its own
    # square, and a line ends on the man it meets), so one attack test serves the captures too.
    legal = on_board & (to != around[0]) & ~attacked(board, kinds, around, to)
    values = np.where(legal & (taken < 0), strong_to_move(tables, table, around[0], around[1:], to), NOT_WON)
    for i in range(len(kinds)):
        takes = legal & (taken == i)
        smaller = table.without(i)
        if takes.any() and _wins_some(tables, smaller):  # else the capture draws: NOT_WON already
            rest = [square for j, square in enumerate(around[1:]) if j != i]
            values = np.where(takes, strong_to_move(tables, smaller, around[0], rest, to), values)
    check = attacked(board, kinds, [king, *men], lone)
    has_move = legal.any(axis=1)
    escape = (legal & (values == NOT_WON)).any(axis=1)
    slowest = np.where(legal, values, 0).max(axis=1, initial=0)
    stalemate = ~has_move & ~check
    dtm = np.where(escape | stalemate, NOT_WON, slowest)
    return LoneKingReplies(targets, legal, values, dtm, check, ~has_move & check, stalemate)
