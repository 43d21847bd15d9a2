"""Exact solitaire solution counts for boards up to 4x4, level by level with NumPy.

Level p holds every distinct position reachable with p pieces left (an int of 3 bits per square,
as in ``solitaire_solver``) and its number of capture paths from the start. Each level's captures
are generated for all positions at once, and positions reached several ways are merged (a sort, then a
vectorized hash table), adding their path counts. The number of solutions is the sum of the path
counts at one piece. Path counts are kept exact as 32-bit limbs held in float64 arrays: a float64
adds integers exactly below 2**53, so summing a few thousand limbs never rounds.

Every reachable position is visited, so the cost grows with the reachable state space: about 1.5
million positions for a hard 13-piece 4x4 board, tens of millions for 15 or 16 pieces. Past
``max_states`` positions on one level, or ``time_limit`` seconds, it gives up with
``SolverLimitError``.
"""

from __future__ import annotations

import time
from functools import lru_cache

import numpy as np

from .rules import WHITE, solitaire_rules
from .solitaire import KINDS

MAX_N = 4  # 3 bits * 16 squares = 48 bits: a position fits a uint64
MAX_STATES = 12_000_000  # positions on one level, or captures leaving one level: about 2 GB
TIME_LIMIT = 10.0
_LIMB = 2.0 ** 32
_HASH = np.uint64(0x9E3779B97F4A7C15)


class CountLimitError(Exception):
    """Raised past the limits; ``Solver`` turns it into its ``SolverLimitError``."""

    def __init__(self, reached: int, where: str):
        super().__init__(f"{reached} {where}")
        self.reached = reached


@lru_cache(maxsize=None)
def capture_moves(n: int) -> dict:
    """{(square, kind code): [(target, mask of target | squares between)]} from the rules core."""
    rules = solitaire_rules(n)
    geo = rules.geometry
    moves = {}
    for code, kind in enumerate(KINDS, 1):
        for s in range(n * n):
            found = [(t, 1 << t) for t in geo.leaps(s, rules.leap_vectors(WHITE, kind))]
            for vector in rules.slides.get(kind, ()):
                between = 0
                for t in geo.ray(s, vector):
                    found.append((t, between | 1 << t))
                    between |= 1 << t
            moves[(s, code)] = [(t, np.uint64(need), np.uint64(1 << t)) for t, need in found]
    return moves


def occupancy(states: np.ndarray, n: int) -> np.ndarray:
    occ = np.zeros(states.shape, np.uint64)
    for s in range(n * n):
        occ |= (((states >> np.uint64(3 * s)) & np.uint64(7)) != 0).astype(np.uint64) << np.uint64(s)
    return occ


def successors(states: np.ndarray, n: int) -> tuple[np.ndarray, np.ndarray]:
    """Every capture from every position: (next position, index of the position it came from)."""
    moves = capture_moves(n)
    occ = occupancy(states, n)
    out, parents = [], []
    seven = np.uint64(7)
    for s in range(n * n):
        shift = np.uint64(3 * s)
        kinds = (states >> shift) & seven
        here = np.flatnonzero(kinds)
        if not here.size:
            continue
        kinds_here = kinds[here]
        for code in range(1, 7):
            idx = here[kinds_here == code]
            if not idx.size:
                continue
            base = states[idx] - (np.uint64(code) << shift)
            occ_idx = occ[idx]
            for t, need, bit in moves[(s, code)]:
                ok = np.flatnonzero((occ_idx & need) == bit)
                if not ok.size:
                    continue
                sel = base[ok]
                t3 = np.uint64(3 * t)
                out.append(sel - (((sel >> t3) & seven) << t3) + (np.uint64(code) << t3))
                parents.append(idx[ok])
    if not out:
        return np.empty(0, np.uint64), np.empty(0, np.intp)
    return np.concatenate(out), np.concatenate(parents)


def merge(keys: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(the distinct keys sorted, index of each key among them); keys are never 0.

    Sorting alone is fast; finding where each key went is not (a binary search per key misses
    the cache about 20 times), so the distinct keys go into a hash table, looked up by all keys."""
    ordered = np.sort(keys)
    keep = np.empty(ordered.size, bool)
    keep[0] = True
    np.not_equal(ordered[1:], ordered[:-1], out=keep[1:])
    distinct = ordered[keep]
    del ordered, keep
    bits = max(10, (2 * distinct.size).bit_length())  # load below 1/2: few second probes
    mask = (1 << bits) - 1
    shift = np.uint64(64 - bits)
    table = np.zeros(mask + 1, np.uint64)
    position = np.zeros(mask + 1, np.intp)
    pending = np.arange(distinct.size)
    slot = ((distinct * _HASH) >> shift).astype(np.intp)
    while pending.size:
        empty = table[slot] == 0
        table[slot[empty]] = distinct[pending[empty]]  # among rivals for a slot, one write wins
        placed = table[slot] == distinct[pending]
        position[slot[placed]] = pending[placed]
        lost = ~placed
        pending, slot = pending[lost], (slot[lost] + 1) & mask
    slot = ((keys * _HASH) >> shift).astype(np.intp)
    index = position[slot]
    missed = np.flatnonzero(table[slot] != keys)
    while missed.size:
        slot_missed = (slot[missed] + 1) & mask
        slot[missed] = slot_missed
        index[missed] = position[slot_missed]
        missed = missed[table[slot_missed] != keys[missed]]
    return distinct, index


def add_limbs(limbs: list, parents: np.ndarray, index: np.ndarray, size: int) -> list:
    """Sum each position's parents' path counts into it, limb by limb, then carry."""
    summed = [np.bincount(index, weights=limb[parents], minlength=size) for limb in limbs]
    carried = []
    carry = np.zeros(size)
    for limb in summed:
        limb += carry
        carry = np.floor(limb / _LIMB)
        carried.append(limb - carry * _LIMB)
    while carry.any():
        high = np.floor(carry / _LIMB)
        carried.append(carry - high * _LIMB)
        carry = high
    return carried


def limbs_total(limbs: list) -> int:
    return sum(int(limb.astype(np.uint64).sum(dtype=np.uint64)) << (32 * i)
               for i, limb in enumerate(limbs))


def count_solutions(n: int, packed: int, max_states: int = MAX_STATES,
                    time_limit: float = TIME_LIMIT, stats: list | None = None) -> int:
    """The exact number of solutions from a position of an n*n board (n <= 4). ``stats``, if
    given, receives (pieces, positions, captures, seconds) per level."""
    if n > MAX_N:
        raise ValueError(f"level counting needs n <= {MAX_N}, not {n}")
    pieces = sum(1 for s in range(n * n) if packed >> 3 * s & 7)
    if pieces <= 1:
        return 1
    deadline = time.perf_counter() + time_limit
    states = np.array([packed], np.uint64)
    limbs = [np.ones(1)]
    while pieces > 1:
        start = time.perf_counter()
        nxt, parents = successors(states, n)
        if not nxt.size:
            return 0
        if nxt.size > max_states:
            raise CountLimitError(nxt.size, "captures from one level")
        states, index = merge(nxt)
        limbs = add_limbs(limbs, parents, index, states.size)
        pieces -= 1
        if stats is not None:
            stats.append((pieces, states.size, nxt.size, time.perf_counter() - start))
        if time.perf_counter() > deadline:
            raise CountLimitError(states.size, "positions on one level, out of time")
    return limbs_total(limbs)
