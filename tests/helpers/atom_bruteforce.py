"""A brute-force solver for a king and custom men against a lone king on the n*n*n cube (or the
n*n board), written apart from the engine and the rules core, for tests on n = 3 and 4 (8 on a board).

A piece is read from its atoms here again (digits, ``*`` for a rider; every permutation and sign),
a cube is ``x + y*n + z*n*n`` (a square ``x + y*n``), and every placement of the men on the whole board is a position (no
symmetry). Values by rounds over explicit successor lists: White to move is won in d when a move
reaches a Black-to-move position lost in d - 1; Black to move is lost in d when every move (the
checkmated: none, in check) reaches a position won in at most d. A capture of a man leads to the
smaller material, solved first the same way (a king alone draws)."""

from __future__ import annotations

from itertools import permutations, product


def vectors(text: str) -> tuple[set, set]:
    """(rider vectors, leaper vectors) of a piece's atoms, like ``111*,012``."""
    rides, leaps = set(), set()
    for atom in text.split(","):
        atom = atom.strip()
        rider = atom.endswith("*")
        digits = [int(d) for d in atom.rstrip("*")]
        for perm in permutations(digits):
            for signs in product((1, -1), repeat=len(perm)):
                (rides if rider else leaps).add(tuple(d * s for d, s in zip(perm, signs)))
    return rides, leaps


class Cube:
    def __init__(self, n: int, dim: int = 3):
        self.n, self.size = n, n ** dim
        self.cells = [tuple(reversed(c)) for c in product(range(n), repeat=dim)]  # x fastest
        self.index = {c: i for i, c in enumerate(self.cells)}
        self.king = [self._targets(i, {v for v in product((-1, 0, 1), repeat=dim) if any(v)}) for i in range(self.size)]

    def _targets(self, square: int, leaps) -> list[int]:
        here = self.cells[square]
        found = [self.index.get(tuple(c + d for c, d in zip(here, v))) for v in leaps]
        return [t for t in found if t is not None]

    def rays(self, square: int, rides) -> list[list[int]]:
        out = []
        for v in rides:
            ray, c = [], self.cells[square]
            while True:
                c = tuple(a + b for a, b in zip(c, v))
                if c not in self.index:
                    break
                ray.append(self.index[c])
            if ray:
                out.append(ray)
        return out


class Man:
    """A piece's moves on one cube: per square, its rays and its leap targets."""

    def __init__(self, cube: Cube, text: str):
        rides, leaps = vectors(text)
        size = cube.size
        self.rays = [cube.rays(s, rides) for s in range(size)]
        self.leaps = [cube._targets(s, leaps) for s in range(size)]

    def targets(self, square: int, occupied) -> list[int]:
        """Cubes it reaches from ``square``: each ray up to and including the first occupied cube."""
        found = list(self.leaps[square])
        for ray in self.rays[square]:
            for t in ray:
                found.append(t)
                if t in occupied:
                    break
        return found


def solve(n: int, texts: tuple[str, ...], smaller: dict | None = None, dim: int = 3) -> dict:
    """``{(king, men..., lone): dtm}`` of every legal White-to-move position with White's men of
    ``texts``, won ones only (absent: drawn); ``smaller`` keeps the materials solved on the way;
    ``dim`` 2: the n*n board (atoms of two digits)."""
    smaller = {} if smaller is None else smaller
    if not texts:
        return {}
    key = (n, dim, texts)
    if key in smaller:
        return smaller[key]
    cube = Cube(n, dim)
    men = [Man(cube, t) for t in texts]
    subs = [solve(n, texts[:i] + texts[i + 1:], smaller, dim) for i in range(len(texts))]
    near = [set(k) | {s} for s, k in enumerate(cube.king)]
    positions = [p for p in product(range(cube.size), repeat=len(texts) + 2) if len(set(p)) == len(p)
                 and p[-1] not in near[p[0]]]
    wtm_legal, btm_moves, checked = _black_to_move(cube, men, near, positions)
    white_moves = _white_moves(cube, men, near, wtm_legal)
    return smaller.setdefault(key, _rounds(wtm_legal, btm_moves, checked, white_moves, subs))


def _attacked(men, near, target: int, king: int, squares: tuple, occupied) -> bool:
    """Whether White's king on ``king`` or a man on ``squares`` attacks ``target``."""
    if target in near[king] and target != king:
        return True
    return any(target in man.targets(sq, occupied) for man, sq in zip(men, squares))


def _black_to_move(cube: Cube, men: list, near: list, positions: list) -> tuple[set, dict, dict]:
    """The positions legal with White to move, and each position's lone-king replies with Black
    to move (``("here", position)`` or ``("sub", man taken, position of the smaller material)``)
    and whether it is in check."""
    wtm_legal, btm_moves, checked = set(), {}, {}
    for p in positions:
        king, squares, lone = p[0], p[1:-1], p[-1]
        occupied = set(p[:-1])  # the lone king lifted: lines run through its cube
        in_check = _attacked(men, near, lone, king, squares, occupied)
        if not in_check:
            wtm_legal.add(p)
        replies = []
        for t in cube.king[lone]:
            if t == king or t in near[king]:
                continue
            if t in squares:  # a capture: safe when no other man or the king defends the cube
                i = squares.index(t)
                rest = squares[:i] + squares[i + 1:]
                occupied_after = {king, *rest}
                if any(t in m.targets(sq, occupied_after) for j, (m, sq) in enumerate(zip(men, squares))
                       if j != i):
                    continue
                replies.append(("sub", i, (king, *rest, t)))
                continue
            if not _attacked(men, near, t, king, squares, occupied):
                replies.append(("here", (king, *squares, t)))
        btm_moves[p] = replies
        checked[p] = in_check
    return wtm_legal, btm_moves, checked


def _white_moves(cube: Cube, men: list, near: list, wtm_legal: set) -> dict:
    """Each White-to-move position's successors: the king or a man to a cube it reaches."""
    white_moves = {}
    for p in wtm_legal:
        king, squares, lone = p[0], p[1:-1], p[-1]
        occupied = set(p)
        found = []
        for t in cube.king[king]:
            if t not in occupied and t not in near[lone]:
                found.append((t, *squares, lone))
        for i, man in enumerate(men):
            for t in man.targets(squares[i], occupied):
                if t not in occupied:
                    found.append((king, *squares[:i], t, *squares[i + 1:], lone))
        white_moves[p] = found
    return white_moves


def _rounds(wtm_legal: set, btm_moves: dict, checked: dict, white_moves: dict, subs: list) -> dict:
    """The won White-to-move positions and their DTM, by rounds from the checkmates."""
    lost = {p: 0 for p, replies in btm_moves.items() if not replies and checked[p]}
    won: dict = {}
    d = 0
    while True:
        d += 1
        fresh = [p for p in wtm_legal if p not in won and any(lost.get(q) == d - 1 for q in white_moves[p])]
        if not fresh and d - 1 >= max(lost.values(), default=0):  # (a capture may yet lead to a longer loss)
            return won
        for p in fresh:
            won[p] = d
        for p, replies in btm_moves.items():
            if p in lost or not replies:
                continue
            values = []
            for reply in replies:
                value = subs[reply[1]].get(reply[2]) if reply[0] == "sub" else won.get(reply[1])
                if value is None:
                    break
                values.append(value)
            else:
                lost[p] = max(values)
