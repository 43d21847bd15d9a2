"""The catalogues are complete and the pages go through them: messages.pot holds every message the
sources mark (extracted again here, so a new string not extracted fails), every message is
translated in French and Korean (no empty, no fuzzy entry, the same placeholders), and each page
rendered in French or Korean shows none of the English texts its catalogue translates."""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.pofile import read_po

from webapp.i18n import LANGUAGES

ROOT = Path(__file__).resolve().parents[2]
TRANSLATED = [lang for lang in LANGUAGES if lang != "en"]
KEYWORDS = {"_": None, "gettext": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2), "_l": None, "lazy_gettext": None,
            "t": None, "tn": (1, 2), "N_": None, "Nn_": (1, 2),
            "tParts": None, "tnParts": (1, 2)}
PLACEHOLDER = re.compile(r"%\((\w+)\)[sd]")
PAGES = ["/", "/mates", "/mates/KRK", "/mates/KBBK", "/kbn", "/mates/learn", "/kbn/learn", "/moves", "/solitaire",
         "/3d", "/3d/endgames", "/no-such-page"]


def catalogue(path: Path):
    with path.open("rb") as source:
        return read_po(source)


def key(message) -> str:
    return message.id[0] if message.pluralizable else message.id


@pytest.fixture(scope="module")
def template():
    return catalogue(ROOT / "translations" / "messages.pot")


def extracted() -> set[str]:
    with (ROOT / "babel.cfg").open() as config:
        method_map, options_map = parse_mapping_cfg(config)
    found = set()
    for folder in ("webapp", "templates", "static", "tablebase"):
        for _, _, message, _, _ in extract_from_dir(ROOT / folder, [(p.removeprefix(f"{folder}/"), m)
                                                                    for p, m in method_map if p.startswith(folder)],
                                                     {p.removeprefix(f"{folder}/"): o for p, o in options_map.items()},
                                                     keywords=KEYWORDS):
            found.add(message[0] if isinstance(message, tuple) else message)
    return found


def test_the_template_holds_every_message_the_sources_mark(template):
    """A string wrapped in the sources but not in messages.pot: run ./dev i18n extract and update."""
    in_template = {key(m) for m in template if m.id}
    missing = extracted() - in_template
    assert not missing, f"not in translations/messages.pot (./dev i18n extract): {sorted(missing)[:10]}"


JS_CALL = re.compile(r'\b(?:t|tn|N_|tParts|tnParts)\(\s*"((?:[^"\\]|\\.)*)"')


def test_every_message_the_scripts_name_is_in_the_template(template):
    """pybabel's JavaScript reader skips calls inside a template literal (`${t("...")}`): every
    t("..."), tn("..."), N_("...") written in static/js must still be in messages.pot."""
    in_template = {key(m) for m in template if m.id}
    named = {json.loads(f'"{found}"') for path in (ROOT / "static" / "js").rglob("*.js")
             for found in JS_CALL.findall(path.read_text(encoding="utf-8"))}
    assert named, "no t() call found: the pattern is wrong"
    assert not named - in_template, sorted(named - in_template)[:10]


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_message_is_translated_with_its_placeholders(template, lang):
    po = catalogue(ROOT / "translations" / lang / "LC_MESSAGES" / "messages.po")
    wanted = {key(m) for m in template if m.id}
    have = {key(m): m for m in po if m.id}
    assert wanted == set(have), f"{lang}: missing {sorted(wanted - set(have))[:5]}, obsolete {sorted(set(have) - wanted)[:5]}"
    problems = []
    for msgid, message in have.items():
        forms = list(message.string) if message.pluralizable else [message.string]
        if message.fuzzy or not all(forms) or len(forms) != po.num_plurals and message.pluralizable:
            problems.append(("untranslated or fuzzy", msgid))
            continue
        english = set(PLACEHOLDER.findall(msgid))
        if message.pluralizable:  # a form may leave out the count ("un pas"), never add a name
            english |= set(PLACEHOLDER.findall(message.id[1]))
            wrong = any(not set(PLACEHOLDER.findall(form)) <= english for form in forms)
        else:
            wrong = set(PLACEHOLDER.findall(forms[0])) != english
        if wrong:
            problems.append(("placeholders differ", msgid))
    assert not problems, problems[:10]


