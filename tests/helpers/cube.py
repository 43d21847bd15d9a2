"""What the 3D lab's browser tests share: opening /3d on a board and view, reading cubes."""

from __future__ import annotations

import re
from urllib.parse import quote

from playwright.sync_api import expect

EMPTY_3 = "[###,###,###],[###,###,###],[###,###,###]"


def open_lab(page, board: str | None = None, view: str | None = None, axis: str | None = None):
    page.goto("/3d" + (f"?board={quote(board, safe='')}" if board is not None else ""))
    expect(page.locator("[data-status]")).not_to_have_attribute("data-status", "pending")
    if view:
        page.click(f"[data-view={view}]")
        for name in ("stack", "space"):
            css = re.compile(rf"\bview-{name}\b")
            if view == name:
                expect(page.locator(".board")).to_have_class(css)
            else:
                expect(page.locator(".board")).not_to_have_class(css)
    if axis:
        page.click(f"[data-axis={axis}]")
        expect(page.locator(".board")).to_have_attribute("data-axis", axis)


def cube(key: str) -> str:
    return f'[data-cube="{key}"]'


def piece_at(page, key: str):
    return page.locator(f"{cube(key)} > [data-piece]")


def board_text(n: int, pieces: dict[tuple, str]) -> str:
    """The board text of {(x, y, z): symbol} (core/cube_notation.py)."""
    return ",".join("[" + ",".join("".join(pieces.get((x, y, z), "#") for x in range(n)) for y in range(n)) + "]"
                    for z in range(n))


def pieces_from_notation(board: str) -> dict[str, str]:
    layers = [layer.split(",") for layer in board.strip("[]").split("],[")]
    pieces = {}
    for z, layer in enumerate(layers):
        for y, row in enumerate(layer):
            for x, ch in enumerate(row):
                if ch != "#":
                    pieces[f"{x},{y},{z}"] = ("w" if ch.isupper() else "b") + ch.upper()
    return pieces


def hits_itself(page, key: str) -> bool:
    """Whether the middle of the cube's on-screen box is that cube for the browser's hit test."""
    return page.evaluate("""key => {
        const el = document.querySelector(`[data-cube="${key}"]`);
        const r = el.getBoundingClientRect();
        return document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2)?.closest('[data-cube]') === el;
    }""", key)


def click_at(page, selector: str) -> None:
    """A click at the middle of an element's on-screen box (where hits_itself looks), for cubes
    of a turned 3D view, whose box and drawn shape differ; scrolled into view first, as a user
    scrolls to what they click."""
    page.locator(selector).scroll_into_view_if_needed()
    box = page.locator(selector).bounding_box()
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
