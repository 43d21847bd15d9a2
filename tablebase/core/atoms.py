"""A piece as data: a set of atoms, each a vector's absolute coordinates in ascending order (three
digits on the n*n*n board, two on the 8x8 board), every permutation and sign of it implied, and
``*`` after a rider (it slides along the vector until blocked) or nothing for a leaper (one jump,
over anything). A piece is its atoms, comma-separated: rook ``001*``, this variant's bishop
``111*``, Raumschach's bishop ``011*``, knight ``012``, king ``001,011,111``; on 8x8 ``01*``, ``11*``.

Every atom keeps all the board's symmetries, so the engine's symmetry reduction holds for any piece.
Two texts with the same atoms are one piece: ``canonical`` (riders first, then leapers, each in
digit order; a leaper the same rider covers left out) names it for tables and caches.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cached_property, lru_cache
from itertools import permutations, product
from math import gcd

from ..errors import ChessInputError, quoted, said
from .message import N_, Message, Nn_, counted, msg

Vector = tuple[int, ...]
MAX_ATOMS = 16  # more than any piece needs (the amazon has 4); a longer text is refused unread
_ATOM = re.compile(r"([0-9]+)(\*?)", re.ASCII)  # ASCII digits only, matched whole (``fullmatch``)


class PieceDefinitionError(ChessInputError):
    """A piece's text that is not a set of atoms; the message quotes the atom at fault."""

    code = "bad_piece"


