"""The 3D piece lab (/3d) in real Chromium: palette, drags across layers, destinations from the
server, the status of the reference cases, size changes, keyboard moves and the perspective view."""

from __future__ import annotations

import pytest
from tests.helpers.browser import drag, expect_pieces
from tests.helpers.cube import EMPTY_3, cube, open_lab, piece_at, pieces_from_notation
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

REFERENCE_CASES = [
    ("[###,n##,#rr],[#b#,###,###],[###,###,bRK]", "checkmate"),
    ("[b#b,###,###],[###,###,RNR],[#q#,###,#K#]", "check"),
    ("[#q#,#b#,###],[n##,###,###],[#k#,###,#KB]", "check"),
    ("[####,####,r###,####],[####,#q##,####,####],[##r#,###b,####,BRnn],[####,####,#N##,#KQ#]", "checkmate"),
    ("[###,##b,r#r],[###,###,###],[#k#,###,#K#]", "stalemate"),
    ("[##k,###,r#K],[###,n##,#N#],[###,###,#Q#]", "checkmate"),
    ("[###,###,##q],[###,###,###],[#k#,###,rNK]", "checkmate"),
    ("[#q,##],[##,K#]", "check"),
    ("[rq,##],[##,K#]", "checkmate"),
    ("[###,###,#q#],[###,###,###],[#k#,###,BKn]", "check"),
]


def test_every_cube_is_on_the_page_with_the_seed_layer_labels(page):
    open_lab(page, REFERENCE_CASES[3][0])
    assert page.locator("[data-cube]").count() == 64
    assert page.locator(".board-layer-label").all_inner_texts() == ["IV", "III", "II", "I"]
    expect_pieces(page, pieces_from_notation(REFERENCE_CASES[3][0]), "cube")


def test_palette_places_pieces_by_click_and_by_drag(page):
    open_lab(page, EMPTY_3)
    expect(page.locator("[data-status]")).to_have_attribute("data-status", "no-king")
    page.click('[data-spare="wQ"]')
    expect(page.locator('[data-spare="wQ"]')).to_have_attribute("aria-pressed", "true")
    page.click(cube("1,1,1"))
    page.click(cube("0,0,2"))
    expect(piece_at(page, "1,1,1")).to_have_attribute("data-piece", "wQ")
    expect(piece_at(page, "0,0,2")).to_have_attribute("data-piece", "wQ")
    drag(page, '[data-spare="bK"]', cube("2,2,0"))
    drag(page, '[data-spare="wK"]', cube("2,0,2"))
    expect_pieces(page, {"1,1,1": "wQ", "0,0,2": "wQ", "2,2,0": "bK", "2,0,2": "wK"}, "cube")
    expect(page.locator("#lab-notation")).to_have_value("[###,###,##k],[###,#Q#,###],[Q#K,###,###]")
    expect(page.locator("[data-status]")).not_to_have_attribute("data-status", "no-king")


def test_clicking_a_placed_piece_selects_it_and_never_changes_it(page):
    open_lab(page, EMPTY_3)
    page.click('[data-spare="bR"]')
    page.click(cube("0,0,0"))  # placed, not selected
    expect(page.locator(".sq.selected")).to_have_count(0)
    kinds = []
    for _ in range(5):
        page.click(cube("0,0,0"))
        kinds.append(piece_at(page, "0,0,0").get_attribute("data-piece"))
    assert kinds == ["bR"] * 5
    expect(page.locator(f"{cube('0,0,0')}.selected")).to_have_count(1)  # the fifth click took hold of it
    page.locator("#lab-change").get_by_role("button", name="black knight").click()
    expect(piece_at(page, "0,0,0")).to_have_attribute("data-piece", "bN")


def test_drag_a_piece_to_another_layer_updates_board_text_and_url(page):
    board = REFERENCE_CASES[0][0]
    open_lab(page, board)
    drag(page, cube("0,1,0"), cube("1,1,2"))  # black knight from the top board to the bottom one
    expect(piece_at(page, "1,1,2")).to_have_attribute("data-piece", "bN")
    expect(piece_at(page, "0,1,0")).to_have_count(0)
    moved = "[###,###,#rr],[#b#,###,###],[###,#n#,bRK]"
    expect(page.locator("#lab-notation")).to_have_value(moved)
    # The URL carries the board's URL-safe form (the board text's '#' would start a fragment).
    page.wait_for_function("b => new URLSearchParams(location.search).get('board') === b",
                           arg="3,3,1rr/1b1,3,3/3,1n1,bRK")
    expect(page.locator(".board-live")).to_contain_text("black knight a2(III) to b2(I)")


