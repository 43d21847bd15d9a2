"""Input errors in the page's language: for each kind of input a page sends (a FEN, a UCI move,
the move checker's typed lists, a 3D board, a custom piece's atoms, a material, a 3D game record,
a solitaire board, a number in a query), many bad inputs, drawn at random, are refused with a 4xx
whose "says" words filled in English give back its "message" exactly, and whose every message is in
the catalogue, translated in French and Korean, and in the catalogue the page's script gets, so
that api.js shows it in the page's language. The HTML pages that show a refusal (a link's address,
an unknown ending) show it translated on the server."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from tablebase.errors import ChessInputError
from tablebase.retrograde.material import Material
from tests.helpers.errors import clipped, english, from_json, ids, is_error, translated
from webapp.i18n import _js_messages

ROOT = Path(__file__).resolve().parents[2]
LANGS = ("fr", "ko")
START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1"
CUBE = "[###,#K#,###],[###,###,###],[###,#k#,###]"
DRAWS = 120


def _text(rng: random.Random, alphabet: str, low: int, high: int) -> str:
    return "".join(rng.choice(alphabet) for _ in range(rng.randint(low, high)))


def bad_fen(rng):
    if rng.random() < 0.3:
        return _text(rng, "KQRBNPkqrbnp12345678/ x_-w", 0, 60)
    rows = [_text(rng, "KQRBNPkqrbnp1234567x", 1, 9) for _ in range(rng.choice((7, 8, 8, 8, 9)))]
    fields = [rng.choice("wbx"), rng.choice(("-", "KQ")), rng.choice(("-", "e3", "z9")), rng.choice(("0", "-1", "٣", "99999")), "1"]
    return "/".join(rows) + " " + " ".join(fields[:rng.randint(0, 6)])


def bad_uci(rng):
    if rng.random() < 0.3:  # a null move: from a square to itself
        return 2 * (rng.choice("abcdefgh") + rng.choice("12345678")) + rng.choice(("", "q"))
    return _text(rng, "abcdefghij0123456789qrbnkz", 1, 7)


def bad_list(rng):
    return _text(rng, "[]'\"WBKQRNPZ,0123456789 -x", 0, 40)


def bad_cube(rng):
    if rng.random() < 0.4:
        return _text(rng, "0123456789KkQqRrBbNn,/.#x", 1, 40)
    return ",".join("[" + ",".join(_text(rng, "#.KQRBNkqrbnUX", 1, 4) for _ in range(rng.randint(1, 4))) + "]"
                    for _ in range(rng.randint(1, 4)))


def bad_atoms(rng):
    return _text(rng, "0123456789*, x", 1, 14)


def bad_material(rng):
    while True:
        name = rng.choice(("K", "", "k")) + _text(rng, "QRBNXUK()0123*,", 0, 8) + rng.choice(("K", "", "Q"))
        try:
            Material.parse(name)
        except ChessInputError:
            return name


def bad_record(rng):
    def cube():
        return rng.choice("abcd") + rng.choice("01234") + "(" + rng.choice(("I", "II", "III", "IV")) + ")"
    moves = [rng.choice(("K", "Q", "R", "")) + cube() + rng.choice("-x") + cube() for _ in range(rng.randint(1, 4))]
    junk = _text(rng, "KQ#?!zy ", 0, 4)
    return f'[Board "{CUBE}"] ' + " ".join(f"{i + 1}. {m}" for i, m in enumerate(moves)) + " " + junk


def bad_solitaire(rng):
    form = rng.randrange(4)
    if form == 0:
        return _text(rng, "KQRBNP..x9 ", 0, 70)
    if form == 1:  # rows of characters or numbers
        n = rng.randint(2, 5)
        return [[rng.choice(["K", ".", "Q", "x", 0, 3, 9, "KQ", None]) for _ in range(rng.choice((n, n, n - 1)))]
                for _ in range(n)]
    if form == 2:  # squares as [x, y, piece]
        return [[rng.randint(-1, 9), rng.randint(-1, 9), rng.choice("KQRBNPZk")] for _ in range(rng.randint(1, 5))]
    return rng.choice([5, None, {"K": 1}, 1.5])


def bad_number(rng):
    return rng.choice(("-", "+", "٣", "1.5", "0x1", " ", "")) + _text(rng, "0123456789", 1, 25)


# kind of input: (its generator, the request a page makes with it)
KINDS = {
    "fen": (bad_fen, lambda x: ("GET", "/api/tablebase", {"fen": x})),
    "fen on the move checker": (bad_fen, lambda x: ("POST", "/api/2d/position", {"fen": x})),
    "uci move": (bad_uci, lambda x: ("POST", "/api/2d/validate", {"fen": START, "move_text": x})),
    "typed move list": (bad_list, lambda x: ("POST", "/api/2d/validate", {"fen": START, "move_text": "[" + x})),
    "typed pieces list": (bad_list, lambda x: ("POST", "/api/2d/position", {"pieces_text": x})),
    "3d board": (bad_cube, lambda x: ("POST", "/api/3d/position", {"board": x})),
    "atoms": (bad_atoms, lambda x: ("POST", "/api/3d/position", {"board": CUBE, "pieces": {"U": x}})),
    "material": (bad_material, lambda x: ("GET", "/api/3d/endgames/position", {"material": x, "n": 3})),
    "3d game record": (bad_record, lambda x: ("POST", "/api/3d/game", {"moves": x})),
    "solitaire board": (bad_solitaire, lambda x: ("POST", "/api/solitaire/state", {"board": x})),
    "number in a query": (bad_number, lambda x: ("GET", "/api/tablebase/random", {"min": x})),
}


@pytest.fixture(scope="module")
def catalogues():
    """Per language: the .po file's messages, and the messages the pages' script gets."""
    found = {}
    for lang in LANGS:
        po_path = ROOT / "translations" / lang / "LC_MESSAGES" / "messages.po"
        with po_path.open("rb") as source:
            po = read_po(source)
        messages = {m.id[0] if m.pluralizable else m.id: m.string for m in po if m.id}
        found[lang] = messages, json.loads(_js_messages(po_path, po_path.stat().st_mtime))["messages"]
    return found


def _ask(client, method, url, data):
    return client.get(url, query_string=data) if method == "GET" else client.post(url, json=data)


@pytest.mark.parametrize("kind", KINDS)
def test_bad_input_is_refused_in_words_every_language_has(app, catalogues, kind):
    draw, request = KINDS[kind]
    rng, client = random.Random(f"issue 28 {kind}"), app.test_client()
    refused, seen, problems = 0, set(), []
    for _ in range(DRAWS):
        given = draw(rng)
        answer = _ask(client, *request(given))
        if answer.status_code < 400:
            continue  # a random text that happens to be good input
        body = answer.get_json()
        refused += 1
        if not (400 <= answer.status_code < 500 and is_error(body) and "says" in body):
            problems.append((given, answer.status_code, body))
            continue
        assert from_json(body["says"]).as_json() == body["says"]
        assert clipped(from_json(body["says"]).text()) == clipped(english(body["says"])) == body["message"]
        seen |= ids(body["says"])
        for lang in LANGS:
            po, script = catalogues[lang]
            missing = [i for i in ids(body["says"]) if not po.get(i) or i not in script]
            said = translated(body["says"], script, lang)
            if missing or "%(" in said:
                problems.append((lang, given, missing, said))
    assert not problems, problems[:5]
    assert refused >= DRAWS * 0.8, f"{kind}: only {refused} of {DRAWS} refused; the generator is too kind"
    assert len(seen) >= 3, f"{kind}: {sorted(seen)}"


@pytest.mark.parametrize("lang, path, query, said", [
    ("fr", "/moves", {"fen": "8/8/8/8 w"}, "FEN invalide (8 rangées attendues) : '8/8/8/8 w'"),
    ("ko", "/moves", {"fen": "8/8/8/8 w"}, "잘못된 FEN (랭크가 8개여야 합니다): '8/8/8/8 w'"),
    ("fr", "/3d", {"board": "[##,#K],[kX,##]"}, "caractère inconnu 'X' en x=1, y=0, z=1"),
    ("ko", "/3d", {"board": "[##,#K],[kX,##]"}, "알 수 없는 문자 'X' (x=1, y=0, z=1)"),
    ("fr", "/3d", {"board": "[##,#K],[kU,##]", "pieces": "U=0"}, "pièce U : l&#39;atome &#39;0&#39; a 1 chiffre"),
    ("fr", "/mates/KXK", {}, "cette finale n&#39;existe pas : &#39;KXK&#39;"),
    ("ko", "/mates/KXK", {}, "그런 엔드게임은 없습니다: &#39;KXK&#39;"),
])
def test_a_page_shows_a_refusal_in_its_language(client, lang, path, query, said):
    html = client.get(path, query_string={**query, "lang": lang}).get_data(as_text=True)
    shown = html.replace("&#39;", "'")
    assert said.replace("&#39;", "'") in shown, re.findall(r"role=\"alert\"[^>]*>([^<]*)", html)


@pytest.mark.parametrize("lang", LANGS)
def test_the_server_says_a_message_as_the_pages_script_does(app, catalogues, lang):
    """webapp/i18n_say.py (the error page, a link's refusal) and static/js/shared/i18n.js (as
    tests/helpers/errors.py ``translated`` mirrors it) fill the same words alike."""
    from tablebase.core.message import Joined, Message, N_, counted, msg
    from webapp.i18n_say import say

    atom = counted("the atom %(atom)s has %(num)s digit: an atom on this board has %(dim)s, one per axis",
                   "the atom %(atom)s has %(num)s digits: an atom on this board has %(dim)s, one per axis", 2,
                   atom="'01'", dim=3)
    cases = [msg(N_("piece %(letter)s: %(error)s"), letter="U", error=atom),
             msg(N_("no game can start from this position: %(problems)s"), problems=Joined(
                 (msg("there is no white king on the board"), msg("there is no black king on the board")), "; ")),
             Message("white has %(size)s kings (%(squares)s); at most one", {"size": 2, "squares": "e1, e2"})]
    with app.test_request_context(f"/?lang={lang}"):
        for words in cases:
            assert say(words) == translated(words.as_json(), catalogues[lang][1], lang)
            assert say(words) != words.text() and "%(" not in say(words)
