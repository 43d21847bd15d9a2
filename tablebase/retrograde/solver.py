"""Pass 2 of the engine, ``mark_mates``, and ``solve``: every pass in one process (pass 3, the
depths, is ``depths``). The result is the White-to-move DTM of every entry (0: not won, drawn or
illegal)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping

import numpy as np

from . import bits
from .depths import Depths, Progress, captures_where, rows, run_depths
from .masks import DRAWN_CAPTURE, Marks, mark_illegal
from .material import Material
from .shifts import KingSteps
from .space import Space
from .unmoves import seen_in


def mark_mates(space: Space, marks: Marks) -> tuple[np.ndarray, np.ndarray]:
    """Pass 2: (checkmates, positions where Black has a move, not mated and without a drawing
    capture), Black to move, packed like ``marks.legal``. The checkmates take the place of
    ``marks.check``, which is no longer needed."""
    king_steps = KingSteps(space.board.n, space.board.dim)
    dtm, legal, check, chunks = rows(space, marks)
    candidates = np.empty_like(legal)
    for chunk in chunks:
        # Where the lone king may step: on a row of legal men, an empty square not attacked is
        # exactly a legal White-to-move position.
        has_move = king_steps.packed_neighbours(bits.pack(dtm[chunk] == 0))
        has_move |= captures_where(space, marks, chunk, lambda v: v > 0)
        has_move &= legal[chunk]
        mates = check[chunk]
        bits.clear(mates, has_move)
        mates &= legal[chunk]
        bits.clear(has_move, captures_where(space, marks, chunk, lambda v: v == DRAWN_CAPTURE))
        candidates[chunk] = has_move
    return marks.check, candidates.reshape(marks.legal.shape)


@dataclass(frozen=True, eq=False)
class Solution:
    dtm: np.ndarray  # uint8 in the space's flat shape: White moves to mate, White to move (0: not won)
    legal: np.ndarray  # [White king square of the region, lone king square]: legal White-to-move entries
    mates: np.ndarray  # per White king square of the region: checkmates (Black to move)

    def counts(self, space: Space) -> tuple[int, int]:
        """(legal, won) White-to-move positions on the whole board: each region square of the
        king stands for its images, and two like men swapped are one position."""
        orbits = space.board.orbit_sizes
        won = np.array([np.count_nonzero(row) for row in self.dtm.reshape(len(orbits), -1)])  # no array of bools
        pairs = space.material.like_orderings
        return int(orbits @ self.legal.sum(axis=1)) // pairs, int(orbits @ won) // pairs

    def by_face_distance(self, space: Space) -> list[tuple[int, int]]:
        """``found[d]``: (legal, won) White-to-move positions whose lone king stands d steps from
        the nearest face, counted like ``counts``."""
        board = space.board
        won = np.stack([_won_by_square(row.reshape(-1, board.cubes))
                        for row in self.dtm.reshape(len(board.kings), -1)])  # [king, lone king square]
        pairs = space.material.like_orderings
        found = board.by_face_distance(np.stack([self.legal, won], axis=-1))
        return [(int(legal) // pairs, int(wins) // pairs) for legal, wins in found]

    def checkmates(self, space: Space) -> int:
        """Black-to-move checkmate positions on the whole board, counted like ``counts``."""
        return int(space.board.orbit_sizes @ self.mates) // space.material.like_orderings


def _won_by_square(dtm: np.ndarray) -> np.ndarray:
    """Per lone king square (the last axis): entries not 0, counted a few MB of rows at a time."""
    found = np.zeros(dtm.shape[-1], dtype=np.int64)
    for chunk in bits.chunks(len(dtm), dtm.shape[-1]):
        found += np.count_nonzero(dtm[chunk], axis=0)
    return found


def solve(space: Space, smaller: Mapping[Material, np.ndarray], progress: Progress | None = None) -> Solution:
    """Every pass for one material, given the DTM arrays of the materials captures lead to: pass 3
    over every king slice at once."""
    marks = mark_illegal(space, smaller)
    if progress:
        progress("mark illegal", 0.0)
    depths = Depths(space, marks, *mark_mates(space, marks))
    del marks  # its legal flags: the depths keep what they read
    if progress:
        progress("mark mates", 0.0)

    def step(depth: int, moved: bool) -> tuple[int, bool]:
        return depths.step(depth, moved, seen_in(space.board, depths.frontier_at)), depths.moved()

    legal_count = int(depths.marks.white_count.sum())
    run_depths(space, depths.marks.captures.last, depths.moved(), step, progress, legal_count)
    return Solution(depths.finish(), depths.marks.white_count, depths.mate_count)
