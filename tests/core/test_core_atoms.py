"""Pieces as atoms: the compact form read and refused, and the five standard pieces' vectors as
the rules core had them before pieces were data (written out here by their distance tests)."""

from itertools import product

import pytest

from tablebase.core.atoms import PieceDefinition, PieceDefinitionError, standard, standard_kind
from tablebase.core.rules import Piece, Rules, cube_rules
from tablebase.core.geometry import geometry


def _by_distance(dim, test, reach=1):
    """Vectors of ``dim`` axes whose sorted absolute coordinates pass ``test``, in product order."""
    return tuple(v for v in product(range(-reach, reach + 1), repeat=dim) if any(v) and test(sorted(map(abs, v))))


@pytest.mark.parametrize("dim", [2, 3])
def test_standard_pieces_have_the_vectors_of_before(dim):
    pieces = standard(dim)
    assert pieces["K"].leaps == _by_distance(dim, lambda d: True) and not pieces["K"].rides
    assert pieces["Q"].rides == _by_distance(dim, lambda d: True) and not pieces["Q"].leaps
    assert pieces["R"].rides == _by_distance(dim, lambda d: d[-2] == 0)
    assert pieces["B"].rides == _by_distance(dim, lambda d: d[0] == 1)
    knight = [0] * (dim - 2) + [1, 2]
    assert pieces["N"].leaps == _by_distance(dim, lambda d: d == knight, reach=2)
    assert len(pieces["N"].leaps) == (8 if dim == 2 else 24)


@pytest.mark.parametrize("dim", [2, 3])
def test_rules_derive_slides_and_leaps_from_the_atoms(dim):
    rules = Rules(geometry(*[5] * dim))
    pieces = standard(dim)
    assert rules.slides == {kind: pieces[kind].rides for kind in "QRB"}
    for kind in "KN":
        assert rules.leap_vectors("w", kind) == pieces[kind].leaps


@pytest.mark.parametrize("text, canonical", [
    ("001*", "001*"), ("012,111*", "111*,012"), ("111*,012,012", "111*,012"),
    ("001,001*", "001*"), ("012,001*,011*,111*", "001*,011*,111*,012"), ("002,112", "002,112"),
])
def test_canonical_text_names_one_piece(text, canonical):
    assert PieceDefinition.parse(text, 3).text == canonical
    assert PieceDefinition.parse(text, 3) == PieceDefinition.parse(canonical, 3)


@pytest.mark.parametrize("text", [" 111*,012", "111* ,012", "111*,012\n", "111*, 012", "\t012", "011 *"])
def test_atoms_are_read_strictly_without_spaces_or_line_breaks(text):
    """As the OpenAPI pattern writes them (issue 36): ``011*,012``, nothing around an atom."""
    with pytest.raises(PieceDefinitionError, match="is not an atom"):
        PieceDefinition.parse(text, 3)


def test_atoms_expand_to_every_permutation_and_sign():
    assert len(PieceDefinition.parse("011*", 3).rides) == 12  # Raumschach's bishop: the 12 biagonals
    assert len(PieceDefinition.parse("112", 3).leaps) == 24
    assert len(PieceDefinition.parse("123", 3).leaps) == 48
    assert PieceDefinition.parse("11*,12", 2).leaps == ((-2, -1), (-2, 1), (-1, -2), (-1, 2), (1, -2), (1, 2), (2, -1), (2, 1))


def test_standard_kind_names_a_standard_piece_however_written():
    assert standard_kind(PieceDefinition.parse("001*", 3)) == "R"
    assert standard_kind(PieceDefinition.parse("111,011,001", 3)) == "K"
    assert standard_kind(PieceDefinition.parse("011*", 3)) is None


@pytest.mark.parametrize("text, dim, quoted", [
    ("0011*", 3, "'0011*'"), ("01", 3, "'01'"), ("021", 3, "write it 012"), ("000", 3, "'000'"),
    ("111*,x12", 3, "'x12'"), ("001*,002*", 3, "'002*'"), ("", 3, "''"), ("11*,012", 2, "'012'"),
    ("01**", 2, "'01**'"),
])
def test_bad_definitions_are_refused_naming_the_atom(text, dim, quoted):
    with pytest.raises(PieceDefinitionError) as error:
        PieceDefinition.parse(text, dim)
    assert quoted in str(error.value) and isinstance(error.value, ValueError)


def test_a_definition_must_be_text():
    with pytest.raises(PieceDefinitionError, match="not 12"):
        PieceDefinition.parse(12, 3)


def test_custom_rules_move_a_custom_rider_and_leaper():
    custom = (("A", PieceDefinition.parse("111*,012", 3)), ("U", PieceDefinition.parse("011*", 3)))
    rules = cube_rules(4, custom)
    assert rules is cube_rules(4, custom) and rules is not cube_rules(4)
    cells = [None] * 64
    cells[0] = Piece("w", "U")
    targets = set(rules.pseudo_targets(cells, 0))
    geo = rules.geometry
    assert targets == {geo.square(c) for c in [(0, k, k) for k in (1, 2, 3)] + [(k, 0, k) for k in (1, 2, 3)]
                       + [(k, k, 0) for k in (1, 2, 3)]}
    cells[geo.square((1, 1, 0))] = Piece("b", "K")  # on the U's biagonal: in check, and the rest of that line is shadowed
    assert rules.is_attacked(cells, geo.square((1, 1, 0)), "w")
    assert geo.square((2, 2, 0)) not in rules.attacked_squares(cells, 0)
    cells[0] = Piece("w", "A")
    assert rules.is_attacked(cells, geo.square((1, 1, 1)), "w") and rules.is_attacked(cells, geo.square((0, 1, 2)), "w")
    assert not rules.is_attacked(cells, geo.square((0, 0, 1)), "w")
