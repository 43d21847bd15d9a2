"""Passes 2 and 3 of the engine: ``mark_mates``, then ``iterate`` until nothing changes.

Depth d, in White moves: ``W[d]`` are the White-to-move positions not yet won with a move into
``B[d-1]``; ``B[d]`` the Black-to-move positions not yet lost whose every move reaches a position
won in at most d (a capture: the smaller material's value), ``B[0]`` the checkmates. The result is
the White-to-move DTM of every entry (0: not won, drawn or illegal).

Memory: the DTM array (one byte per entry) is the only whole-size array; every flag set is packed
eight to a byte (``bits``), and whatever is unpacked is one chunk of rows at a time. While
building, the DTM array also tells which White-to-move positions are still open (0) and which
entries are no White-to-move position at all (NOT_WHITE_TO_MOVE)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Mapping

import numpy as np

from . import bits
from .masks import DRAWN_CAPTURE, NOT_WHITE_TO_MOVE, Marks, mark_illegal
from .material import Material
from .shifts import KingSteps
from .space import Space
from .unmoves import WhiteUnmoves

Progress = Callable[[str, float], None]
MAX_DEPTH = 254


def _rows(space: Space, marks: Marks):
    """Views with one row per (king, men) and chunks of those rows: DTM, legal, check."""
    cubes = space.board.cubes
    return (marks.dtm.reshape(-1, cubes), marks.legal.reshape(-1, marks.legal.shape[-1]),
            marks.check.reshape(-1, marks.check.shape[-1]), bits.chunks(marks.dtm.size // cubes, cubes))


def _slices(space: Space, chunk: slice):
    """(king, its rows in the king's slice, the same rows in the chunk) for every king slice a
    chunk of rows crosses."""
    per_king = space.size // space.flat_shape[0] // space.board.cubes
    for king in range(chunk.start // per_king, (chunk.stop - 1) // per_king + 1):
        start, stop = max(chunk.start, king * per_king), min(chunk.stop, (king + 1) * per_king)
        yield king, slice(start - king * per_king, stop - king * per_king), slice(start - chunk.start, stop - chunk.start)


def _captures_where(space: Space, marks: Marks, chunk: slice, test) -> np.ndarray:
    """Packed flags over a chunk of rows: positions with a capture whose value passes ``test``."""
    found = np.zeros((chunk.stop - chunk.start, marks.legal.shape[-1]), dtype=np.uint8)
    for king, rows, here in _slices(space, chunk):
        found[here] = marks.captures.where(king, rows, test)
    return found


def mark_mates(space: Space, marks: Marks) -> tuple[np.ndarray, np.ndarray]:
    """Pass 2: (checkmates, positions where Black has a move, not mated and without a drawing
    capture), Black to move, packed in the space's ``packed_shape``. The checkmates take the place
    of ``marks.check``, which is no longer needed."""
    king_steps = KingSteps(space.board.n, space.board.dim)
    dtm, legal, check, chunks = _rows(space, marks)
    candidates = np.empty_like(legal)
    for chunk in chunks:
        # Where the lone king may step: on a row of legal men, an empty square not attacked is
        # exactly a legal White-to-move position.
        has_move = bits.pack(king_steps.neighbours(dtm[chunk] == 0))
        has_move |= _captures_where(space, marks, chunk, lambda v: v > 0)
        has_move &= legal[chunk]
        mates = check[chunk]
        bits.clear(mates, has_move)
        mates &= legal[chunk]
        bits.clear(has_move, _captures_where(space, marks, chunk, lambda v: v == DRAWN_CAPTURE))
        candidates[chunk] = has_move
    return marks.check, candidates.reshape(space.packed_shape)


def iterate(space: Space, marks: Marks, mates: np.ndarray, candidates: np.ndarray,
            progress: Progress | None = None) -> np.ndarray:
    """Pass 3: the White-to-move DTM (uint8, in the flat shape) from the checkmates outwards.

    Works in place on: ``marks.dtm`` (0: a legal White-to-move position not yet won, where the
    lone king may also step), ``candidates`` (Black-to-move positions with a move, not yet lost,
    without a drawing capture) and ``frontier`` (lost at the last depth); ``found`` is White's
    moves taken back from the frontier."""
    king_steps = KingSteps(space.board.n, space.board.dim)
    last_capture = marks.captures.last
    unmoves = WhiteUnmoves(space, marks.legal)
    dtm, _, _, chunks = _rows(space, marks)
    legal_count = int(marks.white_count.sum()) if progress else 0
    frontier = mates.reshape(dtm.shape[0], -1)
    candidates = candidates.reshape(frontier.shape)
    found = np.empty(space.packed_shape, dtype=np.uint8)
    found_rows = found.reshape(frontier.shape)
    won_count = 0
    depth = 0
    while True:
        depth += 1
        if depth > MAX_DEPTH:
            raise RuntimeError(f"{space.material} needs more than {MAX_DEPTH} moves: DTM does not fit a byte")
        moved = bool(frontier.any())
        # Nothing lost at the last depth and no capture still to come: no White move can win any
        # more (a material without a checkmate stops here at depth 1, before any sweep).
        if not moved and depth > last_capture:
            break
        if moved:
            unmoves(frontier.reshape(space.packed_shape), out=found)
        won_now = 0
        for chunk in chunks:
            open_white = dtm[chunk] == 0
            if moved:
                new = bits.unpack(found_rows[chunk], space.board.cubes)
                new &= open_white
                if new.any():
                    np.copyto(dtm[chunk], np.uint8(depth), where=new)
                    won_now += int(np.count_nonzero(new))
                    np.greater(open_white, new, out=open_white)
                del new
            lost = candidates[chunk].copy()
            bits.clear(lost, bits.pack(king_steps.neighbours(open_white)))
            if depth < last_capture:
                bits.clear(lost, _captures_where(space, marks, chunk, lambda v, d=depth: v > d))
            frontier[chunk] = lost
            bits.clear(candidates[chunk], lost)
        # The frontier just made is not needed when nothing was won: the build stops.
        if not won_now and depth > last_capture:
            break
        won_count += won_now
        if progress:
            progress(f"depth {depth}", won_count / max(legal_count, 1))
    for chunk in chunks:
        part = dtm[chunk]
        part[part == NOT_WHITE_TO_MOVE] = 0
    return marks.dtm


@dataclass(frozen=True, eq=False)
class Solution:
    dtm: np.ndarray  # uint8 in the space's flat shape: White moves to mate, White to move (0: not won)
    legal: np.ndarray  # [White king square of the region, lone king square]: legal White-to-move entries
    mates: np.ndarray  # per White king square of the region: checkmates (Black to move)

    def counts(self, space: Space) -> tuple[int, int]:
        """(legal, won) White-to-move positions on the whole board: each region square of the
        king stands for its images, and two like men swapped are one position."""
        orbits = space.board.orbit_sizes
        won = np.count_nonzero(self.dtm.reshape(len(orbits), -1), axis=1)
        pairs = 2 if space.material.like_pair else 1
        return int(orbits @ self.legal.sum(axis=1)) // pairs, int(orbits @ won) // pairs

    def by_face_distance(self, space: Space) -> list[tuple[int, int]]:
        """``found[d]``: (legal, won) White-to-move positions whose lone king stands d steps from
        the nearest face, counted like ``counts``."""
        board = space.board
        won = np.stack([np.count_nonzero(row.reshape(-1, board.cubes), axis=0)
                        for row in self.dtm.reshape(len(board.kings), -1)])  # [king, lone king square]
        pairs = 2 if space.material.like_pair else 1
        found = board.by_face_distance(np.stack([self.legal, won], axis=-1))
        return [(int(legal) // pairs, int(wins) // pairs) for legal, wins in found]

    def checkmates(self, space: Space) -> int:
        """Black-to-move checkmate positions on the whole board, counted like ``counts``."""
        return int(space.board.orbit_sizes @ self.mates) // (2 if space.material.like_pair else 1)


def solve(space: Space, smaller: Mapping[Material, np.ndarray], progress: Progress | None = None) -> Solution:
    """Every pass for one material, given the DTM arrays of the materials captures lead to."""
    marks = mark_illegal(space, smaller)
    if progress:
        progress("mark illegal", 0.0)
    mates, candidates = mark_mates(space, marks)
    mate_count = bits.count(mates)  # before ``iterate`` takes the mates as its first frontier
    if progress:
        progress("mark mates", 0.0)
    return Solution(iterate(space, marks, mates, candidates, progress), marks.white_count, mate_count)
