"""Pass 3 of the engine, one depth at a time over some White king slices (``Marks.kings``): the
single-process build runs it over every slice at once, a distributed build over one slice per
task, each handing the frontier it makes to the slices whose king steps read it.

Depth d, in White moves: ``W[d]`` are the White-to-move positions not yet won with a move into
``B[d-1]``; ``B[d]`` the Black-to-move positions not yet lost whose every move reaches a position
won in at most d (a capture: the smaller material's value), ``B[0]`` the checkmates.

Memory: the DTM array (one byte per entry) is the only full-size array; every flag set is packed
eight to a byte (``bits``), and whatever is unpacked is one chunk of rows at a time. While
building, the DTM array also tells which White-to-move positions are still open (0) and which
entries are no White-to-move position at all (NOT_WHITE_TO_MOVE)."""

from __future__ import annotations

from dataclasses import replace
from typing import Callable

import numpy as np

from . import bits
from .masks import NOT_WHITE_TO_MOVE, Marks
from .shifts import KingSteps
from .space import Space
from .unmoves import Seen, WhiteUnmoves

Progress = Callable[[str, float], None]
MAX_DEPTH = 254


def rows(space: Space, marks: Marks):
    """Views with one row per (king, men) and chunks of those rows: DTM, legal, check."""
    cubes = space.board.cubes
    return (marks.dtm.reshape(-1, cubes), marks.legal.reshape(-1, marks.legal.shape[-1]),
            marks.check.reshape(-1, marks.check.shape[-1]), bits.chunks(marks.dtm.size // cubes, cubes))


def _slices(space: Space, marks: Marks, chunk: slice):
    """(king in the region, its rows in the king's slice, the same rows in the chunk) for every
    king slice a chunk of the marks' rows crosses."""
    per_king = space.size // space.flat_shape[0] // space.board.cubes
    for king in range(chunk.start // per_king, (chunk.stop - 1) // per_king + 1):
        start, stop = max(chunk.start, king * per_king), min(chunk.stop, (king + 1) * per_king)
        yield (marks.kings.start + king, slice(start - king * per_king, stop - king * per_king),
               slice(start - chunk.start, stop - chunk.start))


def captures_where(space: Space, marks: Marks, chunk: slice, test) -> np.ndarray:
    """Packed flags over a chunk of rows: positions with a capture whose value passes ``test``."""
    found = np.zeros((chunk.stop - chunk.start, marks.legal.shape[-1]), dtype=np.uint8)
    for king, rows_in_king, here in _slices(space, marks, chunk):
        found[here] = marks.captures.where(king, rows_in_king, test)
    return found


class Depths:
    """Pass 3's state over the marks' king slices, worked in place: ``dtm`` (0: a legal
    White-to-move position not yet won, where the lone king may also step), ``candidates``
    (Black-to-move positions with a move, not yet lost, without a drawing capture) and
    ``frontier`` (lost at the last depth, packed like ``marks.legal``); ``found`` is White's moves
    taken back from the frontier."""

    def __init__(self, space: Space, marks: Marks, mates: np.ndarray, candidates: np.ndarray):
        # The legal flags are read no more (a slider passes where its square is free, ``FreeSquares``):
        # only their shape is kept, and the array goes once the caller lets ``marks`` go.
        self.space, self.marks = space, replace(marks, legal=np.broadcast_to(np.uint8(0), marks.legal.shape))
        self.king_steps = KingSteps(space.board.n, space.board.dim)
        self.unmoves = WhiteUnmoves(space, marks.kings)
        self.dtm, _, _, self.chunks = rows(space, marks)
        self.frontier = mates.reshape(marks.legal.shape)
        self.candidates = candidates.reshape(self.dtm.shape[0], -1)
        self.found = np.empty_like(self.frontier)
        self.mate_count = bits.count(self.frontier)  # per slice, before the mates leave the frontier

    def frontier_at(self, king: int) -> np.ndarray:
        """The packed frontier of one of these slices, by its king's index in the region."""
        return self.frontier[king - self.marks.kings.start]

    def moved(self) -> bool:
        return bool(self.frontier.any())

    def step(self, depth: int, moved: bool, seen: Seen) -> int:
        """Depth ``depth``: win the open White-to-move positions with a move into the last
        frontier (``moved``: any slice has one; ``seen``: the frontiers the White king's steps
        read, see ``WhiteUnmoves``), then make these slices' new frontier. Returns the wins."""
        if moved:
            self.unmoves(self.frontier, self.found, seen)
        frontier = self.frontier.reshape(self.candidates.shape)
        found = self.found.reshape(self.candidates.shape)
        last_capture, cubes = self.marks.captures.last, self.space.board.cubes
        won_now = 0
        for chunk in self.chunks:
            open_white = self.dtm[chunk] == 0
            if moved:
                new = bits.unpack(found[chunk], cubes)
                new &= open_white
                if new.any():
                    np.copyto(self.dtm[chunk], np.uint8(depth), where=new)
                    won_now += int(np.count_nonzero(new))
                    np.greater(open_white, new, out=open_white)
                del new
            lost = self.candidates[chunk].copy()
            bits.clear(lost, self.king_steps.packed_neighbours(bits.pack(open_white)))
            if depth < last_capture:
                bits.clear(lost, captures_where(self.space, self.marks, chunk, lambda v, d=depth: v > d))
            frontier[chunk] = lost
            bits.clear(self.candidates[chunk], lost)
        return won_now

    def finish(self) -> np.ndarray:
        """The slices' White-to-move DTM (uint8, 0: not won), the work arrays no longer needed."""
        for chunk in self.chunks:
            part = self.dtm[chunk]
            part[part == NOT_WHITE_TO_MOVE] = 0
        # From the array the depths wrote, not ``marks.dtm``: a state pickled (a worker spilling it
        # to disk) comes back with the two apart.
        return self.dtm.reshape(self.marks.dtm.shape)


def run_depths(space: Space, last_capture: int, moved: bool, step: Callable[[int, bool], tuple[int, bool]],
               progress: Progress | None = None, legal_count: int = 1) -> None:
    """Pass 3's rounds from the checkmates outwards: ``step(depth, moved)`` works one depth on
    every slice and returns (wins, whether any slice has a new frontier); ``moved``: whether any
    slice has checkmates."""
    won_count = 0
    depth = 0
    while True:
        depth += 1
        if depth > MAX_DEPTH:
            raise RuntimeError(f"{space.material} needs more than {MAX_DEPTH} moves: DTM does not fit a byte")
        # Nothing lost at the last depth and no capture still to come: no White move can win any
        # more (a material without a checkmate stops here at depth 1, before any sweep).
        if not moved and depth > last_capture:
            break
        won_now, moved = step(depth, moved)
        # The frontier just made is not needed when nothing was won: the build stops.
        if not won_now and depth > last_capture:
            break
        won_count += won_now
        if progress:
            progress(f"depth {depth}", won_count / max(legal_count, 1))
