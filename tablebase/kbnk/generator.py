"""Retrograde analysis of KBNK with the light-squared bishop, as sets of Black-king squares.

Each entry of a working array is a uint64: the set of Black-king squares for one placement of
White's king, bishop and knight. Black king moves are then bit shifts of that set, and White moves
are shifts of the array along the axes of the piece that moves. The dark-squared bishop is the
mirror image (a <-> h) of the light one, so only the light one is computed.

The passes, in order: ``mark_illegal``, ``mark_mates``, ``iterate`` (until nothing changes),
then ``depths_to_entries`` writes the file's entries (White to move; 0 = not won).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

import numpy as np

from .board import BIT, NOT_FILE_A, NOT_FILE_H, SQUARES, attack_masks, attacks_table
from .layout import king_pairs

# Axes of a working array: White king rank and file, bishop rank and column among the 4 light
# squares of that rank, knight rank and file.
SHAPE = (8, 8, 8, 4, 8, 8)
TRIPLES = 64 * 32 * 64
DEPTH_BITS = 6  # depths up to 63 moves; KBNK needs 33

Progress = Callable[[str, float], None]

_ONE, _EIGHT = np.uint64(1), np.uint64(8)
_ZERO = np.uint64(0)


def light_square(rank, column):
    """The light square (file + rank odd) in ``column`` 0..3 of ``rank``."""
    return rank * 8 + 2 * column + 1 - (rank & 1)


def light_column(square):
    return (square % 8) // 2


def black_king_neighbours(squares: np.ndarray) -> np.ndarray:
    """Every square one king step from a square of each set (the set's own squares excepted,
    unless a neighbour of another of its squares)."""
    across = ((squares << _ONE) & NOT_FILE_A) | ((squares >> _ONE) & NOT_FILE_H)
    row = squares | across
    return across | (row << _EIGHT) | (row >> _EIGHT)


@dataclass(frozen=True)
class Placements:
    """Per placement of the white pieces: what the passes need, as uint64 Black-king sets."""

    attacked: np.ndarray  # attacked or defended by White, the Black king lifted off
    black_to_move: np.ndarray  # legal Black-king squares with Black to move
    white_to_move: np.ndarray  # legal Black-king squares with White to move (Black not in check)
    destinations: np.ndarray  # where a Black king may step (captures of undefended pieces included)


def mark_illegal() -> Placements:
    """Pass 1: which Black-king squares are legal for each placement, and White's attacks."""
    rank, column = np.divmod(np.arange(32), 4)
    wk = np.arange(SQUARES)[:, None, None]
    wb = light_square(rank, column)[None, :, None]
    wn = np.arange(SQUARES)[None, None, :]
    attacked = attacks_table()[wk, wb, wn].reshape(SHAPE)
    king, _, _ = attack_masks()
    distinct = (wk != wb) & (wk != wn) & (wb != wn)
    free = ~(BIT[wk] | BIT[wb] | BIT[wn] | king[wk])
    black_to_move = np.where(distinct, free, _ZERO).reshape(SHAPE)
    white_to_move = black_to_move & ~attacked
    destinations = ~attacked & np.broadcast_to(~BIT[wk], (64, 32, 64)).reshape(SHAPE)
    return Placements(attacked, black_to_move, white_to_move, destinations)


def mark_mates(placements: Placements) -> tuple[np.ndarray, np.ndarray]:
    """Pass 2: (checkmates, positions where Black has a move or is in check), Black to move."""
    reachable = black_king_neighbours(placements.destinations)
    mates = placements.black_to_move & placements.attacked & ~reachable
    not_stalemate = placements.black_to_move & (placements.attacked | reachable)
    return mates, not_stalemate


