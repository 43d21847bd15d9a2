"""The 3D endgames page (/3d/endgames) in real Chromium: the results table fills in as the server
builds its tables, and a mate is played from a cell against the table's most stubborn defence,
with the distance to mate after each of the lone king's replies."""

from __future__ import annotations

from urllib.parse import quote

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

CELL = 'td[data-material="{}"][data-n="{}"]'


def status_moves(page) -> int:
    return int(page.locator("#eg-status .eg-status-title").get_attribute("data-dtm"))


def column_widths(page) -> list[float]:
    return page.eval_on_selector_all("#eg-table thead th", "els => els.map(e => e.getBoundingClientRect().width)")


def test_play_a_mate_from_the_results_table(page):
    page.goto("/3d/endgames")
    widths = column_widths(page)  # as the page comes, every cell still waiting
    cell = page.locator(CELL.format("KQK", 4))
    expect(cell).to_have_attribute("data-state", "ready", timeout=30_000)
    expect(cell.locator(".eg-won")).to_have_text("100%")
    expect(page.locator(CELL.format("KRK", 3))).to_have_attribute("data-playable", "false", timeout=30_000)
    expect(page.locator(CELL.format("KQK", 7))).to_have_attribute("data-state", "unavailable")
    longest = int(cell.locator(".eg-longest").get_attribute("data-longest"))
    assert column_widths(page) == widths  # the columns do not jump as the cells fill in
    # A won cell is a button named for its table, beginning with its visible text.
    expect(cell.get_by_role("button")).to_have_accessible_name(
        f"KQK on 4×4×4: 100% won, longest mate in White moves #{longest}")

    cell.click()  # its detail, then play from there
    page.click('#eg-detail [data-part="play"]')
    expect(page.locator("#eg-play")).to_be_visible()
    page.click('[data-action="longest"]')
    expect(page.locator("#eg-status")).to_have_attribute("data-status", "win")
    expect(page.locator("#eg-status .eg-status-title")).to_have_attribute("data-dtm", str(longest))
    assert page.locator("[data-cube] > [data-piece]").count() == 3
    assert "board=" in page.url

    for remaining in range(longest, 0, -1):
        expect(page.locator("#cube-endgames")).to_have_attribute("data-turn", "user")
        assert status_moves(page) == remaining
        page.click('[data-action="hint"]')
        marked = page.locator(".sq.mark-good")
        expect(marked).to_have_count(2)
        start = marked.filter(has=page.locator('[data-piece^="w"]')).first.get_attribute("data-cube")
        end = next(k for k in (marked.nth(i).get_attribute("data-cube") for i in range(2)) if k != start)
        page.click(f'[data-cube="{start}"]')
        expect(page.locator("[data-dest]").first).to_be_visible()
        page.click(f'[data-cube="{end}"]')
        expect(page.locator("#eg-verdict")).to_have_attribute("data-verdict", "optimal" if remaining > 1 else "mate")
        if remaining > 1:
            # The lone king's replies, each with its distance to mate, before it plays the longest.
            badges = page.locator(".badge[data-dtm]")
            expect(badges.first).to_be_visible()
            values = [int(v) for v in badges.evaluate_all("els => els.map(e => e.dataset.dtm)")]
            assert max(values) == remaining - 1
            expect(page.locator("#eg-replies [data-dtm]").first).to_have_attribute("data-dtm", str(remaining - 1))
    expect(page.locator("#eg-status")).to_have_attribute("data-status", "checkmate")
    expect(page.locator("#cube-endgames")).to_have_attribute("data-turn", "over")
    expect(page.locator("#eg-counter")).to_contain_text(f"Your moves: {longest}")