def test_drag_off_the_board_removes_the_piece(page):
    open_lab(page, REFERENCE_CASES[0][0])
    drag(page, cube("1,0,1"), "h1")
    expect(piece_at(page, "1,0,1")).to_have_count(0)
    expect(page.locator("#lab-notation")).to_have_value("[###,n##,#rr],[###,###,###],[###,###,bRK]")


@pytest.mark.parametrize("key", ["2,2,2", "1,0,1", "1,2,0"])
def test_selected_piece_shows_exactly_the_servers_destinations(page, key):
    board = REFERENCE_CASES[0][0]
    open_lab(page, board)
    page.click(cube(key))
    x, y, z = map(int, key.split(","))
    api = page.request.post("/api/3d/moves", data={"board": board, "from": [x, y, z]}).json()
    expected = sorted(",".join(map(str, c)) for c in api["moves"])
    page.wait_for_function("n => document.querySelectorAll('[data-dest]').length === n", arg=len(expected))
    shown = sorted(page.eval_on_selector_all("[data-dest]", "els => els.map(e => e.dataset.cube)"))
    assert shown == expected
    assert page.locator(f"{cube(key)}.selected").count() == 1


@pytest.mark.parametrize("index", range(len(REFERENCE_CASES)))
def test_seed_case_opened_by_url_shows_the_seed_answer(page, index):
    board, status = REFERENCE_CASES[index]
    open_lab(page, board)
    expect(page.locator("[data-status]")).to_have_attribute("data-status", status)
    analysis = page.request.post("/api/3d/analyze", data={"board": board}).json()
    checkers = sorted(",".join(map(str, c)) for c in analysis["checkers"])
    marked = sorted(page.eval_on_selector_all(".sq.mark-checker", "els => els.map(e => e.dataset.cube)"))
    assert marked == checkers
    if status == "stalemate":
        assert page.locator(".sq.check").count() == 0
    else:
        expect(page.locator(".sq.check > [data-piece]")).to_have_attribute("data-piece", "wK")


def test_bad_board_text_shows_the_servers_message(page):
    open_lab(page, REFERENCE_CASES[0][0])
    bad = "[###,n#x,#rr],[#b#,###,###],[###,###,bRK]"
    page.fill("#lab-notation", bad)
    page.click("#lab-load")
    message = page.request.post("/api/3d/analyze", data={"board": bad}).json()["message"]
    expect(page.locator("#lab-error")).to_have_text(message)
    expect_pieces(page, pieces_from_notation(REFERENCE_CASES[0][0]), "cube")
    page.fill("#lab-notation", REFERENCE_CASES[8][0])
    page.click("#lab-load")
    expect(page.locator("[data-status]")).to_have_attribute("data-status", "checkmate")
    expect(page.locator("#lab-error")).to_be_hidden()
    assert page.locator("[data-cube]").count() == 8


def test_changing_n_keeps_the_pieces_that_fit(page):
    board = REFERENCE_CASES[3][0]
    open_lab(page, board)
    page.select_option("#lab-size", "3")
    fits = {k: v for k, v in pieces_from_notation(board).items() if all(int(c) < 3 for c in k.split(","))}
    assert len(fits) < len(pieces_from_notation(board))
    expect(page.locator("[data-cube]")).to_have_count(27)
    expect_pieces(page, fits, "cube")
    page.select_option("#lab-size", "6")
    expect(page.locator("[data-cube]")).to_have_count(216)
    expect_pieces(page, fits, "cube")
    expect(page.locator(".board-layer-label").first).to_have_text("VI")


def test_attack_toggle_marks_the_cubes_the_server_lists(page):
    board = REFERENCE_CASES[0][0]
    open_lab(page, board)
    for color, button in (("b", "Black attacks"), ("w", "White attacks")):
        page.get_by_role("button", name=button).click()
        cubes = page.request.post("/api/3d/attacks", data={"board": board, "color": color}).json()["cubes"]
        expected = sorted(",".join(map(str, c)) for c in cubes)
        page.wait_for_function(
            "n => document.querySelectorAll('.sq.mark-attacked').length === n", arg=len(expected))
        shown = sorted(page.eval_on_selector_all(".sq.mark-attacked", "els => els.map(e => e.dataset.cube)"))
        assert shown == expected
    page.get_by_role("button", name="No attacks").click()
    expect(page.locator(".sq.mark-attacked")).to_have_count(0)


def test_keyboard_picks_up_and_drops_a_piece_across_layers(page):
    open_lab(page, "[###,#R#,###],[###,###,###],[###,###,#K#]")
    page.locator(".board").focus()
    page.keyboard.press("Enter")  # the cursor starts on the middle cube of the top board
    expect(page.locator(f"{cube('1,1,0')}.selected")).to_have_count(1)
    expect(page.locator("[data-dest]").first).to_be_attached()
    page.keyboard.press("PageDown")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowLeft")
    expect(page.locator(f"{cube('1,1,1')}.cursor")).to_have_count(1)
    page.keyboard.press("Enter")
    expect(piece_at(page, "1,1,1")).to_have_attribute("data-piece", "wR")
    expect(piece_at(page, "1,1,0")).to_have_count(0)
    expect(page.locator(".board-live")).to_contain_text("white rook b2(III) to b2(II)")


