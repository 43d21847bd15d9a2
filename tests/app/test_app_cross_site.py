"""Another site's page cannot make the server work: a request that a browser marks as coming from
another site (``Sec-Fetch-Site``) or that names another origin (``Origin``, ``Referer``) queues no
table's build, GET or JSON POST; it answers 403 ``cross_site_build`` on the API (a page still opens,
its own scripts then ask). The same request from this site's pages or from a client that sends none
of these headers (curl, another server) queues it (202). Built tables answer every origin as before.
tests/app/test_app_same_site.py has the rest of issue 36: other hosts, other sites' POSTs."""

from __future__ import annotations

import pytest

from webapp import create_app

KRK = "8/8/8/4k3/8/8/8/R3K3 w - - 0 1"
# every route that reads a table it may have to build, and the table it asks for first
API = [
    ("/api/tablebase", {"fen": KRK}, "KRK-8x8"),
    ("/standard", {"fen": KRK}, "KRK-8x8"),
    ("/api/tablebase/mainline", {"fen": KRK}, "KRK-8x8"),
    ("/standard/mainline", {"fen": KRK}, "KRK-8x8"),
    ("/api/tablebase/random", {"material": "KRK"}, "KRK-8x8"),
    ("/api/tablebase/heatmap", {"fen": KRK}, "KRK-8x8"),
    ("/api/mates/lesson", {"lesson": 1}, "KQK-8x8"),
    ("/api/kbn/lesson", {"lesson": 1}, "KBNK-8x8"),
    ("/api/mates/lesson/idea", {"lesson": 3}, "KRK-8x8"),
    ("/api/kbn/lesson/idea", {"lesson": 1}, "KBNK-8x8"),
    ("/healthz", {}, "KBNK-8x8"),
    ("/api/3d/endgames/position", {"material": "KRK", "n": 3}, "KRK-3x3x3"),
]
PAGES = [
    ("/mates/KRK", {}, "KRK-8x8"),
    ("/mates/KRK", {"fen": KRK}, "KRK-8x8"),
    ("/kbn", {}, "KBNK-8x8"),
]
CROSS_SITE = [{"Sec-Fetch-Site": "cross-site"}, {"Sec-Fetch-Site": "same-site"},
              {"Origin": "https://elsewhere.example"}, {"Origin": "null"},
              {"Sec-Fetch-Site": "same-origin", "Origin": "http://localhost.elsewhere.example"},
              {"Referer": "https://elsewhere.example/page.html"}, {"Referer": "http://localhost:8080/"},
              {"Sec-Fetch-Site": "same-origin", "Referer": "https://elsewhere.example/"}]
SAME_SITE = [{"Sec-Fetch-Site": "same-origin"}, {"Sec-Fetch-Site": "none"}, {},
             {"Origin": "http://localhost"}, {"Origin": "https://LOCALHOST:443"},
             {"Referer": "http://localhost/kbn?fen=x"}, {"Referer": ""}]


@pytest.fixture()
def empty(tmp_path):
    """An app on a table folder holding nothing, with no builder: a request that queues a build
    leaves its record in the folder and nothing is built."""
    folder = tmp_path / "tables"
    folder.mkdir()
    app = create_app({"TESTING": True, "TABLES": str(folder), "CUBE_MAX_N_ONE_MAN": 4, "CUBE_MAX_N_TWO_MEN": 3,
                      "TABLE_BUILDER": False})
    return app.test_client(), folder


def queued(folder) -> set[str]:
    return {p.name.removesuffix(".tbl.json") for p in (folder / ".builds").glob("*.json")}


@pytest.mark.parametrize("headers", CROSS_SITE)
@pytest.mark.parametrize("path, query, table", API)
def test_a_cross_site_request_queues_nothing_and_says_why(empty, path, query, table, headers):
    client, folder = empty
    answer = client.get(path, query_string=query, headers=headers)
    body = answer.get_json()
    assert answer.status_code == 403 and body["error"] == "cross_site_build", body
    material, size = table.split("-")
    assert f"{material} on {size} is not built" in body["message"] and "this site's own pages" in body["message"]
    assert queued(folder) == set()