def test_a_shared_position_opens_from_its_url(page, client):
    start = client.get("/api/3d/endgames/position?material=KRNK&n=3&pick=longest&seed=2").get_json()
    page.goto(f"/3d/endgames?board={quote(start['board'], safe='')}&turn=w")
    expect(page.locator("#eg-status")).to_have_attribute("data-status", "win")
    expect(page.locator("#eg-status .eg-status-title")).to_have_attribute("data-dtm", str((start["dtm"] + 1) // 2))
    expect(page.locator("#eg-play-title")).to_have_text("KRNK on 3×3×3")
    page.click('[data-action="best"]')
    expect(page.locator("#eg-verdict")).to_have_attribute("data-verdict", "optimal")
    expect(page.locator("#cube-endgames")).to_have_attribute("data-turn", "user", timeout=10_000)
    assert status_moves(page) == (start["dtm"] + 1) // 2 - 1
    page.click('[data-action="undo"]')
    assert status_moves(page) == (start["dtm"] + 1) // 2


def test_a_bad_url_position_says_why(page):
    page.goto("/3d/endgames?board=" + quote("[k##,#K#,###],[###,###,###],[###,###,###]", safe=""))
    expect(page.locator("#eg-status")).to_have_attribute("data-status", "illegal")
    expect(page.locator("#eg-status .eg-status-detail")).to_contain_text("side by side")


@pytest.fixture()
def fresh_server(tables_folder, tmp_path):
    """A live server whose folder holds only the KBNK tables: every 3D table is built on demand."""
    import threading

    from werkzeug.serving import make_server

    from tests.helpers.tables import app_on, folder_with

    server = make_server("127.0.0.1", 0, app_on(folder_with(tables_folder, tmp_path), CUBE_MAX_N_TWO_MEN=4),
                         threaded=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_port}"
    server.shutdown()


def test_a_position_whose_table_is_not_built_shows_the_build_then_plays(page, fresh_server):
    board = "[####,####,####,####],[####,#k##,####,####],[####,####,##R#,####],[Q###,####,####,###K]"
    page.goto(f"{fresh_server}/3d/endgames?board={quote(board)}")
    expect(page.locator("#eg-verdict")).to_contain_text("Building the table KQRK on 4×4×4", timeout=30_000)
    expect(page.locator("#eg-status")).to_have_attribute("data-status", "win", timeout=120_000)
    expect(page.locator("[data-cube] > [data-piece]")).to_have_count(4)


def test_the_url_form_the_lab_writes_opens_and_the_address_keeps_the_game(page, client):
    start = client.get("/api/3d/endgames/position?material=KQK&n=4&pick=longest&seed=3").get_json()
    url_form = client.post("/api/3d/position", json={"board": start["board"]}).get_json()["url"]
    page.goto(f"/3d/endgames?board={url_form}&turn=w")
    expect(page.locator("#eg-status")).to_have_attribute("data-status", "win")
    expect(page.locator("#eg-play-title")).to_have_text("KQK on 4×4×4")
    expect(page.locator("#eg-url-error")).to_be_hidden()
    page.click('[data-action="best"]')
    expect(page.locator("#eg-verdict")).to_have_attribute("data-verdict", "optimal")
    expect(page.locator("#cube-endgames")).to_have_attribute("data-turn", "user", timeout=10_000)
    page.wait_for_function("() => (new URLSearchParams(location.search).get('moves') || '').includes(',')")
    query = page.evaluate("() => Object.fromEntries(new URLSearchParams(location.search))")
    # The address keeps the game: its first board in the short URL form and the moves, nothing escaped.
    assert query["board"] == url_form and query["turn"] == "w" and "%" not in page.url
    assert len(query["moves"].split(",")) == 2 and "ply" not in query
    # The game in the address is the one on the page, for the server too.
    game = client.post("/api/3d/game", json={"board": query["board"], "turn": "w",
                                             "moves": query["moves"].split(",")}).get_json()
    assert game["moves"][-1]["pieces"] == page.eval_on_selector_all(
        "[data-cube] > [data-piece]", "els => Object.fromEntries(els.map(e => [e.parentElement.dataset.cube, e.dataset.piece]))")
    expect(page.locator("#eg-lab-link")).to_have_attribute("href", f"/3d?board={game['moves'][-1]['board']}")


def test_a_board_the_server_refuses_is_named_at_the_top(page):
    answer = page.goto("/3d/endgames?board=garbage&moves=zz&pieces=U=011*")
    assert answer is not None and answer.status == 400  # read by the server, which draws the page without a game
    error = page.locator("[data-link-error]")
    expect(error).to_have_count(1)
    expect(error).to_contain_text("'garbage' has 1 layer,")
    assert error.bounding_box()["y"] < 300
    expect(page.locator("#eg-url-error")).to_be_hidden()
    expect(page.locator("#eg-play")).to_be_hidden()
    assert "board=garbage" in page.url  # the address as it was: what was followed
