"""The lessons pages' first view is in their HTML (webapp/learn_first.py, issue 35): the lesson the
address opens (else the first) with its idea's words, status and the idea's answer itself, so the
page is complete before any script runs and its script needs no request for that idea."""

from __future__ import annotations

import html
import json
import re

import pytest

from tablebase.mates.lessons import KBN_LESSONS, PATH
from webapp.learn_first import say_json

PAGES = [("/kbn/learn", "/api/kbn/lesson/idea", KBN_LESSONS), ("/mates/learn", "/api/mates/lesson/idea", PATH)]


def served(client, url: str, status: int = 200, **query) -> str:
    answer = client.get(url, query_string=query)
    assert answer.status_code == status
    return answer.get_data(as_text=True)


def page_idea(text: str) -> dict | None:
    found = re.search(r"data-idea='([^']*)'", text)
    return json.loads(html.unescape(found.group(1))) if found else None


def part(text: str, name: str) -> str:
    """The text of the page's first ``data-part`` of that name, its tags dropped."""
    inner = re.search(rf'data-part="{name}">(.*?)</(?:p|span|strong)>\s*(?:<p|</section|<strong)', text, re.S).group(1)
    return html.unescape(re.sub(r"<[^>]+>", "", inner)).strip()


@pytest.mark.parametrize("url, api, lessons", PAGES)
@pytest.mark.parametrize("lesson", [None, 2])
def test_the_page_holds_its_first_lessons_idea_as_the_api_answers_it(client, url, api, lessons, lesson):
    text = served(client, url, **({"lesson": lesson} if lesson else {}))
    number = lesson or lessons[0].number
    idea = client.get(api, query_string={"lesson": number}).get_json()
    assert page_idea(text) == idea
    frame = idea["frames"][0]
    assert 'data-mode="idea"' in text and f'data-lesson-open="{number}"' in text
    assert part(text, "label") == f"The idea · position 1 of {len(idea['frames'])}"
    assert part(text, "title") == f"Mate in {frame['mate_in']}"
    assert part(text, "detail") == frame["caption"]  # in English the words are the caption
    assert part(text, "text") == f"The idea: {idea['idea']}"
    assert "<strong>The idea:</strong>" in text
    title = next(found.title for found in lessons if found.number == number)
    assert f">Lesson {number}: {title}</h2>" in html.unescape(text)
    assert re.search(rf'data-lesson="{number}"[^>]*aria-current="step"', text)


@pytest.mark.parametrize("url, api, lessons", PAGES)
def test_an_address_with_a_position_leaves_the_drill_to_the_script(client, url, api, lessons):
    text = served(client, url, lesson=1, fen="8/8/8/8/8/8/8/8 w - - 0 1")
    assert page_idea(text) is None and 'data-mode="drill"' in text
    assert part(text, "title") == "Loading…"


@pytest.mark.parametrize("url, lessons", [("/kbn/learn", KBN_LESSONS), ("/mates/learn", PATH)])
@pytest.mark.parametrize("given", ["99", "abc", "0", "1.0"])
def test_an_unknown_lesson_opens_the_first_and_says_so(client, url, lessons, given):
    """A 400 that still draws the page: it quotes what was given and names the lessons there are."""
    text = served(client, url, 400, lesson=given)
    assert page_idea(text)["lesson"] == lessons[0].number
    banner = re.search(r'<p class="link-error" role="alert" data-link-error>([^<]*)</p>', text)
    numbers = [lesson.number for lesson in lessons]
    assert banner and f"&#39;{given}&#39;" in banner.group(1), text[:300]
    assert f"the lessons are {min(numbers)} to {max(numbers)}" in banner.group(1)


def test_a_known_lesson_is_no_error(client):
    assert "data-link-error" not in served(client, "/mates/learn", lesson=str(PATH[1].number))


def test_the_first_view_is_in_the_pages_language(client):
    text = served(client, "/kbn/learn", lang="fr")
    idea = page_idea(text)
    assert part(text, "title").startswith("Mat en ")
    assert part(text, "detail") != idea["frames"][0]["caption"]  # said in French, from its words


def test_words_sent_as_json_are_said_as_the_pages_script_says_them(app):
    words = {"id": "%(number)s %(move)s: %(fact)s",
             "params": {"number": "1.", "move": {"san": "Nf3"},
                        "fact": {"id": "%(num)s free square", "plural": "%(num)s free squares", "n": 2}}}
    with app.test_request_context("/?lang=en"):
        assert say_json(words) == "1. Nf3: 2 free squares"
        assert say_json({"and": ["a", "b", "c"]}) == "a, b, and c"  # CLDR's English list (Babel; Intl in the page)
        assert say_json({"join": ["a", "b"], "sep": "; "}) == "a; b"
        assert say_json({"number": 12345}) == "12,345"
    with app.test_request_context("/?lang=fr"):
        assert say_json({"san": "Nf3"}) == "Cf3"
