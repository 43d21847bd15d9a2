"""``/openapi.json`` documents every route, ``/api`` shows it to a person, and schemathesis, run
against the running app with every check, finds nothing the document and the app disagree on."""

from __future__ import annotations

import re
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from werkzeug.serving import make_server

from webapp import create_app
from webapp.cors import open_to_every_origin

HERE = Path(__file__).resolve().parent
SCHEMATHESIS = Path(sys.executable).with_name("schemathesis")
MAX_EXAMPLES = 30  # per operation and phase: about 2,000 requests, well under a minute


def _routes(app) -> set[tuple[str, str]]:
    """Every route and method, and OPTIONS where it is a preflight that grants another origin a POST
    (elsewhere the framework's OPTIONS grants nothing, and is not listed, as HEAD is not)."""
    found = {(re.sub(r"<(\w+)>", r"{\1}", rule.rule), method) for rule in app.url_map.iter_rules()
             if rule.endpoint != "static"
             for method in rule.methods - {"HEAD", "OPTIONS"}}
    return found | {(path, "OPTIONS") for path, method in found if method == "POST" and open_to_every_origin(path)}


def test_the_document_lists_every_route_and_method(app, client):
    doc = client.get("/openapi.json").get_json()
    assert doc["openapi"].startswith("3.1")
    documented = {(path, method.upper()) for path, item in doc["paths"].items() for method in item}
    assert documented == _routes(app)
    assert ("/api/3d/tablebase", "OPTIONS") in documented


def test_the_preflight_answers_what_the_document_says(client):
    answer = client.get("/openapi.json").get_json()["paths"]["/api/3d/tablebase"]["options"]["responses"]["200"]
    real = client.options("/api/3d/tablebase", headers={"Origin": "https://elsewhere.example",
                                                        "Access-Control-Request-Method": "POST"})
    assert real.status_code == 200 and real.data == b""
    for name, header in answer["headers"].items():
        assert name in real.headers, name
        if "const" in header["schema"]:
            assert real.headers[name] == header["schema"]["const"], name
    assert "Access-Control-Allow-Origin" not in client.options("/api/3d/position").headers


def test_every_operation_documents_its_errors_in_the_error_shape(client):
    doc = client.get("/openapi.json").get_json()
    for path, item in doc["paths"].items():
        for method, operation in item.items():
            answers = operation["responses"]
            assert "405" in answers or method == "options", (method, path)
            if path.startswith("/api/") and path != "/api":
                assert answers["400"]["content"]["application/json"]["schema"] == {"$ref": "#/components/schemas/Error"}
            if method == "post":
                assert {"413", "415"} <= set(answers) and operation["requestBody"]["required"], path
    assert doc["components"]["schemas"]["Error"]["required"] == ["error", "message"]


@pytest.mark.parametrize("path", ["/api/tablebase", "/api/tablebase/mainline", "/standard", "/standard/mainline",
                                  "/api/tablebase/random", "/api/tablebase/heatmap", "/api/3d/tablebase",
                                  "/api/3d/endgames", "/api/3d/endgames/status", "/api/3d/endgames/position",
                                  "/healthz"])
def test_table_routes_may_answer_202_building_and_503(client, path):
    item = client.get("/openapi.json").get_json()["paths"][path]
    answers = next(iter(item.values()))["responses"]
    building = "TablesBuilding" if path == "/api/3d/endgames" else "TableBuilding"  # its tables' states at once
    assert answers["202"]["content"]["application/json"]["schema"] == {"$ref": f"#/components/schemas/{building}"}
    assert answers["202"]["headers"]["Retry-After"]["required"] is True
    assert answers["202"]["headers"]["Retry-After"]["schema"]["const"] == "1"
    assert answers["503"]["content"]["application/json"]["schema"] == {"$ref": "#/components/schemas/Error"}


