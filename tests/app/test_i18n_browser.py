"""In Chromium, every page in French and in Korean: <html lang> set, the page's headings and buttons
translated, none of the English texts the catalogue translates visible (as loaded and after each
page's main interaction, the scripts' words included), no serious axe-core violation; and the
header's picker switches the language and keeps it from page to page."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from playwright.sync_api import expect

from tests.app.test_app_accessibility import checker, endgames, lab, lessons, mates, solitaire, start_page, trainer
from tests.app.test_app_words import VISIBLE_TEXT as SHOWN

# What a person reads, less key names (<kbd>: the keys' labels, like notation).
VISIBLE_TEXT = SHOWN.replace("'code, pre, script, style, template, noscript'", "'code, pre, kbd, script, style, template, noscript'")
from tests.helpers.axe import serious_violations

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
FLOWS = [start_page, trainer, lessons, mates, lab, endgames, checker, solitaire]
PLACEHOLDER = re.compile(r"%\(\w+\)[sd]")


def catalogue(lang: str):
    with (ROOT / "translations" / lang / "LC_MESSAGES" / "messages.po").open("rb") as source:
        return read_po(source)


def english_texts(lang: str) -> tuple[set[str], list[str]]:
    """The English texts the catalogue translates otherwise, whole; and those of three words or more
    (found inside a longer text too)."""
    whole = set()
    for message in catalogue(lang):
        if not message.id or message.pluralizable or message.string == message.id or PLACEHOLDER.search(message.id):
            continue
        plain = " ".join(re.sub(r"<[^>]+>", "", message.id).split())
        if re.search(r"[A-Za-z]{3}", plain):
            whole.add(plain)
    return whole, [text for text in whole if len(text.split()) >= 3]


def english_shown(page, whole: set[str], long: list[str]) -> list[str]:
    for details in page.locator("details").all():  # closed parts are read when opened
        details.evaluate("el => { el.open = true; }")
    shown = [" ".join(text.split()) for text in page.evaluate(VISIBLE_TEXT)]
    found = [text for text in shown if text in whole or any(english in text for english in long)]
    for details in page.locator("details").all():
        details.evaluate("el => { el.open = false; }")
    return found


@pytest.mark.parametrize("lang", ["fr", "ko"])
@pytest.mark.parametrize("flow", FLOWS, ids=lambda flow: flow.__name__)
def test_every_page_speaks_the_chosen_language(page, flow, lang):
    whole, long = english_texts(lang)
    page.goto(f"/?lang={lang}")  # the cookie: every page after it is in this language
    english, violations = {}, {}
    for moment in flow(page):
        assert page.evaluate("document.documentElement.lang") == lang, moment
        english[moment] = english_shown(page, whole, long)
        violations[moment] = serious_violations(page)
    assert len(english) >= 2
    assert not any(english.values()), english
    assert not any(violations.values()), violations


@pytest.mark.parametrize("lang, words", [
    ("fr", {"/": "Apprenez le mat du fou et du cavalier", "/mates": "Tous les mats élémentaires",
            "/mates/KQK": "Roi et dame contre roi", "/kbn": "Roi, fou et cavalier contre roi",
            "/mates/learn": "Apprendre tous les mats élémentaires", "/moves": "Vérificateur de coups 2D",
            "/solitaire": "Échecs solitaires", "/3d": "Laboratoire de pièces en 3D",
            "/3d/endgames": "Finales en 3D : quel matériel mate sur quel échiquier ?"}),
    ("ko", {"/": "비숍과 나이트 메이트를 배우세요", "/mates": "모든 기본 메이트", "/mates/KQK": "킹과 퀸 대 킹",
            "/kbn": "킹, 비숍, 나이트 대 킹", "/mates/learn": "모든 기본 메이트 배우기", "/moves": "2D 수 검사기",
            "/solitaire": "솔리테어 체스", "/3d": "3D 기물 실험실", "/3d/endgames": "3D 엔드게임: 어떤 기물로 어떤 보드에서 메이트할 수 있을까?"}),
])
def test_each_pages_heading_and_buttons_are_translated(page, lang, words):
    buttons = {"fr": {"/mates/KQK": ("[data-action=hint]", "Indice"), "/kbn": ("[data-action=best]", "Meilleur coup"),
                      "/moves": ("#moves-ask", "Vérifier"), "/solitaire": ("#sol-undo", "Annuler"),
                      "/3d": ("#lab-play", "Jouer à partir d'ici"), "/mates/learn": ("[data-action=drills]", "Commencer les exercices")},
               "ko": {"/mates/KQK": ("[data-action=hint]", "힌트"), "/kbn": ("[data-action=best]", "최선의 수"),
                      "/moves": ("#moves-ask", "검사"), "/solitaire": ("#sol-undo", "무르기"),
                      "/3d": ("#lab-play", "여기서부터 두기"), "/mates/learn": ("[data-action=drills]", "연습 시작")}}[lang]
    for path, heading in words.items():
        page.goto(f"{path}?lang={lang}")
        expect(page.locator("html")).to_have_attribute("lang", lang)
        expect(page.locator("h1").first).to_contain_text(heading)
        if path in buttons:
            selector, label = buttons[path]
            expect(page.locator(selector).first).to_contain_text(label)


def test_the_trainers_status_comes_from_the_script_in_korean(page):
    page.goto("/kbn?lang=ko&pause=0&fen=8/8/3k4/8/8/8/8/KBN5_w_-_-_0_1")
    expect(page.locator("#trainer")).to_have_attribute("data-ready", "true")
    expect(page.locator("#trainer-status [data-part=label]")).to_have_text("백 차례")
    expect(page.locator("#trainer-status [data-part=title]")).to_contain_text("백이")
    page.click('[data-square="b1"]')
    page.click('[data-square="c2"]')
    expect(page.locator("#trainer-verdict")).to_have_attribute("data-verdict", "slower")
    expect(page.locator("#trainer-verdict [data-part=text]")).to_contain_text("수 메이트")


def test_the_picker_switches_the_language_and_keeps_it_from_page_to_page(page):
    page.goto("/moves")
    expect(page.locator("html")).to_have_attribute("lang", "en")
    page.click(".site-language summary")
    page.click('.site-language a[hreflang="fr"]')
    expect(page.locator("html")).to_have_attribute("lang", "fr")
    assert "lang=fr" in page.url
    expect(page.locator("h1")).to_have_text("Vérificateur de coups 2D")
    page.click('.site-header nav a[href="/solitaire"]')
    expect(page.locator("html")).to_have_attribute("lang", "fr")
    expect(page.locator("h1")).to_have_text("Échecs solitaires")
    expect(page.locator(".site-language summary")).to_contain_text("Français")
    page.click(".site-language summary")
    page.click('.site-language a[hreflang="ko"]')
    expect(page.locator("h1")).to_have_text("솔리테어 체스")
    page.goto("/")
    expect(page.locator("html")).to_have_attribute("lang", "ko")


def test_the_3d_pages_addresses_keep_the_language_they_were_opened_in(page):
    page.goto("/3d?lang=ko&board=[k##,###,#q#],[###,#B#,###],[#r#,###,#K#]")
    expect(page.locator("[data-status]")).to_have_attribute("data-status", "check")
    page.click("[data-view=space]")
    page.wait_for_function("() => location.search.includes('view=space')")
    assert "lang=ko" in page.url
    page.goto("/3d/endgames?lang=fr")
    cell = page.locator('td[data-material="KQK"][data-n="3"]')
    expect(cell).to_have_attribute("data-playable", "true", timeout=30_000)  # the overview has its answers
    cell.click()
    page.wait_for_function("() => location.search.includes('material=KQK')")
    assert "lang=fr" in page.url


HANGUL = re.compile(r"[\uac00-\ud7a3]")


def test_a_whole_kbn_mate_played_by_drag_in_korean(page):
    """From a mate in 30, the best moves dragged one by one: after each, the verdict, the coach's
    note and advice and the screen reader's announcement are Korean, and none shows the catalogue's
    English; the mate's end too."""
    import chess
    from tests.helpers.browser import api, drag_square

    whole, long = english_texts("ko")
    page.goto("/kbn?lang=ko&pause=0&fen=8/8/3k4/8/8/8/8/KBN5_w_-_-_0_1")
    root = page.locator("#trainer")
    expect(root).to_have_attribute("data-ready", "true")
    page.keyboard.press("c")  # the coach
    expect(page.locator("#trainer-coach")).not_to_have_attribute("data-phase", "none")
    board = chess.Board("8/8/3k4/8/8/8/8/KBN5 w - - 0 1")
    said = []
    for ply in range(0, 120, 2):
        best = api(page, "/api/tablebase", fen=board.fen())["moves"][0]
        drag_square(page, best["uci"][:2], best["uci"][2:4])
        board.push_uci(best["uci"])
        expect(root).to_have_attribute("data-ply", str(ply + 1 if board.is_checkmate() else ply + 2))
        expect(root).to_have_attribute("data-turn", re.compile("^(user|over)$"))
        texts = [page.locator("#trainer-verdict [data-part=text]").inner_text(),
                 page.locator("#trainer-coach-note").text_content() or "", page.locator("#trainer-coach-advice").inner_text(),
                 page.locator(".board-live").inner_text()]
        said += texts
        for text in texts:
            assert not HANGUL.search(text) is None or not text.strip(), text
            assert text not in whole and not any(english in text for english in long), text
        if board.is_checkmate():
            break
        board.push_san(page.locator("#trainer-moves-played .trainer-played").nth(ply + 1).get_attribute("data-san"))
    assert board.is_checkmate() and len(said) >= 120 and sum(bool(HANGUL.search(text)) for text in said) >= 90
    expect(page.locator("#trainer-outcome")).to_be_visible()
    assert HANGUL.search(page.locator("#trainer-outcome .trainer-outcome-text").inner_text())


