"""A page's address read by its one declaration (``api_routes.page``'s parameters, the same
``Query`` an API route declares): a value its declaration refuses (a side to move that is not w or
b, a role that is neither pieces nor king) is said at the top of the page, quoted, with the page's
default taken, and the page is answered 400; absent or empty, the default, 200. Every page
parameter the document lists with an enum is tried."""

from __future__ import annotations

import html
import json
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


def _whole_params():
    for route in ROUTES:
        if route.kind == "page":
            for param in route.params:
                if isinstance(param, Query) and not param.own_range and _whole(param.schema) is not None:
                    yield route.path.replace("<material>", "KQK"), param


def _whole(schema: dict) -> dict | None:
    """A whole number's schema (its bounds), where the parameter is one."""
    return next((s for s in (schema, *schema.get("anyOf", [])) if s.get("type") == "integer"), None)


WHOLE_PARAMS = list(_whole_params())


def test_the_pages_declare_their_whole_numbers():
    assert {(path, param.name) for path, param in WHOLE_PARAMS} >= {
        ("/kbn", "pause"), ("/mates/KQK", "pause"), ("/kbn/learn", "pause"), ("/mates/learn", "pause"),
        ("/3d/endgames", "ply")}


@pytest.mark.parametrize("path, param", WHOLE_PARAMS, ids=[f"{p}?{q.name}" for p, q in WHOLE_PARAMS])
def test_a_whole_number_past_its_bounds_or_not_one_is_said_and_answered_400(client, path, param):
    schema = _whole(param.schema)
    low, high = schema.get("minimum"), schema.get("maximum")
    bad = ["soon", "1.5", "١", "9" * 40] + ([str(low - 1)] if low is not None else []) + \
        ([str(high + 1)] if high is not None else [])
    for given in bad:
        page = client.get(path, query_string={param.name: given})
        said = [html.unescape(text) for text in BANNER.findall(page.get_data(as_text=True))]
        assert page.status_code == 400 and len(said) == 1, (path, given, said)
        assert f"The {param.name} in this link could not be read" in said[0]
    for given in {str(low or 0), str(high if high is not None else 7)}:
        page = client.get(path, query_string={param.name: given})
        assert page.status_code == 200 and not BANNER.search(page.get_data(as_text=True)), (path, given)


@pytest.mark.parametrize("query, words", [
    ({"board": "garbage"}, "'garbage' has 1 layer,"),
    ({"board": "[KU#,###,###],[###,###,###],[###,###,##k]"}, "unknown character 'U'"),
    ({"board": "[KU#,###,###],[###,###,###],[###,###,##k]", "pieces": "U=zz"}, "'zz' is not an atom"),
])
def test_the_endgames_page_reads_its_board_and_opens_no_game_it_cannot_read(client, query, words):
    page = client.get("/3d/endgames", query_string={**query, "moves": "a,b", "ply": "1"})
    text = page.get_data(as_text=True)
    said = [html.unescape(found) for found in BANNER.findall(text)]
    assert page.status_code == 400 and len(said) == 1 and words in said[0], said
    game = json.loads(html.unescape(re.search(r"data-game='([^']*)'", text).group(1)))
    assert game == {"board": "", "moves": "", "ply": "", "pieces": {}}
    readable = client.get("/3d/endgames", query_string={**query, "pieces": "U=011*", "board": query["board"].replace(
        "garbage", "[K##,###,###],[###,###,###],[###,###,##k]")})
    assert readable.status_code == 200 and not BANNER.search(readable.get_data(as_text=True))
