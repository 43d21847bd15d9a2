"""POST /api/3d/analyze and /api/3d/moves: SPEC's JSON contract and every bad-input class."""

import pytest
from tests.cube.test_cube_rules import REFERENCE_CASES
from tests.helpers.errors import is_error


@pytest.mark.parametrize("board, mate", REFERENCE_CASES)
def test_seed_cases_through_the_api(client, board, mate):
    r = client.post("/api/3d/analyze", json={"board": board})
    assert r.status_code == 200
    body = r.get_json()
    assert body["checkmate"] is mate
    assert set(body) == {"n", "check", "checkmate", "stalemate", "checkers"}
    assert body["n"] == board.count("[") and (not mate or body["check"])


def test_analyze_names_the_checkers(client):
    body = client.post("/api/3d/analyze", json={"board": REFERENCE_CASES[3][0]}).get_json()
    assert sorted(body["checkers"]) == [[1, 1, 1], [3, 3, 2]]


def test_analyze_accepts_a_3d_array(client):
    board = [["###", "n##", "#rr"], ["#b#", "###", "###"], ["###", "###", "bRK"]]
    assert client.post("/api/3d/analyze", json={"board": board}).get_json()["checkmate"] is True


def test_moves_of_either_colour(client):
    board = REFERENCE_CASES[0][0]
    white_king = client.post("/api/3d/moves", json={"board": board, "from": [2, 2, 2]}).get_json()
    assert white_king == {"moves": []}
    black_knight = client.post("/api/3d/moves", json={"board": board, "from": [0, 1, 0]}).get_json()
    assert [2, 2, 0] not in black_knight["moves"]  # own rook
    assert [0, 2, 2] not in black_knight["moves"]  # own bishop
    assert [0, 0, 2] in black_knight["moves"]  # (0, -1, +2)


def test_attacks_toggle(client):
    body = client.post("/api/3d/attacks", json={"board": "[#q,##],[##,K#]", "color": "b"}).get_json()
    assert [0, 1, 1] in body["cubes"] and len(body["cubes"]) == 7


@pytest.mark.parametrize("path, payload, status, words", [
    ("/api/3d/analyze", {}, 400, "missing field 'board'"),
    ("/api/3d/analyze", {"board": 5}, 400, "field 'board' must be str or list"),
    ("/api/3d/analyze", {"board": "[###,###],[###,###]"}, 400, "row 0 of layer 0 has 3 cubes"),
    ("/api/3d/analyze", {"board": "[#z,##],[##,K#]"}, 400, "unknown character 'z'"),
    ("/api/3d/analyze", {"board": "[#q,##],[##,##]"}, 400, "no white king"),
    ("/api/3d/analyze", {"board": "[KK,##],[##,##]"}, 400, "several white kings"),
    ("/api/3d/analyze", {"board": "[kk,##],[##,K#]"}, 400, "several black kings"),
    ("/api/3d/analyze", {"board": "[K]"}, 400, "between 2 and 10"),
    ("/api/3d/analyze", {"board": [["##", 5]]}, 400, "row 1 of layer 0"),
    ("/api/3d/moves", {"board": "[#q,##],[##,K#]"}, 400, "missing field 'from'"),
    ("/api/3d/moves", {"board": "[#q,##],[##,K#]", "from": [2, 0, 0]}, 400, "off the 2x2x2 board"),
    ("/api/3d/moves", {"board": "[#q,##],[##,K#]", "from": [0, 0, 0]}, 400, "is empty"),
    ("/api/3d/moves", {"board": "[#q,##],[##,K#]", "from": "a1"}, 400, "field 'from' must be list"),
    ("/api/3d/moves", {"board": "[#q,##],[##,K#]", "from": [0.5, 0, 0]}, 400, "three integers"),
    ("/api/3d/attacks", {"board": "[#q,##],[##,K#]", "color": "red"}, 400, "'red'"),
])
def test_bad_input_is_a_named_400(client, path, payload, status, words):
    r = client.post(path, json=payload)
    assert r.status_code == status
    body = r.get_json()
    assert is_error(body)
    assert words in body["message"]


def test_moves_without_own_king_follow_movement_only(client):
    r = client.post("/api/3d/moves", json={"board": "[#q,##],[##,##]", "from": [1, 0, 0]})
    assert sorted(r.get_json()["moves"]) == [[0, 0, 0], [0, 0, 1], [0, 1, 0], [0, 1, 1], [1, 0, 1], [1, 1, 0], [1, 1, 1]]
