"""Words for people on every page: no visible text says "seed" (the project's word for the task it
began from: "the seed's notation", "Seed test cases", "Ask the seed's question", "The seed's six",
"the seed's example puzzle"), neither the pages nor the messages they show from the server; the 3D
lab says "board notation", "example positions" and "Is White checkmated?". Identifiers (code, the
API's query parameter named seed) are not words for people and are left out."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

# What a person reads on a page: the text shown (not in <code> or <pre>, not in closed parts), the
# options of a visible select, and the titles, names and placeholders of visible elements.
VISIBLE_TEXT = """() => {
  const found = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    if (!el || !node.textContent.trim() || el.closest('code, pre, script, style, template, noscript')) continue;
    const select = el.closest('select');
    if (select ? select.checkVisibility() : el.checkVisibility()) found.push(node.textContent.trim());
  }
  for (const el of document.querySelectorAll('[title], [aria-label], [placeholder], [alt]')) {
    if (!el.checkVisibility()) continue;
    for (const name of ['title', 'aria-label', 'placeholder', 'alt']) {
      if (el.getAttribute(name)) found.push(el.getAttribute(name));
    }
  }
  found.push(document.title);
  return found;
}"""
SEED = re.compile(r"\bseeds?\b(?!=)", re.IGNORECASE)  # "?seed=": the API's parameter, as written in a URL


def pages(app) -> list[str]:
    """Every page the API document lists, a material's trainer for /mates/{material}; pages with
    an address they cannot read (its message shown); the error page."""
    document = app.test_client().get("/openapi.json").get_json()
    found = [path.replace("{material}", "KRK") for path, item in document["paths"].items()
             if "pages" in item.get("get", {}).get("tags", ())
             and "text/html" in item["get"]["responses"]["200"].get("content", {})]
    return [*found, "/3d?board=@@@", "/3d?board=garbage", "/solitaire?board=garbage", "/moves?fen=garbage",
            "/kbn?fen=garbage", "/mates/KRK?fen=garbage", "/no-such-page"]


def seeds(page) -> list[str]:
    return [text for text in page.evaluate(VISIBLE_TEXT) if SEED.search(text)]


def test_no_visible_text_on_any_page_says_seed(page, app):
    found = {}
    for path in pages(app):
        page.goto(path)
        page.wait_for_load_state("networkidle")
        for details in page.locator("details").all():  # closed parts are read when opened
            details.evaluate("el => { el.open = true; }")
        if seeds(page):
            found[path] = seeds(page)
    assert not found, found


def test_the_messages_pages_show_after_an_action_do_not_say_seed(page):
    page.goto("/moves")
    page.fill("#moves-question", "[W, R, 8")
    page.click("#moves-ask")
    page.wait_for_load_state("networkidle")
    expect(page.locator("#moves-error")).to_be_visible()
    assert not seeds(page)
    page.goto("/solitaire")
    page.select_option("#sol-classic", index=2)
    page.wait_for_load_state("networkidle")
    expect(page.locator("#sol-puzzle-info, .sol-detail").first).to_be_attached()
    assert not seeds(page)


def test_the_3d_lab_speaks_the_users_words(page):
    page.goto("/3d")
    expect(page.locator("#lab-status-label")).to_have_text("Is White checkmated?")
    expect(page.locator("#lab-notation-help")).to_contain_text("Board notation")
    expect(page.locator(".lab-examples")).to_contain_text("Example positions")
