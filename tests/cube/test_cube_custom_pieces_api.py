"""The 3D lab's routes with custom pieces: ``"pieces": {"U": "011*"}`` beside ``"board"``, a
custom piece's moves, check and mate by it, a game with it, and bad definitions refused (400)
naming the atom or the letter."""

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from tests.helpers.fast import examples

BOARD = "3,1U1,3/3,3,3/K2,3,2k"  # U on (1,1,0), the kings on (0,0,2) and (2,2,2)


def _biagonal_targets(start, n):
    """Cubes one or more biagonal steps from ``start`` on an empty board (the test's own walk)."""
    found = set()
    for axes in ((0, 1), (0, 2), (1, 2)):
        for sx in (1, -1):
            for sy in (1, -1):
                cube = list(start)
                while True:
                    cube[axes[0]] += sx
                    cube[axes[1]] += sy
                    if not all(0 <= c < n for c in cube):
                        break
                    found.add(tuple(cube))
    return found


def test_a_custom_riders_moves_are_its_atoms_moves(client):
    body = client.post("/api/3d/moves", json={"board": BOARD, "pieces": {"U": "011*"}, "from": [1, 1, 0]}).get_json()
    assert {tuple(c) for c in body["moves"]} == _biagonal_targets((1, 1, 0), 3)


def test_the_same_letter_as_another_piece_moves_otherwise(client):
    knight = client.post("/api/3d/moves", json={"board": BOARD, "pieces": {"U": "012"}, "from": [1, 1, 0]}).get_json()
    assert {tuple(c) for c in knight["moves"]} == {(1, 0, 2), (1, 2, 2), (0, 1, 2), (2, 1, 2)}


def test_check_by_a_custom_piece(client):
    board = "3,3,3/3,U2,3/K2,3,k2"  # U (0,1,1), k (0,2,2): one biagonal step
    position = client.post("/api/3d/position", json={"board": board, "pieces": {"u": "011*"}, "turn": "b"}).get_json()
    assert position["check"] is True and position["checkers"] == [[0, 1, 1]]
    assert position["custom_pieces"] == {"U": "011*"} and position["pieces"]["0,1,1"] == "wU"


def test_a_game_with_a_custom_piece(client):
    body = client.post("/api/3d/game", json={"board": BOARD, "pieces": {"U": "011*"}, "moves": [[[1, 1, 0], [0, 1, 1]]]})
    assert body.status_code == 200, body.get_json()
    game = body.get_json()
    assert game["moves"][0]["piece"] == "wU" and game["moves"][0]["notation"].startswith("U")
    assert game["custom_pieces"] == {"U": "011*"}
    assert '[Pieces "U=011*"]' in game["record"]
    again = client.post("/api/3d/game", json={"moves": game["record"]})  # the record names its pieces
    assert again.get_json()["moves"][0]["notation"] == game["moves"][0]["notation"]


def test_a_board_naming_an_undefined_letter_is_refused(client):
    r = client.post("/api/3d/analyze", json={"board": BOARD})
    assert r.status_code == 400 and "'U'" in r.get_json()["message"]


@pytest.mark.parametrize("pieces, named", [
    ({"U": "021*"}, "'021*'"), ({"U": "11*"}, "'11*'"), ({"U": "011*,x"}, "'x'"), ({"Q": "011*"}, "'Q'"),
    ({"UV": "011*"}, "'UV'"), ({"U": 11}, "11"), ({"U": "000"}, "'000'"),
])
def test_bad_definitions_are_a_400_naming_the_atom(client, pieces, named):
    for route in ("/api/3d/analyze", "/api/3d/position", "/api/3d/attacks", "/api/3d/game"):
        r = client.post(route, json={"board": BOARD, "pieces": pieces, "moves": []})
        assert r.status_code == 400, route
        assert r.get_json()["error"] == "bad_piece" and named in r.get_json()["message"], r.get_json()


