"""What the detail of a cell of /3d/endgames reads from GET /api/3d/endgames: the wins by the lone
king's distance to a face (against the entries read back and a plain count of the brute force), the
explanation worded from the numbers, one material asked for, and a table beyond the server's
limits served because its file is there."""

from __future__ import annotations

import numpy as np
import pytest

from tablebase.cli import main
from tablebase.cube.endgames.faces import wins_by_face
from tablebase.tables import TableId
from tests.helpers.tables import app_on, folder_with


def entry(client, material, n):
    r = client.get(f"/api/3d/endgames?n={n}&material={material}")
    assert r.status_code == 200, r.get_json()
    body = r.get_json()
    assert body["n"] == n and [e["material"] for e in body["endgames"]] == [material]
    return body["endgames"][0]


@pytest.mark.parametrize("material, n", [("KQK", 4), ("KRK", 4), ("KRRK", 3), ("KNNK", 3)])
def test_wins_by_face_distance_match_a_plain_count(client, tables, brute_force, material, n):
    found = entry(client, material, n)
    rows = found["won_by_face_distance"]
    assert [r["distance"] for r in rows] == list(range((n - 1) // 2 + 1))
    assert [r["won"] for r in rows] == wins_by_face(tables(TableId.cube(material, n)))  # read off the entries
    assert sum(r["positions"] for r in rows) == found["positions"] and sum(r["won"] for r in rows) == found["won"]
    # a plain loop over every placement of the brute force, the lone king's cube last
    pieces = tuple(material[1:-1])
    solver = brute_force(n)
    values = solver.solve(pieces).reshape(-1, n ** 3)
    legal = solver.white_to_move[pieces].reshape(-1, n ** 3)
    pairs = 2 if len(pieces) == 2 and pieces[0] == pieces[1] else 1
    expected = [[0, 0] for _ in rows]
    for cube in range(n ** 3):
        x, y, z = cube % n, cube // n % n, cube // (n * n)
        distance = min(x, y, z, n - 1 - x, n - 1 - y, n - 1 - z)
        expected[distance][0] += int(np.count_nonzero(legal[:, cube]))
        expected[distance][1] += int(np.count_nonzero(values[:, cube]))
    assert [[r["positions"], r["won"]] for r in rows] == [[p // pairs, w // pairs] for p, w in expected]


def test_the_explanation_words_the_numbers(client):
    assert entry(client, "KQK", 4)["explanation"][0] == "White wins from every position, in at most 4 moves."
    nothing = entry(client, "KRK", 4)["explanation"]
    assert nothing == ["No checkmate position exists: K+R cannot mate the lone king anywhere on 4×4×4, "
                       "so White wins no position."]
    krrk = entry(client, "KRRK", 3)
    assert krrk["explanation"][0].startswith("White wins 99.4% of the positions (66,600 of 67,032)")
    assert f"{krrk['checkmates']:,} checkmate positions" in krrk["explanation"][-1]


@pytest.mark.parametrize("query, status, words", [
    ("?n=3&material=KXK", 400, "'KXK'"),
    ("?n=7&material=KQK", 404, "KQK on n = 7"),
    ("?n=3&material=KQRNK", 404, "no 3D table for KQRNK"),
])
def test_one_material_asked_for_badly(client, query, status, words):
    r = client.get("/api/3d/endgames" + query)
    assert r.status_code == status and words in r.get_json()["message"], r.get_json()


@pytest.fixture(scope="module")
def beyond_limits(tables_folder, tmp_path_factory):
    """A folder with KQK 5x5x5, built by the command line, and an app that builds one man up to n = 4."""
    folder = folder_with(tables_folder, tmp_path_factory.mktemp("beyond"))
    assert main(["build3d", "--material", "KQK", "--n", "5", "--dir", str(folder)]) == 0
    return folder


def test_a_table_beyond_the_limits_is_served_when_its_file_is_there(beyond_limits):
    client = app_on(beyond_limits, CUBE_MAX_N_ONE_MAN=4).test_client()
    body = client.get("/api/3d/endgames?n=5").get_json()
    assert [e["material"] for e in body["endgames"]] == ["KQK"]  # the others are neither built nor built here
    kqk = body["endgames"][0]
    assert kqk["won"] == kqk["positions"] and kqk["longest"] == 8  # the README's 5x5x5 figure
    assert [r["distance"] for r in kqk["won_by_face_distance"]] == [0, 1, 2]
    states = {t["material"]: t for t in client.get("/api/3d/endgames/status?n=5").get_json()["tables"]}
    assert states["KQK"]["state"] == "ready" and states["KQK"]["won_by_face_distance"] == kqk["won_by_face_distance"]
    assert states["KRK"]["state"] == "unavailable"
    assert client.get("/api/3d/endgames?n=5&material=KRK").status_code == 404
    longest = client.get("/api/3d/endgames/position?material=KQK&n=5&pick=longest&seed=2").get_json()
    assert longest["dtm"] == 2 * 8 - 1
    assert not (beyond_limits / ".builds" / "KQK-5x5x5.json").exists()  # served, never queued


def test_the_explanation_of_wins_only_on_the_faces_and_of_wins_everywhere():
    from tablebase.cube.endgames import explain
    from tablebase.retrograde import Material
    from tablebase.tables.summary import FaceDistanceCount, TableSummary

    def facts(rows):
        faces = tuple(FaceDistanceCount(d, p, w) for d, (p, w) in enumerate(rows))
        return TableSummary(sum(p for p, _ in rows), sum(w for _, w in rows), 9, (1,) * 9, 0, 4376, faces)

    # KQK on 8x8x8's figures
    cliff = explain(Material.parse("KQK"), 8, facts([(67010088, 1131744), (32880080, 0), (11827056, 0), (1649792, 0)]))
    assert cliff[0] == ("White wins 1.0% of the positions (1,131,744 of 113,367,016); the longest mate takes 9 moves.")
    assert cliff[1] == ("White wins only with the lone king on a face of the cube (1.7% of those positions): "
                        "with the king anywhere off the faces, no position is won.")
    spread = explain(Material.parse("KQRK"), 7, facts([(640, 325), (360, 175), (0, 0)]))[1]
    assert spread == ("The wins are not confined to the faces: 65.0% of them have the lone king on a face, where "
                      "64.0% of all positions have it, and some have it 1 step inside.")
    unrecorded = TableSummary(100, 50, 9, (1,) * 9, 0, 4376, None)
    assert len(explain(Material.parse("KQK"), 8, unrecorded)) == 2  # no word on the faces it does not know
