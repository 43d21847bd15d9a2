"""A material of the retrograde engine: White's king and some men against a lone king. A man is
one of Q R B N or a custom piece, named by its atoms' canonical text (``011*``, ``111*,012``: see
``core.atoms``), so that two letters for one piece name one material and share its tables."""

from __future__ import annotations

import base64
import hashlib
import math
import re
from collections import OrderedDict
from dataclasses import dataclass
from itertools import combinations_with_replacement

from ..core.atoms import PieceDefinition, PieceDefinitionError, standard_kind
from ..core.message import N_, msg
from ..errors import ChessInputError, quoted, said

ORDER = "QRBN"  # the order White's standard men are named and stored in, custom men after them
MAX_MEN = 4  # far past any table that fits in memory; a longer name is refused before any file is named
# A bracketed man is whatever stands between its brackets: the atoms' parser says what is wrong with it.
_NAME = re.compile(r"K((?:[A-Z]|\([^()]*\))*)K")
_MAN = re.compile(r"[A-Z]|\(([^()]*)\)")


_TAGS: OrderedDict[str, tuple[str, ...]] = OrderedDict()  # custom materials named in this process, by file tag
MAX_TAGS = 4096  # the latest named (a request names one): bounded whatever the requests


class MaterialError(ChessInputError):
    code = "bad_material"


def is_custom(kind: str) -> bool:
    """Whether a man's kind is a custom piece's atoms (not a letter of Q R B N)."""
    return len(kind) > 1


def custom_piece(kind: str) -> PieceDefinition:
    """The atoms of a custom man's kind (its canonical text: three digits an atom on the cube, two on 8x8)."""
    dim = len(kind.split(",")[0].rstrip("*"))
    if dim not in (2, 3):
        raise PieceDefinitionError(msg(N_("the atom %(atom)s of %(piece)s has %(dim)s digits: an atom has two on the "
                                          "8x8 board, three on the cube"), atom=repr(kind.split(",")[0]),
                                       piece=repr(kind), dim=dim))
    return PieceDefinition.parse(kind, dim)


def man_kind(piece: PieceDefinition) -> str:
    """The kind a man of these atoms has in a material: its standard letter, else its canonical text."""
    return standard_kind(piece) or piece.text


def man_order(kind: str) -> tuple:
    """The order of men in a material: Q R B N, then custom men by their atoms."""
    return (0, ORDER.index(kind), "") if kind in ORDER else (1, 0, kind)


def _check_kind(kind) -> None:
    if not isinstance(kind, str) or (kind not in ORDER and not is_custom(kind)):
        raise MaterialError(msg(N_("white's men must be among %(order)s or custom pieces' atoms: %(given)s"),
                                order=ORDER, given=quoted(kind)))
    if is_custom(kind):
        try:
            piece = custom_piece(kind)
        except PieceDefinitionError as error:
            raise MaterialError(msg(N_("a custom man %(man)s: %(error)s"), man=repr(kind), error=said(error))) from None
        if man_kind(piece) != kind:
            raise MaterialError(msg(N_("a custom man is named by its canonical atoms, %(canonical)s, not %(given)s"),
                                    canonical=repr(man_kind(piece)), given=repr(kind)))


