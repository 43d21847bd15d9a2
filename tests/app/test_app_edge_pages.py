"""Under the production server (gunicorn as `./dev serve` runs it), a page opened by a browser
always answers a page (issue 35): the refusals gunicorn's workers write themselves, before the app
sees the request (a URL over gunicorn's request-line limit: 414; headers too large: 431; a request
that is not HTTP: 400), are the app's error page in the user's language (the link's ``lang=``, the
``lang`` cookie, Accept-Language) with the status kept, for a client that asks for HTML on a page's
path; API clients and API paths keep the JSON error. Also under it: text answers compressed, and
a Host that is not the server's refused. One Chromium test opens the long link."""

from __future__ import annotations

import gzip
import http.client
import json
import re
import socket

import brotli
import pytest
from tests.app.test_app_gunicorn import _free_port, _get, _start, _wait_healthy

pytestmark = pytest.mark.slow  # the module starts the production server

BROWSER_ACCEPT = "text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8"
LONG_FEN = "8/8/8/8/8/8/2k5/KNB5_w_-_-_0_1" + "_" * 9000  # a 9 KB link: over gunicorn's 8190-byte request line
SECURITY = ("Content-Security-Policy", "X-Content-Type-Options", "X-Frame-Options", "Referrer-Policy")
SAID = {  # the 414's sentence, as the app's own 414 page says it
    "en": "the URL is longer than the limit of 8000 bytes",
    "fr": "l'adresse dépasse la limite de 8000 octets",
    "ko": "URL이 최대 길이 8000바이트보다 깁니다",
}


@pytest.fixture(scope="module")
def server(kbnk_table_path, tmp_path_factory):
    folder = tmp_path_factory.mktemp("edge_pages")
    port = _free_port()
    process = _start(kbnk_table_path, port, folder / "access.log", env={"KBN_TABLES": str(folder)})
    _wait_healthy(port, process)
    yield {"port": port}
    process.terminate()
    process.wait(30)


def _page(response, body: bytes, status: int) -> str:
    assert response.status == status, body[:300]
    assert response.getheader("Content-Type") == "text/html; charset=utf-8", body[:300]
    for name in SECURITY:
        assert response.getheader(name), name
    text = body.decode()
    assert text.startswith("<!doctype html>") and f"<h1>{status}</h1>" in text and '"error"' not in text
    return text


def _paragraph(text: str) -> str:
    """The error page's message: its first paragraph, unescaped."""
    import html

    return html.unescape(re.search(r"<h1>\d+</h1>\s*<p[^>]*>(.*?)</p>", text, re.S).group(1))


@pytest.mark.parametrize("lang, headers, query", [
    ("en", {}, ""),
    ("fr", {"Accept-Language": "fr-FR,fr;q=0.9,en;q=0.5"}, ""),
    ("ko", {"Accept-Language": "fr"}, "lang=ko&"),
    ("ko", {"Cookie": "theme=dark; lang=ko"}, ""),
    # longer than the first bytes the worker keeps: the headers are read from what gunicorn left unread
    ("fr", {"Accept-Language": "fr"}, "x=" + "y" * 30_000 + "&"),
])
def test_a_link_too_long_for_the_server_opens_the_error_page_in_the_users_language(server, lang, headers, query):
    response, body = _get(server["port"], f"/kbn?{query}fen={LONG_FEN}", {"Accept": BROWSER_ACCEPT, **headers})
    text = _page(response, body, 414)
    assert _paragraph(text) == SAID[lang] and f'<html lang="{lang}"' in text


def test_the_apps_own_414_says_the_same(server):
    """A link over the app's limit (8000) but under gunicorn's (8190): the app answers, same page."""
    response, body = _get(server["port"], "/kbn?fen=" + "x" * 8050,
                          {"Accept": BROWSER_ACCEPT, "Accept-Language": "fr"})
    assert _paragraph(_page(response, body, 414)) == SAID["fr"]


@pytest.mark.parametrize("path, accept", [("/kbn?fen=", "application/json"), ("/api/tablebase?fen=", BROWSER_ACCEPT),
                                          ("/standard?fen=", BROWSER_ACCEPT), ("/kbn?fen=", "application/json, */*;q=0.5")])
def test_api_clients_and_api_paths_keep_the_json_414(server, path, accept):
    response, body = _get(server["port"], path + LONG_FEN, {"Accept": accept})
    assert response.status == 414 and response.getheader("Content-Type") == "application/json"
    assert json.loads(body)["error"] == "uri_too_long"


def test_headers_too_large_open_the_error_page(server):
    response, body = _get(server["port"], "/mates/KRK", {"Accept": BROWSER_ACCEPT, "Accept-Language": "fr",
                                                        "Cookie": "big=" + "y" * 9000})
    said = _paragraph(_page(response, body, 431))
    assert said.startswith("les en-têtes de la requête dépassent") and "60 en-têtes" in said and "8190 octets" in said
    response, body = _get(server["port"], "/api/coach", {"Accept": BROWSER_ACCEPT, "Cookie": "big=" + "y" * 9000})
    assert response.status == 431 and json.loads(body)["error"] == "headers_too_large"


def _raw(port: int, data: bytes) -> tuple[str, bytes]:
    with socket.create_connection(("127.0.0.1", port), timeout=10) as s:
        s.sendall(data)
        answer = b""
        while chunk := s.recv(65536):
            answer += chunk
    head, _, body = answer.partition(b"\r\n\r\n")
    return head.decode("latin-1"), body


