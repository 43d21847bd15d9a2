"""No other site can make the server work (issue 36), with the hostile requests written out: a GET
with another site's Referer and no Sec-Fetch-Site (an older browser following a link or an image),
another origin's JSON POST after the preflight the 3D tablebase grants, a table being built asked
for from elsewhere, POSTs to the routes that do work, and a DNS rebinding (a Host that is another
site's name, equal to its Origin). webapp/sites.py decides; tests/app/test_app_cross_site.py walks
every table route."""

from __future__ import annotations

import html

import pytest

from webapp import create_app
from webapp.sites import allow_bound_names, host_allowed

# KRNK on 7x7x7: a two-man table of about 2 GB and 3 CPU minutes, the costliest an operator lets a server
# build on request (CUBE_MAX_N_TWO_MEN = 7)
BIG_BOARD = "KRN4,7,7,7,7,7,7/" + "/".join(["7,7,7,7,7,7,7"] * 5) + "/7,7,7,7,7,7,6k"
SMALL_BOARD = "[###,###,###],[##k,###,###],[R##,K##,###]"  # KRK on 3x3x3, built in the session's folder
ELSEWHERE = "https://elsewhere.example"


@pytest.fixture()
def server_limits(tmp_path):
    """An app whose operator allows 7x7x7 two-man tables on demand, on an empty folder, no builder:
    a queued build leaves its record in the folder and nothing is built."""
    folder = tmp_path / "tables"
    folder.mkdir()
    app = create_app({"TESTING": True, "TABLES": str(folder), "TABLE_BUILDER": False, "CUBE_RESULTS": "",
                      "CUBE_MAX_N_TWO_MEN": 7})
    return app.test_client(), folder


def queued(folder) -> set[str]:
    return {p.name.removesuffix(".tbl.json") for p in (folder / ".builds").glob("*.json")}


def test_a_get_with_another_sites_referer_queues_no_7x7x7_build(server_limits):
    client, folder = server_limits
    query = {"material": "KRNK", "n": 7}
    answer = client.get("/api/3d/endgames/position", query_string=query,
                        headers={"Referer": f"{ELSEWHERE}/funny-cats.html"})
    body = answer.get_json()
    assert answer.status_code == 403 and body["error"] == "cross_site_build", body
    assert "KRNK on 7x7x7 is not built" in body["message"] and f"Referer: '{ELSEWHERE}/funny-cats.html'" in body["message"]
    assert queued(folder) == set()
    mine = client.get("/api/3d/endgames/position", query_string=query, headers={"Referer": "http://localhost/3d/endgames"})
    assert mine.status_code == 202 and queued(folder) == {"KRNK-7x7x7"}


def test_another_origins_json_post_queues_no_7x7x7_build(server_limits):
    client, folder = server_limits
    preflight = client.options("/api/3d/tablebase", headers={
        "Origin": ELSEWHERE, "Access-Control-Request-Method": "POST", "Access-Control-Request-Headers": "content-type"})
    assert preflight.status_code == 200 and preflight.headers["Access-Control-Allow-Origin"] == "*"
    answer = client.post("/api/3d/tablebase", json={"board": BIG_BOARD},
                         headers={"Origin": ELSEWHERE, "Sec-Fetch-Site": "cross-site"})
    body = answer.get_json()
    assert answer.status_code == 403 and body["error"] == "cross_site_build", body
    assert "KRNK on 7x7x7 is not built" in body["message"] and answer.headers["Access-Control-Allow-Origin"] == "*"
    assert queued(folder) == set()


def test_another_origins_json_post_reads_a_built_table(client):
    answer = client.post("/api/3d/tablebase", json={"board": SMALL_BOARD},
                         headers={"Origin": ELSEWHERE, "Sec-Fetch-Site": "cross-site"})
    assert answer.status_code == 200 and answer.get_json()["category"] in ("win", "draw", "loss")
    assert answer.headers["Access-Control-Allow-Origin"] == "*"


def test_a_table_being_built_is_no_202_for_another_site(server_limits):
    """This site's page queued it; another site asking meanwhile gets the same 403 as for a table
    not asked for, not a 202 to wait on."""
    client, folder = server_limits
    fen = {"fen": "8/8/8/4k3/8/8/8/R3K3 w - - 0 1"}
    assert client.get("/api/tablebase", query_string=fen, headers={"Sec-Fetch-Site": "same-origin"}).status_code == 202
    for headers in ({"Origin": ELSEWHERE}, {"Referer": f"{ELSEWHERE}/"}, {"Sec-Fetch-Site": "cross-site"}):
        answer = client.get("/standard", query_string=fen, headers=headers)
        assert answer.status_code == 403 and answer.get_json()["error"] == "cross_site_build", headers
        assert "Retry-After" not in answer.headers