def test_drag_in_the_perspective_view_lands_on_the_intended_cube(page):
    open_lab(page, REFERENCE_CASES[0][0], view="stack")
    # The layers are tilted planes that must not cover each other: the point in the middle of every
    # cube's on-screen box hits that very cube.
    page.evaluate("() => document.querySelector('.board').scrollIntoView()")
    misses = page.evaluate("""() => [...document.querySelectorAll('[data-cube]')].flatMap(el => {
        const r = el.getBoundingClientRect();
        const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
        return hit?.closest('[data-cube]') === el ? [] : [el.dataset.cube];
    })""")
    assert misses == []
    target = cube("0,2,1")
    drag(page, cube("1,0,1"), target)  # the black bishop across its plane, to a1(II)
    expect(piece_at(page, "0,2,1")).to_have_attribute("data-piece", "bB")
    expect(piece_at(page, "1,0,1")).to_have_count(0)
    drag(page, cube("0,1,0"), cube("2,0,2"))  # the knight from the top plane to the bottom one
    expect(piece_at(page, "2,0,2")).to_have_attribute("data-piece", "bN")


LAYOUT = """() => {
  const boxes = [...document.querySelectorAll(".board-layer")].map((el) => el.getBoundingClientRect());
  const overlaps = boxes.some((a, i) => boxes.some((b, j) => j > i &&
      a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1));
  return {layers: boxes.length, overlaps, overflow: document.documentElement.scrollWidth > window.innerWidth};
}"""


@pytest.mark.parametrize("view", ["layers", "stack"])
def test_each_view_shows_every_layer_and_every_destination_can_be_clicked(page, view):
    open_lab(page, REFERENCE_CASES[3][0], view=view)
    page.click(cube("1,1,1"))  # the black queen: her destinations show on every layer
    expect(page.locator("[data-dest]").first).to_be_attached()
    layout = page.evaluate(LAYOUT)
    assert layout["layers"] == REFERENCE_CASES[3][0].count("[") and not layout["overflow"], layout
    if view == "layers":
        assert not layout["overlaps"], layout  # side by side: no layer hides another
    for dest in page.locator("[data-dest]").all():  # each destination can be brought under the pointer
        dest.scroll_into_view_if_needed()
        box = dest.bounding_box()
        hit = page.evaluate("([x, y]) => document.elementFromPoint(x, y)?.closest('[data-cube]')?.dataset.cube",
                            [box["x"] + box["width"] / 2, box["y"] + box["height"] / 2])
        assert hit == dest.get_attribute("data-cube"), (view, hit)
    page.screenshot(path=f"/tmp/cube-lab-{view}.png", full_page=True)


def test_copy_button_puts_the_notation_on_the_clipboard(page):
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    open_lab(page, REFERENCE_CASES[7][0])
    page.click("#lab-copy")
    expect(page.locator("#lab-copy-state")).to_have_text("Copied.")
    assert page.evaluate("() => navigator.clipboard.readText()") == REFERENCE_CASES[7][0]


MOUNT_2D = """async ([moduleUrl, options]) => {
    const { createBoard } = await import(moduleUrl);
    const host = document.createElement('div');
    host.id = 'test-board';
    host.style.width = '400px';
    document.body.prepend(host);
    window.boardEvents = [];
    const board = createBoard(host, {
        ...options,
        onMove: (from, to, piece) => window.boardEvents.push(['move', from, to, piece]),
        onSelect: (key) => {
            window.boardEvents.push(['select', key]);
            // Like a page: the new selection's destinations are not known yet.
            window.boardState = { ...window.boardState, selected: key, dests: null };
            board.render(window.boardState);
        },
    });
    window.testBoard = { render: (state) => board.render((window.boardState = state)) };
}"""


