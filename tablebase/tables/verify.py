"""Re-check every entry of a table against its successors, apart from the engine: the 2D tables of
every basic mate and the 3D tables, the same walk over each board's rules (``python -m tablebase
verify``).

Attacks and legality are worked out here by walking the rules core's rays and leaps square by
square (``verify_walk``), not from the engine's tables or shifted arrays; each move is followed by
computing the index of the position it leads to. Then:
- an illegal White-to-move entry holds 0;
- Black to move, each position's value follows from its replies (White-to-move entries, or the
  smaller material's table after a capture): mated (0), drawn (a reply escapes, or stalemate), or
  White still needs the slowest reply's DTM;
- White to move, mate in d: some move reaches a Black-to-move position lost in d-1, none a
  quicker one; not won: no move reaches a lost position.

Memory: one White king square at a time. The only whole-size array is the Black-to-move values
(a byte per entry: a White king step leads into another king's slice); the table's entries are
read a king's slice at a time (from a table file: decoded once, and kept for the second pass in a
temporary file on disk, not in memory); attacks, legality and the values' working arrays are of
one king's slice, and a king step's slice is turned into this one's squares a row at a time.
"""

from __future__ import annotations

import tempfile
from dataclasses import dataclass, field
from typing import Callable, Mapping

import numpy as np

from ..core.fen import placement
from ..core.rules import WHITE
from ..core.cube_notation import CubePosition
from ..retrograde import Material, Space
from .ids import CHESS_DIM, TableId
from .position import TablePosition
from .verify_walk import Walker

DRAW, ILLEGAL = 254, 255


@dataclass(frozen=True)
class VerifyReport:
    material: str
    n: int
    checked: int  # White-to-move entries checked
    faults: dict[str, int] = field(default_factory=dict)
    examples: tuple[str, ...] = ()  # boards of a few faulty White-to-move entries
    checkmates: int = 0  # Black-to-move checkmates on the whole board (like men swapped counted once)
    # (legal, won) White-to-move positions per distance of the lone king to the nearest face, counted alike
    by_face_distance: tuple[tuple[int, int], ...] = ()

    @property
    def ok(self) -> bool:
        return not any(self.faults.values())


class _Entries:
    """The table's White-to-move entries a king slice at a time: from an array, or from a table
    file (anything with ``read_span``), each slice decoded once and spooled to a temporary file."""

    def __init__(self, dtm, walker: Walker):
        self.shape, self.per_king = walker.shape, int(np.prod(walker.shape))
        self.file = dtm if hasattr(dtm, "read_span") else None
        self.rows = None if self.file else np.asarray(dtm).reshape((len(walker.kings),) + walker.shape)
        self.spool = tempfile.TemporaryFile(prefix="verify-") if self.file else None

    def first(self, k: int) -> np.ndarray:
        if self.file is None:
            return self.rows[k]
        found = self.file.read_span(k * self.per_king, (k + 1) * self.per_king)
        self.spool.seek(k * self.per_king)
        found.tofile(self.spool)
        return found.reshape(self.shape)

    def again(self, k: int) -> np.ndarray:
        if self.file is None:
            return self.rows[k]
        self.spool.seek(k * self.per_king)
        return np.fromfile(self.spool, dtype=np.uint8, count=self.per_king).reshape(self.shape)

    def close(self) -> None:
        if self.spool is not None:
            self.spool.close()


def _encoded(values: np.ndarray, out: np.ndarray | None = None) -> np.ndarray:
    """A reply's worth to Black, to take the largest of: DTM d as d + 1, not won (0, or a value
    out of range) as 255 (an escape); 0 is left for no reply."""
    out = np.add(values, np.uint8(1), out=out if out is not None else np.empty(values.shape, np.uint8))
    np.copyto(out, np.uint8(255), where=out <= 1)
    return out


def _captures(walker: Walker, table: TableId, k: int, smaller: Mapping[Material, np.ndarray]) -> list:
    """Per man, over [the other men..., the lone king's square]: the worth (``_encoded``) of the
    lone king taking it there, 0 where the men left (and the king) attack that square."""
    found = []
    king = int(walker.kings[k])
    for i in range(walker.men):
        sub = table.material.without(i)
        sub_walker = Walker(Space(table.space.board, sub))
        values = (np.asarray(smaller[sub]).reshape((len(walker.kings),) + sub_walker.shape)[k] if sub.pieces
                  else np.zeros(sub_walker.shape, dtype=np.uint8))
        worth = _encoded(values)
        worth[sub_walker.attacked(king)] = 0
        found.append(worth)
    return found


