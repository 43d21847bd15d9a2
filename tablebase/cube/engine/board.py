"""The engine's board: the lab's position made mutable, moved and taken back in place (no copy per
move), its men listed by colour, its material counted and its Zobrist hash kept as it goes.

Moves come from the one rules core (``Rules.pseudo_targets``, ``Rules.is_attacked``): a move is a
pair of cubes ``(start, end)``, legal when the mover's king is not attacked after it.

>>> from tablebase.core.cube_notation import CubePosition
>>> board = SearchBoard(CubePosition.parse("[k##,###,###],[###,###,###],[###,#R#,##K]"), "w")
>>> len(board.legal_moves()) > 0, board.in_check()
(True, False)
>>> move = board.legal_moves()[0]
>>> before = board.hash
>>> taken = board.make(move)
>>> board.turn, board.hash != before
('b', True)
>>> board.unmake(move, taken)
>>> board.turn, board.hash == before
('w', True)
"""

from __future__ import annotations

import random
from functools import lru_cache

from ...core.cube_notation import CubePosition
from ...core.rules import BLACK, WHITE, other
from .values import MAN_CENTRE, centre_steps, king_terms, piece_value

Move = tuple[int, int]


@lru_cache(maxsize=64)  # per board size and set of kinds
def zobrist_keys(size: int, kinds: tuple[str, ...]) -> dict:
    """A random 64-bit key per (colour, kind) and cube, and one for Black to move; the same on every run."""
    rng = random.Random(size * 7919 + len(kinds))
    keys = {(color, kind): [rng.getrandbits(64) for _ in range(size)] for color in (WHITE, BLACK) for kind in kinds}
    keys["b"] = rng.getrandbits(64)
    return keys


