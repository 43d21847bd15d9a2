"""The 3D endgames' player on the 3D lab's board, at a phone's size (390x844) and a desk's
(1280x800): one layer at a time on a phone with the status and the lone king's replies on the
first screen (7x7x7), the layer strip and the 3D view, and the record of the moves (the server's
notation), stepped back and forth and kept in the address."""

from __future__ import annotations

import re
import threading

import pytest
from playwright.sync_api import expect
from werkzeug.serving import make_server

from tablebase.tables import Limits, TableId, TableStore
from tests.helpers.phone import DESK, PHONE
from tests.helpers.tables import app_on, folder_with

pytestmark = pytest.mark.browser

SIZES = {"phone": PHONE, "desk": DESK}
MOVE = re.compile(r"^[KQRBN][a-j]\d+\([IVX]+\)[-x][a-j]\d+\([IVX]+\)[+#]?$")


@pytest.fixture(scope="module")
def seven(tables_folder, tmp_path_factory):
    """A live server holding KQK on 7x7x7 (one man: built in seconds) beside the session's tables."""
    folder = folder_with(tables_folder, tmp_path_factory.mktemp("seven"),
                         [f"{m}-4x4x4.tbl" for m in ("KQK", "KRK", "KBK", "KNK")])
    TableStore(folder, Limits.everything(), background=False).build_now(TableId.cube("KQK", 7))
    server = make_server("127.0.0.1", 0, app_on(folder, CUBE_MAX_N_ONE_MAN=7),
                         threaded=True)  # a visit builds nothing: the page plays KQK
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_port}"
    server.shutdown()


@pytest.fixture(params=list(SIZES))
def screen(request, browser, seven):
    """A page at a phone's or a desk's size on the 7x7x7 server; no page error allowed."""
    context = browser.new_context(viewport=SIZES[request.param], base_url=seven, bypass_csp=True,
                                  is_mobile=request.param == "phone", has_touch=request.param == "phone")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.size = request.param
    yield page
    context.close()
    assert not errors, f"JavaScript errors on the page: {errors}"


def start(page, query: str, pick: str = "random"):
    page.goto(f"/3d/endgames?{query}")
    page.click('#eg-detail [data-part="play"]')
    expect(page.locator("#eg-status")).to_have_attribute("data-status", "win", timeout=30_000)
    if pick == "longest":
        page.click('[data-action="longest"]')
        expect(page.locator("#eg-status")).to_have_attribute("data-status", "win")
    expect(page.locator("#cube-endgames")).to_have_attribute("data-turn", "user")


def play_best(page, times: int = 1):
    for _ in range(times):
        before = page.locator(".eg-record-move").count()
        page.click('[data-action="best"]')
        expect(page.locator(".eg-record-move")).to_have_count(before + 2, timeout=15_000)
        expect(page.locator("#cube-endgames")).to_have_attribute("data-turn", "user")


def box(page, selector: str) -> dict:
    found = page.locator(selector).first.bounding_box()
    assert found, f"{selector} is not shown"
    return found


def pieces_shown(page) -> dict[str, str]:
    return page.eval_on_selector_all(
        "[data-cube] > [data-piece]", "els => Object.fromEntries(els.map(e => [e.parentElement.dataset.cube, e.dataset.piece]))")


def test_the_player_uses_the_labs_board_with_the_status_and_replies_in_sight(screen):
    page = screen
    start(page, "n=7&material=KQK")
    if page.size == "phone":  # one layer from the start: the lone king's
        expect(page.locator("#eg-board .board-layer:not([hidden])")).to_have_count(1)
        expect(page.locator('#eg-board [data-piece="bK"]')).to_be_visible()
    page.click('[data-action="best"]')
    expect(page.locator("#eg-replies li [data-dtm]").first).to_be_attached(timeout=15_000)
    expect(page.locator("#cube-endgames")).to_have_attribute("data-turn", "user")
    # Where the page puts the game (the top of the player): the status, the board and the lone
    # king's replies are on that screen, not below every layer stacked.
    page.evaluate("() => document.querySelector('#eg-play').scrollIntoView({block: 'start'})")
    height = SIZES[page.size]["height"]
    for selector in ("#eg-play-title", "#eg-status", "#eg-replies li"):
        found = box(page, selector)
        assert 0 <= found["y"] and found["y"] + found["height"] <= height, (selector, found)
    assert box(page, "#eg-board")["y"] < height
    expect(page.locator("#eg-replies li [data-dtm]").first).to_be_visible()
    assert box(page, "#eg-play")["height"] < (2600 if page.size == "phone" else 1400)  # not every layer stacked

    # The lab's layer strip: All, then the seven levels; on a phone one layer at a time.
    strip = page.locator("#eg-strip button")
    expect(strip).to_have_count(8)
    assert box(page, "#eg-strip")["y"] + box(page, "#eg-strip")["height"] <= height
    layers = page.locator("#eg-board .board-layer:not([hidden])")
    if page.size == "phone":
        # The lone king's layer, as wide as the screen allows.
        expect(layers).to_have_count(1)
        expect(page.locator('#eg-board [data-piece="bK"]')).to_be_visible()
        assert box(page, "#eg-board .board-layer:not([hidden])")["width"] >= 0.85 * PHONE["width"]
        assert page.evaluate("() => document.documentElement.scrollWidth") <= PHONE["width"]
    else:
        expect(layers).to_have_count(7)
    page.click('#eg-strip [data-layer="0"]')
    expect(layers).to_have_count(1)
    expect(page.locator('#eg-strip [data-layer="0"]')).to_have_attribute("aria-pressed", "true")
    page.click('#eg-strip [data-layer="all"]')
    expect(layers).to_have_count(7)