def _black_lost(walker: Walker, k: int, read: Callable[[], np.ndarray], captures: list, out: np.ndarray) -> int:
    """Write into ``out`` (king slice ``k``, the table's layout) what White still needs with Black
    to move where Black is lost (0 = mated), ILLEGAL elsewhere (drawn, illegal); return the
    checkmates. Worked lone king first: each reply of the lone king gathers whole rows. The
    slice's entries (``read()``) are let go once turned into worths, before the attacks are made."""
    king, cubes, men = int(walker.kings[k]), walker.cubes, walker.men
    reach = _encoded(np.moveaxis(read(), -1, 0))  # [square, men...]: the worth of stepping there
    attacked = walker.attacked(king, lone_first=True)
    np.copyto(reach, np.uint8(0), where=attacked)
    reach[king] = 0
    for i, worth in enumerate(captures):  # onto a man's square: taking it
        for s in range(cubes):
            reach[s][tuple(s if j == i else slice(None) for j in range(men))] = worth[..., s]
    best = np.zeros(reach.shape, dtype=np.uint8)  # the largest worth among the replies, 0 = none
    vectors = walker.rules.leap_vectors(WHITE, "K")
    for lone in range(cubes):
        row = best[lone]
        for t in walker.geo.leaps(lone, vectors):
            np.maximum(row, reach[t], out=row)
    mated = np.equal(best, 0, out=reach.view(np.bool_))  # no reply, and in check: 1 (0 below)
    np.logical_and(mated, attacked, out=mated)
    np.copyto(best, np.uint8(1), where=mated)
    del reach, mated
    np.subtract(best, np.uint8(1), out=best)  # slowest reply's DTM; an escape DRAW; no reply ILLEGAL
    np.copyto(best, np.uint8(ILLEGAL), where=np.equal(best, DRAW, out=attacked))
    del attacked
    walker.mark_illegal(best, king, ILLEGAL, lone_first=True)
    np.copyto(out, np.moveaxis(best, 0, -1))
    return int(np.count_nonzero(best == 0))


def _ray_best(walker: Walker, lost: np.ndarray, i: int, ray: list[int]) -> np.ndarray:
    """Over [the other men..., the lone king]: the smallest value man ``i`` reaches along ``ray``
    (nearest first) before the first square another piece stands on. The smallest so far is
    taken at every square; where a piece stands on the ray's j-th square (a plane of the array)
    the smallest up to it holds (moving onto it is illegal: ILLEGAL there), nearest one last."""
    pieces = walker.men  # the axes here: the other men and the lone king

    def plane(axis: int, s: int) -> tuple:
        return (slice(None),) * axis + (s,)

    so_far = lost[walker.at({i: ray[0]})].copy()
    kept = []
    for j, s in enumerate(ray):
        if j:
            np.minimum(so_far, lost[walker.at({i: s})], out=so_far)
        if j < len(ray) - 1:
            kept.append([so_far[plane(axis, s)].copy() for axis in range(pieces)])
    for j in reversed(range(len(ray) - 1)):
        for axis, values in enumerate(kept[j]):
            so_far[plane(axis, ray[j])] = values
    return so_far


def _min_moved(best: np.ndarray, lost: np.ndarray, images: tuple[np.ndarray, ...]) -> None:
    """``best`` = the smaller of itself and ``lost`` (another king slice) with each piece's axis
    taken through its squares' ``images``, a row of the first piece at a time."""
    if all(np.array_equal(image, np.arange(image.size)) for image in images):
        np.minimum(best, lost, out=best)
        return
    first, rest = images[0], images[1:]
    buffers = (np.empty(best.shape[1:], dtype=np.uint8), np.empty(best.shape[1:], dtype=np.uint8))
    for a in range(best.shape[0]):
        source = lost[first[a]]
        for axis, image in enumerate(rest):
            target = buffers[0] if source is not buffers[0] else buffers[1]
            np.take(source, image, axis=axis, out=target)
            source = target
        np.minimum(best[a], source, out=best[a])


def _white_best(walker: Walker, table: TableId, k: int, lost: np.ndarray) -> np.ndarray:
    """For each White-to-move entry of king slice ``k``, the smallest Black-to-move value among
    its moves (ILLEGAL when none is lost for Black); ``lost`` over the whole table."""
    king = int(walker.kings[k])
    best = np.full(walker.shape, ILLEGAL, dtype=np.uint8)
    for t in walker.king_steps(king):
        slice_k, images = walker.king_move(table, t)
        _min_moved(best, lost[slice_k], images)
    here_lost = lost[k]
    for i, kind in enumerate(walker.kinds):
        vectors = walker.rules.leap_vectors(WHITE, kind)
        for p in range(walker.cubes):
            at_p = best[walker.at({i: p})]
            for v in walker.rules.slides.get(kind, ()):
                ray = []
                for s in walker.geo.ray(p, v):
                    if s == king:
                        break
                    ray.append(s)
                if ray:
                    np.minimum(at_p, _ray_best(walker, here_lost, i, ray), out=at_p)
            for s in (walker.geo.leaps(p, vectors) if vectors else ()):
                np.minimum(at_p, here_lost[walker.at({i: s})], out=at_p)
    return best