class SearchBoard:
    """A position being searched: ``cells`` (a Piece or None per cube), ``turn``, the kings' cubes,
    each colour's men's cubes and material (kings not counted), and ``hash``."""

    def __init__(self, position: CubePosition, turn: str):
        self.n = position.n
        self.rules = rules = position.rules
        self.cells = list(position.cells)
        self.turn = turn
        self.values = {kind: piece_value(piece, self.n) for kind, piece in rules.definitions.items()}
        self.values["K"] = 0
        self.keys = zobrist_keys(len(self.cells), rules.kinds)
        self.men: dict[str, set[int]] = {WHITE: set(), BLACK: set()}
        self.kings: dict[str, int | None] = {WHITE: None, BLACK: None}
        self.material = {WHITE: 0, BLACK: 0}
        self.centre = centre_steps(self.n)
        self.placed = {WHITE: 0, BLACK: 0}  # each colour's men's steps from the faces, summed (kings not counted)
        self._checks: dict[int, tuple] = {}  # per cube of a king: where checks come from
        self.hash = self.keys["b"] if turn == BLACK else 0
        for cube, piece in enumerate(self.cells):
            if piece is not None:
                self.men[piece.color].add(cube)
                self.material[piece.color] += self.values[piece.kind]
                self.hash ^= self.keys[(piece.color, piece.kind)][cube]
                if piece.kind == "K":
                    self.kings[piece.color] = cube
                else:
                    self.placed[piece.color] += self.centre[cube]

    # --- moving -------------------------------------------------------------------------------

    def make(self, move: Move):
        """Play ``move`` for the side to move; returns what it took (None), for ``unmake``."""
        start, end = move
        cells, keys = self.cells, self.keys
        piece, taken = cells[start], cells[end]
        if taken is not None:
            if taken.kind == "K":
                raise ValueError("a king is never taken")
            self.men[taken.color].discard(end)
            self.material[taken.color] -= self.values[taken.kind]
            self.placed[taken.color] -= self.centre[end]
            self.hash ^= keys[(taken.color, taken.kind)][end]
        mover = keys[(piece.color, piece.kind)]
        self.hash ^= mover[start] ^ mover[end] ^ keys["b"]
        cells[end], cells[start] = piece, None
        men = self.men[piece.color]
        men.discard(start)
        men.add(end)
        if piece.kind == "K":
            self.kings[piece.color] = end
        else:
            self.placed[piece.color] += self.centre[end] - self.centre[start]
        self.turn = other(self.turn)
        return taken

    def unmake(self, move: Move, taken) -> None:
        """Take back ``move``, which took ``taken``."""
        start, end = move
        cells, keys = self.cells, self.keys
        piece = cells[end]
        cells[start], cells[end] = piece, taken
        men = self.men[piece.color]
        men.discard(end)
        men.add(start)
        if piece.kind == "K":
            self.kings[piece.color] = start
        else:
            self.placed[piece.color] -= self.centre[end] - self.centre[start]
        mover = keys[(piece.color, piece.kind)]
        self.hash ^= mover[start] ^ mover[end] ^ keys["b"]
        if taken is not None:
            self.men[taken.color].add(end)
            self.material[taken.color] += self.values[taken.kind]
            self.placed[taken.color] += self.centre[end]
            self.hash ^= keys[(taken.color, taken.kind)][end]
        self.turn = piece.color

    # --- asking -------------------------------------------------------------------------------

    def attacked(self, color: str) -> bool:
        """Whether ``color``'s king is attacked (a side without a king never is)."""
        king = self.kings[color]
        return king is not None and self.rules.is_attacked(self.cells, king, other(color))

    def in_check(self) -> bool:
        return self.attacked(self.turn)

    def moves(self) -> list[Move]:
        """Every move of the side to move by its pieces' movement (its king may be left attacked)."""
        targets, cells = self.rules.pseudo_targets, self.cells
        return [(start, end) for start in sorted(self.men[self.turn]) for end in targets(cells, start)]

    def captures(self) -> list[Move]:
        """``moves`` that take a man."""
        targets, cells = self.rules.pseudo_targets, self.cells
        return [(start, end) for start in sorted(self.men[self.turn]) for end in targets(cells, start)
                if cells[end] is not None]

    def legal(self, move: Move) -> bool:
        """Whether ``move`` leaves the mover's king unattacked."""
        mover = self.turn
        taken = self.make(move)
        safe = not self.attacked(mover)
        self.unmake(move, taken)
        return safe

    def exposed(self, checked: bool) -> tuple[int | None, set[int] | None]:
        """(the side to move's king, the cubes on its lines, or None when ``checked``: in check): a
        move must be tried for legality when it is the king's, starts on one of those cubes, or the
        king is in check."""
        king = self.kings[self.turn]
        if king is None:
            return None, set()
        return king, None if checked else self._check_squares(king)[1]

    def legal_moves(self, moves: list[Move] | None = None) -> list[Move]:
        """The legal ones of ``moves`` (every move by default), in their order. Out of check, a man
        that is not the king and stands on none of its king's lines cannot expose it: only the
        others are tried."""
        moves = self.moves() if moves is None else moves
        king = self.kings[self.turn]
        if king is None:
            return moves
        if self.in_check():
            return [move for move in moves if self.legal(move)]
        lines = self._check_squares(king)[1]
        return [move for move in moves if (move[0] != king and move[0] not in lines) or self.legal(move)]

    def has_legal_move(self) -> bool:
        """Whether the side to move has a move, its king's tried first (the usual way out of check)."""
        targets, cells, king = self.rules.pseudo_targets, self.cells, self.kings[self.turn]
        if king is None:
            return any(targets(cells, start) for start in self.men[self.turn])
        checked, lines = self.in_check(), self._check_squares(king)[1]
        for start in sorted(self.men[self.turn], key=lambda cube: cube != king):
            sure = not checked and start != king and start not in lines
            for end in targets(cells, start):
                if sure or self.legal((start, end)):
                    return True
        return False

    def checking_moves(self) -> list[Move]:
        """The moves of the side to move that may give check: the man lands where its kind attacks
        the other king from on an empty board, or leaves a line from that king (a discovered check)."""
        king = self.kings[other(self.turn)]
        if king is None:
            return []
        reach, lines = self._check_squares(king)
        cells = self.cells
        return [move for move in self.moves()
                if move[0] in lines or cells[move[0]].kind in reach.get(move[1], ())]

    def _check_squares(self, king: int) -> tuple[dict[int, set[str]], set[int]]:
        """(the kinds that attack ``king`` from each cube on an empty board, the cubes on its lines),
        kept per cube of the king."""
        found = self._checks.get(king)
        if found is None:
            rules, geo = self.rules, self.rules.geometry
            reach: dict[int, set[str]] = {}
            for kind, vectors in rules.slides.items():
                for vector in vectors:
                    for cube in geo.ray(king, vector):
                        reach.setdefault(cube, set()).add(kind)
            for kind in rules.kinds:
                for vector in rules.leap_vectors(self.turn, kind):
                    cube = geo.step(king, tuple(-c for c in vector))
                    if cube is not None:
                        reach.setdefault(cube, set()).add(kind)
            lines = {cube for vector in rules.slide_vectors for cube in geo.ray(king, vector)}
            found = self._checks[king] = (reach, lines)
        return found

    def evaluate(self) -> int:
        """The position's worth for the side to move, in centipawns: material, the men's steps from
        the faces, then the kings' terms."""
        me, them = self.turn, other(self.turn)
        mine, theirs = self.material[me], self.material[them]
        kings = self.kings
        return (mine - theirs + MAN_CENTRE * (self.placed[me] - self.placed[them]) + king_terms(self.n, kings[me], kings[them], mine, theirs)
                - king_terms(self.n, kings[them], kings[me], theirs, mine))

    def only_kings(self) -> bool:
        """Nothing but kings on the board: a draw."""
        return len(self.men[WHITE]) + len(self.men[BLACK]) == (self.kings[WHITE] is not None) + (
            self.kings[BLACK] is not None)
