"""The work a 3D board or game asks of the rules, counted from what it holds before any of it is
done, and the one budget every request's board or game is held to (``WORK_BUDGET``).

A unit is one look at a cube. A piece's reach is, for each atom, its vectors times the cubes
along each (a rider's steps grow with the board: ``(n - 1) // its largest digit``; a leaper's one)
plus one look per vector. One check of a king (is its cube attacked?) looks along every atom of
every piece the board defines, once each: the scan. The lab's answer for one position finds every
man's moves and tries each against its king (reach times scan), so::

    position = n³ × (men + 2) + Σ over the men of (reach + 1) × (scan + 1)

A game replays each move (the moved man's reach, two scans, copying the board a few times) and then
asks whether the side to move has a move (at worst, its men's reach times the scan; men are only
ever taken, never added, so the start's men bound every later position)::

    game = position + plies × (100 n³ + 2 scan + the largest reach) + ⌈plies / 2⌉ × (white's + black's)

The figures are upper bounds (a ray stops at the first man it meets); ``bench/bench_3d_work.py``
measures the worst boards and games within the budget, and the budget is set so that they stay
under 0.25 s of CPU.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from ..errors import TooMuchWorkError
from .atoms import Atom, PieceDefinition, standard
from .message import Grouped, N_, msg

# Units of work one request's 3D board or game may ask for (calibrated by bench/bench_3d_work.py:
# the worst accepted board or game costs under 0.25 s of CPU).
WORK_BUDGET = 30_000_000


# A move's answer writes the board after it (its URL form and its pieces) and copies it: about a
# hundred looks' worth per cube, as measured.
CELL_PER_PLY = 100


class TooMuchWork(TooMuchWorkError):
    """A board or game whose work is past ``WORK_BUDGET``: refused before any of it is done."""


def atom_work(atom: Atom, n: int) -> int:
    """Looks one atom costs from one cube of the n×n×n board: one per vector, and one per cube along it."""
    steps = (n - 1) // max(atom.digits) if atom.rides else 1
    return len(atom.vectors) * (1 + steps)


@lru_cache(maxsize=1024)  # a page's few pieces, asked again for every board
def piece_work(piece: PieceDefinition, n: int) -> int:
    """A piece's reach: the looks that find its moves from one cube."""
    return sum(atom_work(atom, n) for atom in piece.atoms)


@lru_cache(maxsize=256)  # keyed like the rules: a board size and its custom pieces
def scan_work(n: int, custom: tuple) -> int:
    """The looks of one check of a king: every atom of every piece defined (standard and custom), once."""
    atoms = {atom for piece in (*standard(3).values(), *(piece for _, piece in custom)) for atom in piece.atoms}
    return sum(atom_work(atom, n) for atom in atoms)


@dataclass(frozen=True)
class BoardWork:
    """A board's work: its cells' and men's part, and each side's search for moves."""

    n: int
    men: int
    scan: int
    reach: int  # the largest reach of a man on the board
    white: int
    black: int

    @property
    def position(self) -> int:
        return self.n ** 3 * (self.men + 2) + self.white + self.black

    def game(self, plies: int) -> int:
        per_ply = CELL_PER_PLY * self.n ** 3 + 2 * self.scan + self.reach
        return self.position + plies * per_ply + (plies + 1) // 2 * (self.white + self.black)


def board_work(n: int, cells, custom: tuple) -> BoardWork:
    """The work of a board of side ``n`` whose ``cells`` hold pieces (``.color``, ``.kind``) or None."""
    pieces = {**standard(3), **dict(custom)}
    scan = scan_work(n, custom)
    sides = {"w": 0, "b": 0}
    reach, men = 0, 0
    for piece in cells:
        if piece is not None:
            work = piece_work(pieces[piece.kind], n)
            sides[piece.color] += (work + 1) * (scan + 1)
            reach, men = max(reach, work), men + 1
    return BoardWork(n, men, scan, reach, sides["w"], sides["b"])


def check_board(work: BoardWork) -> None:
    if work.position > WORK_BUDGET:
        raise TooMuchWork(msg(N_("this board asks for %(work)s units of work (its %(men)s men, their atoms and the "
                                 "%(n)s×%(n)s×%(n)s board), past the limit of %(most)s per request: use fewer men, "
                                 "fewer or shorter riders, or a smaller board"),
                              work=Grouped(work.position), men=work.men, n=work.n, most=Grouped(WORK_BUDGET)))


def check_game(work: BoardWork, plies: int) -> None:
    if work.game(plies) > WORK_BUDGET:
        raise TooMuchWork(msg(N_("this game asks for %(work)s units of work (%(plies)s moves from a board of %(men)s "
                                 "men), past the limit of %(most)s per request: send fewer moves, or a board with "
                                 "fewer men or shorter riders"),
                              work=Grouped(work.game(plies)), plies=plies, men=work.men, most=Grouped(WORK_BUDGET)))