@pytest.mark.parametrize("headers", [{"Origin": ELSEWHERE}, {"Referer": f"{ELSEWHERE}/x"},
                                     {"Sec-Fetch-Site": "cross-site"}, {"Origin": "null"}])
@pytest.mark.parametrize("path, body", [
    ("/api/3d/endgames/build", {"material": "KRNK", "n": 7}),
    ("/api/solitaire/solve", {"board": "N.../.R../..P./...."}),
    ("/api/3d/game", {"board": SMALL_BOARD, "moves": ""}),
])
def test_a_post_from_another_site_does_no_work(server_limits, headers, path, body):
    client, folder = server_limits
    answer = client.post(path, json=body, headers=headers)
    error = answer.get_json()
    assert answer.status_code == 403 and error["error"] == "cross_site", error
    assert path in error["message"] and "this site's own pages" in error["message"]
    assert "Access-Control-Allow-Origin" not in answer.headers
    assert queued(folder) == set()


def test_the_build_route_still_builds_for_this_sites_page(server_limits):
    client, folder = server_limits
    answer = client.post("/api/3d/endgames/build", json={"material": "KRNK", "n": 7},
                         headers={"Origin": "http://localhost", "Sec-Fetch-Site": "same-origin"})
    assert answer.status_code == 202 and queued(folder) == {"KRNK-7x7x7"}


REBOUND = ["evil.example:5000", "evil.example", "localhost.evil.example", "127.0.0.1.nip.example"]


@pytest.mark.parametrize("host", REBOUND)
def test_a_rebinding_host_is_refused_naming_it(server_limits, host):
    """The page of evil.example, its name made to resolve to this server: to the browser it is
    same-origin (Origin and Host alike), so only the Host tells."""
    client, folder = server_limits
    answer = client.get("/api/3d/endgames/position", query_string={"material": "KRNK", "n": 7},
                        headers={"Host": host, "Origin": f"http://{host}", "Sec-Fetch-Site": "same-origin"})
    body = answer.get_json()
    assert answer.status_code == 400 and body["error"] == "host_not_allowed", body
    assert repr(host) in body["message"] and "KBN_ALLOWED_HOSTS" in body["message"]
    assert queued(folder) == set()


def test_a_rebinding_host_on_a_page_is_an_error_page_in_the_users_language(client):
    page = client.get("/kbn?lang=fr", headers={"Host": "evil.example:5000", "Accept": "text/html,*/*;q=0.8"})
    text = html.unescape(page.get_data(as_text=True))
    assert page.status_code == 400 and page.mimetype == "text/html"
    assert "'evil.example:5000'" in text and "KBN_ALLOWED_HOSTS" in text and 'lang="fr"' in text
    assert "ne répond pas" in text


@pytest.mark.parametrize("host", ["localhost", "localhost:5000", "127.0.0.1:8000", "[::1]:5000", "192.0.2.7",
                                  "LocalHost.:80"])
def test_localhost_and_ip_addresses_are_answered(client, host):
    answer = client.get("/healthz", headers={"Host": host})
    assert answer.status_code == 200, answer.get_json()


def test_the_operator_names_the_hosts(monkeypatch, app_config):
    monkeypatch.setenv("KBN_ALLOWED_HOSTS", "lab.example.org, .chess.example")
    client = create_app(app_config).test_client()
    for host, status in (("lab.example.org", 200), ("LAB.example.org:443", 200), ("chess.example", 200),
                         ("a.b.chess.example", 200), ("notchess.example", 400), ("localhost", 200),
                         ("example.org", 400)):
        assert client.get("/healthz", headers={"Host": host}).status_code == status, host


def test_the_names_gunicorn_binds_are_answered(app_config):
    app = create_app(app_config)
    allow_bound_names(app, ["lab.internal:8000", "unix:/run/kbn.sock", "[::1]:5000", "0.0.0.0:80"])
    assert app.config["ALLOWED_HOSTS"] == ["localhost", "lab.internal"]
    assert app.test_client().get("/healthz", headers={"Host": "lab.internal:8000"}).status_code == 200


def test_host_matching():
    assert host_allowed("anything.example", ["*"]) and host_allowed("[2001:db8::1]:80", [])
    assert not host_allowed("", ["localhost"]) and not host_allowed("[::1", ["localhost"])
    assert not host_allowed("xlocalhost", ["localhost"]) and not host_allowed("chess.example.evil", [".chess.example"])
