"""The pages' language: English, French or Korean, with Flask-Babel's gettext catalogues.

The language is ``?lang=`` (en, fr, ko; any other value is ignored), else the ``lang`` cookie
(set whenever a page is asked for with a known ``?lang=``: the header's picker links do that),
else the browser's Accept-Language, else English. The API's JSON never changes with it.

The catalogues are ``translations/<lang>/LC_MESSAGES/messages.po`` (docs/translations.md); the
app compiles them into ``.mo`` files in a cache folder when it starts (no binary is committed).
The JavaScript gets the messages its modules and the coach use, as JSON in the page
(``js_catalogue``), and translates them with static/js/shared/i18n.js.
"""

from __future__ import annotations

import json
import os
import tempfile
from functools import lru_cache
from pathlib import Path
from urllib.parse import urlencode

from babel.messages.mofile import write_mo
from babel.messages.plurals import get_plural
from babel.messages.pofile import read_po
from flask import Flask, request
from flask_babel import Babel, get_locale, gettext

LANGUAGES = {"en": "English", "fr": "Français", "ko": "한국어"}
DEFAULT = "en"
COOKIE = "lang"
COOKIE_MAX_AGE = 365 * 24 * 3600
# The sources whose messages the pages' JavaScript translates (the rest are the templates'): its own,
# tablebase's sentences, and the routes' input errors (an error answer's "says").
JS_SOURCES = ("static/js/", "tablebase/", "webapp/jsonio.py", "webapp/moves.py", "webapp/mates.py",
              "webapp/solitaire.py", "webapp/cube.py", "webapp/cube_endgames.py")


def select_language() -> str:
    asked = request.args.get("lang")
    if asked in LANGUAGES:
        return asked
    kept = request.cookies.get(COOKIE)
    if kept in LANGUAGES:
        return kept
    return request.accept_languages.best_match(list(LANGUAGES)) or DEFAULT


def language() -> str:
    return str(get_locale() or DEFAULT)


def url_in(lang: str) -> str:
    """This page's address in another language (its other query parameters kept)."""
    args = [(key, value) for key, value in request.args.items(multi=True) if key != "lang"]
    return f"{request.path}?{urlencode([*args, ('lang', lang)])}"


def compile_catalogues(sources: Path, cache: Path) -> None:
    """Every ``<lang>/LC_MESSAGES/messages.po`` under ``sources`` compiled to a ``.mo`` under
    ``cache`` when the ``.mo`` is missing or older; written to a temporary file then renamed, so
    processes starting together never read half a file."""
    for po in sources.glob("*/LC_MESSAGES/*.po"):
        mo = cache / po.relative_to(sources).with_suffix(".mo")
        if mo.exists() and mo.stat().st_mtime >= po.stat().st_mtime:
            continue
        mo.parent.mkdir(parents=True, exist_ok=True)
        with po.open("rb") as source:
            catalogue = read_po(source)
        handle, temporary = tempfile.mkstemp(dir=mo.parent, suffix=".mo.tmp")
        with os.fdopen(handle, "wb") as out:
            write_mo(out, catalogue)
        os.replace(temporary, mo)


@lru_cache(maxsize=8)
def _js_messages(po: Path, changed: float) -> str:
    """The translated messages a page's JavaScript may need, as JSON: ``{msgid: msgstr}``, or
    ``{msgid: [forms...]}`` for a plural (its key the singular); a message with a context is keyed
    ``context + "\x04" + msgid`` (static/js/shared/i18n.js ``pgettext``). With them the catalogue's
    own plural rule (its Plural-Forms: ``plurals`` forms chosen by ``plural``), which the page
    applies as gettext does on the server. ``changed`` (the file's time) is the cache's key only:
    an edited catalogue is read again."""
    with po.open("rb") as source:
        catalogue = read_po(source)
    found = {}
    for message in catalogue:
        if not message.id or not message.string:
            continue
        if not any(path.startswith(JS_SOURCES) for path, _ in message.locations):
            continue
        key = message.id[0] if message.pluralizable else message.id
        if message.context:  # a message with a context (pgettext): gettext's key, the context and \x04 before it
            key = f"{message.context}\x04{key}"
        found[key] = list(message.string) if message.pluralizable else message.string
    return _catalogue_json(po.parent.parent.name, catalogue.num_plurals, catalogue.plural_expr, found)


def _catalogue_json(lang: str, plurals: int, plural: str, messages: dict) -> str:
    return json.dumps({"lang": lang, "plurals": plurals, "plural": plural, "messages": messages},
                      ensure_ascii=False, separators=(",", ":"))


def register(app: Flask, root: Path) -> None:
    sources = root / "translations"
    cache = Path(app.config.get("TRANSLATIONS_CACHE") or root / "data" / "translations")
    try:
        compile_catalogues(sources, cache)
    except OSError:  # a checkout the server may not write to: a folder of its own for this process
        cache = Path(tempfile.mkdtemp(prefix="kbn-translations-"))
        compile_catalogues(sources, cache)
    app.config["BABEL_TRANSLATION_DIRECTORIES"] = str(cache)
    Babel(app, locale_selector=select_language)
    # A server-given English text (an ending's title, a lesson's) in the page's language:
    # webapp/i18n_extract.py puts those texts in the catalogue.
    app.jinja_env.filters["tr"] = lambda text: gettext(str(text))
    app.jinja_env.policies["ext.i18n.trimmed"] = True  # a {% trans %} paragraph's line breaks are one space

    def js_catalogue() -> str:
        po = sources / language() / "LC_MESSAGES" / "messages.po"
        if not po.exists():  # English: the messages are their ids, the plural rule Babel's for the language
            plurals, plural = get_plural(DEFAULT)[:2]
            return _catalogue_json(DEFAULT, plurals, plural, {})
        return _js_messages(po, po.stat().st_mtime)

    @app.context_processor
    def languages():
        return {"languages": LANGUAGES, "language": language, "url_in": url_in, "js_catalogue": js_catalogue}

    @app.after_request
    def keep_language(response):
        """A page asked for in a known language keeps it (the cookie); a page's words vary with the
        cookie and the browser's languages, so a cache must not serve one language's page to another."""
        if response.mimetype != "text/html":
            return response
        asked = request.args.get("lang")
        if asked in LANGUAGES and request.cookies.get(COOKIE) != asked:
            response.set_cookie(COOKIE, asked, max_age=COOKIE_MAX_AGE, samesite="Lax", path="/")
        response.vary.update(("Cookie", "Accept-Language"))
        return response