@settings(max_examples=examples(150), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(atoms=st.one_of(st.text(alphabet="0123456789*, x-", max_size=12),
                       st.sampled_from(["0x9*", "12", "1*", "", "021*", "0123", "011*,011*", "001*,002*", "111*,x"])))
def test_a_bad_atom_is_named_alike_by_the_designer_and_by_a_material(client, atoms):
    """The one parser of atoms answers both: the lab's designer (a letter's atoms) and "Can it mate?"
    on /3d/endgames (the atoms in brackets in a material's name) say the same words of the bad atom."""
    designed = client.post("/api/3d/position", json={"board": BOARD, "pieces": {"U": atoms}})
    assume(designed.status_code == 400)
    named = client.get("/api/3d/endgames", query_string={"n": 3, "material": f"K({atoms})K"})
    assert named.status_code == 400, named.get_json()
    designer, material = designed.get_json(), named.get_json()
    assert (designer["error"], material["error"]) == ("bad_piece", "bad_material")
    assert designer["says"]["id"] == "piece %(letter)s: %(error)s"
    assert material["says"]["id"] == "in %(given)s: %(error)s"
    assert material["says"]["params"]["error"] == designer["says"]["params"]["error"]
    assert material["message"].split(": ", 1)[1] == designer["message"].split(": ", 1)[1]


def test_pieces_must_be_an_object(client):
    r = client.post("/api/3d/analyze", json={"board": BOARD, "pieces": ["U", "011*"]})
    assert r.status_code == 400 and "pieces" in r.get_json()["message"]


def test_the_lab_page_reads_pieces_from_its_address(client):
    ok = client.get("/3d", query_string={"board": BOARD, "pieces": "U=011*"})
    assert ok.status_code == 200 and b"cannot be read" not in ok.data
    bad = client.get("/3d", query_string={"board": BOARD, "pieces": "U=021"})
    assert bad.status_code == 400 and b"021" in bad.data  # the lab still drawn, naming what it could not read


@pytest.fixture(scope="module")
def custom_tables_client(tmp_path_factory):
    """An app on a folder of its own holding KRK and KR(011*)K on 3x3x3."""
    from tablebase.retrograde import Material
    from tablebase.tables import Limits, TableId, TableStore
    from webapp import create_app

    folder = tmp_path_factory.mktemp("custom_tables")
    store = TableStore(folder, Limits.everything(), background=False)
    for name in ("KRK", "KR(011*)K"):
        store.build_now(TableId.cube(Material.parse(name), 3))
    app = create_app({"TESTING": True, "TABLES": str(folder), "CUBE_MAX_N_ONE_MAN": 3, "CUBE_MAX_N_TWO_MEN": 3,
                      "CUBE_RESULTS": ""})
    return app.test_client()


def test_the_3d_tablebase_probes_a_custom_material(custom_tables_client):
    board = "3,1U1,3/3,3,3/K2,R2,2k"
    body = custom_tables_client.post("/api/3d/tablebase", json={"board": board, "pieces": {"U": "011*"}}).get_json()
    assert body["material"] == "KR(011*)K" and body["category"] == "win" and body["dtm"] % 2 == 1
    moves = [m for m in body["moves"] if m["piece"] == "wU"]
    assert moves and all(m["notation"].startswith("U") for m in moves)
    assert all(m["pieces"][",".join(map(str, m["to"]))] == "wU" for m in moves)


def test_another_letter_for_the_same_atoms_reads_the_same_table(custom_tables_client):
    board = "3,1U1,3/3,3,3/K2,R2,2k"
    first = custom_tables_client.post("/api/3d/tablebase", json={"board": board, "pieces": {"U": "011*"}}).get_json()
    second = custom_tables_client.post("/api/3d/tablebase",
                                       json={"board": board.replace("U", "X"), "pieces": {"X": "011*"}}).get_json()
    assert (first["category"], first["dtm"]) == (second["category"], second["dtm"])
    assert [m["piece"] for m in second["moves"]] == [m["piece"].replace("U", "X") for m in first["moves"]]


def test_the_endgames_routes_write_a_custom_man_under_its_letter(custom_tables_client):
    from tablebase.core.cube_notation import CubePosition, parse_pieces

    summary = custom_tables_client.get("/api/3d/endgames", query_string={"n": "3", "material": "KR(011*)K"}).get_json()
    entry = summary["endgames"][0]
    assert entry["material"] == "KR(011*)K" and entry["custom_pieces"] == {"U": "011*"} and entry["longest"] == 9
    example = CubePosition.parse(entry["example"], parse_pieces(entry["custom_pieces"]))
    assert sorted(p.symbol() for p in example.cells if p) == ["K", "R", "U", "k"]
    played = custom_tables_client.get("/api/3d/endgames/position",
                                      query_string={"n": "3", "material": "KR(011*)K", "pick": "longest"}).get_json()
    assert played["custom_pieces"] == {"U": "011*"} and played["dtm"] == 2 * 9 - 1
    again = custom_tables_client.post("/api/3d/tablebase", json={"board": played["board"],
                                                                 "pieces": played["custom_pieces"]}).get_json()
    assert (again["category"], again["dtm"]) == ("win", played["dtm"])
    assert "wU" in played["moves"][0]["pieces"].values()
