"""The app's frame: pages render, every /api/ error is JSON with a 4xx (or JSON 500), never HTML."""

import pytest


def test_home_links_every_tool_and_every_link_answers(client, app):
    import re

    from webapp.blueprints import TOOLS

    html = client.get("/").get_data(as_text=True)
    links = set(re.findall(r'href="(/[^"]*)"', html))
    with app.test_request_context():
        from flask import url_for

        tools = {url_for(endpoint) for endpoint, _, _ in TOOLS}
    assert tools == {"/mates", "/kbn", "/3d", "/3d/endgames", "/moves", "/solitaire"}
    assert tools <= links
    for link in links:
        assert client.get(link).status_code == 200, link


def test_unknown_api_route_is_json_404(client):
    r = client.get("/api/nope")
    assert r.status_code == 404
    assert r.get_json()["error"] == "not_found"
    assert "/api/nope" in r.get_json()["message"]


def test_wrong_method_is_json_405(client):
    r = client.get("/api/3d/analyze")
    assert r.status_code == 405
    assert r.get_json()["error"] == "method_not_allowed"


def test_oversized_body_is_json_413(client, app):
    limit = app.config["MAX_CONTENT_LENGTH"]
    r = client.post("/api/3d/analyze", data="x" * (limit + 1), content_type="application/json")
    assert r.status_code == 413
    assert r.get_json()["error"] == "too_large"


@pytest.mark.parametrize("body", ["", "not json", "[1, 2]", '"a string"', "{"])
def test_malformed_body_is_json_400(client, body):
    r = client.post("/api/3d/analyze", data=body, content_type="application/json")
    assert r.status_code == 400
    assert r.get_json()["error"] == "bad_request"


def test_unexpected_exception_is_json_500_without_trace(app):
    from webapp import create_app

    fresh = create_app({"TESTING": False, "PROPAGATE_EXCEPTIONS": False})

    @fresh.get("/api/boom")
    def boom():
        raise RuntimeError("secret internals")

    r = fresh.test_client().get("/api/boom")
    assert r.status_code == 500
    body = r.get_json()
    assert body["error"] == "internal_error"
    assert "secret" not in r.get_data(as_text=True)
    assert "Traceback" not in r.get_data(as_text=True)


def test_debug_is_off_by_default():
    from webapp import create_app

    assert create_app().debug is False


def test_static_files_live_under_a_content_hash_and_are_cached(client, app):
    prefix = app.static_url_path
    assert prefix.startswith("/static/") and len(prefix) > len("/static/")
    html = client.get("/3d").get_data(as_text=True)
    assert f'{prefix}/js/cube/page.js' in html
    r = client.get(f"{prefix}/js/board/board.js")
    assert r.status_code == 200
    assert r.cache_control.max_age >= 30 * 24 * 3600


@pytest.mark.parametrize("path", ["/kbn", "/mates/KRK", "/mates/learn", "/3d", "/moves", "/solitaire"])
def test_each_page_loads_its_module_and_preloads_every_import(client, path):
    import posixpath
    import re

    html = client.get(path).get_data(as_text=True)
    entry = re.findall(r'<script type="module" src="([^"]+)"', html)
    preloads = re.findall(r'<link rel="modulepreload" href="([^"]+)"', html)
    assert len(entry) == 1 and "board.js" in " ".join(preloads)
    for url in entry + preloads:
        source = client.get(url)
        assert source.status_code == 200, url
        for imported in re.findall(r'from "(\.\.?/[^"]+)"', source.get_data(as_text=True)):
            target = posixpath.normpath(posixpath.join(posixpath.dirname(url), imported))
            assert target in preloads, (url, imported)
