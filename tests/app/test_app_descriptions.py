"""Every page says what it is for in its meta description (what a search engine shows under its
title), one of its own, in the page's language."""

from __future__ import annotations

import html
import re

import pytest

PAGES = ("/", "/mates", "/mates/KQK", "/mates/KRK", "/mates/learn", "/kbn", "/kbn/learn", "/3d", "/3d/endgames",
         "/moves", "/solitaire", "/api")
DESCRIPTION = re.compile(r'<meta name="description" content="([^"]*)">')


def description(client, path: str, lang: str = "en") -> str:
    answer = client.get(f"{path}?lang={lang}")
    assert answer.status_code == 200, path
    found = DESCRIPTION.findall(answer.get_data(as_text=True))
    assert len(found) == 1, f"{path}: {len(found)} meta descriptions"
    return html.unescape(found[0])


def test_every_page_has_a_description_of_its_own(client):
    said = {path: description(client, path) for path in PAGES}
    for path, text in said.items():
        assert 50 <= len(text) <= 300, f"{path}: {len(text)} characters: {text!r}"
    owners = {}
    for path, text in said.items():
        owners.setdefault(text, []).append(path)
    assert all(len(paths) == 1 for paths in owners.values()), [p for p in owners.values() if len(p) > 1]
    assert "KRK" in said["/mates/KRK"] and "KBNK" in said["/kbn"]


@pytest.mark.parametrize("lang", ["fr", "ko"])
def test_the_description_speaks_the_pages_language(client, lang):
    for path in PAGES:
        english, translated = description(client, path), description(client, path, lang)
        assert translated and translated != english, f"{path} in {lang}: {translated!r}"


def test_a_page_not_found_has_the_sites_description(client):
    answer = client.get("/no-such-page-here", headers={"Accept": "text/html"})
    assert answer.status_code == 404
    assert DESCRIPTION.findall(answer.get_data(as_text=True)) == [DESCRIPTION.findall(
        client.get("/").get_data(as_text=True))[0]]
