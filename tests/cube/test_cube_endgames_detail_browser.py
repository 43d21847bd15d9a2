"""The detail of a cell of /3d/endgames in real Chromium: opened by click and by keyboard, its chart's
bars, numbers and explanation those of the API, its address opening it again, its longest mate
opening on the board, axe content with it open, and a table beyond the server's limits shown
because its file is there."""

from __future__ import annotations

import dataclasses
import threading

import pytest
from playwright.sync_api import expect

from tests.helpers.axe import serious_violations
from tablebase.cli import main
from tablebase.tables import TableFile, TableId
from tablebase.tables.fileformat import write_table

pytestmark = pytest.mark.browser

CELL = 'td[data-material="{}"][data-n="{}"]'
DETAIL = "#eg-detail"


def api_entry(client, material, n):
    body = client.get(f"/api/3d/endgames?n={n}&material={material}").get_json()
    return body["endgames"][0]


def numbers(page, selector) -> list[list[str]]:
    return page.eval_on_selector_all(selector, "rows => rows.map(r => [...r.cells].map(c => c.textContent.trim()))")


def expect_detail_of(page, entry, n):
    detail = page.locator(DETAIL)
    expect(detail).to_have_attribute("data-state", "ready")
    expect(detail).to_have_attribute("data-material", entry["material"])
    expect(page.locator("#eg-detail-title")).to_have_text(f"{entry['material']} on {n}×{n}×{n}")
    expect(detail.locator('[data-part="checkmates"]')).to_have_text(f"{entry['checkmates']:,}")
    assert detail.locator('[data-part="explanation"] p').all_text_contents() == entry["explanation"]
    faces = [[f"{r['positions']:,}", f"{r['won']:,}"] for r in entry["won_by_face_distance"]]
    assert [row[1:3] for row in numbers(page, f'{DETAIL} [data-part="faces"] tbody tr')] == faces


def test_a_cell_opens_its_detail_by_click_and_by_keyboard(page, client):
    page.goto("/3d/endgames")
    krrk = page.locator(CELL.format("KRRK", 3))
    expect(krrk).to_have_attribute("data-state", "ready", timeout=30_000)
    expect(page.locator(DETAIL)).to_be_hidden()
    krrk.click()
    entry = api_entry(client, "KRRK", 3)
    expect_detail_of(page, entry, 3)
    assert page.url.endswith("/3d/endgames?n=3&material=KRRK")
    expect(krrk).to_have_attribute("data-open", "true")
    expect(krrk.get_by_role("button")).to_have_attribute("aria-expanded", "true")
    # The chart: one bar per mate length, each of the API's count, the tallest the highest.
    bars = page.locator(f"{DETAIL} .eg-chart-bar")
    expect(bars).to_have_count(len(entry["histogram"]))
    drawn = bars.evaluate_all("els => els.map(e => [Number(e.dataset.moves), Number(e.dataset.count), e.getBBox().height])")
    assert [(m, c) for m, c, _ in drawn] == [(d + 1, c) for d, c in enumerate(entry["histogram"])]
    assert max(drawn, key=lambda bar: bar[2])[1] == max(entry["histogram"])
    expect(page.locator(f"{DETAIL} .eg-chart-svg")).to_have_attribute(
        "aria-label", f"Bar chart: won positions of KRRK on 3×3×3 by moves to mate, 1 to {entry['longest']}")
    page.click(f"{DETAIL} .eg-chart-numbers summary")
    shown = numbers(page, f'{DETAIL} [data-part="histogram-table"] tbody tr')
    assert shown == [[str(d + 1), f"{c:,}"] for d, c in enumerate(entry["histogram"])]
    assert serious_violations(page) == []

    # The keyboard: Escape closes and gives the focus back; Enter and Space open another cell.
    page.keyboard.press("Escape")
    expect(page.locator(DETAIL)).to_be_hidden()
    assert page.url.endswith("/3d/endgames")
    expect(krrk.get_by_role("button")).to_be_focused()
    kqk = page.locator(CELL.format("KQK", 4)).get_by_role("button")
    kqk.focus()
    page.keyboard.press("Enter")
    expect_detail_of(page, api_entry(client, "KQK", 4), 4)
    expect(page.locator("#eg-detail-title")).to_be_focused()
    page.locator(CELL.format("KRK", 3)).get_by_role("button").focus()
    page.keyboard.press("Space")
    krk = api_entry(client, "KRK", 3)
    expect_detail_of(page, krk, 3)
    expect(page.locator(f'{DETAIL} [data-part="chart-block"]')).to_be_hidden()  # nothing won: no chart
    expect(page.locator(f'{DETAIL} [data-part="play"]')).to_be_hidden()
    assert krk["explanation"][0].startswith("No checkmate position exists")


