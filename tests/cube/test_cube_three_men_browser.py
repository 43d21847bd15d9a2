"""The table "Three men against a king" of /3d/endgames (issue 39), at a phone's size (390x844) and a
desk's (1280x800): rendered by the server from the results file, a row per material of three of
Raumschach's men, each verified cell its won share, longest mate and answer; its link opens the
cell's detail on the page, and ▶ plays its longest mate here where the server holds the table (in
the 3D lab otherwise)."""

from __future__ import annotations

import threading

import pytest
from playwright.sync_api import expect
from werkzeug.serving import make_server

from tablebase.cube.endgames.results import DEFAULT_PATH, Results
from tablebase.cube.endgames.three_men import THREE_MEN
from tablebase.retrograde import Material
from tablebase.tables import Limits, TableId, TableStore
from tests.helpers.phone import SIZES, open_page
from tests.helpers.tables import app_on, folder_with

pytestmark = pytest.mark.browser

RESULTS = Results.read(DEFAULT_PATH)
HERE = "KRB(011*)K"  # its 3x3x3 table is in the server's folder: its longest mate plays on the page


@pytest.fixture(scope="module")
def server(tables_folder, tmp_path_factory):
    folder = folder_with(tables_folder, tmp_path_factory.mktemp("three"))
    TableStore(folder, Limits.everything(), background=False).build_now(TableId.cube(Material.parse(HERE, dim=3), 3))
    serving = make_server("127.0.0.1", 0, app_on(folder, CUBE_RESULTS=str(DEFAULT_PATH)), threaded=True)
    threading.Thread(target=serving.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{serving.server_port}"
    serving.shutdown()


@pytest.mark.parametrize("size", list(SIZES))
def test_the_three_men_table_answers_each_material_and_opens_its_detail(browser, server, size):
    context, page = open_page(browser, server, size)
    page.goto("/3d/endgames")
    table = page.locator("#eg-three-table")
    expect(table.locator("tbody tr")).to_have_count(len(THREE_MEN))
    figures = RESULTS.figures("KRRRK", 5)
    cell = table.locator('td[data-material="KRRRK"][data-n="5"]')
    expect(cell.locator('[data-part="detail"]')).to_have_text(f"99.5% · #{figures['longest']}")
    expect(cell).to_have_attribute("data-verdict", "most")
    expect(cell.locator(".eg-three-answer")).to_have_text("forces mate from most positions")
    never = [m.name for m in THREE_MEN if (RESULTS.figures(m.name, 3) or {"won": 1})["won"] == 0]
    for name in never:  # a material that wins nothing says so
        expect(table.locator(f'td[data-material="{name}"][data-n="3"] .eg-three-answer')).to_have_text(
            "never forces mate")
    # A cell's link opens its detail on the page, without loading another (the address follows it).
    page.evaluate("() => { window.stayed = true; }")
    cell.locator('[data-part="detail"]').click()
    detail = page.locator("#eg-detail")
    expect(detail).to_have_attribute("data-state", "ready", timeout=15_000)
    expect(detail.locator('[data-part="longest"]')).to_have_text(f"mate in {figures['longest']}")
    assert page.evaluate("() => window.stayed === true") and page.url.endswith("?n=5&material=KRRRK")
    # Not on this server: its longest mate opens in the 3D lab.
    assert cell.locator('[data-part="play"]').get_attribute("href").startswith("/3d?board=")
    assert page.evaluate("() => document.documentElement.scrollWidth") <= SIZES[size]["width"]
    context.close()
    assert not page.errors


@pytest.mark.parametrize("size", list(SIZES))
def test_a_longest_three_man_mate_plays_where_the_server_holds_the_table(browser, server, size):
    figures = RESULTS.figures(HERE, 3)
    context, page = open_page(browser, server, size)
    page.goto("/3d/endgames")
    play = page.locator(f'#eg-three-table td[data-material="{HERE}"][data-n="3"] [data-part="play"]')
    assert "pieces=U=011*" in play.get_attribute("href")
    play.click()
    status = page.locator("#eg-status")
    expect(status).to_have_attribute("data-status", "win", timeout=30_000)
    expect(status.locator('[data-part="title"]')).to_contain_text(str(figures["longest"]))
    context.close()
    assert not page.errors
