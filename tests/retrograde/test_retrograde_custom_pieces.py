"""The engine with custom men: every legal White-to-move position's DTM equals the brute-force
solver's (tests/helpers/atom_bruteforce.py, apart from the engine and the rules core), and the
tables pass the independent verifier (``tables.verify``): leapers, riders and pieces that do both."""

from itertools import product

import numpy as np
import pytest

from tests.helpers.atom_bruteforce import solve as brute_force

from tablebase.core.atoms import PieceDefinition
from tablebase.retrograde import Material, solve_all
from tablebase.retrograde.material import man_kind
from tablebase.tables import TableId
from tablebase.tables.verify import verify

SIX = ("012", "002", "112", "011*", "111*,012", "001*,012")


def _engine(n: int, texts: tuple[str, ...]):
    material = Material.of(man_kind(PieceDefinition.parse(t, 3)) for t in texts)
    table = TableId.cube(material, n)
    tables = solve_all(table.board, material)
    report = verify(table, tables[material].reshape(-1), {m: a for m, a in tables.items() if m != material})
    assert not any(report.faults.values()), report.faults
    return table, tables[material].reshape(-1)


def _agree(n: int, texts: tuple[str, ...]) -> int:
    """Compare every placement (the brute force's men in ``texts``' order); the won count."""
    table, dtm = _engine(n, texts)
    order = [man_kind(PieceDefinition.parse(t, 3)) for t in texts]
    men_order = sorted(range(len(texts)), key=lambda i: table.material.pieces.index(order[i]))
    won = brute_force(n, texts)
    placements = np.array([p for p in product(range(n ** 3), repeat=len(texts) + 2) if len(set(p)) == len(p)])
    index = table.space.index(placements[:, 0], [placements[:, 1 + i] for i in men_order], placements[:, -1])
    expected = np.array([won.get(tuple(p), 0) for p in placements.tolist()])
    assert np.array_equal(dtm[index], expected), f"{texts} on n={n}: {int((dtm[index] != expected).sum())} differ"
    return len(won)


@pytest.mark.parametrize("text", SIX + ("001*,011*,111*,012",))
def test_one_custom_man_agrees_with_brute_force_on_3x3x3(text):
    _agree(3, (text,))


def test_the_amazon_mates_on_3x3x3_as_brute_force_says():
    assert _agree(3, ("001*,011*,111*,012",)) > 0


@pytest.mark.slow
@pytest.mark.parametrize("text", SIX + ("001*,011*,111*,012",))
def test_one_custom_man_agrees_with_brute_force_on_4x4x4(text):
    _agree(4, (text,))


@pytest.mark.slow
@pytest.mark.parametrize("texts", [("001*", "011*"), ("011*", "012"), ("002", "112"), ("111*,012", "001*")])
def test_two_men_agree_with_brute_force_on_3x3x3(texts):
    _agree(3, texts)


@pytest.mark.slow
def test_a_rider_of_longer_steps_passes_the_verifier():
    """A nightrider (12*) beside a rook on 8x8: its unmoves sweep two layers at a time."""
    material = Material.parse("KR(12*)K")
    table = TableId.chess(material)
    tables = solve_all(table.board, material)
    report = verify(table, tables[material].reshape(-1), {m: a for m, a in tables.items() if m != material})
    assert not any(report.faults.values()) and report.checkmates > 0


def test_standard_atoms_name_the_standard_table():
    assert Material.parse("K(001*)K") == Material.parse("KRK")
    assert TableId.cube(Material.parse("K(001,011,111*)K"), 3).file_name == "K_111r.001.011_K-3x3x3.tbl"
    assert TableId.cube(Material.parse("KN(011*)K"), 4).file_name == "KN_011r_K-4x4x4.tbl"


def test_a_material_of_custom_men_reads_back_from_its_tag():
    material = Material.parse("KR(111*,012)K")
    assert len(material.tag) <= 8 and Material.from_tag(material.tag) == material
    assert Material.from_tag("KRK") == Material.parse("KRK")


def test_the_tags_kept_are_bounded_and_the_latest_named_is_kept(monkeypatch):
    from tablebase.retrograde import material as module

    monkeypatch.setattr(module, "MAX_TAGS", 3)
    named = [Material.parse(f"K({a}{b}{c})K") for a, b, c in ((0, 1, 3), (0, 2, 3), (1, 1, 3), (1, 2, 3), (0, 0, 3))]
    assert len(module._TAGS) <= 3 and Material.from_tag(named[-1].tag) == named[-1]
    Material.parse("K(013)K")  # naming it again keeps it again
    assert Material.from_tag(named[0].tag) == named[0]


@pytest.mark.slow
@pytest.mark.parametrize("text, longest", [("11*,12", 17), ("01*,12", 11), ("01*,11*,12", 4)])
def test_the_fairy_endings_of_the_8x8_board_agree_with_brute_force(text, longest):
    """King and archbishop, chancellor or amazon against a lone king: every placement's DTM."""
    material = Material.parse(f"K({text})K")
    table = TableId.chess(material)
    dtm = solve_all(table.board, material)[material].reshape(-1)
    won = brute_force(8, (text,), dim=2)
    placements = np.array([p for p in product(range(64), repeat=3) if len(set(p)) == 3])
    index = table.space.index(placements[:, 0], [placements[:, 1]], placements[:, 2])
    expected = np.array([won.get(tuple(p), 0) for p in placements.tolist()])
    assert np.array_equal(dtm[index], expected) and max(won.values()) == longest
