"""The one move-rules core shared by the 2D checker, the 3D lab, solitaire and the tablebase.

A board is a list of cells (a ``Piece`` or ``None``) indexed by square int on a ``Geometry``.
Pieces move along direction vectors: sliders along rays until blocked, leapers one vector away.
The variants differ only in geometry and in a few rules held by ``Rules`` (pawn moves, whether a
king may be captured, whether pieces of one colour capture each other).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property, lru_cache

from .caches import BOARD_SHAPES, ShapeTables
from ..errors import ChessInputError, quoted
from .message import N_, msg
from .atoms import PieceDefinition, standard
from .geometry import CHESSBOARD, Geometry, Vector, bishop_vectors, geometry
from .uci import Move, uci  # noqa: F401 - a move of the 8x8 board, named here as ever

WHITE, BLACK = "w", "b"
KINDS = "KQRBNP"
KIND_NAMES = {"K": "king", "Q": "queen", "R": "rook", "B": "bishop", "N": "knight", "P": "pawn"}
COLOR_NAMES = {WHITE: "white", BLACK: "black"}


def other(color: str) -> str:
    return BLACK if color == WHITE else WHITE


def parse_color(value) -> str:
    """``"w"`` or ``"b"`` as given (the side to move), or ChessInputError."""
    if value not in (WHITE, BLACK):
        raise ChessInputError(msg(N_("the side to move must be 'w' or 'b', not %(given)s"), given=quoted(value)))
    return value


@dataclass(frozen=True)
class Piece:
    color: str
    kind: str

    @classmethod
    def from_symbol(cls, symbol: str) -> Piece:
        if not isinstance(symbol, str) or len(symbol) != 1 or symbol.upper() not in KINDS:
            raise ChessInputError(msg(N_("invalid piece symbol: %(given)s"), given=quoted(symbol)))
        shared = PIECES.get(symbol) if cls is Piece else None  # values: one object serves every board
        return shared or cls(WHITE if symbol.isupper() else BLACK, symbol.upper())

    def symbol(self) -> str:
        return self.kind if self.color == WHITE else self.kind.lower()

    def name(self) -> str:
        return f"{COLOR_NAMES[self.color]} {KIND_NAMES.get(self.kind, self.kind)}"


PIECES = {symbol: Piece(WHITE if symbol.isupper() else BLACK, symbol.upper()) for symbol in KINDS + KINDS.lower()}


_KIND_SETS: dict[frozenset, frozenset] = {}  # at most 2**6 sets of kinds, each made once


def _kind_set(kinds) -> frozenset:
    found = frozenset(kinds)
    return _KIND_SETS.setdefault(found, found)


@dataclass(frozen=True)
class Rules:
    """How pieces move on one geometry. Build with ``chess_rules``, ``cube_rules`` or ``solitaire_rules``."""

    geometry: Geometry
    pawns_push: bool = False  # orthodox pawns: push forward, capture forward diagonally
    kings_capturable: bool = False  # solitaire: any piece may be taken
    capture_own: bool = False  # solitaire: every piece is one colour and any may take any other
    custom: tuple[tuple[str, PieceDefinition], ...] = ()  # (kind, its atoms) besides the standard five
    _cache: dict = field(default_factory=dict, init=False, repr=False, compare=False, hash=False)

    @cached_property
    def definitions(self) -> dict[str, PieceDefinition]:
        """Every kind's atoms but the pawn's (pawns move by colour and by rank, not by atoms)."""
        return {**standard(self.geometry.dim), **dict(self.custom)}

    @cached_property
    def kinds(self) -> tuple[str, ...]:
        """Every kind: K Q R B N P, then the custom ones (a letter, or a man's atoms in the engine)."""
        return tuple(KINDS) + tuple(kind for kind, _ in self.custom)

    @cached_property
    def slides(self) -> dict[str, tuple[Vector, ...]]:
        """The rider's vectors of each kind that rides (Q R B, and custom riders)."""
        return {kind: piece.rides for kind, piece in self.definitions.items() if piece.rides}

    @cached_property
    def slide_vectors(self) -> tuple[Vector, ...]:
        """Every vector some kind rides along (the lines an attack or a pin may come along)."""
        return tuple(sorted(self._slide_kinds))

    @cached_property
    def _slide_kinds(self) -> dict[Vector, frozenset]:
        """The kinds that ride along each vector, found once (not per square: custom riders have
        hundreds of vectors)."""
        found: dict[Vector, set[str]] = {}
        for kind, vectors in self.slides.items():
            for v in vectors:
                found.setdefault(v, set()).add(kind)
        return {v: _kind_set(kinds) for v, kinds in found.items()}

    @cached_property
    def _leap_vectors(self) -> dict[tuple[str, str], tuple[Vector, ...]]:
        dim = self.geometry.dim
        leaps = {}
        for color in (WHITE, BLACK):
            for kind, piece in self.definitions.items():
                if piece.leaps:
                    leaps[(color, kind)] = piece.leaps
            if dim == 2 and self.pawns_push:
                forward = 1 if color == WHITE else -1
                leaps[(color, "P")] = ((-1, forward), (1, forward))
            elif dim == 2:
                leaps[(color, "P")] = bishop_vectors(2)  # the solitaire pawn takes on all 4 diagonals
        return leaps

    def leap_vectors(self, color: str, kind: str) -> tuple[Vector, ...]:
        return self._leap_vectors.get((color, kind), ())

    # --- per-square tables, built as squares are first used -----------------------------------

    def _slide_rays(self, square: int, kind: str) -> tuple[tuple[int, ...], ...]:
        key = ("slide", square, kind)
        rays = self._cache.get(key)
        if rays is None:
            geo = self.geometry
            rays = tuple(r for r in (geo.ray(square, v) for v in self.slides.get(kind, ())) if r)
            self._cache[key] = rays
        return rays

    def _leaps(self, square: int, color: str, kind: str) -> tuple[int, ...]:
        return self.geometry.leaps(square, self.leap_vectors(color, kind))

    @cached_property
    def _colour_blind(self) -> bool:
        """Whether both colours' pieces move alike (no orthodox pawns): one attack table serves both."""
        return all(self.leap_vectors(WHITE, kind) == self.leap_vectors(BLACK, kind) for kind in self.kinds)

    def _attack_table(self, square: int, by: str):
        """What can attack ``square`` for pieces of colour ``by``: rays with the kinds that slide
        along them (the nearest piece counts), and leap sources with the kinds that leap from them,
        as (rays, their kinds, sources, their kinds): four flat tuples (n = 10 has a thousand)."""
        key = ("attack", square, None if self._colour_blind else by)
        table = self._cache.get(key)
        if table is None:
            geo = self.geometry
            rays, ray_kinds = [], []
            for v, kinds in self._slide_kinds.items():
                ray = geo.ray(square, v)
                if ray:
                    rays.append(ray)
                    ray_kinds.append(kinds)
            sources: dict[int, set[str]] = {}
            for kind in self.kinds:
                for v in self.leap_vectors(by, kind):
                    source = geo.step(square, tuple(-c for c in v))
                    if source is not None:
                        sources.setdefault(source, set()).add(kind)
            table = (tuple(rays), tuple(ray_kinds), tuple(sources), tuple(map(_kind_set, sources.values())))
            self._cache[key] = table
        return table

    # --- attacks and moves -------------------------------------------------------------------

    def attackers(self, cells, square: int, by: str, first_only: bool = False) -> list[int]:
        """Squares of the pieces of colour ``by`` that attack ``square`` (a defended piece counts)."""
        rays, ray_kinds, sources, source_kinds = self._attack_table(square, by)
        found = []
        for ray, kinds in zip(rays, ray_kinds):
            for s in ray:
                piece = cells[s]
                if piece is not None:
                    if piece.color == by and piece.kind in kinds:
                        found.append(s)
                        if first_only:
                            return found
                    break
        for s, kinds in zip(sources, source_kinds):
            piece = cells[s]
            if piece is not None and piece.color == by and piece.kind in kinds:
                found.append(s)
                if first_only:
                    return found
        return found

    def is_attacked(self, cells, square: int, by: str) -> bool:
        return bool(self.attackers(cells, square, by, first_only=True))

    def attacked_squares(self, cells, square: int) -> list[int]:
        """Every square the piece on ``square`` attacks (its own pieces included: it defends them)."""
        piece = cells[square]
        found = []
        for ray in self._slide_rays(square, piece.kind):
            for s in ray:
                found.append(s)
                if cells[s] is not None:
                    break
        found.extend(self._leaps(square, piece.color, piece.kind))
        return found

    def _may_land(self, mover: Piece, target) -> bool:
        if target is None:
            return not self.capture_own  # solitaire: every move is a capture
        if target.kind == "K" and not self.kings_capturable:
            return False
        return self.capture_own or target.color != mover.color

    def pseudo_targets(self, cells, square: int) -> list[int]:
        """Where the piece on ``square`` may go by its movement alone, ignoring its own king."""
        piece = cells[square]
        targets = []
        may_land = self._may_land
        to_empty = may_land(piece, None)  # asked once: most squares a piece passes are empty
        for ray in self._slide_rays(square, piece.kind):
            for s in ray:
                there = cells[s]
                if there is None:
                    if to_empty:
                        targets.append(s)
                    continue
                if may_land(piece, there):
                    targets.append(s)
                break
        if piece.kind == "P" and self.pawns_push:
            targets.extend(self._pawn_pushes(cells, square, piece.color))
            for s in self._leaps(square, piece.color, "P"):
                if cells[s] is not None and may_land(piece, cells[s]):
                    targets.append(s)
        else:
            for s in self._leaps(square, piece.color, piece.kind):
                there = cells[s]
                if (to_empty if there is None else may_land(piece, there)):
                    targets.append(s)
        return targets

    def _pawn_pushes(self, cells, square: int, color: str) -> list[int]:
        geo = self.geometry
        forward = (0, 1) if color == WHITE else (0, -1)
        one = geo.step(square, forward)
        if one is None or cells[one] is not None:
            return []
        start_rank = 1 if color == WHITE else geo.shape[1] - 2
        if geo.coords(square)[1] == start_rank:
            two = geo.step(one, forward)
            if two is not None and cells[two] is None:
                return [one, two]
        return [one]

    def king_square(self, cells, color: str) -> int | None:
        for s, piece in enumerate(cells):
            if piece is not None and piece.kind == "K" and piece.color == color:
                return s
        return None

    def leaves_king_safe(self, cells, start: int, end: int, king: int | None) -> bool:
        """Whether moving start->end leaves the mover's king (on ``king``, or None) unattacked."""
        mover = cells[start]
        if king is None:
            return True
        if start == king:
            king = end
        captured = cells[end]
        cells[end], cells[start] = mover, None
        try:
            return not self.is_attacked(cells, king, other(mover.color))
        finally:
            cells[start], cells[end] = mover, captured

    def legal_targets(self, cells, square: int) -> list[int]:
        """Where the piece on ``square`` may legally go: its own king is not left attacked."""
        cells = list(cells)
        piece = cells[square]
        king = self.king_square(cells, piece.color)
        return [t for t in self.pseudo_targets(cells, square)
                if self.leaves_king_safe(cells, square, t, king)]

    def has_legal_move(self, cells, color: str) -> bool:
        cells = list(cells)
        king = self.king_square(cells, color)
        order = sorted((s for s, p in enumerate(cells) if p is not None and p.color == color),
                       key=lambda s: s != king)  # king moves first: the usual way out of check
        for s in order:
            for t in self.pseudo_targets(cells, s):
                if self.leaves_king_safe(cells, s, t, king):
                    return True
        return False

    def checkers(self, cells, color: str) -> list[int]:
        """Squares of the pieces giving check to ``color``'s king (a pinned piece still gives check)."""
        king = self.king_square(cells, color)
        return [] if king is None else self.attackers(cells, king, other(color))

    def pins(self, cells, color: str) -> list[tuple[int, int]]:
        """(pinned square, pinner square) for each piece of ``color`` pinned against its own king:
        the only piece between the king and an enemy slider that moves along that line."""
        king = self.king_square(cells, color)
        if king is None:
            return []
        found = []
        for vector in self.slide_vectors:
            shield = None
            for s in self.geometry.ray(king, vector):
                piece = cells[s]
                if piece is None:
                    continue
                if shield is None and piece.color == color:
                    shield = s
                    continue
                if shield is not None and piece.color != color and vector in self.slides.get(piece.kind, ()):
                    found.append((shield, s))
                break
        return found

    def promotes(self, cells, start: int, end: int) -> bool:
        """Whether the move is a pawn's reaching the last rank (it must then promote)."""
        piece = cells[start]
        last = 0 if piece.color == BLACK else self.geometry.shape[1] - 1
        return self.pawns_push and piece.kind == "P" and self.geometry.coords(end)[1] == last

    def play(self, cells, start: int, end: int, promotion: str | None = None) -> list:
        """The cells after a move (not checked for legality): the piece moves, a promotion letter
        replaces it, and a pawn that moves diagonally onto an empty square takes en passant."""
        after = list(cells)
        piece = after[start]
        after[start] = None
        if (self.pawns_push and piece.kind == "P" and after[end] is None
                and self.geometry.coords(start)[0] != self.geometry.coords(end)[0]):
            behind = self.geometry.step(end, (0, -1) if piece.color == WHITE else (0, 1))
            after[behind] = None  # en passant: the pawn passed by stands behind the target square
        after[end] = Piece(piece.color, promotion.upper()) if promotion else piece
        return after

    def status(self, cells, color: str) -> dict:
        """Check, checkmate and stalemate for ``color`` to move, and the checking squares."""
        checkers = self.checkers(cells, color)
        stuck = not self.has_legal_move(cells, color)
        return {
            "check": bool(checkers),
            "checkmate": bool(checkers) and stuck,
            "stalemate": not checkers and stuck,
            "checkers": checkers,
        }


CHESS_RULES = Rules(CHESSBOARD, pawns_push=True)


def chess_rules(custom: tuple[tuple[str, PieceDefinition], ...] = ()) -> Rules:
    """The 8x8 board's rules, with ``custom`` pieces besides the standard ones (the engine's fairy endings)."""
    return _custom_chess_rules(custom) if custom else CHESS_RULES


def _kept(rules: Rules) -> Rules:
    """``rules`` whose per-square tables count against ``caches.bounds().board_shapes`` (rules
    with custom pieces count apart from the standard rules of their shape)."""
    object.__setattr__(rules, "_cache", ShapeTables(BOARD_SHAPES, rules_key(rules)))
    return rules


def rules_key(rules: Rules):
    """What a cache of per-rules tables is keyed by: the shape, and the custom pieces if any."""
    shape = rules.geometry.shape
    return (shape, rules.custom) if rules.custom else shape


@lru_cache(maxsize=None)  # one per board size (its tables are bounded by the shapes kept)
def _cube_rules(n: int) -> Rules:
    return _kept(Rules(geometry(n, n, n)))


@lru_cache(maxsize=256)  # sets of custom pieces asked for: a page's few, a build's one
def _custom_cube_rules(n: int, custom: tuple) -> Rules:
    return _kept(Rules(geometry(n, n, n), custom=custom))


@lru_cache(maxsize=64)  # the fairy endings of the command line: a few
def _custom_chess_rules(custom: tuple) -> Rules:
    return _kept(Rules(CHESSBOARD, pawns_push=True, custom=custom))


def cube_rules(n: int, custom: tuple[tuple[str, PieceDefinition], ...] = ()) -> Rules:
    """The n*n*n variant of the 3D lab and endgames: no pawns, the bishop on the 8 triagonals; ``custom``: pieces of
    other kinds, (letter, atoms) each, in letter order."""
    rules = _custom_cube_rules(n, custom) if custom else _cube_rules(n)
    BOARD_SHAPES.touch(rules_key(rules))
    return rules


@lru_cache(maxsize=None)  # one per board size (its tables are bounded by the shapes kept)
def solitaire_rules(n: int) -> Rules:
    """Solitaire chess on n*n: one colour, every move a capture, the pawn takes on any diagonal."""
    return _kept(Rules(geometry(n, n), kings_capturable=True, capture_own=True))
