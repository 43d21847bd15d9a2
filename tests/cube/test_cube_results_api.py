"""The 3D endgames API with the results file: a table this server has not built shows its verified
figures and what its build costs, a build request names one table, and each probe move is named in the record's notation."""

from __future__ import annotations

import re

import pytest

from tablebase.cube.endgames.results import DEFAULT_PATH, Results
from tests.helpers.tables import app_on, folder_with, until

MOVE = re.compile(r"^[KQRBN][a-j]\d+\([IVX]+\)[-x][a-j]\d+\([IVX]+\)[+#]?$")
RESULTS = Results.read(DEFAULT_PATH)


@pytest.fixture()
def results_client(tables_folder, tmp_path):
    """A server with the session's 2D tables only, limits 4 (one man) and 3 (two), and the
    repository's results file."""
    app = app_on(folder_with(tables_folder, tmp_path / "tables"), CUBE_RESULTS=str(DEFAULT_PATH), TABLE_BUILDER=False)
    return app.test_client()


def test_a_table_not_built_here_shows_its_verified_figures_and_its_cost(results_client):
    figures = RESULTS.figures("KQRK", 5)
    states = {(t["material"], t["n"]): t for t in results_client.get("/api/3d/endgames/status?n=5").get_json()["tables"]}
    state = states[("KQRK", 5)]
    assert state["state"] == "unavailable" and state["verified"] is True and state["buildable"] is False
    assert state["result"] == {key: figures[key] for key in ("positions", "won", "longest", "checkmates")}
    assert state["cost"]["measured"] and state["cost"]["memory_bytes"] > 0 and state["cost"]["cpu_seconds"] > 0

    answer = results_client.get("/api/3d/endgames?n=5&material=KQRK")
    assert answer.status_code == 200
    entry = answer.get_json()["endgames"][0]
    assert entry["source"] == "results" and entry["table"]["state"] == "unavailable"
    for key in ("positions", "won", "longest", "histogram", "checkmates", "won_by_face_distance", "example"):
        assert entry[key] == figures[key], key
    assert entry["explanation"][0] == "White wins from every position, in at most 8 moves."


def test_playing_a_table_beyond_the_limits_says_what_its_build_takes(results_client):
    answer = results_client.get("/api/3d/endgames/position?n=5&material=KQRK")
    assert answer.status_code == 404
    message = answer.get_json()["message"]
    assert "no 3D table for KQRK on n = 5" in message and "python -m tablebase build KQRK --n 5" in message
    assert re.search(r"about \d+(\.\d)? [MG]B of memory and \d+ (s|min) of CPU", message)


def test_a_missing_table_within_the_limits_answers_from_the_results_file_without_a_build(results_client):
    answer = results_client.get("/api/3d/endgames?n=3&material=KRNK")
    assert answer.status_code == 200
    entry = answer.get_json()["endgames"][0]
    assert entry["source"] == "results" and entry["table"]["state"] == "missing" and entry["table"]["buildable"]
    assert entry["won"] == RESULTS.figures("KRNK", 3)["won"]
    state = results_client.get("/api/3d/endgames/status?n=3").get_json()["tables"]
    assert {t["state"] for t in state} == {"missing"}  # nothing queued by reading a result


def test_a_build_request_names_one_table_and_queues_that_one(tables_folder, tmp_path):
    app = app_on(folder_with(tables_folder, tmp_path / "tables"), TABLE_BUILDER=False)
    client = app.test_client()
    for body, missing in (({}, "'material'"), ({"n": 3}, "'material'"), ({"material": "KRNK"}, "'n'")):
        refused = client.post("/api/3d/endgames/build", json=body)
        assert refused.status_code == 400 and missing in refused.get_json()["message"], body
    named = client.post("/api/3d/endgames/build", json={"material": "KRNK", "n": 3})
    assert named.status_code == 202 and [t["material"] for t in named.get_json()["tables"]] == ["KRNK"]
    queued = [t for t in client.get("/api/3d/endgames/status").get_json()["tables"] if t["state"] == "queued"]
    assert [(t["material"], t["n"]) for t in queued] == [("KRNK", 3)]


def test_an_overview_without_a_material_queues_nothing(tables_folder, tmp_path):
    client = app_on(folder_with(tables_folder, tmp_path / "tables"), TABLE_BUILDER=False).test_client()
    answer = client.get("/api/3d/endgames?n=3")
    assert answer.status_code == 200 and answer.get_json()["endgames"] == []
    assert {t["state"] for t in answer.get_json()["not_built"]} == {"missing"}
    assert {t["state"] for t in client.get("/api/3d/endgames/status?n=3").get_json()["tables"]} == {"missing"}


def test_every_probe_move_is_named_in_the_records_notation(client):
    board = "[###,###,###],[##k,###,###],[Q##,K##,###]"
    answer = client.post("/api/3d/tablebase", json={"board": board, "turn": "w"}).get_json()
    names = [move["notation"] for move in answer["moves"]]
    assert all(MOVE.match(name) for name in names), names
    assert "Qa3(I)-b3(II)#" in names and "Qa3(I)-a3(II)+" in names  # the mates first, checks marked
    mates = [m for m in answer["moves"] if m["checkmate"]]
    assert mates and all(m["notation"].endswith("#") for m in mates)
    reply = client.post("/api/3d/tablebase", json={"board": "[###,###,###],[Q#k,###,###],[###,K##,###]",
                                                   "turn": "b"}).get_json()
    assert reply["moves"] and all(MOVE.match(m["notation"]) and m["notation"].startswith("K") for m in reply["moves"])


def test_a_table_built_later_answers_from_its_file(tables_folder, tmp_path):
    """Once its file is there, a table answers from it (source table), still marked verified."""
    app = app_on(folder_with(tables_folder, tmp_path / "tables", ["KQK-3x3x3.tbl"]), CUBE_RESULTS=str(DEFAULT_PATH),
                 TABLE_BUILDER=False)
    entry = until(lambda: app.test_client().get("/api/3d/endgames?n=3&material=KQK"),
                  lambda answer: answer.status_code == 200).get_json()["endgames"][0]
    assert entry["source"] == "table" and entry["verified"] is True


def test_a_table_beyond_the_limits_is_played_where_its_file_is(tables_folder, tmp_path):
    """As an 8x8x8 table built with the command line: past the limits (two men up to 3 here), served."""
    from tablebase.tables import Limits, TableId, TableStore

    folder = folder_with(tables_folder, tmp_path / "tables")
    TableStore(folder, Limits.everything(), background=False).build_now(TableId.cube("KQRK", 4))
    client = app_on(folder, CUBE_RESULTS=str(DEFAULT_PATH), TABLE_BUILDER=False).test_client()
    states = {(t["material"], t["n"]): t for t in client.get("/api/3d/endgames/status?n=4").get_json()["tables"]}
    assert states[("KQRK", 4)]["state"] == "ready" and states[("KQBK", 4)]["state"] == "unavailable"
    answer = client.get("/api/3d/endgames/position?n=4&material=KQRK&pick=longest&seed=1")
    assert answer.status_code == 200 and answer.get_json()["mate_in"] == 5
    entry = client.get("/api/3d/endgames?n=4&material=KQRK").get_json()["endgames"][0]
    assert entry["source"] == "table" and entry["verified"] is True
