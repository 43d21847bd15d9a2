"""The one capture rule of solitaire in bitmask form, and the one generator of captures.

A position is ``(occ, packed)``: a bitmask of occupied squares and 3 bits per square (0 empty,
1..6 = K Q R B N P, the row lists' numbering). The move tables come from the rules core
(``solitaire_rules``): leap targets and the rays of the sliders, so this module states no
movement of its own; a test holds its captures equal to the core's ``pseudo_targets``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterator

from ..core.caches import entries
from ..core.rules import KINDS, WHITE, solitaire_rules

Capture = tuple[int, int, int, int]  # from, to, next occupancy, next packed


@dataclass(frozen=True)
class MoveTables:
    """Per kind code and square: a bitmask of leap targets, and the ray masks of a slider split by
    direction (up = towards higher squares, whose nearest piece is the lowest set bit)."""

    n: int
    leaps: tuple
    rays_up: tuple
    rays_down: tuple


@entries
def move_tables(n: int) -> MoveTables:
    rules = solitaire_rules(n)
    geo = rules.geometry
    leaps, ups, downs = [()], [()], [()]  # code 0 is empty
    for kind in KINDS:
        kind_leaps, kind_up, kind_down = [], [], []
        for s in range(n * n):
            kind_leaps.append(sum(1 << t for t in geo.leaps(s, rules.leap_vectors(WHITE, kind))))
            up, down = [], []
            for vector in rules.slides.get(kind, ()):
                ray = geo.ray(s, vector)
                if ray:
                    (up if ray[0] > s else down).append(sum(1 << t for t in ray))
            kind_up.append(tuple(up))
            kind_down.append(tuple(down))
        leaps.append(tuple(kind_leaps))
        ups.append(tuple(kind_up))
        downs.append(tuple(kind_down))
    return MoveTables(n, tuple(leaps), tuple(ups), tuple(downs))


def targets(tables: MoveTables, occ: int, code: int, square: int) -> int:
    """The squares (a bitmask) the piece of kind ``code`` on ``square`` can capture: leaps onto
    occupied squares, and the nearest occupied square of each ray."""
    found = tables.leaps[code][square] & occ
    for mask in tables.rays_up[code][square]:
        x = occ & mask
        if x:
            found |= x & -x
    for mask in tables.rays_down[code][square]:
        x = occ & mask
        if x:
            found |= 1 << (x.bit_length() - 1)
    return found


def captures(tables: MoveTables, occ: int, packed: int) -> Iterator[Capture]:
    """Every capture, by start then end square, with the position it leads to."""
    rest = occ
    while rest:
        bit = rest & -rest
        rest ^= bit
        s = bit.bit_length() - 1
        code = (packed >> 3 * s) & 7
        found = targets(tables, occ, code, s)
        next_occ, base = occ ^ bit, packed ^ (code << 3 * s)
        while found:
            tbit = found & -found
            found ^= tbit
            t3 = 3 * (tbit.bit_length() - 1)
            yield s, t3 // 3, next_occ, base ^ (((base >> t3) & 7) << t3) | (code << t3)


def capture_count(tables: MoveTables, occ: int, packed: int) -> int:
    """How many captures ``captures`` would yield, without building the positions."""
    total, rest = 0, occ
    while rest:
        bit = rest & -rest
        rest ^= bit
        s = bit.bit_length() - 1
        total += targets(tables, occ, (packed >> 3 * s) & 7, s).bit_count()
    return total


def disjoint_captures(tables: MoveTables, occ: int, packed: int) -> int:
    """How many captures of the position touch pairwise different squares (a greedy choice, so
    at least half the most there can be). A capture only empties its start square, so each of
    these stays legal whatever the others do: all 2**m subsets of them can be played, and at
    least 2**m distinct positions are reachable (they differ in which start squares are empty)."""
    used = chosen = 0
    rest = occ
    while rest:
        bit = rest & -rest
        rest ^= bit
        if used & bit:
            continue
        found = targets(tables, occ, (packed >> 3 * (bit.bit_length() - 1)) & 7, bit.bit_length() - 1)
        found &= ~used
        if found:
            used |= bit | (found & -found)
            chosen += 1
    return chosen


def encode(board) -> tuple[int, int]:
    """(occupancy bitmask, packed kinds) of a ``SolitaireBoard``."""
    occ = packed = 0
    for s, kind in enumerate(board.cells):
        if kind:
            occ |= 1 << s
            packed |= (KINDS.index(kind) + 1) << (3 * s)
    return occ, packed


def ray_steps(tables: MoveTables, code: int, square: int) -> list[tuple[int, int]]:
    """(target, mask of the target and the squares between) for every square the piece could
    capture on some board: what the level counter's NumPy tables are made of."""
    found = [(t, 1 << t) for t in _bits(tables.leaps[code][square])]
    for mask in tables.rays_up[code][square]:
        found += [(t, (mask & ((1 << t) - 1)) | 1 << t) for t in _bits(mask)]
    for mask in tables.rays_down[code][square]:
        found += [(t, (mask >> (t + 1) << (t + 1)) | 1 << t) for t in _bits(mask)]
    return found


def _bits(mask: int) -> Iterator[int]:
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low
