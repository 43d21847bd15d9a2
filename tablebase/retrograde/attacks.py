"""Attacks and moves for batches of positions (int arrays of squares), from the board's tables:
what the probe needs to value every move of a position at once."""

from __future__ import annotations

import weakref

import numpy as np

from ..core.caches import bounds, trims
from .board_tables import Board


def attacked(board: Board, kinds: tuple[str, ...], men: list, target) -> np.ndarray:
    """Whether White's men (``men[0]`` the king, then one array per kind in ``kinds``) attack or
    defend ``target``; nothing else stands on the board (the lone king lifted off)."""
    hit = board.reach("K")[men[0], target]
    for i, kind in enumerate(kinds, start=1):
        slides = board.slides(kind)
        reach = (board.ride_reach(kind) if slides else board.reach(kind))[men[i], target]
        if slides:
            for j, blocker in enumerate(men):
                if j != i:
                    reach = reach & ~board.blocked(kind, men[i], target, blocker)
            if board.leaps(kind):
                reach = reach | board.leap_reach(kind)[men[i], target]
        hit = hit | reach
    return hit


def king_replies(board: Board, squares) -> np.ndarray:
    """[i, k]: the k-th square a king step from ``squares[i]`` reaches, then that square itself
    past the last step and in the last column (so that one attack test of a row also tells
    whether the king stands in check)."""
    table = board._cache.get("king replies")
    if table is None:
        steps = board.steps("K")
        table = np.repeat(np.arange(board.cubes)[:, None], max(map(len, steps)) + 1, axis=1)
        for s, targets in enumerate(steps):
            table[s, :len(targets)] = targets
        board._cache["king replies"] = table
    return table[np.asarray(squares, dtype=np.int64)]


def attack_sets(board: Board, kinds: tuple[str, ...]) -> np.ndarray | None:
    """On boards of at most 64 squares, what ``attacked`` says for every placement at once:
    ``sets[king, man, ...]`` is a bit set (uint64) of the squares attacked. Made from each man's
    reach as a bit set, less the squares each other man shadows (those behind it on the slider's
    line: ``blocked`` read for every slider, blocker and target at once), so that a material's sets
    cost milliseconds, not a walk of every placement. None on larger boards."""
    cubes = board.cubes
    if cubes > 64:
        return None
    weights = _BITS[:cubes]
    axes = len(kinds) + 1

    def bits(table: np.ndarray) -> np.ndarray:  # bools over the last axis, as bit sets
        return (table * weights).sum(axis=-1, dtype=np.uint64)

    def on(table: np.ndarray, *at: int) -> np.ndarray:  # ``table``'s axes laid on the placement's axes ``at``
        order = np.argsort(at)
        shape = [1] * axes
        for axis in at:
            shape[axis] = cubes
        return table.transpose(order).reshape(shape)

    square = np.arange(cubes)
    sets = on(bits(board.reach("K")), 0)
    for i, kind in enumerate(kinds, start=1):
        slides = board.slides(kind)
        hit = on(bits(board.ride_reach(kind) if slides else board.reach(kind)), i)
        if slides:
            shadow = ~bits(board.blocked(kind, square[:, None, None], square[None, None, :], square[None, :, None]))
            for j in range(axes):
                if j != i:
                    hit = hit & on(shadow, i, j)
            if board.leaps(kind):
                hit = hit | on(bits(board.leap_reach(kind)), i)
        sets = sets | hit
    return np.ascontiguousarray(np.broadcast_to(sets, (cubes,) * axes))


def attacked_fast(board: Board, kinds: tuple[str, ...], men: list, target) -> np.ndarray:
    """``attacked``, read from ``attack_sets`` where the board is small enough and the sets are
    kept (``caches.bounds().attack_set_bytes`` over every board)."""
    key = ("attack sets", kinds)  # kept on the board: hashing the board costs more than the lookup
    sets = board._cache[key] if key in board._cache else _kept_sets(board, kinds)
    if sets is None:
        return attacked(board, kinds, men, target)
    found = sets[tuple(men)]
    return (found & _BITS.take(target)) != 0


_HOLDERS: weakref.WeakSet = weakref.WeakSet()  # the boards that have kept attack sets


def _kept_sets(board: Board, kinds: tuple[str, ...]) -> np.ndarray | None:
    """The attack sets of ``kinds``, made and kept if they fit within the bound (None: not kept,
    and not asked for again while the board keeps its tables)."""
    wanted = board.cubes ** (len(kinds) + 1) * 8
    held = sum(size for size, _, _ in _held())
    sets = attack_sets(board, kinds) if held + wanted <= bounds().attack_set_bytes else None
    board._cache[("attack sets", kinds)] = sets
    _HOLDERS.add(board)
    return sets


def _held() -> list[tuple[int, Board, tuple]]:
    return [(sets.nbytes, board, key) for board in list(_HOLDERS) for key, sets in list(board._cache.items())
            if type(key) is tuple and key[0] == "attack sets" and sets is not None]


@trims
def _trim_sets() -> None:
    """With a new bound: drop kept sets, the largest first, until they are within it, and forget
    which were refused (they may fit now)."""
    for board in list(_HOLDERS):
        for key in [k for k, sets in list(board._cache.items()) if type(k) is tuple and k[0] == "attack sets"
                    and sets is None]:
            board._cache.pop(key, None)
    held = sorted(_held(), key=lambda h: -h[0])
    total = sum(size for size, _, _ in held)
    for size, board, key in held:
        if total <= bounds().attack_set_bytes:
            break
        board._cache.pop(key, None)
        total -= size


_BITS = np.left_shift(np.uint64(1), np.arange(64, dtype=np.uint64))  # a square's bit in a set