class _Faults:
    """Fault counts by name, and the boards of the first few faulty entries: those of illegal
    entries first, then the others."""

    def __init__(self, table: TableId, examples: int):
        self.table, self.examples, self.per_king = table, examples, int(table.space.size // len(table.space.board.kings))
        self.counts: dict[str, int] = {}
        self.found: dict[bool, list[str]] = {True: [], False: []}

    def record(self, name: str, k: int, mask: np.ndarray, illegal: bool = False, offset: int = 0) -> None:
        """Count a fault's entries ``mask`` of king slice ``k`` (from entry ``offset`` of the slice on)."""
        count = int(np.count_nonzero(mask))
        self.counts[name] = self.counts.get(name, 0) + count
        found = self.found[illegal]
        if not count or len(found) >= self.examples:
            return
        kinds, space = self.table.material.pieces, self.table.space
        for entry in np.flatnonzero(mask.reshape(-1))[:self.examples - len(found)].tolist():
            king, men, lone = space.squares([k * self.per_king + offset + entry])
            position = TablePosition(self.table.dim, self.table.n, int(king[0]),
                                     tuple(zip(kinds, (int(m[0]) for m in men))), int(lone[0]), True)
            found.append(_name(position))

    def boards(self) -> tuple[str, ...]:
        illegal = self.found[True][:self.examples]
        return tuple(illegal + self.found[False][:self.examples - len(illegal)])


_WHITE_FAULTS = (  # name, whether of an illegal entry, the faulty entries of (here, legal, best)
    ("illegal entry holds a value", True, lambda here, legal, best: (here != 0) & ~legal),
    ("white to move: no move one step closer, or a quicker one", False,  # best + 1: ILLEGAL wraps to 0
     lambda here, legal, best: legal & (here > 0) & (best + np.uint8(1) != here)),
    ("white to move: not won but a move reaches a lost position", False,
     lambda here, legal, best: legal & (here == 0) & (best < DRAW)),
)


def _check_white(walker: Walker, table: TableId, k: int, here: np.ndarray, lost: np.ndarray,
                 faults: _Faults, per_square: np.ndarray) -> int:
    """Check king slice ``k``'s White-to-move entries ``here`` against ``lost``; count the legal
    ones (returned) and per lone king square the legal and the won into ``per_square``. The
    faults are worked a sixteenth of the slice at a time (no whole-slice temporaries)."""
    king, cubes = int(walker.kings[k]), walker.cubes
    legal = walker.attacked(king)  # White to move: the lone king not in check, the position legal
    np.logical_not(legal, out=legal)
    walker.mark_illegal(legal, king, False)
    checked = int(np.count_nonzero(legal))
    per_square[k, :, 0] = np.count_nonzero(legal.reshape(-1, cubes), axis=0)
    step, per_row = max(1, cubes // 16), int(np.prod(walker.shape[1:]))
    parts = [slice(start, start + step) for start in range(0, cubes, step)]
    for part in parts:
        per_square[k, :, 1] += np.count_nonzero((legal[part] & (here[part] > 0)).reshape(-1, cubes), axis=0)
    best = _white_best(walker, table, k, lost)
    for name, illegal, fault in _WHITE_FAULTS:
        for part in parts:
            faults.record(name, k, fault(here[part], legal[part], best[part]), illegal, part.start * per_row)
    return checked


def verify(table: TableId, dtm, smaller: Mapping[Material, np.ndarray] | None = None,
           progress: Callable[[str], None] | None = None, examples: int = 5) -> VerifyReport:
    """Check the entries ``dtm`` of ``table`` (an array, or an open table file: read a king's
    slice at a time); ``smaller`` holds the entries of every material one capture away."""
    smaller = dict(smaller or {})
    walker = Walker(table.space)
    kings = len(walker.kings)
    entries = _Entries(dtm, walker)
    faults = _Faults(table, examples)
    try:
        # Pass 1, per king slice: Black's values kept as "lost in d" (ILLEGAL otherwise).
        lost = np.empty((kings,) + walker.shape, dtype=np.uint8)
        mates = np.zeros(kings, dtype=np.int64)
        for k in range(kings):
            if progress:
                progress(f"black to move, king {k + 1} of {kings}")
            captures = _captures(walker, table, k, smaller)
            mates[k] = _black_lost(walker, k, lambda: entries.first(k), captures, lost[k])
        # Pass 2, per king slice: legality, and White's best move against the values of pass 1.
        per_square = np.zeros((kings, walker.cubes, 2), dtype=np.int64)  # legal, won per lone king square
        checked = 0
        for k in range(kings):
            if progress:
                progress(f"white to move, king {k + 1} of {kings}")
            checked += _check_white(walker, table, k, entries.again(k), lost, faults, per_square)
    finally:
        entries.close()
    pairs = table.material.like_orderings
    board = table.space.board
    checkmates = int(board.orbit_sizes @ mates) // pairs
    faces = tuple((int(legal) // pairs, int(won) // pairs) for legal, won in board.by_face_distance(per_square))
    return VerifyReport(table.material.name, table.n, checked, faults.counts, faults.boards(), checkmates, faces)


def _name(position: TablePosition) -> str:
    """A faulty entry's position (White to move, the strong side White): FEN on the 8x8 board, the
    board text of the 3D notation (core/cube_notation.py) on the cube."""
    if position.dim == CHESS_DIM:
        return placement({s: piece.symbol() for s, piece in enumerate(position.cells) if piece}) + " w - - 0 1"
    return CubePosition(position.n, tuple(position.cells)).notation()