@pytest.mark.parametrize("path, query, table", API)
def test_the_same_request_from_this_site_queues_the_build(empty, path, query, table):
    client, folder = empty
    answer = client.get(path, query_string=query, headers={"Sec-Fetch-Site": "same-origin"})
    assert answer.status_code == 202, answer.get_json()
    assert table in queued(folder)


@pytest.mark.parametrize("headers", SAME_SITE)
def test_requests_not_marked_cross_site_queue_the_build(empty, headers):
    client, folder = empty
    answer = client.get("/api/tablebase/random", query_string={"material": "KRK"}, headers=headers)
    assert answer.status_code == 202 and queued(folder) == {"KRK-8x8"}


@pytest.mark.parametrize("headers", CROSS_SITE)
@pytest.mark.parametrize("path, query, table", PAGES)
def test_a_page_opened_from_another_site_opens_and_queues_nothing(empty, path, query, table, headers):
    client, folder = empty
    answer = client.get(path, query_string=query, headers=headers)
    assert answer.status_code == 200 and answer.mimetype == "text/html"
    assert queued(folder) == set()
    again = client.get(path, query_string=query, headers={"Sec-Fetch-Site": "same-origin"})
    assert again.status_code == 200 and table in queued(folder)


@pytest.mark.parametrize("headers", CROSS_SITE)
def test_a_json_post_from_another_site_queues_nothing(empty, headers):
    """The 3D tablebase's POST is open to every origin (a preflight is granted), for its built tables:
    another site's JSON POST for a table not built is a 403 it can read, and queues nothing."""
    client, folder = empty
    answer = client.post("/api/3d/tablebase", json={"board": "[###,###,###],[##k,###,###],[R##,K##,###]"},
                         headers=headers)
    body = answer.get_json()
    assert answer.status_code == 403 and body["error"] == "cross_site_build", body
    assert "KRK on 3x3x3 is not built" in body["message"] and answer.headers["Access-Control-Allow-Origin"] == "*"
    assert queued(folder) == set()
    again = client.post("/api/3d/tablebase", json={"board": "[###,###,###],[##k,###,###],[R##,K##,###]"},
                        headers={"Sec-Fetch-Site": "same-origin", "Origin": "http://localhost"})
    assert again.status_code == 202 and queued(folder) == {"KRK-3x3x3"}


def test_the_refusal_is_readable_from_the_other_site(empty):
    client, _ = empty
    answer = client.get("/standard", query_string={"fen": KRK}, headers={"Origin": "https://lichess.org"})
    assert answer.status_code == 403 and answer.headers["Access-Control-Allow-Origin"] == "*"


@pytest.mark.parametrize("headers", CROSS_SITE)
def test_a_built_table_answers_every_site(client, headers):
    answer = client.get("/standard", query_string={"fen": KRK}, headers=headers)
    assert answer.status_code == 200 and answer.get_json()["dtm"] is not None
    assert answer.headers["Access-Control-Allow-Origin"] == "*"


@pytest.mark.parametrize("path, query", [
    ("/api/3d/endgames/position", {"material": "KRK", "n": 3, "seed": "x"}),
    ("/api/3d/endgames/position", {"material": "KRK", "n": 3, "min": "-1x"}),
    ("/api/tablebase/random", {"material": "KRK", "min": "x"}),
])
def test_a_bad_parameter_is_refused_before_any_build_is_queued(empty, path, query):
    client, folder = empty
    answer = client.get(path, query_string=query)
    assert answer.status_code == 400, answer.get_json()
    assert queued(folder) == set()


@pytest.mark.parametrize("query", [{"n": 3}, {"n": 3, "material": "KRNK"}])
def test_the_3d_overview_answers_from_the_results_file_and_queues_nothing(empty, query):
    """The overview of the 3D tables reads the recorded results of tables not built here: from
    another site as from this one, it answers at once and starts no build."""
    client, folder = empty
    for headers in (CROSS_SITE[0], SAME_SITE[0]):
        answer = client.get("/api/3d/endgames", query_string=query, headers=headers)
        assert answer.status_code == 200 and answer.get_json()["endgames"], answer.get_json()
    assert queued(folder) == set()
