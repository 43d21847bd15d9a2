"""Text answers are compressed (issue 35, webapp/compression.py): pages, JSON, scripts, styles and
SVG leave as brotli or gzip when the client accepts one, whichever it prefers, with the compressed
body's Content-Length and an ETag of its own that revalidates to a 304; a client that accepts
neither gets the bytes as they are, and so does any answer under 500 bytes. The production
server's side (chunked static files, a real client): tests/app/test_app_edge_pages.py."""

from __future__ import annotations

import gzip

import brotli
import pytest

FEN = "8/8/8/8/8/8/2k5/KNB5 w - - 0 1"
DECODE = {"br": brotli.decompress, "gzip": gzip.decompress}


def text_answers(app) -> dict[str, str]:
    """A URL of each kind of text the server sends, and its type (the icon, the one SVG, is under
    500 bytes: the test of SVG sends everything). The trainer's page on a given position: without
    one it draws a random first position, another at each request (webapp/trainer_first.py)."""
    static = app.static_url_path
    return {f"/kbn?fen={FEN}": "text/html", f"/api/tablebase?fen={FEN}": "application/json", "/openapi.json": "application/json",
            f"{static}/js/board/board.js": "text/javascript", f"{static}/css/site.css": "text/css"}


@pytest.fixture()
def compress_all(app_config):
    from webapp import create_app

    app = create_app({**app_config, "COMPRESS_MIN_SIZE": 0})
    return app, app.test_client()


@pytest.mark.parametrize("coding", ["br", "gzip"])
@pytest.mark.parametrize("everything", [False, True])
def test_each_kind_of_text_is_compressed_when_asked(client, app, compress_all, coding, everything):
    if everything:
        app, client = compress_all
    for url, mimetype in {**text_answers(app), **({"/favicon.ico": "image/svg+xml"} if everything else {})}.items():
        plain = client.get(url)
        assert plain.status_code == 200 and plain.mimetype == mimetype, (url, plain.status_code)
        assert "Content-Encoding" not in plain.headers and "Accept-Encoding" in plain.headers.get("Vary", ""), url
        packed = client.get(url, headers={"Accept-Encoding": coding})
        assert packed.status_code == 200 and packed.headers["Content-Encoding"] == coding, url
        assert DECODE[coding](packed.data) == plain.data, url
        assert len(packed.data) < len(plain.data), url
        if not packed.is_streamed:  # a file from disk is sent chunked as it is compressed
            assert int(packed.headers["Content-Length"]) == len(packed.data), url


@pytest.mark.parametrize("accept, chosen", [
    ("gzip, deflate, br, zstd", "br"), ("br;q=0.5, gzip", "gzip"), ("gzip;q=1.0, br;q=0.9", "gzip"),
    ("*", "br"), ("deflate", None), ("identity", None), ("", None)])
def test_the_clients_preference_decides(client, accept, chosen):
    r = client.get("/kbn", headers={"Accept-Encoding": accept})
    assert r.status_code == 200 and r.headers.get("Content-Encoding") == chosen
    assert b"<!doctype html>" in (DECODE[chosen](r.data) if chosen else r.data)


def test_a_compressed_answer_has_its_own_etag_and_revalidates(client):
    url = f"/api/tablebase?fen={FEN}"
    plain = client.get(url)
    packed = client.get(url, headers={"Accept-Encoding": "br"})
    assert packed.headers["ETag"] == plain.headers["ETag"][:-1] + ':br"'
    again = client.get(url, headers={"Accept-Encoding": "br", "If-None-Match": packed.headers["ETag"]})
    assert again.status_code == 304 and not again.data
    assert client.get(url, headers={"If-None-Match": plain.headers["ETag"]}).status_code == 304


def test_a_static_file_revalidates_compressed(client, app):
    url = f"{app.static_url_path}/js/board/board.js"
    packed = client.get(url, headers={"Accept-Encoding": "gzip"})
    assert packed.headers["ETag"].endswith(':gzip"')
    again = client.get(url, headers={"Accept-Encoding": "gzip", "If-None-Match": packed.headers["ETag"]})
    assert again.status_code == 304 and not again.data


def test_small_answers_and_errors_leave_as_they_are(client):
    small = client.get("/api/3d/endgames/status?n=3", headers={"Accept-Encoding": "br"})
    assert small.status_code == 200
    if len(small.data) < 500:
        assert "Content-Encoding" not in small.headers
    missing = client.get("/api/tablebase?fen=_", headers={"Accept-Encoding": "br"})
    assert missing.status_code == 400 and "Content-Encoding" not in missing.headers and missing.get_json()["error"]


def test_a_202_still_answers_compressed_or_not(tmp_path, app_config):
    """A table not built: the 202 and its Retry-After, read the same with and without compression."""
    from webapp import create_app

    folder = tmp_path / "tables"
    folder.mkdir()
    client = create_app({**app_config, "TABLES": str(folder), "TABLE_BUILDER": False}).test_client()
    query = {"material": "KRK", "n": 3}
    plain = client.get("/api/3d/endgames/position", query_string=query)
    packed = client.get("/api/3d/endgames/position", query_string=query, headers={"Accept-Encoding": "gzip"})
    assert plain.status_code == packed.status_code == 202 and packed.headers["Retry-After"] == "1"
    body = gzip.decompress(packed.data) if packed.headers.get("Content-Encoding") == "gzip" else packed.data
    assert body == plain.data and plain.get_json()["state"] == "queued"
