"""The one evaluator of positions from the tables, for every board and material: the strong side
to move reads its table; the lone king to move takes the best of its replies (a capture reads the
smaller material's table; KK draws).

Values are moves to mate for the strong side, or ``NOT_WON`` (-1) where it does not win. Stored
entries say 0 for that (a White-to-move mate takes at least one move); lone king to move, 0 means
it is checkmated."""

from __future__ import annotations

from typing import Callable, NamedTuple

import numpy as np

from ..retrograde.attacks import attacked_fast as attacked, king_replies
from .ids import TableId
from .layout import layout_of
from .reader import TableFile

NOT_WON = -1
Tables = Callable[[TableId], TableFile]


def prepare(table: TableId) -> None:
    """Make the board's and the space's tables that valuing positions of ``table`` reads (all but
    the attack sets, which ``caches`` bounds): a server makes them before its workers fork, so
    that they share them."""
    board = table.board
    table.space.prepare()
    layout_of(table)  # where a file of this version keeps each position
    king_replies(board, [0])
    board.touching  # noqa: B018 - made on first read
    for kind in ("K", *table.material.pieces):
        board.reach(kind)
        if board.slides(kind):
            board.lines(kind)
            board.ride_reach(kind), board.leap_reach(kind)


def strong_to_move(tables: Tables, table: TableId, king, men, lone):
    """Moves to mate (``NOT_WON``) of legal positions, the strong side to move: an array, or an
    int for one position given as Python ints."""
    stored = _stored(tables, table, king, men, lone)
    if type(stored) is int:
        return stored if stored else NOT_WON
    stored = stored.astype(np.int64)
    return np.where(stored == 0, NOT_WON, stored)


def _stored(tables: Tables, table: TableId, king, men, lone):
    """The stored entries (0: not won) of positions, the strong side to move; KK wins nothing."""
    if not table.material.pieces:
        return np.zeros(np.broadcast(np.asarray(king), np.asarray(lone)).shape, dtype=np.uint8)
    found = tables(table)
    index = found.index(king, men, lone)
    if type(index) is int:
        return found.entry(index)
    return found.lookup(index)


def _wins_some(tables: Tables, table: TableId) -> bool:
    """Whether the strong side wins any position of ``table`` (KBK, KNK, KRK on a cube... win none)."""
    return bool(table.material.pieces) and tables(table).summary.longest > 0


class LoneKingReplies(NamedTuple):  # a value object; a tuple, made once per batch (quicker than a dataclass)
    """For a batch of positions with the lone king to move: each reply (``targets``, padded with
    the lone king's own square) with ``legal`` and ``stored`` (the strong side's moves to mate
    after it, 0 where it does not win), and the position's own ``dtm`` (moves the strong side
    still needs, NOT_WON when drawn; 0 when mated), ``check``, ``mate``, ``stalemate``."""

    targets: np.ndarray
    legal: np.ndarray
    stored: np.ndarray
    dtm: np.ndarray
    check: np.ndarray
    mate: np.ndarray
    stalemate: np.ndarray

    @property
    def values(self) -> np.ndarray:
        """Moves to mate after each legal reply, NOT_WON where the strong side does not win."""
        return np.where(self.legal & (self.stored > 0), self.stored.astype(np.int64), NOT_WON)


def lone_to_move(tables: Tables, table: TableId, king, men: list, lone) -> LoneKingReplies:
    """Legal positions of ``table``'s material, the lone king to move; squares as 1-D int arrays
    of one length (``men`` one array per man, in the material's order)."""
    board, kinds = table.board, table.material.pieces
    king, lone = np.asarray(king, dtype=np.int64), np.asarray(lone, dtype=np.int64)
    men = [np.asarray(m, dtype=np.int64) for m in men]
    replies = king_replies(board, lone)
    around = [king[:, None], *(m[:, None] for m in men)]
    # A man's square is attacked exactly when another man defends it (no man attacks its own
    # square, and a line ends on the man it meets), so one attack test serves the captures too;
    # the lone king's own square (the last column) says whether it is in check.
    hit = attacked(board, kinds, around, replies)
    to = replies[:, :-1]
    legal = (to != lone[:, None]) & (to != around[0]) & ~hit[:, :-1]
    check = hit[:, -1]
    stored = _stored(tables, table, around[0], around[1:], to)
    for i, square in enumerate(around[1:]):
        takes = legal & (to == square)
        if np.count_nonzero(takes):  # (not ``any()``: its Python wrapper costs more than the count)
            smaller = table.without(i)
            if _wins_some(tables, smaller):
                stored = _after_captures(tables, smaller, takes, around[0], around[1:i + 1] + around[i + 2:], to,
                                         stored)
            else:  # the capture draws
                stored = np.where(takes, np.uint8(0), stored)
    # Reductions by the ufuncs themselves: ``any``/``max`` add a Python wrapper's cost, which on
    # a probe's small batch outweighs the work.
    has_move = np.logical_or.reduce(legal, axis=1)
    escape = np.logical_or.reduce(legal & (stored == 0), axis=1)
    slowest = np.maximum.reduce(stored * legal, axis=1).astype(np.int64)
    stalemate = ~(has_move | check)
    dtm = np.where(escape | stalemate, NOT_WON, slowest)
    return LoneKingReplies(to, legal, stored, dtm, check, check & ~has_move, stalemate)


FEW_CAPTURES = 8  # up to so many captures are read one position at a time (a probe has a handful)


def _after_captures(tables: Tables, smaller: TableId, takes: np.ndarray, king, men: list, to,
                    stored: np.ndarray) -> np.ndarray:
    """``stored`` with the replies ``takes`` (captures of one man) read from the ``smaller``
    table: the men left are ``men``. A handful is read position by position, without the array
    work of a whole batch; many (a bulk evaluation) as a batch."""
    rows, cols = np.nonzero(takes)
    if len(rows) > FEW_CAPTURES:
        return np.where(takes, _stored(tables, smaller, king, men, to), stored)
    for row, col in zip(rows.tolist(), cols.tolist()):
        stored[row, col] = _stored(tables, smaller, int(king[row, 0]), [int(m[row, 0]) for m in men], int(to[row, col]))
    return stored
