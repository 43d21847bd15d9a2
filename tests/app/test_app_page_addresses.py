"""A page's address read by its one declaration (``api_routes.page``'s parameters, the same
``Query`` an API route declares): a value its declaration refuses (a side to move that is not w or
b, a role that is neither pieces nor king) is said at the top of the page, quoted, with the page's
default taken, and the page is answered 400; absent or empty, the default, 200. Every page
parameter the document lists with an enum is tried."""

from __future__ import annotations

import html
import re

import pytest

from webapp import blueprints  # noqa: F401  (its imports declare every route)
from webapp.api_routes import ROUTES
from webapp.jsonio import Query

BANNER = re.compile(r'<p class="link-error" role="alert" data-link-error>([^<]*)</p>')


def _enum_params():
    for route in ROUTES:
        if route.kind != "page":
            continue
        for param in route.params:
            if isinstance(param, Query) and _enum(param.schema):
                yield route.path.replace("<material>", "KQK"), param


def _enum(schema: dict) -> list | None:
    """The values a parameter takes, where its schema lists them (blank, the default, aside)."""
    return schema.get("enum") or next((s["enum"] for s in schema.get("anyOf", []) if "enum" in s), None)


ENUM_PARAMS = list(_enum_params())


def test_the_pages_declare_their_sides_as_enums():
    assert {(path, param.name) for path, param in ENUM_PARAMS} >= {
        ("/3d", "turn"), ("/3d/endgames", "turn"), ("/kbn", "role"), ("/mates/KQK", "role")}


@pytest.mark.parametrize("path, param", ENUM_PARAMS, ids=[f"{p}?{q.name}" for p, q in ENUM_PARAMS])
def test_a_value_the_declaration_refuses_is_said_and_answered_400(client, path, param):
    for bad in ("zz", "W", "x" * 500):
        page = client.get(path, query_string={param.name: bad})
        assert page.status_code == 400 and page.mimetype == "text/html", (path, bad)
        said = [html.unescape(text) for text in BANNER.findall(page.get_data(as_text=True))]
        assert len(said) == 1, said
        assert f"The {param.name} in this link could not be read" in said[0] and len(said[0]) < 400
        assert (repr(bad) if len(bad) < 60 else f"({len(bad)} characters)") in said[0]
    for good in _enum(param.schema):
        page = client.get(path, query_string={param.name: good})
        assert page.status_code == 200 and not BANNER.search(page.get_data(as_text=True)), (path, good)
    empty = client.get(path, query_string={param.name: ""})
    assert empty.status_code == 200 and not BANNER.search(empty.get_data(as_text=True))


def test_each_bad_value_of_a_page_is_said_once(client):
    page = client.get("/kbn", query_string={"fen": "_", "role": "zz"})
    said = BANNER.findall(page.get_data(as_text=True))
    assert page.status_code == 400 and len(said) == 2 and "fen" in said[0] and "role" in said[1]


def test_the_refusal_is_said_in_the_readers_language(client):
    page = client.get("/3d", query_string={"turn": "q", "lang": "fr"})
    said = html.unescape(BANNER.search(page.get_data(as_text=True)).group(1))
    assert page.status_code == 400 and said.startswith("Le paramètre turn de ce lien") and "'q'" in said
