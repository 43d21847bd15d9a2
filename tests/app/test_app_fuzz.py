"""Hypothesis throws arbitrary query strings and JSON bodies at every route of the app: each
answer is a 200, or a 4xx with the JSON error shape (pages: an HTML 4xx), never a 5xx."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from webapp import create_app
from tests.helpers.errors import is_error
from tests.helpers.fast import examples

FIELDS = ["board", "from", "color", "pieces", "move", "uci", "fen", "limit", "n", "turn"]
PARAMS = ["fen", "board", "seed", "min", "max", "bishop", "difficulty", "n"]
CHESSY = "KQRBNPkqrbnp.#/_-[],0123456789wb "

text = st.one_of(st.text(max_size=40), st.text(alphabet=CHESSY, max_size=80),
                 st.sampled_from(["_", "²", "٣", "9" * 30, "8/8/8/8/8/8/2k5/KNB5 w", "e2e4", "w", "light"]))
scalars = st.one_of(st.none(), st.booleans(), st.integers(-10**15, 10**15),
                    st.floats(allow_nan=False, allow_infinity=False), text)
json_values = st.recursive(scalars, lambda inner: st.one_of(
    st.lists(inner, max_size=8), st.dictionaries(st.sampled_from(FIELDS) | st.text(max_size=5), inner, max_size=5)),
    max_leaves=30)
bodies = st.one_of(
    st.dictionaries(st.sampled_from(FIELDS), json_values, max_size=5).map(json.dumps),
    json_values.map(json.dumps),
    st.binary(max_size=200),
)
queries = st.dictionaries(st.sampled_from(PARAMS) | st.text(min_size=1, max_size=5), text, max_size=4)

# Answers the contract allows besides 200 and 4xx: the build route queues work (202), and a table
# route may answer that a table is queued or building.
ACCEPTED_202 = ("/api/3d/endgames", "/api/3d/tablebase", "/api/tablebase", "/standard", "/healthz")


@pytest.fixture()
def app(app_config, fresh_tables):
    """A fresh app with its own table folder for each test: builds queued by earlier tests (or
    by this one) change no other test's answers."""
    return create_app({**app_config, "TABLES": str(fresh_tables)})


FUZZ = settings(max_examples=examples(60), deadline=None, database=None, derandomize=True,
                suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])


def _routes(app, method):
    return sorted(r.rule for r in app.url_map.iter_rules()
                  if method in r.methods and r.endpoint != "static" and "<" not in r.rule)


def _check(response, rule):
    status = response.status_code
    assert status < 500, (rule, response.get_data(as_text=True)[:300])
    allowed = (200, 304, 202) if rule.startswith(ACCEPTED_202) else (200, 304)
    assert status in allowed or 400 <= status < 500, (rule, status)
    if status >= 400 and response.mimetype == "application/json":
        body = response.get_json()
        assert is_error(body) and isinstance(body["message"], str), rule
    elif status >= 400:
        assert not rule.startswith(("/api/", "/standard")), (rule, status)


def test_every_route_is_fuzzed(app):
    assert len(_routes(app, "POST")) >= 8 and len(_routes(app, "GET")) >= 12


@FUZZ
@given(data=st.data())
def test_get_routes_never_fail_on_any_query(client, app, data):
    rule = data.draw(st.sampled_from(_routes(app, "GET")))
    _check(client.get(rule, query_string=data.draw(queries)), rule)


@FUZZ
@given(data=st.data())
def test_post_routes_never_fail_on_any_body(client, app, data):
    rule = data.draw(st.sampled_from(_routes(app, "POST")))
    _check(client.post(rule, data=data.draw(bodies), content_type="application/json"), rule)


@pytest.mark.parametrize("method", ["GET", "POST"])
def test_every_route_answers_a_bare_request(client, app, method):
    for rule in _routes(app, method):
        _check(client.open(rule, method=method), rule)


def test_a_queued_build_is_a_202_the_fuzzer_accepts(client):
    response = client.post("/api/3d/endgames/build", json={"n": 3, "material": "KQK"})
    assert response.status_code in (200, 202)
    _check(response, "/api/3d/endgames/build")
