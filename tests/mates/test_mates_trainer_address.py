"""An address naming one trainer and holding another ending's position (a KBNK position under
/mates/KRK, issue 35) goes to the trainer of the position's ending, every other parameter kept;
the server reads the material. Over HTTP and in real Chromium at a desk's size and a phone's."""

from __future__ import annotations

import re
from urllib.parse import parse_qs, quote, urlparse

import chess
import pytest
from playwright.sync_api import expect

from tablebase.core.fen import BoardPosition
from tablebase.mates.endings import ending_of, endings
from tests.helpers.browser import expect_pieces
from tests.helpers.phone import sized_page

KBNK = "8/8/3k4/8/8/8/8/KBN5 w - - 0 1"
KRK = "8/8/4k3/8/8/8/8/R3K3 w - - 0 1"
KRK_BLACK = "r3k3/8/8/8/8/4K3/8/8 b - - 0 1"  # Black holds the rook: still KRK
KQRBK = "8/8/4k3/8/8/8/8/QRB1K3 w - - 0 1"  # three men: no table holds it


def link(fen: str) -> str:
    return quote(fen.replace(" ", "_"), safe="/_")


def where(response) -> tuple[str, dict[str, list[str]]]:
    assert response.status_code == 302, response.status_code
    target = urlparse(response.headers["Location"])
    return target.path, parse_qs(target.query)


def test_every_endings_position_names_its_ending():
    for found in endings():
        board = BoardPosition.from_fen(found.example_fen())
        assert ending_of(board).name == found.name
        # The same men held by Black, the board mirrored: the same ending.
        mirrored = chess.Board(found.example_fen()).mirror()
        assert ending_of(BoardPosition.from_fen(mirrored.fen())).name == found.name
    for fen in (KQRBK, "8/8/4k3/8/8/8/4P3/4K3 w - - 0 1", "8/8/4k3/8/8/8/8/4K3 w - - 0 1", "8/8/4kr2/8/8/8/8/R3K3 w - - 0 1"):
        assert ending_of(BoardPosition.from_fen(fen)) is None, fen


def test_another_endings_position_goes_to_its_trainer_keeping_the_other_parameters(client):
    path, query = where(client.get(f"/mates/KRK?pause=0&fen={link(KBNK)}&lang=fr&level=1-5"))
    assert path == "/mates/KBNK"
    assert query == {"pause": ["0"], "fen": [KBNK.replace(" ", "_")], "lang": ["fr"]}  # a level is its ending's
    path, query = where(client.get(f"/kbn?fen={link(KRK)}"))
    assert (path, query["fen"]) == ("/mates/KRK", [KRK.replace(" ", "_")])
    path, _ = where(client.get(f"/mates/KQK?fen={quote(KRK_BLACK)}"))
    assert path == "/mates/KRK"
    followed = client.get(f"/mates/KRK?fen={link(KBNK)}&lang=fr", follow_redirects=True)
    assert followed.status_code == 200
    title = re.search(r"<h1>(.*?)<a", followed.get_data(as_text=True), re.S).group(1)
    assert title.strip() == "Roi, fou et cavalier contre roi"


@pytest.mark.parametrize("path, fen", [("/mates/KRK", KRK), ("/mates/KRK", KRK_BLACK), ("/kbn", KBNK),
                                       ("/mates/KBNK", KBNK), ("/mates/KRK", KQRBK), ("/mates/KRK", "")])
def test_a_position_of_the_pages_own_ending_or_of_none_stays(client, path, fen):
    response = client.get(f"{path}?fen={link(fen)}")
    assert response.status_code == 200, (path, fen)


@pytest.mark.browser
@pytest.mark.parametrize("phone", [False, True], ids=["desk", "phone"])
def test_a_kbnk_position_under_krk_opens_in_the_kbnk_trainer(browser, live_server, phone):
    with sized_page(browser, live_server, phone) as page:
        page.goto(f"/mates/KRK?pause=0&lang=fr&fen={link(KBNK)}")
        expect(page.locator("#trainer")).to_have_attribute("data-ready", "true")
        assert urlparse(page.url).path == "/mates/KBNK"
        expect(page.locator("html")).to_have_attribute("lang", "fr")
        expect(page.locator("h1")).to_contain_text("fou et cavalier")
        expect_pieces(page, {"d6": "bK", "a1": "wK", "b1": "wB", "c1": "wN"})
        assert parse_qs(urlparse(page.url).query)["fen"] == [KBNK.replace(" ", "_")]


@pytest.mark.browser
@pytest.mark.parametrize("phone", [False, True], ids=["desk", "phone"])
def test_another_endings_position_built_in_the_editor_is_practised_in_its_trainer(browser, live_server, phone):
    with sized_page(browser, live_server, phone) as page:
        page.goto(f"/mates/KRK?pause=0&lang=fr&mode=edit&fen={link(KRK)}")
        expect(page.locator("#trainer")).to_have_attribute("data-ready", "true")
        page.fill("#trainer-fen", KBNK)
        page.locator("[data-action='load-fen']").click()
        expect(page.locator("#trainer-coach")).to_have_attribute("data-phase", re.compile(r"^(?!none$)"))
        expect_pieces(page, {"d6": "bK", "a1": "wK", "b1": "wB", "c1": "wN"})
        page.locator("[data-action='practise']").click()
        expect(page).to_have_url(re.compile(r"/mates/KBNK\?"))
        expect(page.locator("#trainer")).to_have_attribute("data-ready", "true")
        expect(page.locator("#trainer")).to_have_attribute("data-mode", "play")
        expect(page.locator("h1")).to_contain_text("fou et cavalier")
        expect_pieces(page, {"d6": "bK", "a1": "wK", "b1": "wB", "c1": "wN"})
        query = parse_qs(urlparse(page.url).query)
        assert query["fen"] == [KBNK.replace(" ", "_")] and query["lang"] == ["fr"] and "mode" not in query
        # A position of the page's own ending stays: practised here.
        page.locator("[data-mode-button='edit']").click()
        page.fill("#trainer-fen", "8/8/3k4/8/8/8/8/KB1N4 w - - 0 1")
        page.locator("[data-action='load-fen']").click()
        expect(page.locator('[data-square="d1"] [data-piece="wN"]')).to_be_attached()
        page.locator("[data-action='practise']").click()
        expect(page.locator("#trainer")).to_have_attribute("data-mode", "play")
        assert urlparse(page.url).path == "/mates/KBNK"


def test_the_document_lists_the_move_to_another_endings_trainer(client):
    document = client.get("/openapi.json").get_json()
    for path in ("/kbn", "/mates/{material}"):
        answers = document["paths"][path]["get"]["responses"]
        assert "Location" in answers["302"]["headers"] and "text/html" in answers["200"]["content"], path