class VisibleText(HTMLParser):
    """The texts a person reads: text outside <code>, <script>, <style> and <noscript>, and the
    title, aria-label, placeholder and alt attributes."""

    HIDDEN = {"code", "script", "style", "noscript", "kbd"}

    def __init__(self):
        super().__init__()
        self.texts: list[str] = []
        self.skipping = 0

    def handle_starttag(self, tag, attrs):
        if tag in self.HIDDEN:
            self.skipping += 1
        for name, value in attrs:
            if name in ("title", "aria-label", "placeholder", "alt") and value:
                self.texts.append(value)

    def handle_endtag(self, tag):
        if tag in self.HIDDEN and self.skipping:
            self.skipping -= 1

    def handle_data(self, data):
        if not self.skipping and data.strip():
            self.texts.append(" ".join(data.split()))


def english_texts(lang: str) -> set[str]:
    """The English texts the catalogue translates differently (those a French page must not show)."""
    po = catalogue(ROOT / "translations" / lang / "LC_MESSAGES" / "messages.po")
    found = set()
    for message in po:
        if not message.id or message.pluralizable:
            continue
        plain = re.sub(r"<[^>]+>", "", message.id)
        if message.string != message.id and not PLACEHOLDER.search(plain) and re.search(r"[a-z]{3}", plain):
            found.add(" ".join(plain.replace("&", "&").split()))
    return found


@pytest.mark.parametrize("lang", TRANSLATED)
def test_each_page_in_another_language_shows_none_of_the_english_texts(client, lang):
    english = english_texts(lang)
    long_ones = [text for text in english if len(text.split()) >= 3]
    found = {}
    for path in PAGES:
        answer = client.get(path, query_string={"lang": lang})
        html = answer.get_data(as_text=True)
        assert f'<html lang="{lang}"' in html
        parser = VisibleText()
        parser.feed(html)
        shown = [text for text in parser.texts if text in english or any(e in text for e in long_ones)]
        if shown:
            found[path] = shown
    assert not found, found


def test_the_language_comes_from_the_address_then_the_cookie_then_the_browser(client):
    def lang_of(answer) -> str:
        return re.search(r'<html lang="(\w+)"', answer.get_data(as_text=True)).group(1)

    assert lang_of(client.get("/")) == "en"
    assert lang_of(client.get("/", headers={"Accept-Language": "ko-KR,ko;q=0.9,en;q=0.5"})) == "ko"
    answer = client.get("/moves?lang=fr", headers={"Accept-Language": "ko"})
    assert lang_of(answer) == "fr" and "lang=fr" in answer.headers["Set-Cookie"]
    assert {"Cookie", "Accept-Language"} <= set(answer.vary)
    assert lang_of(client.get("/3d", headers={"Accept-Language": "ko"})) == "fr"  # the cookie, kept
    assert lang_of(client.get("/3d?lang=xx")) == "fr"  # an unknown language is ignored
    assert lang_of(client.get("/3d?lang=ko")) == "ko"


def test_the_picker_links_keep_the_page_and_its_query(client):
    html = client.get("/moves?fen=8/8/8/8/8/8/8/K6k%20w%20-%20-%200%201&lang=ko").get_data(as_text=True)
    assert 'href="/moves?fen=8%2F8%2F8%2F8%2F8%2F8%2F8%2FK6k+w+-+-+0+1&amp;lang=fr" hreflang="fr"' in html
    assert 'lang="ko" aria-current="true">한국어</a>' in html


def test_the_api_answers_the_same_in_every_language(client):
    english = client.get("/api/mates/lesson?lesson=1&seed=7")
    for lang in TRANSLATED:
        answer = client.get("/api/mates/lesson", query_string={"lesson": 1, "seed": 7, "lang": lang}, headers={"Accept-Language": lang})
        assert answer.get_data() == english.get_data()
        assert "Set-Cookie" not in answer.headers


def test_the_catalogues_compile_into_a_cache_and_again_only_when_changed(tmp_path):
    from webapp.i18n import compile_catalogues

    sources = tmp_path / "translations"
    po = sources / "fr" / "LC_MESSAGES" / "messages.po"
    po.parent.mkdir(parents=True)
    po.write_bytes((ROOT / "translations" / "fr" / "LC_MESSAGES" / "messages.po").read_bytes())
    cache = tmp_path / "cache"
    compile_catalogues(sources, cache)
    mo = cache / "fr" / "LC_MESSAGES" / "messages.mo"
    first = mo.stat().st_mtime_ns
    compile_catalogues(sources, cache)
    assert mo.stat().st_mtime_ns == first and not list(cache.rglob("*.tmp"))
    from babel.support import Translations

    with mo.open("rb") as source:
        assert Translations(source).gettext("Every basic mate") == "Tous les mats élémentaires"
