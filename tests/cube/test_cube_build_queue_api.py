"""Builds as a resource the clients share (issue 36): a request queues one table; the queue is
bounded, and one address may hold only its share of it (then 429 with Retry-After, naming the
limit); tables larger than the server builds on request name the command that builds them; and
custom pieces never stop building because others came first (the least recently used custom table
leaves to make room)."""

from __future__ import annotations

import itertools

import pytest

from tablebase.retrograde import Material
from tablebase.tables import TableId
from tablebase.tables.builder import run as run_builder
from tests.helpers.tables import app_on, folder_with

BUILD = "/api/3d/endgames/build"


def _from(address: str) -> dict:
    return {"REMOTE_ADDR": address}


@pytest.fixture()
def queue_app(tables_folder, tmp_path):
    """No builder runs: what is queued stays queued. A queue of 6, 2 of them per address."""
    return app_on(folder_with(tables_folder, tmp_path / "tables"), CUBE_MAX_N_ONE_MAN=6, CUBE_MAX_N_TWO_MEN=5,
                  BUILD_QUEUE=6, BUILD_QUEUE_PER_ADDRESS=2, TABLE_BUILDER=False)


def _build(client, address: str, material: str, n: int):
    return client.post(BUILD, json={"material": material, "n": n}, environ_base=_from(address))


def test_one_address_cannot_take_more_than_its_share_of_the_queue(queue_app):
    client = queue_app.test_client()
    for material in ("KQK", "KRK"):
        assert _build(client, "10.0.0.1", material, 5).status_code == 202
    assert _build(client, "10.0.0.1", "KQK", 5).status_code == 202  # asking again for its own: no new build
    refused = _build(client, "10.0.0.1", "KBK", 5)
    body = refused.get_json()
    assert refused.status_code == 429 and body["error"] == "build_queue_full"
    assert int(refused.headers["Retry-After"]) > 0
    assert "already has 2 builds waiting, its share of the build queue (2 of 6)" in body["message"]
    assert body["says"]["params"]["share"] == 2
    # the share counts whatever route queues the build: a probe from the same address too
    probe = client.post("/api/3d/tablebase", json={"board": "[K####,#####,#####,#####,#####],[#####,#####,#####,#####"
                                                            ",#####],[#####,#####,##N##,#####,#####],[#####,#####,"
                                                            "#####,#####,#####],[#####,#####,#####,#####,####k]"},
                        environ_base=_from("10.0.0.1"))
    assert probe.status_code == 429, probe.get_json()
    assert _build(client, "10.0.0.2", "KBK", 5).status_code == 202  # another address still gets its builds
    states = client.get("/api/3d/endgames/status?n=5").get_json()["tables"]
    assert sorted(t["material"] for t in states if t["state"] == "queued") == ["KBK", "KQK", "KRK"]


def test_a_full_queue_refuses_every_address_naming_its_limit(queue_app):
    client = queue_app.test_client()
    wanted = [(m, n) for n in (4, 5) for m in ("KQK", "KRK", "KBK", "KNK")]
    for index, (material, n) in enumerate(wanted[:6]):
        assert _build(client, f"10.0.1.{index // 2}", material, n).status_code == 202
    refused = _build(client, "10.0.2.1", *wanted[6])
    assert refused.status_code == 429 and "the build queue is full (6 builds waiting, its limit)" in \
        refused.get_json()["message"]
    assert "Retry-After" in refused.headers
    run_builder(queue_app.config["TABLES"])  # the builder empties the queue: room again
    assert _build(client, "10.0.2.1", *wanted[6]).status_code == 202


def test_a_table_larger_than_6_cubed_is_built_by_the_command_line_only(tables_folder, tmp_path):
    from webapp import create_app

    client = create_app({"TESTING": True, "TABLES": str(folder_with(tables_folder, tmp_path)), "CUBE_RESULTS": "",
                         "TABLE_BUILDER": False}).test_client()  # the server's default limits
    assert "3 <= n <= 6, two of them for 3 <= n <= 6" in client.get("/api/3d/endgames/status?n=3").get_json()["limits"]
    for material in ("KQK", "KQRK"):
        refused = client.post(BUILD, json={"material": material, "n": 7})
        assert refused.status_code == 404, refused.get_json()
        assert f"python -m tablebase build {material} --n 7" in refused.get_json()["message"]
    assert client.post(BUILD, json={"material": "KQRK", "n": 6}).status_code == 202


def _custom_pieces(count: int) -> list[str]:
    """``count`` materials of White's king and one custom piece (its atoms on a 4x4x4 cube)."""
    atoms = [f"{a}{b}{c}" for a in range(4) for b in range(a, 4) for c in range(b, 4) if (a, b, c) != (0, 0, 0)]
    found: list[str] = []
    for size in (1, 2, 3):
        for combo in itertools.combinations(atoms, size):
            try:
                material = Material.parse(f"K({','.join(combo)})K")
            except ValueError:  # riders along the same lines, or a standard piece's atoms
                continue
            if material.custom and material.name not in found:
                found.append(material.name)
            if len(found) == count:
                return found
    raise AssertionError("not enough custom pieces")


@pytest.mark.slow
def test_560_custom_pieces_all_build_the_least_recently_used_leaving(tables_folder, tmp_path):
    app = app_on(folder_with(tables_folder, tmp_path / "tables"), CUBE_MAX_N_CUSTOM=3, CUBE_MAX_CUSTOM_TABLES=500,
                 TABLE_BUILDER=False)
    client, folder = app.test_client(), tmp_path / "tables"
    pieces = _custom_pieces(561)
    kept_in_use = pieces[10]
    for index, material in enumerate(pieces[:560]):
        queued = client.post(BUILD, json={"material": material, "n": 3})
        assert queued.status_code == 202, (index, queued.get_json())  # never "keeps at most 500"
        run_builder(folder)
        if index == 400:  # one of the oldest is played again: it is now among the most recently used
            assert client.get(f"/api/3d/endgames?n=3&material={kept_in_use}").status_code == 200
    built = sorted(name for name in (p.name for p in folder.iterdir()) if "_" in name and name.endswith(".tbl"))
    assert len(built) == 500
    names = {TableId.cube(material, 3).file_name: material for material in pieces}
    here = {names[name] for name in built}
    assert set(pieces[500:560]) <= here and kept_in_use in here  # the newest, and the one used lately
    assert here == set(pieces[:560]) - set(pieces[:10]) - set(pieces[11:61])  # the 60 used least recently left
    answer = client.post(BUILD, json={"material": pieces[560], "n": 3})  # and a new piece still builds
    assert answer.status_code == 202
    run_builder(folder)
    assert client.get(f"/api/3d/endgames?n=3&material={pieces[560]}").get_json()["endgames"][0]["source"] == "table"