@dataclass(frozen=True, order=True)
class Atom:
    digits: tuple[int, ...]
    rides: bool

    @property
    def text(self) -> str:
        return "".join(map(str, self.digits)) + ("*" if self.rides else "")

    @cached_property
    def vectors(self) -> tuple[Vector, ...]:
        """Every permutation and sign of the digits, in the order ``itertools.product`` lists them."""
        found = set()
        for perm in permutations(self.digits):
            for signs in product((1, -1), repeat=len(perm)):
                found.add(tuple(d * s for d, s in zip(perm, signs)))
        return tuple(sorted(found))

    @property
    def line(self) -> tuple[int, ...]:
        """The digits divided by their greatest common divisor: atoms of one line share it."""
        divisor = gcd(*self.digits)
        return tuple(d // divisor for d in self.digits)


@dataclass(frozen=True)
class PieceDefinition:
    """A piece's atoms on a board of ``dim`` dimensions, canonical: build with ``parse``."""

    dim: int
    atoms: tuple[Atom, ...]

    @classmethod
    def parse(cls, text, dim: int) -> PieceDefinition:
        return _parse(text, dim) if isinstance(text, str) else _parse_refused(text)

    @property
    def text(self) -> str:
        """The canonical text: ``001*,011*,111*``."""
        return ",".join(a.text for a in self.atoms)

    def __str__(self) -> str:
        return self.text

    @cached_property
    def rides(self) -> tuple[Vector, ...]:
        """The rider's vectors (of every ``*`` atom), in product order."""
        return tuple(sorted({v for a in self.atoms if a.rides for v in a.vectors}))

    @cached_property
    def leaps(self) -> tuple[Vector, ...]:
        """The leaper's vectors, in product order."""
        return tuple(sorted({v for a in self.atoms if not a.rides for v in a.vectors}))


def _parse_refused(text) -> PieceDefinition:
    raise PieceDefinitionError(msg(N_("a piece is written as its atoms, like '011*' or '111*,012', not %(given)s"),
                                   given=quoted(text)))


@lru_cache(maxsize=4096)  # texts of pieces: a page asks for the same few again and again
def _parse(text: str, dim: int) -> PieceDefinition:
    parts = text.split(",")  # strict, as the OpenAPI pattern: no space or newline around an atom
    if len(parts) > MAX_ATOMS:
        raise PieceDefinitionError(msg(N_("a piece has at most %(most)s atoms, not %(size)s: %(given)s"), most=MAX_ATOMS,
                                       size=len(parts), given=quoted(text)))
    atoms: list[Atom] = []
    for part in parts:
        atom = _atom(part, dim, text)
        if atom not in atoms:
            atoms.append(atom)
    riders = [a for a in atoms if a.rides]
    for i, a in enumerate(riders):
        for b in riders[i + 1:]:
            if a.line == b.line:
                raise PieceDefinitionError(msg(N_("the riders %(first)s and %(second)s of %(piece)s slide along the same "
                                                  "lines: keep one of them"), first=repr(a.text), second=repr(b.text),
                                               piece=quoted(text)))
    ridden = {a.digits for a in riders}
    kept = sorted((a for a in atoms if a.rides or a.digits not in ridden), key=lambda a: (not a.rides, a.digits))
    return PieceDefinition(dim, tuple(kept))


def _atom(part: str, dim: int, text: str) -> Atom:
    alone = part == text  # the piece is this one atom: the message quotes it once
    where = {"atom": quoted(part, 40)} if alone else {"atom": quoted(part, 40), "piece": quoted(text)}
    found = _ATOM.fullmatch(part)
    if not found:
        raise PieceDefinitionError(msg(
            N_("%(atom)s is not an atom: write %(dim)s digits, then '*' for a rider (like %(like)s) or nothing for a "
               "leaper") if alone else
            N_("%(atom)s in %(piece)s is not an atom: write %(dim)s digits, then '*' for a rider (like %(like)s) or "
               "nothing for a leaper"), dim=dim, like="011*" if dim == 3 else "11*", **where))
    digits = tuple(int(d) for d in found.group(1))
    if len(digits) != dim:
        raise PieceDefinitionError(counted(*(
            Nn_("the atom %(atom)s has %(num)s digit: an atom on this board has %(dim)s, one per axis",
                "the atom %(atom)s has %(num)s digits: an atom on this board has %(dim)s, one per axis") if alone else
            Nn_("the atom %(atom)s in %(piece)s has %(num)s digit: an atom on this board has %(dim)s, one per axis",
                "the atom %(atom)s in %(piece)s has %(num)s digits: an atom on this board has %(dim)s, one per axis")),
            len(digits), dim=dim, **where))
    if list(digits) != sorted(digits):
        raise PieceDefinitionError(msg(
            N_("the atom %(atom)s lists its digits out of order: write it %(written)s (every order is implied)")
            if alone else N_("the atom %(atom)s in %(piece)s lists its digits out of order: write it %(written)s "
                             "(every order is implied)"),
            written="".join(map(str, sorted(digits))) + found.group(2), **where))
    if not any(digits):
        raise PieceDefinitionError(msg(
            N_("the atom %(atom)s does not move: one of its digits must not be 0") if alone else
            N_("the atom %(atom)s in %(piece)s does not move: one of its digits must not be 0"), **where))
    return Atom(digits, bool(found.group(2)))


# The five pieces of every tool, as atoms: the 8x8 board's and the n*n*n cube's.
STANDARD_TEXTS = {
    2: {"K": "01,11", "Q": "01*,11*", "R": "01*", "B": "11*", "N": "12"},
    3: {"K": "001,011,111", "Q": "001*,011*,111*", "R": "001*", "B": "111*", "N": "012"},
}
STANDARD_KINDS = "KQRBN"


def standard(dim: int) -> dict[str, PieceDefinition]:
    """The five standard pieces on a board of ``dim`` dimensions (2 or 3), by letter."""
    return {kind: PieceDefinition.parse(text, dim) for kind, text in STANDARD_TEXTS[dim].items()}


def standard_kind(piece: PieceDefinition) -> str | None:
    """The letter of the standard piece with these atoms (the rook for ``001*``), or None."""
    for kind, text in STANDARD_TEXTS.get(piece.dim, {}).items():
        if PieceDefinition.parse(text, piece.dim) == piece:
            return kind
    return None


MAX_CUSTOM = 21  # every letter but K Q R B N


def parse_pieces(value, dim: int = 3) -> tuple[tuple[str, PieceDefinition], ...]:
    """``{"U": "011*", "A": "111*,012"}`` (a JSON object, or ``None`` for none): the custom pieces
    of a position, (upper-case letter, atoms) in letter order; the letter any but K Q R B N (P too
    on the 8x8 board), upper or lower case alike; a bad atom refused naming it."""
    if value is None:
        return ()
    if not isinstance(value, dict):
        raise PieceDefinitionError(msg(N_('pieces must be an object of letters and atoms like {"U": "011*"}, not '
                                          '%(given)s'), given=quoted(value)))
    if len(value) > MAX_CUSTOM:
        raise PieceDefinitionError(msg(N_("at most %(most)s custom pieces, not %(size)s"), most=MAX_CUSTOM,
                                       size=len(value)))
    found: dict[str, PieceDefinition] = {}
    for letter, text in value.items():
        taken = "KQRBNP" if dim == 2 else "KQRBN"
        if not isinstance(letter, str) or len(letter) != 1 or not letter.isascii() or not letter.isalpha() \
                or letter.upper() in taken:
            raise PieceDefinitionError(msg(N_("a custom piece's letter is one letter other than %(taken)s, not "
                                              "%(given)s"), taken=" ".join(taken), given=quoted(letter)))
        if letter.upper() in found:
            raise PieceDefinitionError(_twice(letter.upper()))
        try:
            found[letter.upper()] = PieceDefinition.parse(text, dim)
        except PieceDefinitionError as error:
            raise PieceDefinitionError(msg(N_("piece %(letter)s: %(error)s"), letter=letter.upper(),
                                           error=said(error))) from None
    return tuple(sorted(found.items()))


def pieces_from_texts(texts, dim: int = 3) -> tuple[tuple[str, PieceDefinition], ...]:
    """``["U=011*", "A=111*,012"]`` (the command line's ``--piece``; a page's address joins them
    with ``;``): the custom pieces as ``parse_pieces`` gives them."""
    found = {}
    for text in texts:
        letter, equals, atoms = text.partition("=")
        if not equals:
            raise PieceDefinitionError(msg(N_("a piece is given as its letter, '=' and its atoms, like U=011*, not "
                                              "%(given)s"), given=quoted(text)))
        if letter.strip() in found:
            raise PieceDefinitionError(_twice(letter.strip()))
        found[letter.strip()] = atoms
    return parse_pieces(found, dim)


def _twice(letter: str) -> Message:
    return msg(N_("the letter %(letter)s names two pieces"), letter=repr(letter))