def test_board_component_on_a_2d_board(page, app):
    """board.js outside the lab: algebraic keys, orientation, destinations, badges and moves."""
    page.goto("/3d")
    page.evaluate(MOUNT_2D, [app.static_url_path + "/js/board/board.js", {"files": 8, "ranks": 8}])
    page.evaluate("""() => testBoard.render({
        pieces: { e1: 'wK', c1: 'wB', e8: 'bK' }, selected: 'c1', dests: ['d2', 'e3'],
        badges: { d2: 3, e3: { text: '#5', dtm: 5, tone: 'win' } }, check: 'e8', lastMove: ['b2', 'c1'],
    })""")
    squares = page.locator("#test-board [data-square]")
    expect(squares).to_have_count(64)
    a1 = page.locator('#test-board [data-square="a1"]').bounding_box()
    h8 = page.locator('#test-board [data-square="h8"]').bounding_box()
    assert a1["x"] < h8["x"] and a1["y"] > h8["y"]  # White at the bottom
    assert sorted(page.eval_on_selector_all("#test-board [data-dest]", "els => els.map(e => e.dataset.square)")) == ["d2", "e3"]
    assert page.eval_on_selector_all("#test-board [data-dtm]", "els => els.map(e => e.dataset.dtm)") == ["5", "3"]
    expect(page.locator('#test-board [data-square="e8"].check > [data-piece]')).to_have_attribute("data-piece", "bK")
    page.click('#test-board [data-square="e3"]')
    drag(page, '#test-board [data-square="e1"]', '#test-board [data-square="d1"]')
    assert page.evaluate("() => window.boardEvents") == [
        ["move", "c1", "e3", "wB"], ["select", "e1"], ["move", "e1", "d1", "wK"]]
    page.evaluate("() => testBoard.render({ pieces: { a1: 'wR' }, orientation: 'black' })")
    a1 = page.locator('#test-board [data-square="a1"]').bounding_box()
    h8 = page.locator('#test-board [data-square="h8"]').bounding_box()
    assert a1["x"] > h8["x"] and a1["y"] < h8["y"]  # flipped: White at the top
    expect(page.locator("#test-board [data-piece]")).to_have_count(1)


def test_examples_select_loads_a_seed_case_and_follows_the_position(page):
    open_lab(page, REFERENCE_CASES[2][0])
    expect(page.locator("#lab-examples")).to_have_value("2")  # the URL's board is seed case 3
    page.select_option("#lab-examples", "4")
    expect(page.locator("[data-status]")).to_have_attribute("data-status", "stalemate")
    expect(page.locator("#lab-notation")).to_have_value(REFERENCE_CASES[4][0])
    expect_pieces(page, pieces_from_notation(REFERENCE_CASES[4][0]), "cube")
    drag(page, cube("0,2,0"), "h1")  # an edited position is no longer the reference case
    expect(page.locator("#lab-examples")).to_have_value("")


def test_a_bad_board_in_the_url_shows_the_servers_message(page):
    bad = "[K##,###,###],[###,###,###],[###,###,##K]"
    open_lab(page, bad)
    message = page.request.post("/api/3d/analyze", data={"board": bad}).json()["message"]
    expect(page.locator("#lab-error")).to_have_text(f"The board in this page's address cannot be read: {message}")
    expect(page.locator("#lab-notation")).to_have_value(bad)  # kept for the user to fix
    expect(page.locator("[data-status]")).to_have_attribute("data-status", "no-king")


def test_a_refused_board_in_the_address_is_kept_and_explained(page):
    page.goto("/3d?board=garbage")
    expect(page.locator("#lab-error")).to_contain_text("'garbage' has 1 layer, and a board has between 2 and 10")
    expect(page.locator("[data-status]")).not_to_have_attribute("data-status", "pending")
    page.wait_for_timeout(300)  # the report of the empty board the page shows has arrived
    assert page.url.endswith("/3d?board=garbage")
    page.click('[data-spare="wK"]')
    page.click(cube("1,1,1"))  # an edit makes a new position, and the address follows it
    page.wait_for_function("() => new URLSearchParams(location.search).get('board') === '3,3,3/3,1K1,3/3,3,3'")


def test_touching_kings_are_said_to_touch(page):
    open_lab(page, "[###,#k#,###],[###,###,#K#],[###,###,###]")
    expect(page.locator("[data-status]")).to_have_attribute("data-status", "invalid")
    expect(page.locator("[data-status]")).to_contain_text("The kings touch")
    expect(page.locator(".lab-status-detail")).not_to_contain_text("checkmated")


def test_clicking_the_armed_palette_piece_says_placing_stopped(page):
    open_lab(page, EMPTY_3)
    spare = page.locator('[data-spare="wK"]')
    expect(spare).to_have_attribute("aria-pressed", "false")  # nothing armed on a fresh page
    spare.click()
    expect(spare).to_have_attribute("aria-pressed", "true")
    expect(page.locator(".board-live")).to_have_text("white king: click empty cubes to place it")
    spare.click()
    expect(spare).to_have_attribute("aria-pressed", "false")
    expect(page.locator("#lab-selection")).to_contain_text("Pick a piece above to place it")
    expect(page.locator(".board-live")).to_have_text("Placing stopped")
    page.click(cube("1,1,1"))  # nothing is placed
    expect(page.locator("[data-piece]").and_(page.locator(".sq > *"))).to_have_count(0)
