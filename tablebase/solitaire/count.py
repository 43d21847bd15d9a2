"""Exact solitaire solution counts for boards up to 4x4, level by level with NumPy.

Level q holds every distinct position reachable with q pieces left and its number of capture
paths from the start. Only the squares occupied at the start can ever be occupied, so a position
is 3 bits (0 empty, 1..6 = K Q R B N P) for each of them: at most 48 bits in a uint64, leaving the
low ``64 - 3 * pieces`` bits free. All captures of a level are generated at once; positions reached
several ways are merged by sorting (position << free bits | a limb of the parent's path count):
runs of one position are summed. Sorting plain uint64 is fast in NumPy where argsort is not, so a
count is cut into limbs of the free bits, one sort per limb, and kept exact however large. The
number of solutions is the sum of the path counts at one piece.

Every reachable position is visited, so the cost grows with the reachable state space: about 1.5
million positions (13 million captures) for a hard 13-piece 4x4 board, over 100 million for 16
pieces. Past ``level_captures`` captures out of one level (the memory, about 45 bytes each at the
peak) or ``total_captures`` over all levels (the time; each level also counts ``LEVEL_COST`` for
its fixed costs), it gives up with ``CountLimitError`` before making more: counted work, not
seconds, so a board is counted or refused the same way however busy the machine.
"""

from __future__ import annotations

import time

import numpy as np

from ..core.caches import entries
from ..core.message import N_, msg
from .board import KINDS
from .captures import move_tables, ray_steps

MAX_COUNTED_SIDE = 4  # the largest board whose solutions are counted: 3 bits * 16 squares = 48 bits, a uint64
# Defaults for direct callers; the server's solver passes its own budget (solver.Budget).
LEVEL_CAPTURES = 3_500_000  # about 45 bytes each at the peak
TOTAL_CAPTURES = 10_000_000  # about 35 ns each on the bench machine
# A level's fixed costs (its NumPy calls per square, kind and move), in captures of the same time.
LEVEL_COST = 20_000
_MAX_LIMB_BITS = 40  # a run of equal positions (at most a few thousand) sums without overflow


class CountLimitError(Exception):
    """Raised past the limits; the solver turns it into its ``SolverLimitError``."""

    def __init__(self, limit: int, what: str):
        self.says = msg(_BEYOND[what], limit=limit)  # said inside the solver's refusal
        super().__init__(self.says.text())
        self.limit = limit


_BEYOND = {"out of one level": N_("more than %(limit)s captures out of one level"),
           "in all": N_("more than %(limit)s captures in all")}


@entries
def capture_moves(n: int) -> dict:
    """{(square, kind code): ((target, mask of the target and the squares between), ...)}, from
    the one capture rule's tables."""
    tables = move_tables(n)
    return {(s, code): tuple(ray_steps(tables, code, s))
            for code in range(1, len(KINDS) + 1) for s in range(n * n)}


def board_moves(n: int, squares: tuple, offset: int) -> dict:
    """``capture_moves`` on the squares occupied at the start, renumbered 0, 1, ...: a square
    empty at the start stays empty, so it never blocks and is never a target. Targets are given
    as the bit offset of their field (square i at ``offset + 3 * i``)."""
    index = {s: i for i, s in enumerate(squares)}
    moves = {}
    for (s, code), found in capture_moves(n).items():
        if s not in index:
            continue
        compact = []
        for t, need in found:
            if t in index:
                mask = sum(1 << index[q] for q in squares if need >> q & 1)
                compact.append((np.uint64(offset + 3 * index[t]), np.uint64(mask),
                                np.uint64(1 << index[t])))
        moves[(index[s], code)] = compact
    return moves


def occupancy(states: np.ndarray, squares: int, offset: int) -> np.ndarray:
    occ = np.zeros(states.shape, np.uint64)
    for i in range(squares):
        field = (states >> np.uint64(offset + 3 * i)) & np.uint64(7)
        occ |= (field != 0).astype(np.uint64) << np.uint64(i)
    return occ


