"""The key views the screenshot tests compare, each opened on a fixed position and made still: no
animation, transition or caret, the fonts Debian's fonts-dejavu-core (and fonts-nanum's NanumGothic
for the Korean views' Hangul), the pointer off the page."""

from __future__ import annotations

import re
from contextlib import contextmanager
from urllib.parse import quote

from playwright.sync_api import expect

from tests.helpers.cube import board_text
from tests.helpers.phone import DESK, PHONE

SIZES = {"desk": DESK, "phone": PHONE}
KBN_FEN = "8/8/3k4/8/8/8/8/KBN5 w - - 0 1"
# A 4x4x4 board with both kings, a queen, a rook, a bishop and a knight spread over the layers.
LAB_BOARD = board_text(4, {(0, 3, 3): "K", (3, 0, 0): "k", (2, 3, 2): "Q", (1, 0, 3): "r", (3, 3, 0): "B",
                           (0, 0, 2): "n"})
# A longest mate of KQK on 4x4x4 in the address's form (mated in 4).
ENDGAME_BOARD = "4,4,K3,3Q/4,4,4,4/4,4,4,4/4,4,4,1k2"
# Every font the pages name resolves to DejaVu (fonts-dejavu-core, which CI installs), whatever else
# the machine has; and nothing moves.
STILL = """
:root, body, button, input, select, textarea { font-family: "DejaVu Sans", sans-serif !important; }
code, kbd, pre, samp, textarea.mono { font-family: "DejaVu Sans Mono", monospace !important; }
*, *::before, *::after { animation: none !important; transition: none !important; caret-color: transparent !important; }
"""
# The Korean views: Hangul, which DejaVu lacks, in NanumGothic (fonts-nanum, which CI installs),
# whatever other font of Hangul the machine has.
KOREAN = "NanumGothic"
HANGUL = f"""
:root, body, button, input, select, textarea {{ font-family: "DejaVu Sans", "{KOREAN}", sans-serif !important; }}
"""
SETTLE = """async () => {
  await document.fonts.ready;
  await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
}"""


@contextmanager
def screen(browser, base_url: str, size: str):
    """A page of a phone's or a desk's size, light, English, without motion; no page error allowed."""
    phone = size == "phone"
    context = browser.new_context(viewport=SIZES[size], base_url=base_url, bypass_csp=True, device_scale_factor=1,
                                  is_mobile=phone, has_touch=phone, color_scheme="light", reduced_motion="reduce",
                                  locale="en-US", timezone_id="UTC")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    try:
        yield page
    finally:
        context.close()
    assert not errors, f"JavaScript errors on the page: {errors}"


def settle(page, korean: bool = False) -> None:
    page.add_style_tag(content=STILL + (HANGUL if korean else ""))
    page.mouse.move(0, 0)
    page.evaluate(SETTLE)


def kbn_hint(page, lang: str = "en") -> None:
    """The KBN trainer on a fixed position with its hint arrow shown."""
    page.goto(f"/kbn?pause=-1&lang={lang}&fen={quote(KBN_FEN, safe='')}")
    expect(page.locator("#trainer")).to_have_attribute("data-ready", "true")
    expect(page.locator("#trainer")).to_have_attribute("data-turn", "user")
    page.keyboard.press("h")
    expect(page.locator("[data-arrow]")).to_have_count(1)
    # The coach's card, filled from its own answer: the position's phase and advice.
    expect(page.locator("#trainer-coach")).to_have_attribute("data-phase", re.compile(r"^(?!none$)."))
    expect(page.locator("#trainer-coach-advice")).not_to_be_empty()


def lesson_idea(page, lang: str = "en") -> None:
    """The learning path's first lesson opened on its idea: the first frame, with its arrow."""
    page.goto(f"/mates/learn?pause=0&lang={lang}")
    root = page.locator("#trainer-learn")
    expect(root).to_have_attribute("data-ready", "true")
    expect(root).to_have_attribute("data-mode", "idea")
    expect(root).to_have_attribute("data-idea-frame", "0")
    expect(page.locator("#trainer-board line.arrow").first).to_be_attached()


def lab(view: str, axis: str = "z", layer: str | None = None):
    """The 3D lab on LAB_BOARD in one view (layers, stack: perspective, space: the turned 3D view),
    sliced along ``axis``, one ``layer`` alone or all."""
    def open_view(page) -> None:
        query = f"board={quote(LAB_BOARD, safe='')}&view={view}&axis={axis}" + (f"&layer={layer}" if layer else "")
        page.goto(f"/3d?{query}")
        expect(page.locator("[data-status]")).not_to_have_attribute("data-status", "pending")
        board = page.locator(".board")
        expect(board).to_have_attribute("data-axis", axis)
        if view != "layers":
            expect(board).to_have_class(re.compile(rf"\bview-{view}\b"))
    return open_view


def endgames_player(page) -> None:
    """The 3D endgames' player on a KQK 4x4x4 position mated in 4 (its address), scrolled to the player."""
    page.goto(f"/3d/endgames?board={ENDGAME_BOARD}&turn=w")
    expect(page.locator("#eg-status")).to_have_attribute("data-status", "win", timeout=30_000)
    expect(page.locator("#cube-endgames")).to_have_attribute("data-turn", "user")
    page.evaluate("() => document.querySelector('#eg-play').scrollIntoView({block: 'start'})")


VIEWS = {
    "kbn-hint": kbn_hint,
    "lesson-idea": lesson_idea,
    "lab-layers": lab("layers"),
    "lab-slices": lab("layers", axis="y", layer="0"),  # rank 4: the black king, rook and knight
    "lab-perspective": lab("stack"),
    "lab-turned": lab("space"),
    "endgames-player": endgames_player,
    "kbn-hint-ko": lambda page: kbn_hint(page, "ko"),
    "lesson-idea-ko": lambda page: lesson_idea(page, "ko"),
}


def shoot(page, view: str) -> bytes:
    """Opens ``view``, makes it still, and takes the screenshot its baseline holds."""
    VIEWS[view](page)
    settle(page, korean=view.endswith("-ko"))
    if view == "endgames-player":
        return page.screenshot(animations="disabled", caret="hide")
    return page.screenshot(full_page=True, animations="disabled", caret="hide")
