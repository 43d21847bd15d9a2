"""A trainer's first position is in its HTML (webapp/trainer_first.py, issue 35): on a visit without
``?fen=``, a random position of the ending at its middle level, with the probe and the coach's facts
the API gives for it, and the coach's advice written in the page in its language; none where the
address asks for a position or the editor."""

from __future__ import annotations

import html
import json
import re

import pytest

from webapp.trainer_first import paragraph


def first_of(client, url: str, **query) -> tuple[dict | None, str]:
    """The page's data-first (None without one) and its coach's advice paragraph as the page shows it."""
    answer = client.get(url, query_string=query)
    assert answer.status_code == 200
    text = answer.get_data(as_text=True)
    found = re.search(r"data-first='([^']*)'", text)
    advice = re.search(r'<p id="trainer-coach-advice" class="trainer-coach-advice">(.*?)</p>', text, re.S).group(1)
    return (json.loads(html.unescape(found.group(1))) if found else None), html.unescape(advice)


@pytest.mark.parametrize("url, material", [("/kbn", "KBNK"), ("/mates/KRK", "KRK"), ("/mates/KQK", "KQK")])
def test_the_page_holds_a_position_at_its_middle_level_as_the_api_answers_it(client, url, material):
    first, advice = first_of(client, url)
    assert first is not None
    low, high = map(int, first["level"].split("-"))
    levels = [level for level in re.findall(r'<option value="(\d+-\d+)">', client.get(url).get_data(as_text=True))]
    assert first["level"] == levels[len(levels) // 2]  # the level the script picks by default
    assert low <= first["probe"]["mate_in"] <= high and first["probe"]["turn"] == "w"
    probe = client.get("/api/tablebase", query_string={"fen": first["fen"]}).get_json()
    assert first["probe"] == probe  # what the script would have been sent, its fen apart
    coach = client.get("/api/coach", query_string={"fen": first["fen"]}).get_json()
    assert {"fen": first["fen"], **first["coach"]} == coach and coach["material"] == material
    assert advice == first["advice"] == coach["advice"] and advice  # in English, the API's own text


def test_the_advice_is_in_the_pages_language(client):
    first, advice = first_of(client, "/kbn", lang="fr")
    with client.application.test_request_context(headers={"Accept-Language": "fr"}):
        from flask_babel import force_locale

        with force_locale("fr"):
            assert advice == paragraph(first["coach"]["advice_words"])
    assert advice != first["coach"]["advice"]  # not the English text


@pytest.mark.parametrize("query", [{"fen": "8/8/8/3k4/8/8/8/KQ6 w - - 0 1"}, {"mode": "edit"}])
def test_no_first_position_where_the_address_asks_for_one_or_the_editor(client, query):
    first, advice = first_of(client, "/mates/KQK", **query)
    assert first is None and advice == ""