@pytest.mark.parametrize("request_line", [b"GET /3d HTTP/9.9", b"get /3d HTTP/1.1"])
def test_a_request_that_is_not_http_opens_the_error_page(server, request_line):
    head, body = _raw(server["port"], request_line + b"\r\nHost: localhost\r\nAccept: " + BROWSER_ACCEPT.encode()
                      + b"\r\nAccept-Language: ko\r\n\r\n")
    assert head.startswith("HTTP/1.1 400") and "Content-Type: text/html; charset=utf-8" in head
    assert _paragraph(body.decode()) == "요청을 읽을 수 없습니다. 올바른 HTTP가 아닙니다"
    head, body = _raw(server["port"], request_line + b"\r\nHost: localhost\r\nAccept: application/json\r\n\r\n")
    assert head.startswith("HTTP/1.1 400") and json.loads(body)["error"] == "bad_request"


def test_the_error_pages_styles_load(server):
    """The page's links point into the app's static files, as its own pages' do."""
    response, body = _get(server["port"], f"/kbn?fen={LONG_FEN}", {"Accept": BROWSER_ACCEPT})
    sheets = re.findall(r'<link rel="stylesheet" href="([^"]+)"', _page(response, body, 414))
    assert sheets
    for sheet in sheets:
        assert _get(server["port"], sheet)[0].status == 200, sheet


def test_text_is_compressed_by_the_production_server(server):
    """A page and a script from disk, each with its compressed length (or chunked)."""
    connection = http.client.HTTPConnection("127.0.0.1", server["port"], timeout=10)
    connection.request("GET", "/mates", headers={"Accept-Encoding": "gzip"})
    response = connection.getresponse()
    body = response.read()
    assert response.getheader("Content-Encoding") == "gzip" and int(response.getheader("Content-Length")) == len(body)
    page = gzip.decompress(body).decode()
    script = re.search(r'<script type="module" src="([^"]+)"', page).group(1)
    connection.request("GET", script, headers={"Accept-Encoding": "gzip, deflate, br"})
    response = connection.getresponse()
    packed = response.read()  # http.client undoes any chunking, not the coding
    assert response.getheader("Content-Encoding") == "br" and response.getheader("ETag").endswith(':br"')
    assert int(response.getheader("Content-Length") or len(packed)) == len(packed) or \
        response.getheader("Transfer-Encoding") == "chunked"
    connection.request("GET", script)
    response = connection.getresponse()
    plain = response.read()
    assert response.getheader("Content-Encoding") is None and brotli.decompress(packed) == plain
    assert len(packed) < len(plain) / 2
    connection.close()


def test_a_host_that_is_not_the_servers_is_refused(server):
    response, body = _get(server["port"], "/api/3d/endgames/status", {"Host": "evil.example:8080",
                                                                       "Origin": "http://evil.example:8080"})
    error = json.loads(body)
    assert response.status == 400 and error["error"] == "host_not_allowed" and "'evil.example:8080'" in error["message"]
    assert _get(server["port"], "/healthz", {"Host": f"localhost:{server['port']}"})[0].status == 200


@pytest.mark.browser
@pytest.mark.parametrize("viewport", [{"width": 1280, "height": 800}, {"width": 390, "height": 844}])
def test_chromium_opening_a_link_too_long_sees_the_error_page(server, browser, viewport, tmp_path):
    context = browser.new_context(viewport=viewport, locale="fr-FR")
    page = context.new_page()
    try:
        answer = page.goto(f"http://127.0.0.1:{server['port']}/kbn?fen={LONG_FEN}")
        assert answer.status == 414 and answer.headers["content-type"] == "text/html; charset=utf-8"
        assert page.locator("h1").inner_text() == "414"
        said = page.locator("main p").first
        assert said.text_content() == SAID["fr"]
        assert said.inner_text() == SAID["fr"][0].upper() + SAID["fr"][1:]  # shown as a sentence begins
        assert page.get_by_role("link", name="Retour à la page d'accueil").is_visible()
        assert "uri_too_long" not in page.content()
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= viewport["width"], width  # the page fits: no sideways scrolling
        page.screenshot(path=str(tmp_path / f"edge-414-{viewport['width']}.png"))
    finally:
        context.close()


def test_the_fields_of_a_request_cut_anywhere():
    """From the kept first bytes and what the client sent after gunicorn stopped reading: whole
    lines only, the first of each name."""
    from webapp.edge.protocol_errors import head_fields

    head = b"GET /kbn?lang=fr&fen=x HTTP/1.1\r\nHost: localhost\r\nAccept: text/html\r\nAccept-Lang"
    rest = b"uage: ko\r\nCookie: lang=ko\r\nAccept: application/json\r\n\r\nbody: not a field\r\n"
    target, fields = head_fields(head, rest)
    assert target == "/kbn?lang=fr&fen=x"
    assert fields == {"host": "localhost", "accept": "text/html", "cookie": "lang=ko"}
    target, fields = head_fields(b"GET /kbn?fen=" + b"x" * 100, b"xxxx HTTP/1.1\r\nAccept-Language: fr\r\n\r\n")
    assert target.startswith("/kbn?fen=xxx") and fields == {"accept-language": "fr"}
    assert head_fields(b"", b"") == ("", {})