class _WhiteUnmoves:
    """Sets of positions (White to move) with a move into a given set (Black to move)."""

    def __init__(self, placements: Placements):
        self.black_to_move = placements.black_to_move
        self.knight_steps = []
        rank, file = np.divmod(np.arange(SQUARES), 8)
        for dr, df in ((1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1)):
            onboard = (0 <= rank + dr) & (rank + dr < 8) & (0 <= file + df) & (file + df < 8)
            keep = np.tile(np.where(onboard, ~_ZERO, _ZERO), TRIPLES // SQUARES)  # per knight square
            self.knight_steps.append((dr * 8 + df, keep))
        self.scratch = np.empty(TRIPLES, dtype=np.uint64)

    def __call__(self, lost: np.ndarray) -> np.ndarray:
        found = self._king(lost)
        self._knight(lost, found)
        self._bishop(lost, found)
        return found

    @staticmethod
    def _king(lost):
        # A king step is a file step, a rank step, or both: spread along files, then ranks.
        across = np.zeros_like(lost)
        across[:, :-1] |= lost[:, 1:]
        across[:, 1:] |= lost[:, :-1]
        row = lost | across
        across[:-1] |= row[1:]
        across[1:] |= row[:-1]
        return across

    def _knight(self, lost, found):
        # The knight's square is the innermost axis: a knight move is a shift of the flat array
        # by rank*8 + file, with the squares whose move leaves the board masked off.
        source, target, scratch = lost.reshape(-1), found.reshape(-1), self.scratch
        for step, keep in self.knight_steps:
            if step > 0:
                np.bitwise_and(source[step:], keep[:-step], out=scratch[:-step])
                target[:-step] |= scratch[:-step]
            else:
                np.bitwise_and(source[:step], keep[-step:], out=scratch[-step:])
                target[-step:] |= scratch[-step:]

    def _bishop(self, lost, found):
        # Sweep each diagonal direction rank by rank, away from the destination: ``reach`` holds
        # the Black-king squares for which the bishop can reach a lost position along the way
        # (every square it crosses is empty, the Black king's included).
        for rank_step in (1, -1):
            ranks = range(6, -1, -1) if rank_step == 1 else range(1, 8)
            for file_step in (1, -1):
                reach = lost[:, :, 7 if rank_step == 1 else 0].copy()
                shifted = np.empty_like(reach)
                for rank in ranks:
                    shift = (1 + file_step) // 2 if rank % 2 == 0 else (file_step - 1) // 2
                    if shift == 1:
                        shifted[:, :, 3] = _ZERO
                        shifted[:, :, :3] = reach[:, :, 1:]
                    elif shift == -1:
                        shifted[:, :, 0] = _ZERO
                        shifted[:, :, 1:] = reach[:, :, :3]
                    else:
                        shifted[...] = reach
                    found[:, :, rank] |= shifted
                    np.bitwise_or(lost[:, :, rank], shifted, out=reach)
                    reach &= self.black_to_move[:, :, rank]


def iterate(placements: Placements, mates: np.ndarray, not_stalemate: np.ndarray,
            progress: Progress | None = None) -> list[np.ndarray]:
    """Pass 3: alternate White and Black half-moves until no new position is won.

    Returns the bit-planes of White-to-move depths: bit j of the DTM of each won position
    (0 for positions not won)."""
    unmoves = _WhiteUnmoves(placements)
    legal = int(np.bitwise_count(placements.white_to_move).sum()) if progress else 0
    planes = [np.zeros_like(mates) for _ in range(DEPTH_BITS)]
    lost, won = mates, np.zeros_like(mates)
    depth = 0
    while True:
        depth += 1
        if depth >= 1 << DEPTH_BITS:
            raise RuntimeError("depth does not fit the table's bit-planes")
        reached = unmoves(lost)
        reached &= placements.white_to_move
        new = reached & ~won
        if not new.any():
            return planes
        for bit, plane in enumerate(planes):
            if depth >> bit & 1:
                plane |= new
        won = reached
        escapes = placements.destinations & ~won
        lost = not_stalemate & ~black_king_neighbours(escapes)
        if progress:
            progress(f"depth {depth}", int(np.bitwise_count(won).sum()) / legal)


def depths_to_entries(planes: list[np.ndarray]) -> np.ndarray:
    """Pass 4: the table file's entries (uint8 DTM, White to move, 0 = not won) from the planes,
    with dark-squared bishops read from their mirror images."""
    depth = np.zeros(TRIPLES * SQUARES, dtype=np.uint8)
    for bit, plane in enumerate(planes):
        bits = np.unpackbits(plane.reshape(-1).view(np.uint8), bitorder="little")
        if bit:
            bits <<= bit
        depth |= bits
    return depth[_light_positions()]


def _light_positions() -> np.ndarray:
    """For each file entry (king pair, bishop, knight), its index in the light-bishop depths
    (triple * 64 + Black king), mirrored a <-> h when the bishop is on a dark square."""
    pair_wk, pair_bk, _ = king_pairs()
    square = np.arange(SQUARES)
    dark = (square % 8 + square // 8) % 2 == 0
    flip = np.where(dark, 7, 0)  # per bishop square
    kings = {f: (pair_wk ^ f) * (32 * SQUARES * SQUARES) + (pair_bk ^ f) for f in (0, 7)}
    bishop = ((square ^ flip) // 8 * 4 + light_column(square ^ flip)) * (SQUARES * SQUARES)
    knights = {f: (square ^ f) * SQUARES for f in (0, 7)}
    per_pair = np.where(dark[None, :], kings[7][:, None], kings[0][:, None]) + bishop[None, :]
    per_piece = np.where(dark[:, None], knights[7][None, :], knights[0][None, :])
    return (per_pair[:, :, None] + per_piece[None, :, :]).reshape(-1)


def generate(progress: Progress | None = None) -> np.ndarray:
    """Every pass, from nothing: the table file's entries."""
    placements = mark_illegal()
    if progress:
        progress("mark illegal", 0.0)
    mates, not_stalemate = mark_mates(placements)
    if progress:
        progress("mark mates", 0.0)
    planes = iterate(placements, mates, not_stalemate, progress)
    entries = depths_to_entries(planes)
    if progress:
        progress("entries", 1.0)
    return entries
