"""The answer above the table "Three men against a king" (issue 39) and in the docs: the 20
materials grouped by what White forces on a board (mate from every position, from most, from fewer
than half, never, or not verified yet), each with its longest mate, computed from the results by
``three_men.answers`` alone."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tablebase.cube.endgames.results import DEFAULT_PATH, Results
from tablebase.cube.endgames.three_men import THREE_MEN, VERDICTS, answers, markdown, raumschach_letters, verdict
from tests.helpers.fast import examples
from tests.helpers.tables import app_on, folder_with

RESULTS = Results.read(DEFAULT_PATH)


class Known:
    """Results that hold the given figures (None: not verified)."""

    def __init__(self, figures: dict):
        self.given = figures

    def figures(self, material: str, n: int):
        return self.given.get(material)


def some_figures():
    won_of = st.integers(1, 10**6).flatmap(lambda positions: st.tuples(st.just(positions), st.integers(0, positions)))
    return st.none() | st.builds(lambda counts, longest: {"positions": counts[0], "won": counts[1], "longest": longest},
                                 won_of, st.integers(1, 200))


@settings(max_examples=examples(200), deadline=None)
@given(st.lists(some_figures(), min_size=len(THREE_MEN), max_size=len(THREE_MEN)))
def test_each_material_is_answered_once_with_its_own_verdict_and_longest_mate(drawn):
    known = Known({m.name: f for m, f in zip(THREE_MEN, drawn)})
    grouped = answers(known, 5)
    assert list(grouped) == [v for v in VERDICTS if v in grouped]
    said = [m for group in grouped.values() for m, _ in group]
    assert sorted(m.name for m in said) == sorted(m.name for m in THREE_MEN)
    for found, group in grouped.items():
        assert [m for m, _ in group] == [m for m in THREE_MEN if m in {x for x, _ in group}]  # Raumschach's order
        for material, longest in group:
            figures = known.figures(material.name, 5)
            assert verdict(figures) == found
            assert longest == (figures["longest"] if figures and figures["won"] else None)


def test_the_docs_answer_names_each_material_once_per_board():
    text = markdown(RESULTS)
    lines = [line for line in text.splitlines() if line.startswith("- **")]
    assert [line[4:9] for line in lines] == ["5×5×5", "4×4×4", "3×3×3"]
    for line in lines:
        for material in THREE_MEN:
            assert len(re.findall(rf"K {raumschach_letters(material)}\b(?! [RBUN])", line)) == 1, (material.name, line)


@pytest.fixture(scope="module")
def client(tables_folder, tmp_path_factory):
    folder = folder_with(tables_folder, tmp_path_factory.mktemp("answer"))
    return app_on(folder, CUBE_RESULTS=str(DEFAULT_PATH), TABLE_BUILDER=False).test_client()


def test_the_page_answers_on_raumschachs_board_as_its_cells_say(client):
    page = client.get("/3d/endgames").get_data(as_text=True)
    items = re.findall(r'<li data-verdict="([a-z]+)" data-materials="([^"]*)">([^<]*)</li>', page)
    assert items, "no answer on the page"
    named = [name for _, materials, _ in items for name in materials.split()]
    assert sorted(named) == sorted(m.name for m in THREE_MEN)
    for found, materials, text in items:
        assert text.startswith("On 5×5×5, ")
        for name in materials.split():
            cell = re.search(rf'<td data-material="{re.escape(name)}" data-n="5" data-verdict="([a-z]+)"', page)
            assert cell.group(1) == found, name
            figures = RESULTS.figures(name, 5)
            men = "K " + raumschach_letters(next(m for m in THREE_MEN if m.name == name))
            said = f"{men} (#{figures['longest']})" if figures and figures["won"] else men
            assert said.replace(" ", "\u00a0") in text  # each material on one line


def test_the_answer_is_said_in_the_readers_language(client):
    page = client.get("/3d/endgames?lang=fr").get_data(as_text=True)
    items = re.findall(r'<li data-verdict="[a-z]+" data-materials="[^"]*">([^<]*)</li>', page)
    assert items and all(text.startswith("Sur 5×5×5") for text in items), items
    assert any(" et K\u00a0" in text for text in items)  # the list joined by Babel's French pattern