def test_a_move_to_another_layer_through_the_strip(screen):
    page = screen
    start(page, "n=7&material=KQK")
    page.click('#eg-strip [data-layer="all"]')
    page.click('[data-action="hint"]')
    marked = page.locator(".sq.mark-good")
    expect(marked).to_have_count(2)
    keys = [marked.nth(i).get_attribute("data-cube") for i in range(2)]
    origin = next(k for k in keys if page.locator(f'[data-cube="{k}"] > [data-piece^="w"]').count())
    target = next(k for k in keys if k != origin)
    page.click(f'#eg-strip [data-layer="{origin.split(",")[2]}"]')  # the piece's layer alone
    page.click(f'[data-cube="{origin}"]')
    layer = target.split(",")[2]
    if layer != origin.split(",")[2]:
        expect(page.locator(f'#eg-strip [data-layer="{layer}"]')).to_have_class(re.compile(r"\bhas-dests\b"))
    page.click(f'#eg-strip [data-layer="{layer}"]')
    page.click(f'[data-cube="{target}"]')
    expect(page.locator("#eg-verdict")).to_have_attribute("data-verdict", re.compile("optimal|mate"))


def test_the_3d_view_plays_too(screen):
    page = screen
    start(page, "n=7&material=KQK")
    page.click('[data-view="space"]')
    expect(page.locator("#eg-board .board.view-space")).to_be_visible()
    expect(page.locator("#eg-orbit")).to_be_visible()
    width = SIZES[page.size]["width"]
    scene = box(page, "#eg-board .board")
    assert scene["x"] >= 0 and scene["x"] + scene["width"] <= width
    # The lab's camera: ▲ looks from higher (the tilt grows), a preset from above.
    tilt = page.evaluate("() => getComputedStyle(document.querySelector('#eg-board .board-layers')).transform")
    page.click('[aria-label="Turn left"]')
    page.click('#eg-orbit [data-preset="above"]')
    expect(page.locator("#eg-board .board-layers")).not_to_have_css("transform", tilt)
    page.click('[data-action="best"]')
    expect(page.locator("#eg-verdict")).to_have_attribute("data-verdict", re.compile("optimal|mate"))
    expect(page.locator(".eg-record-move")).to_have_count(2, timeout=15_000)
    page.click('[data-view="layers"]')
    expect(page.locator("#eg-board .board.view-space")).to_have_count(0)


def test_the_record_is_the_servers_and_is_stepped_and_kept_in_the_address(screen):
    page = screen
    start(page, "n=7&material=KQK", pick="longest")
    first = page.evaluate("() => Object.fromEntries(new URLSearchParams(location.search))")
    play_best(page, 2)
    moves = page.locator(".eg-record-move")
    texts = moves.all_inner_texts()
    assert len(texts) == 4 and all(MOVE.match(t) for t in texts), texts
    assert texts[0].startswith("Q") or texts[0].startswith("K")
    assert texts[1].startswith("K")  # the lone king's reply
    expect(page.locator(".eg-record-number").first).to_have_text("1.")
    expect(moves.nth(3)).to_have_attribute("aria-current", "step")
    after = pieces_shown(page)

    # Back one move: the position before the lone king's last reply; it does not play it again.
    page.click('[data-step="back"]')
    expect(moves.nth(2)).to_have_attribute("aria-current", "step")
    before = pieces_shown(page)
    assert before != after
    page.wait_for_timeout(1500)
    expect(moves).to_have_count(4)
    page.wait_for_function("() => new URLSearchParams(location.search).get('ply') === '3'")
    query = page.evaluate("() => Object.fromEntries(new URLSearchParams(location.search))")
    assert query["board"] == first["board"] and len(query["moves"].split(",")) == 4

    # The address opens the same game at the same move.
    page.reload()
    expect(page.locator(".eg-record-move")).to_have_count(4, timeout=15_000)
    assert page.locator(".eg-record-move").all_inner_texts() == texts
    expect(page.locator(".eg-record-move").nth(2)).to_have_attribute("aria-current", "step")
    expect(page.locator("#eg-status")).not_to_have_attribute("data-status", "pending")
    page.click('[data-step="forward"]')
    expect(page.locator(".eg-record-move").nth(3)).to_have_attribute("aria-current", "step")
    assert pieces_shown(page) == after
    page.wait_for_function("() => !new URLSearchParams(location.search).has('ply')")
    page.click('[data-step="first"]')
    expect(page.locator('[data-step="back"]')).to_be_disabled()
    page.click(".eg-record-move >> nth=0")
    expect(page.locator(".eg-record-move").nth(0)).to_have_attribute("aria-current", "step")
    page.keyboard.press("End")
    expect(page.locator(".eg-record-move").nth(3)).to_have_attribute("aria-current", "step")


def test_moves_the_address_holds_that_cannot_be_played_are_named_beside_the_board(screen):
    page = screen
    start(page, "n=7&material=KQK")
    play_best(page)
    query = page.evaluate("() => Object.fromEntries(new URLSearchParams(location.search))")
    first, reply = query["moves"].split(",")
    page.goto(f"/3d/endgames?board={query['board']}&turn=w&moves={first},{reply[:-2]}9(I)")
    verdict = page.locator("#eg-verdict")
    expect(verdict).to_contain_text("The moves in this page's address cannot be played", timeout=15_000)
    expect(verdict).to_contain_text("the game starts from its first position")
    expect(page.locator(".eg-record-move")).to_have_count(0)
    expect(page.locator("#eg-status")).to_have_attribute("data-status", "win")
    found = box(page, "#eg-verdict")
    assert found["y"] + found["height"] <= SIZES[page.size]["height"] or page.size == "desk"
