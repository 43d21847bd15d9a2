"""The 3D lab's turnable view in real Chromium: orbiting, drops and clicks on cubes of other layers
in a turned view, the selected piece's rays against the server's destinations, hover labels, the
slicing axes and the layer strip."""

from __future__ import annotations

import re

import pytest
from tests.helpers.browser import centre, drag, expect_pieces
from tests.helpers.cube import (
    board_text,
    click_at,
    cube,
    hits_itself,
    open_lab,
    piece_at,
    pieces_from_notation,
)
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

# n = 5: a white rook on c3(III) and a white bishop on b3(II), with pieces that stop some of their lines.
RAYS_BOARD = board_text(5, {
    (2, 2, 2): "R", (1, 2, 3): "B", (0, 4, 4): "K", (4, 0, 0): "k",
    (2, 0, 2): "n", (2, 1, 2): "n", (2, 2, 4): "N", (3, 3, 3): "r", (0, 2, 2): "b",
})


def camera_transform(page) -> str:
    return page.eval_on_selector(".board-layers", "el => el.style.transform")


def turn_view(page, dx: float, dy: float) -> None:
    """Drags the empty top-left corner of the 3D scene."""
    box = page.locator(".board.view-space").bounding_box()
    x, y = box["x"] + 30, box["y"] + 60
    assert page.evaluate("([x, y]) => !document.elementFromPoint(x, y).closest('[data-cube]')", [x, y])
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x + dx / 2, y + dy / 2, steps=4)
    page.mouse.move(x + dx, y + dy, steps=4)
    page.mouse.up()


def first_hittable(page, keys) -> str:
    for key in keys:
        if hits_itself(page, key):
            return key
    raise AssertionError(f"none of {keys} can be pointed at in this view")


def test_drag_in_empty_space_turns_the_view_and_drops_land_on_other_layers(page):
    board = "[###,#R#,###],[###,###,###],[###,###,K#k]"
    open_lab(page, board, view="space")
    before = camera_transform(page)
    turn_view(page, 140, 50)
    expect(page.locator(".board-layers")).not_to_have_attribute("style", re.compile(re.escape(before)))
    spin = float(re.search(r"rotateZ\((-?[\d.]+)deg\)", camera_transform(page)).group(1))
    assert abs(spin - (-24)) > 30  # the default camera turned by the drag
    # The rook, on the top level, dropped on a cube of the bottom level in the turned view.
    target = first_hittable(page, ["1,0,2", "0,0,2", "2,0,2", "1,1,2", "0,1,2", "2,1,2"])
    drag(page, cube("1,1,0"), cube(target))
    expect(piece_at(page, target)).to_have_attribute("data-piece", "wR")
    expect(piece_at(page, "1,1,0")).to_have_count(0)
    # A palette piece dropped on the middle level, and a click-click move back up.
    target = first_hittable(page, ["1,1,1", "0,1,1", "2,1,1", "1,0,1", "1,2,1"])
    drag(page, '[data-spare="bQ"]', cube(target))
    expect(piece_at(page, target)).to_have_attribute("data-piece", "bQ")
    # Nothing is armed, and the dropped queen is not selected: a click takes hold of it, another moves it.
    expect(page.locator("[data-spare][aria-pressed=true]")).to_have_count(0)
    expect(page.locator(f"{cube(target)}.selected")).to_have_count(0)
    click_at(page, cube(target))
    expect(page.locator(f"{cube(target)}.selected")).to_have_count(1)
    click_at(page, cube("2,2,0"))
    expect(piece_at(page, "2,2,0")).to_have_attribute("data-piece", "bQ")
    # Keys turn the view too, and Reset brings the first camera back.
    page.locator(".board").focus()
    turned = camera_transform(page)
    page.keyboard.press("Shift+ArrowRight")
    expect(page.locator(".board-layers")).not_to_have_attribute("style", re.compile(re.escape(turned)))
    page.get_by_role("button", name="Reset").click()
    page.wait_for_function("t => document.querySelector('.board-layers').style.transform === t", arg=before)