@dataclass(frozen=True, order=True)
class Material:
    """White's men besides the king, in ``ORDER`` (``("R", "N")`` is KRNK)."""

    pieces: tuple[str, ...]

    def __post_init__(self):
        for kind in self.pieces:
            _check_kind(kind)
        if list(self.pieces) != sorted(self.pieces, key=man_order):
            raise MaterialError(msg(N_("white's men must be listed in the order %(order)s, custom men last: %(given)s"),
                                    order=ORDER, given=repr(self.pieces)))
        if self.custom:  # the latest named kept: a file is read after its material is named
            _TAGS[self.tag] = self.pieces
            _TAGS.move_to_end(self.tag)
            while len(_TAGS) > MAX_TAGS:
                _TAGS.popitem(last=False)

    @classmethod
    def of(cls, kinds) -> Material:
        """From White's men in any order (``"NR"`` or ``["N", "R"]``, or ``["011*", "R"]``)."""
        kinds = tuple(kinds)
        for kind in kinds:
            _check_kind(kind)
        return cls(tuple(sorted(kinds, key=man_order)))

    @classmethod
    def parse(cls, name: str, custom=(), dim: int | None = None) -> Material:
        """From a name like ``"KRNK"``: K, White's men in the order Q R B N, then the lone K. A
        custom man is its atoms in brackets (``"K(011*)K"``) or a letter of ``custom`` (pairs of a
        letter and its atoms, as ``core.atoms.parse_pieces`` reads them): ``"KUK"``. ``dim``: the
        board's dimensions where the caller knows them (3 for the cube), which bracketed atoms must
        have; else their digits tell."""
        if not isinstance(name, str) or len(name) < 2 or name[0] != "K" or name[-1] != "K":
            raise MaterialError(msg(N_("a material is named K, White's men, K (like 'KRK' or 'KBNK'): %(given)s"),
                                    given=quoted(name, 40)))
        found = _NAME.fullmatch(name)
        men = [(m.group(1), True) if m.group(1) is not None else (m.group(), False)
               for m in _MAN.finditer(found.group(1))] if found else None
        if men is not None and len(men) > MAX_MEN or len(name) > 200:
            raise MaterialError(msg(N_("a material names at most %(most)s of White's men: %(given)s"), most=MAX_MEN,
                                    given=quoted(name, 40)))
        letters = dict(custom)
        kinds = []
        for man, bracketed in men or ():
            if bracketed:
                kinds.append(_canonical(man, name, dim))
            elif man in letters:
                kinds.append(man_kind(letters[man]))
            elif man not in ORDER:
                raise MaterialError(msg(N_("%(given)s names a man %(man)s that is none of %(order)s and no piece "
                                           "defined (define it: --piece %(letter)s=011*)"), given=repr(name),
                                        man=repr(man), order=ORDER, letter=man))
            else:
                kinds.append(man)
        try:
            if men is None:
                raise MaterialError(name)
            custom = any(bracketed or man in letters for man, bracketed in men)
            material = cls(tuple(sorted(kinds, key=man_order) if custom else kinds))  # custom men: any order
        except MaterialError:
            raise MaterialError(msg(N_("a material lists White's men among %(order)s in that order (like 'KQRK'), "
                                       "custom men last: %(given)s"), order=ORDER, given=repr(name))) from None
        return material

    @property
    def name(self) -> str:
        """``KRNK``; a custom man in brackets: ``KR(011*)K``."""
        return "K" + "".join(kind if len(kind) == 1 else f"({kind})" for kind in self.pieces) + "K"

    @property
    def tag(self) -> str:
        """At most 8 ASCII characters naming the material in a table file's header: its name, or
        for custom men ``K~`` and a digest of the name (read back by ``from_tag`` in a process that
        has named the material: the file's name and its build record hold the whole name)."""
        if not self.custom:
            return self.name
        return "K~" + base64.b32encode(hashlib.sha1(self.name.encode()).digest()).decode()[:6]

    @classmethod
    def from_tag(cls, tag: str) -> Material:
        if tag.startswith("K~"):
            if tag not in _TAGS:
                raise MaterialError(msg(N_("the custom material of tag %(tag)s is not known here: name it first"),
                                        tag=repr(tag)))
            return cls(_TAGS[tag])
        return cls.parse(tag)

    @property
    def file_stem(self) -> str:
        """The name in a file's name: ``KRNK``; custom men written with ``r`` for ``*`` and ``.``
        between atoms, each after ``_``: ``KR_011r_K``, ``K_111r.012_K``."""
        custom = [kind.replace("*", "r").replace(",", ".") for kind in self.pieces if is_custom(kind)]
        letters = "".join(kind for kind in self.pieces if not is_custom(kind))
        return "K" + letters + "".join("_" + c for c in custom) + ("_" if custom else "") + "K"

    @property
    def custom(self) -> tuple[tuple[str, PieceDefinition], ...]:
        """The custom men's kinds and atoms, each once, as the rules core takes them."""
        return tuple((kind, custom_piece(kind)) for kind in sorted(set(self.pieces)) if is_custom(kind))

    def __str__(self) -> str:
        return self.name

    @property
    def like_pair(self) -> bool:
        """Two men of one kind: swapping them gives the same position."""
        return len(self.pieces) == 2 and self.pieces[0] == self.pieces[1]

    @property
    def like_orderings(self) -> int:
        """How many placements of the men show one position (like men swapped): 2 for KRRK, 6 for
        KRRRK, 1 when the men are all different; counts of positions are divided by it."""
        return math.prod(math.factorial(self.pieces.count(kind)) for kind in set(self.pieces))

    def without(self, index: int) -> Material:
        """The material left when the lone king takes the man at ``index``."""
        return Material(self.pieces[:index] + self.pieces[index + 1:])

    def smaller(self) -> tuple[Material, ...]:
        """Every material a capture leads to, directly or after further captures (KK last)."""
        found: list[Material] = []
        for i in range(len(self.pieces)):
            sub = self.without(i)
            for m in (sub, *sub.smaller()):
                if m not in found:
                    found.append(m)
        return tuple(sorted(found, key=lambda m: (-len(m.pieces), m.pieces)))


def materials(count: int) -> tuple[Material, ...]:
    """Every material with ``count`` men besides White's king, in name order (KQK, KRK, ...)."""
    return tuple(Material(c) for c in combinations_with_replacement(ORDER, count))


def _canonical(atoms: str, name: str, dim: int | None = None) -> str:
    """A bracketed custom man's canonical kind; a standard piece's atoms name its letter. Its atoms
    are read by the one parser of pieces (``core.atoms``), whose message names the atom at fault."""
    try:
        return man_kind(custom_piece(atoms) if dim is None else PieceDefinition.parse(atoms, dim))
    except PieceDefinitionError as error:
        raise MaterialError(msg(N_("in %(given)s: %(error)s"), given=repr(name), error=said(error))) from None