def test_a_lesson_in_french_its_idea_then_a_drill_mated(page):
    """The learning path's first lesson in French: its card, the idea's captions stepped through,
    then a drill mated with the best moves, its result and the reviews; none of the catalogue's English."""
    from tests.helpers.trainer_pages import fastest, play_out

    whole, long = english_texts("fr")
    page.goto("/mates/learn?lang=fr&pause=0&lesson=1")
    root = page.locator("#trainer-learn")
    expect(root).to_have_attribute("data-ready", "true")
    expect(page.locator("#trainer-lesson-title")).to_contain_text("Leçon 1 : Dame : le mat sur le bord")
    if root.get_attribute("data-mode") == "idea":
        captions = []
        for _ in range(3):
            captions.append(page.locator("#trainer-status [data-part=detail]").inner_text())
            page.click("[data-action='idea-next']")
        assert all(caption and caption not in whole for caption in captions), captions
        assert any("mat en" in caption or "échec et mat" in caption.lower() for caption in captions), captions
        page.click("[data-action='drills']")
    expect(root).to_have_attribute("data-turn", re.compile("^(user|over)$"))
    expect(page.locator("#trainer-goal")).to_contain_text("Matez en")
    play_out(page, fastest)
    result = page.locator("#trainer-result .trainer-outcome-text").inner_text()
    assert result.startswith("Mat en"), result
    assert not english_shown(page, whole, long)


def test_the_move_checkers_verdict_and_reason_in_french(page):
    from tests.helpers.browser import drag_square

    page.goto("/moves?lang=fr")
    page.wait_for_selector('[data-square="e2"] [data-piece="wP"]')
    drag_square(page, "a1", "a5")
    expect(page.locator("#moves-status")).to_have_attribute("data-status", "invalid")
    expect(page.locator(".moves-verdict")).to_have_text("Non valide : tour blanche en a1 vers a5")
    expect(page.locator(".moves-reason")).to_contain_text("Le chemin de la tour en a1 est bloqué par la pièce pion blanc en a2")