def expected_rays(origin, moves) -> set[tuple[str, str]]:
    """The farthest destination in each direction, from the server's list."""
    farthest = {}
    for move in moves:
        delta = [m - o for m, o in zip(move, origin)]
        steps = max(abs(d) for d in delta)
        direction = tuple(d // steps for d in delta)
        if direction not in farthest or farthest[direction][0] < steps:
            farthest[direction] = (steps, move)
    key = ",".join(map(str, origin))
    return {(key, ",".join(map(str, move))) for _, move in farthest.values()}


@pytest.mark.parametrize("origin, kind", [((2, 2, 2), "wR"), ((1, 2, 3), "wB")])
def test_rays_end_where_the_servers_destinations_end(page, origin, kind):
    open_lab(page, RAYS_BOARD, view="space")
    key = ",".join(map(str, origin))
    expect(piece_at(page, key)).to_have_attribute("data-piece", kind)
    # Layers above may cover the piece's cube: the strip shows its level alone, the others let
    # the pointer through.
    page.click(f'#lab-strip [data-layer="{origin[2]}"]')
    assert hits_itself(page, key)
    click_at(page, cube(key))
    moves = page.request.post("/api/3d/moves", data={"board": RAYS_BOARD, "from": list(origin)}).json()["moves"]
    expected = expected_rays(origin, moves)
    page.wait_for_function("n => document.querySelectorAll('.ray').length === n", arg=len(expected))
    rays = page.eval_on_selector_all(".ray", """els => els.map(g => {
        const line = g.querySelector('.ray-line');
        return [g.dataset.ray, g.classList.contains('blocked'), +line.getAttribute('x2'), +line.getAttribute('y2')];
    })""")
    assert {tuple(ray.split(">")) for ray, *_ in rays} == expected
    n = 5
    for ray, blocked, x2, y2 in rays:
        end = [int(c) for c in ray.split(">")[1].split(",")]
        direction = [(e > o) - (e < o) for e, o in zip(end, origin)]
        beyond = [e + d for e, d in zip(end, direction)]
        assert blocked == all(0 <= c < n for c in beyond), ray  # a line short of the edge was stopped
        # The line is drawn to the on-screen centre of its last cube.
        board = page.locator(".board").bounding_box()
        box = page.locator(cube(",".join(map(str, end)))).bounding_box()
        assert abs(board["x"] + x2 - (box["x"] + box["width"] / 2)) < 3
        assert abs(board["y"] + y2 - (box["y"] + box["height"] / 2)) < 3
    assert any(blocked for _, blocked, *_ in rays) and not all(blocked for _, blocked, *_ in rays)


def test_hovering_a_cube_shows_its_label(page):
    open_lab(page, RAYS_BOARD, view="space")
    page.hover(cube("1,0,0"))  # on the top level of five
    expect(page.locator(".board-tip")).to_be_visible()
    expect(page.locator(".board-tip")).to_have_text("b5(V)")
    page.click("[data-view=layers]")
    page.hover(cube("0,4,4"))
    expect(page.locator(".board-tip")).to_have_text("a1(I)")


@pytest.mark.parametrize("view", ["layers", "space"])
def test_each_slice_axis_shows_the_same_pieces(page, view):
    open_lab(page, RAYS_BOARD, view=view)
    expected = pieces_from_notation(RAYS_BOARD)
    titles = {"z": ["V", "IV", "III", "II", "I"], "y": [f"rank {r}" for r in range(5, 0, -1)],
              "x": [f"file {f}" for f in "abcde"]}
    for axis in ("y", "x", "z"):
        page.click(f"[data-axis={axis}]")
        expect(page.locator(".board")).to_have_attribute("data-axis", axis)
        expect_pieces(page, expected, "cube")
        assert page.locator(".board-layer-label").all_text_contents() == titles[axis]
        # The rook's line through the levels: on a rank or file slice it lies in one layer.
        layer_of_rook = page.eval_on_selector(cube("2,2,2"), "el => el.closest('.board-layer').dataset.layer")
        layer_below = page.eval_on_selector(cube("2,2,3"), "el => el.closest('.board-layer').dataset.layer")
        assert (layer_of_rook == layer_below) == (axis != "z")


def test_layer_strip_isolates_a_layer_and_keys_and_swipes_change_it(page):
    open_lab(page, RAYS_BOARD)
    strip = page.locator("#lab-strip")
    expect(strip.locator("button")).to_have_count(6)
    expect(strip.locator('[data-layer="2"]')).to_have_attribute("data-count", "4")  # rook, knights, bishop on III
    page.click(cube("2,2,2"))  # the rook: the strip marks the layers it can reach
    expect(strip.locator('[data-layer="1"]')).to_have_class(re.compile(r"\bhas-dests\b"))
    strip.locator('[data-layer="3"]').click()
    expect(page.locator(".board-layer:not([hidden])")).to_have_count(1)
    expect(page.locator(".board-layer:not([hidden])")).to_have_attribute("data-layer", "3")
    page.click(cube("2,2,3"))  # the rook's move to the level below, with only that level shown
    expect(piece_at(page, "2,2,3")).to_have_attribute("data-piece", "wR")
    page.locator(".board").focus()
    page.keyboard.press("PageUp")
    expect(page.locator(".board-layer:not([hidden])")).to_have_attribute("data-layer", "2")
    expect(strip.locator('[data-layer="2"]')).to_have_attribute("aria-pressed", "true")
    # A sideways swipe from an empty cube shows the next layer.
    x, y = centre(page, cube("4,4,2"))
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x - 60, y + 4, steps=4)
    page.mouse.move(x - 160, y + 8, steps=4)
    page.mouse.up()
    expect(page.locator(".board-layer:not([hidden])")).to_have_attribute("data-layer", "3")
    strip.locator('[data-layer="all"]').click()
    expect(page.locator(".board-layer:not([hidden])")).to_have_count(5)
    # In 3D the other layers stay, dimmed, and let the pointer through to the chosen one.
    page.click("[data-view=space]")
    strip.locator('[data-layer="4"]').click()
    expect(page.locator(".board-layer.ghost")).to_have_count(4)
    assert all(hits_itself(page, f"{x},{y},4") for x in range(5) for y in range(5))


def test_layer_names_never_overlap_at_n_10_however_the_view_is_turned(page):
    open_lab(page, board_text(10, {(4, 5, 3): "K", (9, 9, 9): "k"}), view="space")
    page.locator(".board").focus()
    overlaps = """() => {
        const boxes = [...document.querySelectorAll('.board-layer-label')]
            .filter(l => getComputedStyle(l).visibility !== 'hidden').map(l => l.getBoundingClientRect());
        let found = 0;
        boxes.forEach((a, i) => boxes.slice(i + 1).forEach(b => {
            if (a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom) found += 1;
        }));
        return [found, boxes.length];
    }"""
    shown = []
    for key in ["Shift+ArrowDown"] * 6 + ["Shift+ArrowUp"] * 9:
        page.keyboard.press(key)
        page.wait_for_timeout(50)
        found, count = page.evaluate(overlaps)
        assert found == 0
        shown.append(count)
    assert max(shown) == 10 and min(shown) < 10  # all shown when spread, some held back when crowded