def successors(states: np.ndarray, moves: dict, squares: int, offset: int, limit: int):
    """Every capture from every position: (next position, index of the position it came from).
    Past ``limit`` captures it stops with ``CountLimitError``, before holding many more."""
    occ = occupancy(states, squares, offset)
    out, parents, made = [], [], 0
    seven = np.uint64(7)
    for s in range(squares):
        shift = np.uint64(offset + 3 * s)
        kinds = (states >> shift) & seven
        here = np.flatnonzero(kinds).astype(np.int32)
        if not here.size:
            continue
        kinds_here = kinds[here]
        for code in range(1, 7):
            idx = here[kinds_here == code]
            if not idx.size:
                continue
            base = states[idx] - (np.uint64(code) << shift)
            occ_idx = occ[idx]
            for t3, need, bit in moves[(s, code)]:
                ok = np.flatnonzero((occ_idx & need) == bit)  # target occupied, path clear
                if ok.size:
                    made += ok.size
                    if made > limit:
                        raise CountLimitError(limit, "out of one level")
                    moved = base[ok]
                    out.append(moved - (((moved >> t3) & seven) << t3) + (np.uint64(code) << t3))
                    parents.append(idx[ok])
    if not out:
        return np.empty(0, np.uint64), np.empty(0, np.int32)
    return np.concatenate(out), np.concatenate(parents)


def merge(keys: np.ndarray, parents: np.ndarray, limbs: list, bits: int):
    """(distinct keys, their summed path counts as limbs of ``bits`` bits); a key's low ``bits``
    bits are 0, so a key and a limb of its parent's count sort as one uint64."""
    low = np.uint64((1 << bits) - 1)
    summed, starts, distinct = [], None, None
    for limb in limbs:
        packed = limb[parents]
        packed |= keys
        packed.sort()  # by key, then limb: each key's run is the same whatever the limb
        values = packed & low
        if starts is None:
            packed ^= values
            first = np.empty(packed.size, bool)
            first[0] = True
            np.not_equal(packed[1:], packed[:-1], out=first[1:])
            starts = np.flatnonzero(first)
            distinct = packed[starts]
            del first
        del packed
        summed.append(np.add.reduceat(values, starts))
        del values
    shift = np.uint64(bits)
    carry = np.zeros(distinct.size, np.uint64)
    for limb in summed:
        limb += carry
        carry = limb >> shift
        limb &= low
    while carry.any():
        summed.append(carry & low)
        carry = carry >> shift
    return distinct, summed


def count_solutions(n: int, packed: int, level_captures: int = LEVEL_CAPTURES,
                    total_captures: int = TOTAL_CAPTURES, stats: list | None = None) -> int:
    """The exact number of solutions from a position (3 bits per square) of an n*n board,
    n <= 4, within the budget of captures (``CountLimitError`` past it). ``stats``, if given,
    receives (pieces, positions, captures, seconds) per level; ``work(stats)`` is what was spent."""
    if n > MAX_COUNTED_SIDE:
        raise ValueError(f"level counting needs n <= {MAX_COUNTED_SIDE}, not {n}")
    squares = tuple(s for s in range(n * n) if packed >> 3 * s & 7)
    if len(squares) <= 1:
        return 1
    bits = min(_MAX_LIMB_BITS, 64 - 3 * len(squares))
    moves = board_moves(n, squares, bits)
    spent = 0
    start_key = sum((packed >> 3 * s & 7) << bits + 3 * i for i, s in enumerate(squares))
    states = np.array([start_key], np.uint64)
    limbs = [np.ones(1, np.uint64)]
    for pieces in range(len(squares) - 1, 0, -1):
        started = time.perf_counter()
        spent += LEVEL_COST
        room = total_captures - spent
        try:
            keys, parents = successors(states, moves, len(squares), bits, min(level_captures, room))
        except CountLimitError:
            if room < level_captures:
                raise CountLimitError(total_captures, "in all") from None
            raise
        if not keys.size:
            return 0
        captures = keys.size
        spent += captures
        states, limbs = merge(keys, parents, limbs, bits)
        del keys, parents
        if stats is not None:
            stats.append((pieces, states.size, captures, time.perf_counter() - started))
    return sum(sum(map(int, limb.tolist())) << (bits * i) for i, limb in enumerate(limbs))


def work(stats: list) -> int:
    """The captures a finished count spent, its levels' fixed costs included."""
    return sum(LEVEL_COST + captures for _, _, captures, _ in stats)
