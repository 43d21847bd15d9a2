"""The 3D view's camera, on a phone and a desk: ▲ raises the eye (the levels seen more from above),
▼ lowers it, within bounds where no layer turns edge-on and no piece vanishes, however often they
are pressed or the view is dragged; preset views from above, the front, the side and a corner by
buttons and keys; the view (Flat, Perspective or 3D, the slicing, the layer shown, the camera) kept
in the page's address."""

from __future__ import annotations

import re

import pytest
from tests.helpers.cube import board_text, cube, open_lab
from tests.helpers.phone import DESK, PHONE
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

BOARD = board_text(4, {(0, 3, 3): "K", (3, 0, 0): "k", (1, 1, 1): "Q", (2, 2, 2): "r", (3, 3, 1): "N", (0, 0, 2): "b"})

# Every drawn piece and plane: a piece that vanishes (a plane seen edge-on) has no height left.
SHAPES = """() => ({
  pieces: [...document.querySelectorAll('.board-layer .piece')].map((el) => {
    const r = el.getBoundingClientRect();
    return [r.width, r.height];
  }),
  planes: [...document.querySelectorAll('.board-layer .board-grid')].map((el) => {
    const r = el.getBoundingClientRect();
    return [r.width, r.height];
  }),
})"""


@pytest.fixture(params=["phone", "desk"])
def lab(request, browser, live_server):
    context = browser.new_context(viewport=PHONE if request.param == "phone" else DESK, base_url=live_server,
                                  bypass_csp=True)
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    yield page
    context.close()
    assert not errors, errors


def camera(page) -> dict:
    transform = page.eval_on_selector(".board-layers", "el => el.style.transform")
    found = re.search(r"scale\(([\d.]+)\) rotateX\((-?[\d.]+)deg\) rotateZ\((-?[\d.]+)deg\)", transform)
    assert found, transform
    return {"zoom": float(found.group(1)), "tilt": float(found.group(2)), "spin": float(found.group(3))}


def settled(page) -> dict:
    page.evaluate("() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")
    return camera(page)


def all_shown(page) -> None:
    """No piece vanished, no plane is a line: each keeps a good part of its size."""
    shapes = page.evaluate(SHAPES)
    assert len(shapes["pieces"]) == 6
    for width, height in shapes["pieces"]:
        assert width > 8 and height > 8, shapes
    for width, height in shapes["planes"]:
        assert min(width, height) > 0.25 * max(width, height), shapes


def test_up_raises_the_eye_and_down_lowers_it_within_bounds(lab):
    open_lab(lab, BOARD, view="space")
    higher = lab.get_by_role("button", name="Look from higher")
    lower = lab.get_by_role("button", name="Look from lower")
    start = settled(lab)
    higher.click()
    assert settled(lab)["tilt"] < start["tilt"]  # more from above
    lower.click()
    lower.click()
    assert settled(lab)["tilt"] > start["tilt"]
    for _ in range(12):  # four presses once made every piece vanish
        lower.click()
        all_shown(lab)
    assert 60 <= settled(lab)["tilt"] <= 71
    for _ in range(12):
        higher.click()
    assert settled(lab)["tilt"] == 10  # from above, the levels still apart
    all_shown(lab)
    # A long drag of empty space cannot turn the levels edge-on either.
    box = lab.locator(".board").bounding_box()
    x, y = box["x"] + 12, box["y"] + 12
    lab.mouse.move(x, y)
    lab.mouse.down()
    lab.mouse.move(x, y - 600, steps=20)
    lab.mouse.up()
    assert settled(lab)["tilt"] <= 71
    all_shown(lab)


@pytest.mark.parametrize("axis", ["y", "x"])
def test_the_upright_layers_never_turn_edge_on(lab, axis):
    open_lab(lab, BOARD, view="space", axis=axis)
    for name in ("Look from higher", "Turn left", "Turn right", "Turn right", "Turn right"):
        for _ in range(14):
            lab.get_by_role("button", name=name).click()
            settled(lab)
            all_shown(lab)


def test_preset_views_by_buttons_and_keys(lab):
    open_lab(lab, BOARD, view="space")
    presets = {"Above": (15, 0), "Front": (64, 0), "Side": (64, 90), "Corner": (52, -40)}
    for name, (tilt, spin) in presets.items():
        lab.get_by_role("button", name=name, exact=True).click()
        got = settled(lab)
        assert got["tilt"] == tilt and got["spin"] == spin, (name, got)
        all_shown(lab)
    # Keys: A F S C, with the board focused or not.
    lab.locator(".board").focus()
    lab.keyboard.press("a")
    assert settled(lab)["tilt"] == 15
    lab.keyboard.press("s")
    assert settled(lab)["spin"] == 90
    lab.get_by_role("button", name="Zoom in").focus()
    lab.keyboard.press("f")
    assert settled(lab) == {**settled(lab), "spin": 0, "tilt": 64}
    lab.keyboard.press("c")
    assert settled(lab)["spin"] == -40
    # Shift+↑ raises the eye too.
    before = settled(lab)["tilt"]
    lab.locator(".board").focus()
    lab.keyboard.press("Shift+ArrowUp")
    assert settled(lab)["tilt"] < before


def test_the_view_is_kept_in_the_address(lab):
    open_lab(lab, BOARD, view="space", axis="y")
    lab.click("#lab-strip [data-layer='2']")
    lab.get_by_role("button", name="Side", exact=True).click()
    lab.get_by_role("button", name="Zoom in").click()
    seen = settled(lab)
    # The address takes the camera once the view rests.
    lab.wait_for_function("""() => {
        const cam = new URLSearchParams(location.search).get('cam');
        const turn = document.querySelector('.board-layers').style.transform.match(/rotateZ\\((-?[\\d.]+)deg\\)/);
        return cam !== null && turn !== null && Number(cam.split(',')[0]) === Math.round(Number(turn[1]));
    }""")
    query = lab.evaluate("() => Object.fromEntries(new URLSearchParams(location.search))")
    assert query["view"] == "space" and query["axis"] == "y" and query["layer"] == "2", query
    lab.reload()
    expect(lab.locator("[data-status]")).not_to_have_attribute("data-status", "pending")
    expect(lab.locator(".board")).to_have_class(re.compile(r"\bview-space\b"))
    expect(lab.locator(".board")).to_have_attribute("data-axis", "y")
    expect(lab.locator("#lab-strip [data-layer='2']")).to_have_attribute("aria-pressed", "true")
    again = settled(lab)
    assert abs(again["spin"] - seen["spin"]) <= 1 and abs(again["tilt"] - seen["tilt"]) <= 1
    assert abs(again["zoom"] - seen["zoom"]) <= 0.01
    # Perspective, all layers: kept too, and a link opens it elsewhere.
    lab.click("button[data-view=stack]")
    lab.click("#lab-strip [data-layer='all']")
    lab.wait_for_function("() => new URLSearchParams(location.search).get('view') === 'stack'")
    other = lab.context.new_page()
    other.goto(lab.url)
    expect(other.locator(".board")).to_have_class(re.compile(r"\bview-stack\b"))
    expect(other.locator("#lab-strip [data-layer='all']")).to_have_attribute("aria-pressed", "true")
    expect(other.locator(".board-layer:not([hidden])")).to_have_count(4)
    expect(other.locator(f"{cube('1,1,1')} > [data-piece]")).to_have_attribute("data-piece", "wQ")
    other.close()
