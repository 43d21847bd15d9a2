"""One set of rules for the words a user reads, on the server and in the page: a count's form by the
catalogue's own Plural-Forms (gettext on the server, static/js/shared/plural_forms.js in the page),
lists and numbers by CLDR (Babel on the server, Intl in the page). The server's ``say``
(webapp/i18n_say.py) and the page's (static/js/shared/i18n.js, run here in Node with the catalogue
the page carries) write the same messages alike in every language."""

from __future__ import annotations

import html
import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from tablebase.core.message import Grouped, Joined, Message, msg
from webapp.i18n_say import say

ROOT = Path(__file__).resolve().parents[2]
NODE = """
import { readFileSync } from "node:fs";
import { say, useCatalogue } from "%(module)s";
const { catalogue, words } = JSON.parse(readFileSync(0, "utf8"));
useCatalogue(catalogue);
process.stdout.write(JSON.stringify(words.map(say)));
"""
COUNTS = [0, 1, 2, 3, 5, 11, 21, 100, 1_000_000]


def page_catalogue(client, lang: str) -> dict:
    page = client.get(f"/?lang={lang}").get_data(as_text=True)
    return json.loads(html.unescape(re.search(r"data-i18n='([^']*)'", page).group(1)))


def sample_words(catalogue: dict) -> list:
    """Counted messages of the page's catalogue at several counts, lists of one to four items and
    numbers with and without decimals."""
    counted = [key for key, value in catalogue["messages"].items()
               if isinstance(value, list) and set(re.findall(r"%\((\w+)\)", key)) == {"num"}][:3]
    plurals = {"%(num)s move": "%(num)s moves"} if not counted else {}
    words: list = [Message(singular, {}, plurals.get(singular, singular + "s"), n)
                   for singular in (counted or list(plurals)) for n in COUNTS]
    names = [msg("rook"), msg("knight"), msg("bishop"), msg("queen")]
    words += [Joined(tuple(names[:size])) for size in range(1, 5)]
    words += [Grouped(1234567), Grouped(1.6, 1), Grouped(12345.5, 1)]
    return words


@pytest.mark.parametrize("lang", ["en", "fr", "ko"])
def test_the_server_and_the_page_write_counts_lists_and_numbers_alike(app, client, lang):
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed")
    catalogue = page_catalogue(client, lang)
    assert catalogue["lang"] == lang and isinstance(catalogue["plural"], str)
    words = sample_words(catalogue)
    with app.test_request_context(f"/?lang={lang}"):
        server = [say(each) for each in words]
    script = NODE % {"module": (ROOT / "static/js/shared/i18n.js").as_uri()}
    done = subprocess.run([node, "--input-type=module", "-e", script], capture_output=True, text=True, check=True,
                          input=json.dumps({"catalogue": catalogue, "words": [each.as_json() for each in words]}),
                          timeout=60)
    assert json.loads(done.stdout) == server
    forms = {re.sub(r"\d", "", text) for each, text in zip(words, server) if isinstance(each, Message)}
    assert len(forms) >= catalogue["plurals"]  # every form of the language is met among the counts


def test_no_rule_branches_on_a_language():
    for path in ("static/js/shared/i18n.js", "static/js/shared/plural_forms.js", "webapp/i18n_say.py"):
        assert not re.search(r"""(==|!=|\bin)\s*\(?["'](fr|ko|en)["']""", (ROOT / path).read_text()), path