def test_the_address_reopens_the_detail_and_its_longest_mate_opens_on_the_board(page, client):
    entry = api_entry(client, "KRNK", 3)
    page.goto("/3d/endgames?n=3&material=KRNK")
    expect_detail_of(page, entry, 3)
    expect(page.locator(CELL.format("KRNK", 3))).to_have_attribute("data-open", "true", timeout=30_000)
    page.click(f'{DETAIL} [data-part="longest-link"]')
    expect(page.locator("#eg-play")).to_be_visible()
    expect(page.locator("#eg-status")).to_have_attribute("data-status", "win")
    expect(page.locator("#eg-status .eg-status-title")).to_have_attribute("data-dtm", str(entry["longest"]))
    expect(page.locator("#eg-play-title")).to_have_text("KRNK on 3×3×3")
    page.click(f'{DETAIL} [data-part="play"]')  # a random won position of the same table
    expect(page.locator("#eg-status")).to_have_attribute("data-status", "win")


def test_a_bad_address_says_why_at_the_top_and_opens_no_detail(page):
    page.goto("/3d/endgames?n=3&material=KXK")
    expect(page.locator("#eg-url-error")).to_contain_text("The material in this page's address cannot be read: 'KXK'")
    expect(page.locator(DETAIL)).to_be_hidden()


@pytest.fixture()
def server_beyond_limits(tables_folder, tmp_path):
    """A live server building one man up to 4x4x4, whose folder also holds KQK 5x5x5 built by the command line."""
    from werkzeug.serving import make_server
    from tests.helpers.tables import app_on, folder_with

    from tablebase.retrograde import materials

    built = [f"{m.name}-{n}x{n}x{n}.tbl" for n in (3, 4) for m in materials(1)] + [f"{m.name}-3x3x3.tbl" for m in materials(2)]
    folder = folder_with(tables_folder, tmp_path / "tables", built)  # nothing left to build within the limits
    assert main(["build3d", "--material", "KQK", "--n", "5-6", "--dir", str(folder)]) == 0
    # KQK 6x6x6 as a file written before the face distances were recorded
    older = TableFile(folder / "KQK-6x6x6.tbl", TableId.cube("KQK", 6))
    write_table(folder / "KQK-6x6x6.tbl", older.id, older.read_all(),
                dataclasses.replace(older.summary, by_face_distance=None))
    server = make_server("127.0.0.1", 0, app_on(folder, CUBE_MAX_N_ONE_MAN=4), threaded=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_port}"
    server.shutdown()


def test_tables_beyond_the_limits_show_in_the_grid_and_an_older_file_says_what_it_lacks(page, server_beyond_limits):
    page.goto(f"{server_beyond_limits}/3d/endgames")
    cell = page.locator(CELL.format("KQK", 5))
    expect(cell).to_have_attribute("data-state", "ready", timeout=60_000)
    expect(cell.locator(".eg-longest")).to_have_text("#8")
    expect(page.locator(CELL.format("KRK", 5))).to_have_attribute("data-state", "unavailable")
    cell.click()
    expect(page.locator(DETAIL)).to_have_attribute("data-state", "ready")
    rows = numbers(page, f'{DETAIL} [data-part="faces"] tbody tr')
    assert [r[0] for r in rows] == ["on a face", "1 step in", "2 steps in"] and all(r[3] == "100%" for r in rows)

    page.locator(CELL.format("KQK", 6)).click()
    expect(page.locator(DETAIL)).to_have_attribute("data-n", "6")
    expect(page.locator(DETAIL)).to_have_attribute("data-state", "ready")
    expect(page.locator(f'{DETAIL} [data-part="faces-note"]')).to_contain_text("Not recorded")
    expect(page.locator(f'{DETAIL} [data-part="faces"] tr')).to_have_count(0)
    expect(page.locator(f"{DETAIL} .eg-chart-bar")).to_have_count(12)  # the rest of the summary is there
