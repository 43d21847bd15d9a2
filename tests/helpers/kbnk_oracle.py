"""The KBNK table re-checked against its successors, apart from the generator's passes: an oracle
of the tests (``tests/mates/test_mates_kbnk_oracle.py``), beside the command line's ``verify``
(``tablebase.tables.verify``, every table).

Independent on purpose: this module shares no rule with the generator or the probe (it restates
legality, attacks and the Black-reply rule in its own code), so a fault in one of them shows up
as a disagreement here instead of being repeated.

Legality and attacks are worked out here by walking the rules core's rays and leaps over whole
arrays, not from the engine's shifted arrays. Then, on the expanded tables (both sides, 64^4):
- every stored entry equals the value of the position it describes;
- a position is marked illegal exactly when it is illegal;
- White to move, mate in n: some move reaches a Black-to-move position lost in n-1, none a
  quicker one; a draw: no move reaches a lost position;
- Black to move, mated after n: every reply reaches a position won for White, the slowest in
  n (no reply and in check: n = 0); a draw: some reply escapes (takes an undefended piece or
  reaches a draw), or Black is stalemated.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

import numpy as np

from tablebase.core.geometry import CHESSBOARD
from tablebase.core.rules import CHESS_RULES, WHITE
from tablebase.mates import KBNK, to_fen
from tablebase.mates.expansion import DRAW, ILLEGAL, FullTables, expand
from tablebase.tables import CHESS_DIM, TablePosition
from tablebase.tables.values import Tables

SQUARES = 64

_EIGHT = (8,) * 8  # [wk r, wk f, wb r, wb f, wn r, wn f, bk r, bk f]
_KING_STEPS = ((1, 1), (1, 0), (1, -1), (0, 1), (0, -1), (-1, 1), (-1, 0), (-1, -1))
_KNIGHT_STEPS = ((1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1))


@lru_cache(maxsize=None)
def king_targets() -> tuple[tuple[int, ...], ...]:
    vectors = CHESS_RULES.leap_vectors(WHITE, "K")
    return tuple(CHESSBOARD.leaps(s, vectors) for s in range(SQUARES))


@lru_cache(maxsize=None)
def knight_targets() -> tuple[tuple[int, ...], ...]:
    vectors = CHESS_RULES.leap_vectors(WHITE, "N")
    return tuple(CHESSBOARD.leaps(s, vectors) for s in range(SQUARES))


@lru_cache(maxsize=None)
def bishop_rays() -> tuple[tuple[tuple[int, ...], ...], ...]:
    """For each square, its diagonal rays (nearest square first), empty rays left out."""
    vectors = CHESS_RULES.slides["B"]
    return tuple(tuple(r for r in (CHESSBOARD.ray(s, v) for v in vectors) if r) for s in range(SQUARES))


@dataclass(frozen=True)
class VerifyReport:
    checked: int  # positions checked, both sides
    faults: dict[str, int] = field(default_factory=dict)
    examples: tuple[str, ...] = ()  # FEN of a few faulty positions

    @property
    def ok(self) -> bool:
        return not any(self.faults.values())


def _pair_spans(axis_steps) -> tuple:
    """Index tuples (to, from) into the 8-axis view for a step along some axis pairs."""
    to, frm = [slice(None)] * 8, [slice(None)] * 8
    for axis, step in axis_steps:
        if step >= 0:
            to[axis], frm[axis] = slice(0, 8 - step), slice(step, 8)
        else:
            to[axis], frm[axis] = slice(-step, 8), slice(0, 8 + step)
    return tuple(to), tuple(frm)


def _attacked() -> np.ndarray:
    """attacked[wk, wb, wn, s]: White attacks or defends s, the Black king lifted off."""
    attacked = np.zeros((SQUARES,) * 4, dtype=bool)
    square = np.arange(SQUARES)
    for wk in range(SQUARES):
        attacked[wk, :, :, list(king_targets()[wk])] = True
    for wn in range(SQUARES):
        attacked[:, :, wn, list(knight_targets()[wn])] = True
    wk_grid, wn_grid = square[:, None], square[None, :]
    for wb in range(SQUARES):
        for ray in bishop_rays()[wb]:
            open_ = np.ones((SQUARES, SQUARES), dtype=bool)  # [wk, wn]
            for s in ray:
                attacked[:, wb, :, s] |= open_
                open_ &= (wk_grid != s) & (wn_grid != s)
    return attacked


def _black_illegal() -> np.ndarray:
    """[wk, wb, wn, bk]: two pieces on one square, or the kings touching."""
    square = np.arange(SQUARES)
    wk, wb, wn, bk = (square.reshape([-1 if i == a else 1 for i in range(4)]) for a in range(4))
    touching = np.zeros((SQUARES, SQUARES), dtype=bool)
    for k in range(SQUARES):
        touching[k, list(king_targets()[k])] = True
        touching[k, k] = True
    return (wk == wb) | (wk == wn) | (wb == wn) | (bk == wb) | (bk == wn) | touching[wk, bk]


def _black_expected(full: FullTables, attacked: np.ndarray, illegal: np.ndarray) -> np.ndarray:
    """Black-to-move values recomputed from the White-to-move table and the rules. Each king
    step is a shift along the Black-king axis (flattened to 64), masked where it would wrap
    from one edge file to the other."""
    rows = SQUARES ** 3
    values, blocked = full.wtm.reshape(rows, SQUARES), attacked.reshape(rows, SQUARES)
    square = np.arange(SQUARES)
    takes = ((square[:, None, None] == square[None, None, :]) | (square[None, :, None] == square[None, None, :]))
    takes = np.broadcast_to(takes[None], (SQUARES,) * 4).reshape(rows, SQUARES)
    slowest = np.zeros((rows, SQUARES), dtype=np.uint8)
    has_move = np.zeros((rows, SQUARES), dtype=bool)
    escape = np.zeros((rows, SQUARES), dtype=bool)
    file = square % 8
    for dr, df in _KING_STEPS:
        step = dr * 8 + df
        here = slice(max(0, -step), SQUARES - max(0, step))  # Black king squares stepping from
        there = slice(here.start + step, here.stop + step)
        stays_on_board = ((0 <= file + df) & (file + df < 8))[here]  # no wrap between edge files
        free = ~blocked[:, there] & stays_on_board
        value, take = values[:, there], takes[:, there]
        has_move[:, here] |= free
        escape[:, here] |= free & (take | (value == DRAW))
        reached = np.where(free & ~take & (value < DRAW), value, np.uint8(0))
        np.maximum(slowest[:, here], reached, out=slowest[:, here])
    expected = np.where(escape | ~(has_move | blocked), np.uint8(DRAW), slowest)
    expected[illegal.reshape(rows, SQUARES)] = ILLEGAL
    return expected.reshape((SQUARES,) * 4)


def _white_best(full: FullTables, black_illegal: np.ndarray) -> np.ndarray:
    """For each White-to-move placement, the smallest DTM among Black-to-move positions White
    can move to (255 when none is won for White)."""
    best = np.full((SQUARES,) * 4, ILLEGAL, dtype=np.uint8)

    def consider(best_part, reached, legal):
        np.minimum(best_part, np.where(legal & (reached < DRAW), reached, ILLEGAL).astype(np.uint8),
                   out=best_part)

    best8, btm8, illegal8 = best.reshape(_EIGHT), full.btm.reshape(_EIGHT), black_illegal.reshape(_EIGHT)
    for axes, steps in (((0, 1), _KING_STEPS), ((4, 5), _KNIGHT_STEPS)):
        for dr, df in steps:
            to, frm = _pair_spans(((axes[0], dr), (axes[1], df)))
            consider(best8[to], btm8[frm], ~illegal8[frm])
    square = np.arange(SQUARES)
    wk, wn, bk = square[:, None, None], square[None, :, None], square[None, None, :]
    for wb in range(SQUARES):
        for ray in bishop_rays()[wb]:
            open_ = np.ones((SQUARES, SQUARES, SQUARES), dtype=bool)  # [wk, wn, bk]
            for s in ray:
                open_ &= (wk != s) & (wn != s) & (bk != s)  # nothing on s: land there or pass
                consider(best[:, wb], full.btm[:, s], open_ & ~black_illegal[:, s])
    return best


def _fens(mask: np.ndarray, limit: int, strong_to_move: bool = True) -> list[str]:
    found = []
    for flat in np.flatnonzero(mask.reshape(-1))[:limit]:
        k, b, n, black = (int(x) for x in np.unravel_index(flat, mask.shape))
        found.append(to_fen(TablePosition(CHESS_DIM, 8, k, (("B", b), ("N", n)), black, strong_to_move)))
    return found


def verify(tables: Tables, full: FullTables | None = None, examples: int = 5) -> VerifyReport:
    """Check the KBNK table (and its expansion ``full``, computed when not given)."""
    full = full if full is not None else expand(tables)
    faults: dict[str, int] = {}
    found: list[str] = []

    def record(name: str, mask: np.ndarray, strong_to_move: bool = True):
        faults[name] = int(mask.sum())
        found.extend(_fens(mask, examples - len(found), strong_to_move) if faults[name] else [])

    stored = tables(KBNK).read_all()
    wk, (wb, wn), bk = KBNK.space.squares(np.arange(stored.size))
    described = full.wtm[wk, wb, wn, bk]
    differs = np.zeros(full.wtm.shape, dtype=bool)
    differs[wk, wb, wn, bk] = np.where(stored == 0, described < DRAW, described != stored)
    record("stored entry differs from the position it describes", differs)
    del differs, described

    attacked = _attacked()
    black_illegal = _black_illegal()
    white_illegal = black_illegal | attacked  # the side not to move, Black, is in check
    record("white to move: wrongly marked legal or illegal", (full.wtm == ILLEGAL) != white_illegal)
    record("black to move: wrongly marked legal or illegal", (full.btm == ILLEGAL) != black_illegal, False)

    expected_black = _black_expected(full, attacked, black_illegal)
    record("black to move: value does not follow from its replies",
           (full.btm != expected_black) & ~black_illegal, False)
    del expected_black

    best = _white_best(full, black_illegal)
    legal_won = ~white_illegal & (full.wtm < DRAW)
    record("white to move: no move one step closer, or a quicker one",
           legal_won & (best.astype(np.int16) != full.wtm.astype(np.int16) - 1))
    record("white to move: draw with a winning move", (full.wtm == DRAW) & (best < DRAW))
    return VerifyReport(checked=2 * full.wtm.size, faults=faults, examples=tuple(found))
