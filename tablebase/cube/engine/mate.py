"""A search for forced mates in one and two moves alone, run before the general search from level
3 up so that no mate in two is missed however wide the board: every move, then every reply, then
only the moves that mate.

>>> from tablebase.core.cube_notation import CubePosition
>>> from .board import SearchBoard
>>> board = SearchBoard(CubePosition.parse("[###,#K#,###],[###,###,###],[k##,###,#Q#]"), "w")
>>> move, plies = forced_mate(board, lambda: None)
>>> plies, board.rules.geometry.coords(move[1])
(1, (0, 1, 1))
"""

from __future__ import annotations

from typing import Callable

from .board import Move, SearchBoard


def mates_now(board: SearchBoard, tick: Callable[[], None]) -> Move | None:
    """A move of the side to move that checkmates, if one does."""
    mover = board.turn
    for move in board.checking_moves():
        tick()
        taken = board.make(move)
        try:
            if not board.attacked(mover) and board.in_check() and not board.has_legal_move():
                return move
        finally:
            board.unmake(move, taken)
    return None


def _every_reply_mated(board: SearchBoard, tick: Callable[[], None]) -> bool:
    """After the attacker's move: the defender has a move and every one of them is met by a mate
    (captures and king moves tried first: the likeliest to escape)."""
    cells, king = board.cells, board.kings[board.turn]
    replies = sorted(board.legal_moves(), key=lambda move: (cells[move[1]] is None, move[0] != king))
    if not replies:
        return False  # stalemate, or mate already (found as a mate in one)
    for reply in replies:
        taken = board.make(reply)
        try:
            if mates_now(board, tick) is None:
                return False
        finally:
            board.unmake(reply, taken)
    return True


def forced_mate(board: SearchBoard, tick: Callable[[], None]) -> tuple[Move, int] | None:
    """(a move, the plies to mate: 1 or 3) where the side to move mates in one or two, else None.
    ``tick`` is called at every node (it raises to stop the search)."""
    found = mates_now(board, tick)
    if found is not None:
        return found, 1
    cells = board.cells
    for move in sorted(board.legal_moves(), key=lambda move: cells[move[1]] is None):
        taken = board.make(move)
        try:
            if _every_reply_mated(board, tick):
                return move, 3
        finally:
            board.unmake(move, taken)
    return None
