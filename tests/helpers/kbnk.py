"""Helpers of the KBNK tests (the mates', the core's, the command line's): random legal placements drawn with NumPy, in bulk, and random
boards drawn with python-chess alone (an oracle independent of the engine)."""

from __future__ import annotations

import random

import chess
import numpy as np

from tablebase.core.fen import placement
from tablebase.mates.expansion import ILLEGAL


def random_legal(full, side: str, count: int, seed: int) -> np.ndarray:
    """``count`` distinct random legal positions of one side to move, rows (wk, wb, wn, bk)."""
    rng = np.random.default_rng(seed)
    values = full.side(side).reshape(-1)
    picked: list[int] = []
    seen: set[int] = set()
    while len(picked) < count:
        flat = rng.integers(0, values.size, size=4 * count)
        for f in flat[values[flat] != ILLEGAL].tolist():
            if f not in seen:
                seen.add(f)
                picked.append(f)
    return np.stack(np.unravel_index(np.array(picked[:count]), (64,) * 4), axis=1)


def board_fen(wk: int, wb: int | None, wn: int | None, bk: int, white_to_move: bool) -> str:
    cells = {wk: "K", bk: "k"}
    if wb is not None:
        cells[wb] = "B"
    if wn is not None:
        cells[wn] = "N"
    return f"{placement(cells)} {'w' if white_to_move else 'b'} - - 0 1"


def random_kbnk_boards(count: int, seed: int, strong=chess.WHITE):
    """Random legal KBNK boards (either side to move), drawn with python-chess, not the engine."""
    rng = random.Random(seed)
    found = []
    while len(found) < count:
        squares = rng.sample(range(64), 4)
        board = chess.Board(None)
        weak = not strong
        for square, piece in zip(squares, (chess.KING, chess.BISHOP, chess.KNIGHT)):
            board.set_piece_at(square, chess.Piece(piece, strong))
        board.set_piece_at(squares[3], chess.Piece(chess.KING, weak))
        board.turn = rng.choice((chess.WHITE, chess.BLACK))
        if board.is_valid():
            found.append(board)
    return found


def store_with_kbnk(entries, folder, tables):
    """A store in ``folder`` whose KBNK table holds ``entries`` (written as a sound file, so that
    only verify can tell), with the session's KBK and KNK beside it."""
    from tablebase.mates import KBNK
    from tablebase.tables import Limits, TableStore
    from tablebase.tables.fileformat import write_table

    folder.mkdir(parents=True, exist_ok=True)
    for smaller in KBNK.captures():
        (folder / smaller.file_name).write_bytes(tables(smaller).path.read_bytes())
    summary = tables(KBNK).summary
    write_table(folder / KBNK.file_name, KBNK, entries, summary.__class__(
        summary.positions, summary.won, int(entries.max()), summary.histogram, summary.longest_entry))
    return TableStore(folder, Limits.everything(), background=False)


def kbnk_entry(wk: int, wb: int, wn: int, bk: int) -> int:
    """The KBNK table's entry of a White-to-move placement."""
    from tablebase.mates import KBNK

    return int(KBNK.space.index(wk, [wb, wn], bk))
