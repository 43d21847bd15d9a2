"""Moves written in a sentence a user reads take the page language's piece letters (docs/translations.md
"Moves in sentences"): French R D T F C, Korean the figurines ♔♕♖♗♘, English the standard letters.
The letters are catalogue messages with a context; the server's ``move_name`` (webapp/i18n_say.py)
and the page's ``moveName`` (static/js/shared/i18n.js, run here in Node with the catalogue the page
carries) write every move of random positions of every material alike, and the API keeps SAN."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest
from tests.helpers.mates import NAMES, random_boards

from tablebase.mates import probe
from webapp.i18n import _js_messages

ROOT = Path(__file__).resolve().parents[2]
LETTERS = {"en": "KQRBN", "fr": "RDTFC", "ko": "♔♕♖♗♘"}
NODE = """
import { readFileSync } from "node:fs";
import { moveName, say, useCatalogue } from "%(module)s";
const { catalogue, sans } = JSON.parse(readFileSync(0, "utf8"));
useCatalogue(catalogue);
process.stdout.write(JSON.stringify(sans.map((san) => [moveName(san), say({ san })])));
"""


def sans(tables) -> list[str]:
    found = {"e8=Q#", "exd8=N+", "O-O", "Kxe2"}
    for material in NAMES:
        for board in random_boards(material, 8, seed=35):
            found.update(m["san"] for m in probe(tables, board.fen())["moves"])
    return sorted(found)


def expected(san: str, lang: str) -> str:
    return "".join(LETTERS[lang]["KQRBN".index(c)] if c in "KQRBN" else c for c in san)


@pytest.mark.parametrize("lang", ["en", "fr", "ko"])
def test_the_server_and_the_page_write_a_move_in_the_languages_letters(app, tables, lang):
    from webapp.i18n_say import move_name

    moves = sans(tables)
    assert len(moves) > 150 and any(c in "QRBN" for san in moves for c in san)
    with app.test_request_context(f"/?lang={lang}"):
        server = [move_name(san) for san in moves]
    assert server == [expected(san, lang) for san in moves]
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed")
    po = ROOT / "translations" / lang / "LC_MESSAGES" / "messages.po"
    catalogue = json.loads(_js_messages(po, po.stat().st_mtime)) if po.exists() else {"lang": "en", "plurals": 2,
                                                                                     "messages": {}}
    script = NODE % {"module": (ROOT / "static/js/shared/i18n.js").as_uri()}
    done = subprocess.run([node, "--input-type=module", "-e", script], capture_output=True, text=True, check=True,
                          input=json.dumps({"catalogue": catalogue, "sans": moves}), timeout=60)
    assert json.loads(done.stdout) == [[name, name] for name in server]


def test_the_api_keeps_standard_san_in_every_language(client):
    fen = "8/8/3k4/8/8/8/8/KBN5 w - - 0 1"
    answers = [client.get("/api/tablebase", query_string={"fen": fen, "lang": lang}).get_json() for lang in LETTERS]
    assert answers[0] == answers[1] == answers[2]
    assert any(m["san"].startswith("B") for m in answers[0]["moves"])
