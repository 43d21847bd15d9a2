"""Bad input found by trying the app as a new user would: each used to be a 500 (or a silent
replacement) and is now a 4xx with the JSON error shape, quoting the input shortened."""

import pytest

from tablebase.errors import DataFileError
from webapp import create_app
from webapp.errors import classify
from tests.helpers.errors import is_error

DEEP = "[" * 5000 + "]" * 5000


def _post_routes(app):
    return sorted(r.rule for r in app.url_map.iter_rules() if "POST" in r.methods)


def _tablebase_routes(app):
    return sorted(r.rule for r in app.url_map.iter_rules()
                  if r.rule.startswith(("/api/tablebase", "/standard")) and not r.rule.endswith("random"))


def _assert_json_error(response, status=400):
    assert response.status_code == status, response.get_data(as_text=True)[:300]
    body = response.get_json()
    assert is_error(body) and body["error"] and body["message"]
    return body


def test_every_post_route_is_found(app):
    assert len(_post_routes(app)) >= 8


@pytest.mark.parametrize("body", [DEEP, '{"board": ' + DEEP + "}", '{"board": ' + "[" * 50 + "]" * 50 + "}"])
def test_deeply_nested_json_is_a_400_on_every_post_route(client, app, body):
    for route in _post_routes(app):
        error = _assert_json_error(client.post(route, data=body, content_type="application/json"))
        assert "nested too deeply" in error["message"], route


@pytest.mark.parametrize("number", ["9" * 5000, "1e400", "-1e400", "NaN", "Infinity"])
def test_huge_numbers_in_a_body_are_a_400(client, app, number):
    for route in _post_routes(app):
        body = '{"board": "....", "limit": %s, "n": %s, "from": [%s, 0, 0]}' % (number, number, number)
        error = _assert_json_error(client.post(route, data=body, content_type="application/json"))
        assert "number" in error["message"] or "NaN" in error["message"] or "Infinity" in error["message"]
        assert len(error["message"]) < 300


def test_a_body_that_is_not_utf8_is_a_400(client):
    _assert_json_error(client.post("/api/2d/position", data=b'{"fen": "\xff\xfe"}', content_type="application/json"))


def test_fen_underscore_is_a_400_on_every_tablebase_route(client, app):
    routes = _tablebase_routes(app)
    assert "/standard" in routes and "/api/tablebase/heatmap" in routes
    for route in routes:
        error = _assert_json_error(client.get(route, query_string={"fen": "_"}))
        assert error["error"] == "bad_board" and "'_'" in error["message"], route


def test_kbn_page_with_fen_underscore_is_a_page_not_a_500(client):
    page = client.get("/kbn?fen=_")
    assert page.status_code == 400 and page.mimetype == "text/html" and b"data-link-error" in page.data


@pytest.mark.parametrize("pieces, move", [
    ([["W", ["K"], 5, 1]], ["W", "K", 5, 2]),
    ([[["W"], "K", 5, 1]], ["W", "K", 5, 2]),
    ([["W", "K", 5, 1], ["B", "K", 5, 8]], ["W", ["K"], 5, 2]),
    ([["W", "K", 5, 1], ["B", "K", 5, 8]], [{"W": 1}, "K", 5, 2]),
    ([["W", "KQ", 5, 1]], ["W", "K", 5, 2]),
    ([["W", "", 5, 1]], ["W", "K", 5, 2]),
])
def test_lists_where_the_2d_forms_expect_strings_are_a_400(client, pieces, move):
    _assert_json_error(client.post("/api/2d/validate", json={"pieces": pieces, "move": move}))
    if pieces[0][1] != "K" or pieces[0][0] != "W":
        _assert_json_error(client.post("/api/2d/position", json={"pieces": pieces}))


@pytest.mark.parametrize("seed", ["²", "٣", "1²", "9" * 5000, "-1", " 1", "1.0", "0x10"])
def test_solitaire_seeds_must_be_plain_digits(client, seed):
    error = _assert_json_error(client.get("/api/solitaire/puzzle", query_string={"seed": seed}))
    assert "digits" in error["message"] or "from 0" in error["message"]
    assert len(error["message"]) < 300


def test_a_plain_seed_still_works(client):
    r = client.get("/api/solitaire/puzzle?seed=12345")
    assert r.status_code == 200 and r.get_json()["board"]


@pytest.mark.parametrize("name", ["min", "max"])
def test_tablebase_random_range_must_be_plain_digits(client, name):
    _assert_json_error(client.get("/api/tablebase/random", query_string={name: "٣"}))


def test_a_url_over_the_limit_is_a_json_414_on_the_api(client, app):
    long_fen = "x" * (app.config["MAX_URL_BYTES"] + 1)
    error = _assert_json_error(client.get("/api/tablebase", query_string={"fen": long_fen}), 414)
    assert error["error"] == "uri_too_long"
    page = client.get("/kbn", query_string={"fen": long_fen})
    assert page.status_code == 414 and page.mimetype == "text/html" and "Accept" in page.vary
    script = client.get("/kbn", query_string={"fen": long_fen}, headers={"Accept": "application/json"})
    assert script.status_code == 414 and script.get_json()["error"] == "uri_too_long" and "Accept" in script.vary


def test_long_bad_input_is_quoted_shortened(client):
    fen = "z" * 3000
    error = _assert_json_error(client.get("/api/tablebase", query_string={"fen": fen}))
    assert "zzzz" in error["message"] and "(3000 characters)" in error["message"]
    assert len(error["message"]) < 200


def test_a_damaged_table_is_a_server_fault_not_the_users(kbnk_table_path, tmp_path):
    foreign = tmp_path / "kbnk.bin"
    foreign.write_text("not a table")  # the store refuses to overwrite it
    app = create_app({"TESTING": True, "TABLES": str(tmp_path), "KBNK_TABLE": str(foreign)})
    r = app.test_client().get("/api/tablebase", query_string={"fen": "8/8/8/8/8/8/2k5/KNB5 w"})
    error = _assert_json_error(r, 503)
    assert error["error"] == "table_storage" and "not a table" in error["message"]
    assert str(foreign) not in error["message"]  # nothing internal reaches the client
    assert app.test_client().get("/healthz").status_code == 503


def test_the_error_table_maps_classes_to_statuses():
    from tablebase.errors import BoardSyntaxError, OutOfTableError, TooMuchWorkError
    from tablebase.errors import TableBuildError, TableFileError, TableStorageError

    assert classify(TableFileError("x"))[:2] == (503, "server_data_damaged")
    assert classify(TableStorageError("x"))[:2] == (503, "table_storage")
    assert classify(TableBuildError("x"))[:2] == (503, "table_build_failed")
    assert classify(DataFileError("x"))[0] == 503
    assert classify(OutOfTableError("x"))[:2] == (404, "not_in_table")
    assert classify(BoardSyntaxError("x"))[:2] == (400, "bad_board")
    assert classify(TooMuchWorkError("x"))[:2] == (400, "too_hard")
    assert classify(KeyError("x"))[:2] == (500, "internal_error")
