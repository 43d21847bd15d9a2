"""Every verified result on /3d/endgames, at a phone's size (390x844) and a desk's (1280x800): on a
server that has not built a table, its cell and its detail show the results file's figures (won
share, longest mate, checkmates, histogram, won share by the distance to a face, a longest mate's
position) and what its build costs; where the server's limits allow, the table is built from the
detail, with its progress, and then played."""

from __future__ import annotations

import re
import threading

import pytest
from playwright.sync_api import expect
from werkzeug.serving import make_server

from tablebase.cube.endgames.results import DEFAULT_PATH, Results
from tests.helpers.phone import SIZES, open_page
from tests.helpers.tables import app_on, folder_with

pytestmark = pytest.mark.browser

RESULTS = Results.read(DEFAULT_PATH)
# The headline cells of the README where they are verified (7x7x7 and up), else the largest verified.
HEADLINES = [(m, n) for m, n in (("KQRK", 7), ("KQNK", 7), ("KQRK", 8), ("KQNK", 8), ("KQQK", 8))
             if RESULTS.figures(m, n)] or [("KQRK", 5)]


def serve(app):
    server = make_server("127.0.0.1", 0, app, threaded=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


@pytest.fixture(scope="module")
def bare(tables_folder, tmp_path_factory):
    """A server with no 3D table, building on demand up to 4 (one man) and 3 (two), with the
    repository's results file."""
    server = serve(app_on(folder_with(tables_folder, tmp_path_factory.mktemp("bare")), CUBE_RESULTS=str(DEFAULT_PATH)))
    yield f"http://127.0.0.1:{server.server_port}"
    server.shutdown()


@pytest.fixture()
def builds(tables_folder, tmp_path):
    """A server with no 3D table that builds two men up to 4x4x4 when a table is asked for (a visit
    builds none), with the results file."""
    server = serve(app_on(folder_with(tables_folder, tmp_path / "tables"), CUBE_MAX_N_TWO_MEN=4,
                          CUBE_RESULTS=str(DEFAULT_PATH)))
    yield f"http://127.0.0.1:{server.server_port}"
    server.shutdown()


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("material,n", HEADLINES[:2])
def test_a_verified_result_shows_on_a_server_without_its_table(browser, bare, size, material, n):
    figures = RESULTS.figures(material, n)
    context, page = open_page(browser, bare, size)
    page.goto("/3d/endgames")
    cell = page.locator(f'td[data-material="{material}"][data-n="{n}"]')
    expect(cell).to_have_attribute("data-source", "results", timeout=15_000)
    expect(cell.locator(".eg-won")).to_have_text("100%" if figures["won"] == figures["positions"] else re.compile("%"))
    expect(cell.locator(".eg-longest")).to_have_text(f"#{figures['longest']}")
    assert "has not built its table" in cell.get_attribute("title")

    # The README's link to the cell answers with its figures, not a refusal.
    page.goto(f"/3d/endgames?n={n}&material={material}")
    detail = page.locator("#eg-detail")
    expect(detail).to_have_attribute("data-state", "ready", timeout=15_000)
    expect(detail).to_have_attribute("data-source", "results")
    expect(detail.locator('[data-part="longest"]')).to_have_text(f"mate in {figures['longest']}")
    expect(detail.locator('[data-part="checkmates"]')).to_have_text(f"{figures['checkmates']:,}")
    expect(detail.locator('[data-part="won-count"]')).to_contain_text(f"of {figures['positions']:,} positions")
    expect(detail.locator(".eg-chart-bar")).to_have_count(figures["longest"])
    expect(detail.locator('[data-part="faces"] tbody tr')).to_have_count(len(figures["won_by_face_distance"]))
    source = detail.locator('[data-part="source-text"]')
    expect(source).to_contain_text("verified result")
    expect(source).to_contain_text(re.compile(r"about \d+(\.\d)? [MG]B of memory and \d+ (s|min|h) of CPU"))
    expect(source).to_contain_text("does not build tables this large")
    expect(detail.locator('[data-part="build"]')).to_be_hidden()
    expect(detail.locator('[data-part="play"]')).to_be_hidden()
    # A longest mate's position, seen in the 3D lab (no table needed there).
    link = detail.locator('[data-part="longest-link"]')
    expect(link).to_be_visible()
    assert link.get_attribute("href").startswith("/3d?board=")
    assert page.evaluate("() => document.documentElement.scrollWidth") <= SIZES[size]["width"]
    context.close()
    assert not page.errors


@pytest.mark.parametrize("size", list(SIZES))
def test_an_absent_table_says_its_cost_and_is_built_with_progress_then_played(browser, builds, size):
    context, page = open_page(browser, builds, size)
    page.goto("/3d/endgames?n=4&material=KQRK")
    detail = page.locator("#eg-detail")
    expect(detail).to_have_attribute("data-source", "results", timeout=15_000)
    source = detail.locator('[data-part="source-text"]')
    expect(source).to_contain_text("Building it takes about")
    expect(source).to_contain_text("(measured)")
    expect(detail.locator('[data-part="play"]')).to_have_text("Build the table and play")
    page.click('#eg-detail [data-part="build"]')
    # Its progress in the detail and its cell, until the table is here and answers itself.
    expect(source).to_contain_text("being built now")
    expect(detail).to_have_attribute("data-source", "table", timeout=120_000)
    expect(page.locator('td[data-material="KQRK"][data-n="4"]')).to_have_attribute("data-state", "ready",
                                                                                    timeout=15_000)
    page.click('#eg-detail [data-part="play"]')
    expect(page.locator("#eg-status")).to_have_attribute("data-status", "win", timeout=30_000)
    expect(page.locator("#eg-play-title")).to_have_text("KQRK on 4×4×4")
    context.close()
    assert not page.errors


@pytest.mark.parametrize("size", list(SIZES))
def test_a_visit_builds_nothing_and_says_so(browser, builds, size):
    context, page = open_page(browser, builds, size)
    page.goto("/3d/endgames")
    note = page.locator("#eg-build-note")
    expect(note).to_contain_text("Opening this page builds nothing", timeout=15_000)
    expect(note).to_contain_text("two of them for 3 ≤ n ≤ 4")  # the largest board this server builds on request
    expect(page.locator("#eg-claims [data-verdict]")).to_have_count(4, timeout=15_000)  # every figure it shows is in
    states = page.request.get("/api/3d/endgames/status").json()["tables"]
    assert not [t for t in states if t["state"] in ("queued", "building", "ready")]  # nothing built or queued
    assert page.evaluate("() => document.documentElement.scrollWidth") <= SIZES[size]["width"]
    page.screenshot(path=f"/tmp/builds-visit-{size}.png")


def frame_holds(page, selector: str, width: int) -> bool:
    """Whether the element shows whole in the table's frame and on the screen."""
    box = page.locator(selector).bounding_box()
    frame = page.locator(".eg-table-frame").bounding_box()
    return box["x"] >= frame["x"] - 1 and box["x"] + box["width"] <= min(frame["x"] + frame["width"], width) + 1


@pytest.mark.parametrize("size", list(SIZES))
def test_every_size_s_column_is_reachable_and_visibly_so(browser, bare, size):
    context, page = open_page(browser, bare, size)
    page.goto("/3d/endgames")
    width = SIZES[size]["width"]
    cue, frame = page.locator("#eg-table-cue"), page.locator(".eg-table-frame")
    said = cue.locator('[data-part="text"]')
    eight, cell = "#eg-table thead th:nth-child(7)", 'td[data-material="KQK"][data-n="8"]'
    expect(page.locator(eight)).to_have_text("8×8×8")
    expect(page.locator(cell)).to_have_attribute("data-source", "results", timeout=15_000)
    if size == "desk":  # the table fits: every column shows, and nothing says it scrolls
        expect(cue).to_be_hidden()
        expect(frame).to_have_attribute("data-more", "")
        assert all(frame_holds(page, f"#eg-table thead th:nth-child({i})", width) for i in range(1, 10))
    else:
        # Wider than the phone: the cue says which sizes show and that the table scrolls; its edge is shaded.
        expect(cue).to_be_visible()
        expect(said).to_contain_text(re.compile(r"^Showing 3×3×3 to \d×\d×\d of 3×3×3 to 10×10×10: the table scrolls"))
        expect(frame).to_have_attribute("data-more", "right")
        assert not frame_holds(page, eight, width)
        back, forward = page.get_by_role("button", name="Smaller boards"), page.get_by_role("button", name="Larger boards")
        expect(back).to_be_disabled()
        for _ in range(8):  # the arrow, as often as it takes
            if frame_holds(page, eight, width):
                break
            shown = said.inner_text()
            forward.click()
            expect(said).not_to_have_text(shown)
            page.wait_for_timeout(400)  # the smooth scroll's end
        assert frame_holds(page, eight, width) and frame_holds(page, cell, width)
        assert frame_holds(page, 'th[scope="row"]:has-text("KQK")', width)  # the materials stay in view
        expect(said).to_contain_text(re.compile(r"Showing \d×\d×\d to (8×8×8|9×9×9|10×10×10)"))
        expect(frame).to_have_attribute("data-more", re.compile("^(both|left)$"))
        # A swipe (the wheel's sideways turn here) scrolls it too, back to the start.
        box = page.locator(cell).bounding_box()
        page.mouse.move(box["x"] + 5, box["y"] + 5)
        page.mouse.wheel(-2000, 0)
        expect(said).to_contain_text(re.compile(r"^Showing 3×3×3"))
        expect(back).to_be_disabled()
        forward.click()
        forward.click()
        page.wait_for_timeout(800)
    # The 8x8x8 cell, reached, opens its detail.
    page.click(cell)
    expect(page.locator("#eg-detail-title")).to_have_text("KQK on 8×8×8")
    expect(page.locator("#eg-detail")).to_have_attribute("data-state", "ready", timeout=15_000)
    assert page.evaluate("() => document.documentElement.scrollWidth") <= width
    context.close()
    assert not page.errors


@pytest.mark.parametrize("size", list(SIZES))
def test_a_size_or_material_the_tables_lack_is_refused_at_the_top_and_titles_nothing(browser, bare, size):
    context, page = open_page(browser, bare, size)
    sizes = "the sizes are 3×3×3 to 10×10×10"
    for query, words in (("n=-1&material=KQK", f"board size '-1', which no table has: {sizes}"),
                         ("n=abc&material=KQK", f"'abc', which no table has: {sizes}"),
                         ("n=11&material=KQK", f"'11', which no table has: {sizes}"),
                         ("n=2&material=KQK", f"'2', which no table has: {sizes}"),
                         ("n=3&material=K(0x9*)K", "cannot be read: in 'K(0x9*)K': '0x9*' is not an atom"),
                         ("n=3&material=KXK", "cannot be read: 'KXK' names a man 'X'")):
        page.goto(f"/3d/endgames?{query}")
        error = page.locator("#eg-url-error")
        expect(error).to_be_visible()
        expect(error).to_contain_text(words)
        assert error.bounding_box()["y"] + error.bounding_box()["height"] < SIZES[size]["height"]  # the first screen
        expect(page.locator("#cube-endgames")).to_have_attribute("data-detail", "null")
        expect(page.locator('td[data-material="KQK"][data-n="3"]')).to_have_attribute("data-state", re.compile("."))
        expect(page.locator("#eg-detail")).to_be_hidden()
        assert "×-1" not in page.locator("body").inner_text()
    context.close()
    assert not page.errors
