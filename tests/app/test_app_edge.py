"""The HTTP edge in the app (issue 16): input that used to be a 500, POSTs that take JSON only, and
tablebase answers readable from any origin, errors included."""

from __future__ import annotations

import pytest
from tests.helpers.errors import is_error

THREE_D_POSTS = ["/api/3d/analyze", "/api/3d/moves", "/api/3d/position", "/api/3d/attacks", "/api/3d/tablebase",
                 "/api/3d/engine"]
FEN = "8/8/8/8/8/8/2k5/KNB5 w - - 0 1"


def _post_routes(app):
    return sorted(r.rule for r in app.url_map.iter_rules() if "POST" in r.methods)


def _error(response, status):
    assert response.status_code == status, response.get_data(as_text=True)[:300]
    body = response.get_json()
    assert is_error(body)
    return body


@pytest.mark.parametrize("digits", [4301, 5000, 20])
def test_a_long_run_of_digits_in_a_3d_board_is_a_400_naming_it(client, digits):
    board = "3,n2,1rr/1b1,3,3/3,3," + "9" * digits
    for route in THREE_D_POSTS:
        body = _error(client.post(route, json={"board": board, "from": [0, 0, 0]}), 400)
        assert "run of empty cubes" in body["message"] and "999" in body["message"], route
        assert len(body["message"]) < 200


def test_a_long_run_of_digits_in_the_labs_link_is_shown_not_a_500(client):
    page = client.get("/3d", query_string={"board": "3,n2,1rr/1b1,3,3/3,3," + "7" * 4400})
    assert page.status_code == 400  # the lab still drawn, saying what it could not read
    assert "run of empty cubes" in page.get_data(as_text=True)


@pytest.mark.parametrize("letters", [248, 300, 7])
def test_a_long_material_name_is_a_400(client, letters):
    name = "K" + "Q" * (letters - 2) + "K"
    body = _error(client.get("/api/3d/endgames/position", query_string={"material": name, "n": 3}), 400)
    assert "at most 4 of white's men" in body["message"].lower() and "KQQQ" in body["message"]
    body = _error(client.post("/api/3d/endgames/build", json={"material": name, "n": 3}), 400)
    assert "at most 4" in body["message"]


@pytest.mark.parametrize("content_type", [None, "text/plain", "application/x-www-form-urlencoded",
                                          "multipart/form-data; boundary=x", "application/jsonx"])
def test_post_routes_take_only_json(client, app, content_type):
    headers = {"Content-Type": content_type} if content_type else {}
    for route in _post_routes(app):
        response = client.post(route, data='{"n": 3, "material": "KQK"}', headers=headers)
        body = _error(response, 415)
        assert body["error"] == "unsupported_media_type" and "application/json" in body["message"], route
        if content_type:
            assert repr(content_type)[:30] in body["message"], route


def test_a_simple_cross_site_request_cannot_start_a_build(client):
    """Refused twice over: from another site (403, webapp/sites.py) and not JSON (415)."""
    response = client.post("/api/3d/endgames/build", data='{"n": 3}', content_type="text/plain",
                           headers={"Origin": "https://elsewhere.example"})
    assert response.status_code == 403 and response.get_json()["error"] == "cross_site"
    assert "Access-Control-Allow-Origin" not in response.headers
    response = client.post("/api/3d/endgames/build", data='{"n": 3}', content_type="text/plain")
    assert response.status_code == 415


def test_json_with_a_charset_is_json(client):
    response = client.post("/api/3d/analyze", data='{"board": "3,n2,1rr/1b1,3,3/3,3,bRK"}',
                           content_type="application/json; charset=utf-8")
    assert response.status_code == 200


TABLEBASE_ERRORS = [
    ("GET", "/api/tablebase?fen=_", 400), ("GET", "/api/tablebase?fen=8/8/8/8/8/8/P7/K6k_w", 404),
    ("GET", "/api/tablebase", 400), ("GET", "/api/tablebase/mainline?fen=x", 400),
    ("GET", "/api/tablebase/heatmap?fen=x", 400), ("GET", "/api/tablebase/random?min=x", 400),
    ("GET", "/standard?fen=x", 400), ("GET", "/standard/mainline", 400),
    ("GET", "/api/tablebase/nothing", 404), ("DELETE", "/api/tablebase", 405),
    ("POST", "/api/3d/tablebase", 400),
]


@pytest.mark.parametrize("method, path, status", TABLEBASE_ERRORS)
def test_tablebase_errors_are_readable_from_any_origin(client, method, path, status):
    response = client.open(path, method=method, json={"board": "x"} if method == "POST" else None,
                           headers={"Origin": "https://lichess.org"})
    assert response.status_code == status
    assert response.headers["Access-Control-Allow-Origin"] == "*"
    assert response.get_json()["error"]


@pytest.mark.parametrize("path", ["/api/tablebase", "/api/tablebase/mainline", "/standard", "/api/tablebase/random"])
def test_tablebase_answers_are_readable_from_any_origin(client, path):
    response = client.get(path, query_string={"fen": FEN})
    assert response.status_code == 200 and response.headers.getlist("Access-Control-Allow-Origin") == ["*"]


def test_the_3d_tablebase_answers_a_cross_origin_preflight(client):
    response = client.options("/api/3d/tablebase", headers={
        "Origin": "https://elsewhere.example", "Access-Control-Request-Method": "POST",
        "Access-Control-Request-Headers": "content-type"})
    assert response.status_code == 200
    assert response.headers["Access-Control-Allow-Origin"] == "*"
    assert "content-type" in response.headers["Access-Control-Allow-Headers"].lower()
    assert "POST" in response.headers["Allow"]


@pytest.mark.parametrize("path", ["/api/3d/analyze", "/api/2d/position", "/api/kbn/coach?fen=x", "/healthz", "/kbn"])
def test_other_routes_are_not_opened_to_other_origins(client, path):
    response = client.post(path, json={}) if "/3d/" in path or "/2d/" in path else client.get(path)
    assert "Access-Control-Allow-Origin" not in response.headers, path


@pytest.mark.parametrize("path", ["/api/tablebase/random?min=1&min=40", "/api/3d/endgames/status?n=&n=3",
                                  "/api/tablebase?fen=x&fen=y"])
def test_a_query_parameter_given_twice_is_a_400(client, path):
    body = _error(client.get(path), 400)
    assert "given more than once" in body["message"]


def test_a_405_says_which_methods_the_route_takes(client):
    response = client.post("/api/tablebase", json={})
    _error(response, 405)
    assert "GET" in response.headers["Allow"]
    response = client.get("/api/3d/analyze")
    assert response.status_code == 405 and "POST" in response.headers["Allow"]
