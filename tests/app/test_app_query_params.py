"""Issue 37: a GET's query parameters are declared once, in its route's declaration (``query`` in
webapp/api_routes.py), and from that one declaration are both listed in /openapi.json and read and
checked before the handler (``webapp/jsonio.py`` ``read_query``), which gets them as a dict by name.
The refusals' words are the corpus's (tests/app/test_app_api_corpus.py holds them byte for byte);
here, the reading itself, on declarations written in the test."""

from __future__ import annotations

import pytest

import webapp.jsonio
from webapp import create_app
from webapp.api_routes import ROUTES, documented, or_blank, query
from webapp.jsonio import BadQuery, Query, read_query
from tablebase.core.message import N_, msg

COLOUR = query("colour", {"type": "string", "enum": ["light", "dark"]}, "a colour",
               refusal=lambda given: msg(N_("query parameter 'bishop' must be light, dark or random, not %(given)s"),
                                         given=repr(given)))
DECLARED = (
    query("fen", {"type": "string", "minLength": 1}, "a position", True),
    query("count", or_blank({"type": "integer", "minimum": 0, "maximum": 9}), "how many"),
    query("lesson", {"type": "integer", "minimum": 1, "maximum": 3}, "a lesson", True, own_range=True),
    query("note", {"type": "string"}, "any text"),
    query("name", {"type": "string", "minLength": 2}, "read by its reader", own_words=True),
    COLOUR,
    query("wait", or_blank({"type": "integer", "minimum": -1, "maximum": 60}), "seconds",
          refusal=lambda given: msg(N_("the wait is -1 to 60 seconds, not %(given)s"), given=repr(given))),
    {"name": "material", "in": "path", "required": True, "schema": {"type": "string"}},  # a path's: not read here
)


@pytest.fixture(scope="module")
def app(tmp_path_factory):
    return create_app({"TESTING": True, "TABLES": str(tmp_path_factory.mktemp("tables")), "TABLE_BUILDER": False})


def _read(app, target: str) -> dict:
    with app.test_request_context(target):
        return read_query(DECLARED)


def _refusal(app, target: str) -> str:
    with app.test_request_context(target), pytest.raises(BadQuery) as refused:
        read_query(DECLARED)
    return str(refused.value)


def test_the_declared_parameters_are_read_by_their_schema(app):
    assert _read(app, "/?fen=8/8&lesson=2") == {"fen": "8/8", "lesson": 2}
    assert _read(app, "/?fen=8/8&lesson=7&count=&note=&colour=dark&name=") == {
        "fen": "8/8", "lesson": 7, "note": "", "colour": "dark", "name": ""}  # a lesson's range is its reader's
    assert _read(app, "/?fen=x&lesson=-1&count=0009&other=1") == {"fen": "x", "lesson": -1, "count": 9}


@pytest.mark.parametrize(("target", "said"), [
    ("/?lesson=1", "missing query parameter 'fen'"),
    ("/?fen=%20%20&lesson=1", "missing query parameter 'fen'"),  # a required text, blank
    ("/?fen=x", "missing query parameter 'lesson'"),
    ("/?fen=x&lesson=", "missing query parameter 'lesson'"),
    ("/?fen=x&lesson=1.5", "query parameter 'lesson' must be a whole number written with digits 0-9: '1.5'"),
    ("/?fen=x&lesson=1&count=10", "query parameter 'count' must be a whole number from 0 to 9: '10'"),
    ("/?fen=x&lesson=1&count=%D9%A3", "query parameter 'count' must be a whole number written with digits 0-9: '٣'"),
    ("/?fen=x&lesson=1&colour=green", "query parameter 'bishop' must be light, dark or random, not 'green'"),
    # A whole number refused in its declaration's words where it gives them, past its bounds or none at all.
    ("/?fen=x&lesson=1&wait=61", "the wait is -1 to 60 seconds, not '61'"),
    ("/?fen=x&lesson=1&wait=-2", "the wait is -1 to 60 seconds, not '-2'"),
    ("/?fen=x&lesson=1&wait=soon", "the wait is -1 to 60 seconds, not 'soon'"),
])
def test_a_parameter_outside_its_declaration_is_refused_naming_it(app, target, said):
    assert _refusal(app, target) == said


def test_a_schema_that_refuses_texts_needs_the_words_for_it():
    with pytest.raises(TypeError, match="needs words"):
        Query("pick", {"type": "string", "enum": ["random", "longest"]}, "how")
    with pytest.raises(TypeError, match="needs words"):
        query("material", or_blank({"type": "string", "pattern": "^K"}), "an ending")
    assert query("pick", {"type": "string", "enum": ["a"]}, "how", own_words=True).own_words


def test_the_document_lists_each_parameter_from_its_declaration(app):
    document = app.test_client().get("/openapi.json").get_json()
    for route in (r for r in ROUTES if r.kind == "api" and r.method == "GET"):
        listed = document["paths"][route.openapi_path]["get"]["parameters"]
        assert listed == [documented(param) for param in route.params], route.path
        for param in route.params:
            assert isinstance(param, Query), (route.path, param)  # every API parameter read from its declaration
    assert not hasattr(webapp.jsonio, "text_query") and not hasattr(webapp.jsonio, "int_query")  # none by hand
    assert documented(COLOUR) == {"name": "colour", "in": "query", "required": False,
                                  "schema": {"type": "string", "enum": ["light", "dark"]}, "description": "a colour"}

