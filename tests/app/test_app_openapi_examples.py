"""``/api`` is an index of the operations (issue 35: it was 265 KB of repeated prose), and each
operation's page shows one example request with the answer this app gives it. The examples
(``webapp/openapi_examples.py``) are sent again here and each answer must be the one recorded, so
no example shows an answer the server no longer gives. In French and Korean the pages say, in the
reader's language, that the reference is in English."""

from __future__ import annotations

import html as html_text
import re
import shutil

import pytest

from webapp import create_app
from webapp.openapi_examples import APP_CONFIG, EXAMPLES, answer_of, answer_text, recorded

INDEX_MOST_BYTES = 40_000  # it was 265,129 bytes in English, 372,395 in French


@pytest.fixture(scope="module")
def example_client(tables_folder, tmp_path_factory):
    """The app the examples were recorded from (``APP_CONFIG``), on a copy of the session's tables
    as the session built them (none a test built on demand since), so that no answer depends on
    the tests run before."""
    folder = tmp_path_factory.mktemp("example-tables")
    for path in tables_folder.glob("*.tbl"):
        if "(" not in path.name:  # custom pieces' tables come from tests, not from the session
            shutil.copy(path, folder / path.name)
    return create_app({**APP_CONFIG, "TABLES": str(folder)}).test_client()


def _operations(client) -> set[str]:
    doc = client.get("/openapi.json").get_json()
    return {f"{method.upper()} {path}" for path, item in doc["paths"].items() for method in item
            if method in ("get", "post", "options")}


def test_every_operation_has_one_example_and_its_recorded_answer(client):
    assert set(EXAMPLES) == _operations(client)
    assert set(recorded()) == set(EXAMPLES), "record them again: .venv/bin/python -m webapp.openapi_examples"


@pytest.mark.parametrize("key", sorted(EXAMPLES))
def test_each_example_answer_is_what_the_server_answers(example_client, key):
    assert answer_of(example_client, EXAMPLES[key]) == recorded()[key], (
        f"{key}: the server answers otherwise now; record again: .venv/bin/python -m webapp.openapi_examples")


def test_the_examples_succeed(client):
    """An example shows the operation doing its work: no error answer among them."""
    assert {key: answer["status"] for key, answer in recorded().items() if answer["status"] >= 300} == {}


def test_the_index_is_light_and_each_operation_page_shows_its_example(client):
    index = client.get("/api")
    html = index.get_data(as_text=True)
    assert index.status_code == 200 and len(index.data) < INDEX_MOST_BYTES
    assert "<pre" not in html  # no JSON Schema printed out: /openapi.json holds them
    links = dict(re.findall(r'<li data-operation="([^"]+)"><a href="([^"]+)"', html))
    assert set(links) == set(EXAMPLES)
    for key, link in links.items():
        page = client.get(html_text.unescape(link))
        shown = page.get_data(as_text=True)
        assert page.status_code == 200 and f'data-operation="{html_text.escape(key)}"' in shown
        request = re.search(r"<pre[^>]*data-example-request>(.*?)</pre>", shown, re.S).group(1)
        answer = re.search(r"<pre[^>]*data-example-answer>(.*?)</pre>", shown, re.S).group(1)
        assert html_text.unescape(request) == EXAMPLES[key].text()
        assert html_text.unescape(answer) == answer_text(recorded()[key])
        assert "<script" not in shown and " style=" not in shown


def test_an_operation_page_lists_the_shared_errors_once_on_the_index(client):
    shown = client.get("/api?op=get-api-tablebase").get_data(as_text=True)
    errors = re.search(r"<p data-errors>(.*?)</p>", shown, re.S).group(1)
    assert re.findall(r"#error-(\d+)", errors) == ["503", "400", "404", "405", "414", "431", "403", "429"]
    index = client.get("/api").get_data(as_text=True)
    assert all(f'id="error-{status}"' in index for status in ("400", "403", "503"))


def test_an_unknown_operation_is_refused_with_404(client):
    answer = client.get("/api?op=get-nothing", headers={"Accept": "text/html"})
    assert answer.status_code == 404 and answer.mimetype == "text/html"  # a page, as /openapi.json says
    assert "get-nothing" in answer.get_data(as_text=True)


@pytest.mark.parametrize("lang, words", [("fr", "en anglais"), ("ko", "영어")])
def test_in_french_and_korean_the_pages_say_the_reference_is_in_english(client, lang, words):
    for url in ("/api", "/api?op=post-api-3d-analyze"):
        shown = client.get(url, query_string={"lang": lang} if "?" not in url else None,
                           headers={"Cookie": f"lang={lang}"}).get_data(as_text=True)
        note = re.search(r"<p[^>]*data-api-language-note>(.*?)</p>", shown, re.S)
        assert note and words in note.group(1), url
        assert '<div lang="en">' in shown  # the English reference says which language it is in
    english = client.get("/api?lang=en").get_data(as_text=True)
    assert "data-api-language-note" not in english
