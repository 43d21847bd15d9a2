"""Security headers on every answer, long-lived caching of tablebase answers, the lichess
aliases, the health check and the icon."""

import pytest

FEN = "8/8/8/8/8/8/2k5/KNB5 w - - 0 1"


@pytest.mark.parametrize("path", ["/", "/kbn", "/3d", "/moves", "/solitaire", "/healthz", "/favicon.ico",
                                  "/api/tablebase?fen=" + FEN, "/api/tablebase?fen=_", "/api/nope", "/nope"])
def test_every_answer_carries_the_security_headers(client, path):
    r = client.get(path)
    csp = r.headers["Content-Security-Policy"]
    assert "script-src 'self'" in csp and "unsafe-inline" not in csp and "frame-ancestors 'none'" in csp
    assert r.headers["X-Content-Type-Options"] == "nosniff"
    assert r.headers["Referrer-Policy"]
    assert r.headers["X-Frame-Options"] == "DENY"


def test_static_files_carry_them_too(client, app):
    r = client.get(f"{app.static_url_path}/js/board/board.js")
    assert r.headers["X-Content-Type-Options"] == "nosniff" and "Content-Security-Policy" in r.headers


def pages(app):
    return sorted(r.rule for r in app.url_map.iter_rules() if "GET" in r.methods and "<" not in r.rule
                  and not r.rule.startswith(("/api/", "/static/", "/standard", "/healthz", "/favicon")))


def test_no_page_has_an_inline_script(client, app):
    import re

    assert len(pages(app)) >= 5
    for path in pages(app):
        html = client.get(path).get_data(as_text=True)
        for tag in re.findall(r"<script\b[^>]*>", html):
            assert "src=" in tag, (path, tag)
        assert " style=" not in html and " onclick=" not in html, path


@pytest.mark.parametrize("path", ["/api/tablebase", "/api/tablebase/mainline", "/api/tablebase/heatmap",
                                  "/standard", "/standard/mainline"])
def test_tablebase_answers_are_cached_for_long_with_an_etag(client, path):
    r = client.get(path, query_string={"fen": FEN})
    assert r.status_code == 200
    assert r.cache_control.max_age >= 30 * 24 * 3600 and r.cache_control.public
    assert r.headers["ETag"] and r.headers["Access-Control-Allow-Origin"] == "*"
    again = client.get(path, query_string={"fen": FEN}, headers={"If-None-Match": r.headers["ETag"]})
    assert again.status_code == 304 and not again.data


def test_errors_are_not_cached(client):
    r = client.get("/api/tablebase?fen=_")
    assert r.status_code == 400 and "ETag" not in r.headers and not r.cache_control.max_age


def test_lichess_aliases_answer_as_the_api(client):
    assert client.get("/standard", query_string={"fen": FEN}).get_json() == \
        client.get("/api/tablebase", query_string={"fen": FEN}).get_json()
    assert client.get("/standard/mainline", query_string={"fen": FEN}).get_json() == \
        client.get("/api/tablebase/mainline", query_string={"fen": FEN}).get_json()
    missing = client.get("/standard")
    assert missing.status_code == 400 and missing.get_json()["error"] == "bad_request"


def test_healthz_says_the_table_is_loaded(client):
    r = client.get("/healthz")
    body = r.get_json()
    assert r.status_code == 200 and body["status"] == "ok" and body["version"]
    assert body["table"]["loaded"] and body["table"]["longest_mate"] == 33


def test_favicon(client):
    r = client.get("/favicon.ico")
    assert r.status_code == 200 and r.mimetype == "image/svg+xml" and b"<svg" in r.data
    assert 'rel="icon"' in client.get("/").get_data(as_text=True)