@pytest.mark.parametrize("method", ["POST", "PUT", "PATCH", "DELETE", "TRACE"])
def test_the_document_refuses_other_methods_in_json(client, method):
    answer = client.open("/openapi.json", method=method)
    assert answer.status_code == 405 and answer.is_json, answer.data[:200]
    assert answer.get_json()["error"] == "method_not_allowed" and "GET" in answer.headers["Allow"]
    assert f"{method} is not allowed on '/openapi.json'" == answer.get_json()["message"]


@pytest.mark.parametrize("path", ["/api/tablebase", "/api/tablebase/mainline", "/standard", "/standard/mainline",
                                  "/api/tablebase/random", "/api/tablebase/heatmap", "/api/mates/lesson",
                                  "/api/kbn/lesson", "/api/mates/lesson/idea", "/api/kbn/lesson/idea", "/api/3d/endgames",
                                  "/api/3d/endgames/position", "/healthz"])
def test_table_gets_may_answer_403_to_another_site(client, path):
    answer = client.get("/openapi.json").get_json()["paths"][path]["get"]["responses"]["403"]
    assert answer["content"]["application/json"]["schema"] == {"$ref": "#/components/schemas/Error"}
    assert "cross_site_build" in answer["description"]


def test_the_docs_page_shows_every_operation_without_script_or_anything_from_elsewhere(app, client):
    page = client.get("/api")
    assert page.status_code == 200 and page.mimetype == "text/html"
    html = page.get_data(as_text=True)
    shown = set(re.findall(r'data-operation="(\w+) ([^"]+)"', html))
    assert {(path, method) for method, path in shown} == _routes(app)
    assert "<script" not in html and " style=" not in html and " on" + "click" not in html
    assert not re.search(r'(src|href)="(https?:)?//', html)
    assert "Probe3D" in html and "{error: string, message: string, says?: Words}" in html


@pytest.fixture()
def running_app(app_config, fresh_tables):
    """A fresh app (its own table folder) served on a free loopback port, stopped afterwards."""
    # One client sends thousands of requests: the build queue's share per address (a 429, tested in
    # tests/cube/test_cube_build_queue_api.py) is lifted so that every schema-valid build is accepted.
    app = create_app({**app_config, "TESTING": False, "TABLES": str(fresh_tables), "BUILD_QUEUE": 10_000,
                      "BUILD_QUEUE_PER_ADDRESS": 10_000})
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_port}"
    server.shutdown()
    thread.join(10)


@pytest.mark.slow  # thousands of generated requests
def test_schemathesis_finds_no_failure_with_every_check(running_app, tmp_path):
    command = [str(SCHEMATHESIS), "--config-file", str(HERE / "schemathesis.toml"), "run",
               f"{running_app}/openapi.json", "--checks", "all", "--max-examples", str(MAX_EXAMPLES),
               "--workers", "1", "--seed", "16", "--request-timeout", "30", "--no-color"]
    done = subprocess.run(command, capture_output=True, text=True, timeout=300, cwd=tmp_path)
    summary = done.stdout[-6000:]
    assert done.returncode == 0, summary
    passed = re.search(r"(\d+) generated, (\d+) passed", done.stdout)
    assert passed and passed.group(1) == passed.group(2) and int(passed.group(1)) > 1000, summary


@pytest.mark.parametrize("path", ["/healthz", "/openapi.json", "/favicon.ico", "/api/3d/endgames/status"])
def test_what_every_route_may_answer_is_documented_on_each(client, path):
    """A URL too long (414), a parameter given twice (400) and a wrong method (405) can meet any
    route: the document lists them on every one."""
    listed = client.get("/openapi.json").get_json()["paths"][path]["get"]["responses"]
    long_url = client.get(path + "?x=" + "9" * 8100)
    twice = client.get(path + "?x=1&x=2")
    assert (long_url.status_code, twice.status_code) == (414, 400)
    assert {"400", "405", "414", "431"} <= set(listed), sorted(listed)
