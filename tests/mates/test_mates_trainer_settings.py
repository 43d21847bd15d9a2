"""A trainer's settings in its address (webapp/trainer_address.py): the level, the bishop, the
pause, the side and the mode are read by the server, which hands the page those it could read
(data-settings) and refuses the others on the page: 400, a notice naming the value, the default
instead. The lessons pages' pause likewise. Over HTTP; the page's script in
test_mates_trainer_settings_browser.py."""

from __future__ import annotations

import html
import json
import re

import pytest

from tablebase.mates.endings import endings
from webapp.trainer_address import LONGEST_PAUSE, level_values


PAUSE_WORDS = f"the pause before a reply is a whole number of milliseconds up to {LONGEST_PAUSE}, or -1 to wait for a key"


def page_facts(response) -> tuple[dict, list[str], dict]:
    """(the settings the page hands its script, the notices it shows, its ending's facts)."""
    text = response.get_data(as_text=True)
    settings = json.loads(html.unescape(re.search(r"data-settings='([^']*)'", text).group(1)))
    notices = [html.unescape(n) for n in re.findall(r'class="link-error"[^>]*>([^<]*)<', text)]
    material = re.search(r"data-material='([^']*)'", text)
    return settings, notices, json.loads(html.unescape(material.group(1))) if material else {}


@pytest.mark.parametrize("query, read", [
    ("pause=0", {"pause": 0}), ("pause=-1", {"pause": -1}), (f"pause={LONGEST_PAUSE}", {"pause": LONGEST_PAUSE}),
    ("role=king&mode=edit", {"role": "king", "mode": "edit"}), ("bishop=dark&mode=play", {"bishop": "dark", "mode": "play"}),
    ("pause=&level=&bishop=&role=&mode=", {}),  # sent empty, as a form sends them: the defaults
])
def test_settings_the_page_can_read_are_handed_to_its_script(client, query, read):
    response = client.get(f"/mates/KBNK?{query}")
    settings, notices, _ = page_facts(response)
    assert (response.status_code, settings, notices) == (200, read, [])


@pytest.mark.parametrize("name, given, words", [
    ("pause", "abc", PAUSE_WORDS), ("pause", "-2", PAUSE_WORDS), ("pause", str(LONGEST_PAUSE + 1), PAUSE_WORDS),
    ("pause", "0.5", PAUSE_WORDS),
    ("level", "easy", "like 11-22"), ("level", "1-2-3", "like 11-22"), ("level", "1234-5", "like 11-22"),
    ("bishop", "green", "light, dark or random"), ("role", "queen", "pieces or king"), ("mode", "EDIT", "play or edit"),
])
def test_a_setting_the_page_cannot_read_is_refused_on_the_page_and_left_out(client, name, given, words):
    beside = "" if name == "pause" else "pause=0&"  # one that is read, beside it
    response = client.get(f"/mates/KBNK?{beside}{name}={given}")
    settings, notices, _ = page_facts(response)
    assert response.status_code == 400
    assert settings == ({} if name == "pause" else {"pause": 0})
    assert len(notices) == 1 and notices[0].startswith(f"The {name} in this link could not be read")
    assert words in notices[0] and given in notices[0], notices


def test_every_refused_setting_is_named_each_in_its_own_notice(client):
    response = client.get("/mates/KRK?pause=x&level=x&bishop=x&role=x&mode=x&lang=fr")
    settings, notices, _ = page_facts(response)
    assert response.status_code == 400 and settings == {} and len(notices) == 5
    assert all("'x'" in notice for notice in notices)


@pytest.mark.parametrize("found", endings(), ids=lambda e: e.name)
def test_each_level_of_an_ending_is_read_and_a_level_of_none_is_refused_naming_them(client, found):
    _, _, material = page_facts(client.get(f"/mates/{found.name}"))
    levels = level_values(material["levels"])
    for level in levels:
        response = client.get(f"/mates/{found.name}?level={level}")
        settings, notices, _ = page_facts(response)
        assert (response.status_code, settings, notices) == (200, {"level": level}, []), level
    if len(levels) < 2:
        return  # no forced mate: one level, of any length
    low, high = map(int, levels[0].split("-"))
    other = f"{low}-{high + 1}"  # well written, but none of this ending's
    response = client.get(f"/mates/{found.name}?level={other}")
    settings, notices, _ = page_facts(response)
    assert response.status_code == 400 and "level" not in settings
    assert notices[0].startswith(f"The level in this link, '{other}', is not one of this ending's")
    assert all(level in notices[0] for level in levels)


def test_the_first_position_is_drawn_at_the_linked_level(client):
    _, _, material = page_facts(client.get("/mates/KQK"))
    for level in level_values(material["levels"]):
        text = client.get(f"/mates/KQK?level={level}").get_data(as_text=True)
        first = json.loads(html.unescape(re.search(r"data-first='([^']*)'", text).group(1)))
        low, high = map(int, level.split("-"))
        assert first["level"] == level and low <= first["probe"]["dtm"] // 2 + 1 <= high, (level, first["probe"]["dtm"])


@pytest.mark.parametrize("path", ["/kbn/learn", "/mates/learn"])
def test_a_lessons_pages_pause_is_read_or_refused(client, path):
    response = client.get(f"{path}?pause=-1")
    assert (response.status_code, page_facts(response)[:2]) == (200, ({"pause": -1}, []))
    response = client.get(f"{path}?pause=soon")
    settings, notices, _ = page_facts(response)
    assert response.status_code == 400 and settings == {} and "'soon'" in notices[0]
