"""Issue 36: every 3D request costs what it should. A board's or game's work is counted from what it
holds when it is read and refused at once past the one budget (400 too_hard naming the limit and
the figure); the game's list form is bounded like its text; atoms are read strictly; a refusal
naming men stays short. The hostile inputs are written here, not made by the code under test; CPU
times are generous bounds (a refusal well under 0.5 s, an answer under 1 s), never tight timings."""

from __future__ import annotations

import json
import time

import pytest

from tablebase.core.atoms import Atom
from tablebase.core.cube_work import WORK_BUDGET, atom_work

RIDERS_16 = "001*,011*,111*,012*,112*,122*,013*,023*,113*,123*,133*,223*,233*,014*,034*,114*"
LETTERS = "ACDEFGHIJLMOPSTUVWXYZ"  # every letter a custom piece may take


def crowded(n: int, men: int, letters: str, black: bool = True) -> str:
    """The n×n×n board with White's king first, Black's last, and ``men`` men in reading order after
    White's king, the letters in turn (every other one Black's when ``black``)."""
    cells = ["#"] * n ** 3
    cells[0], cells[-1] = "K", "k"
    for i in range(men):
        letter = letters[i % len(letters)]
        cells[1 + i] = letter.lower() if black and i % 2 else letter
    layers = ["[" + ",".join("".join(cells[z * n * n + y * n:z * n * n + (y + 1) * n]) for y in range(n)) + "]"
              for z in range(n)]
    return ",".join(layers)


HOSTILE = {"board": crowded(10, 400, LETTERS), "turn": "w", "pieces": {letter: RIDERS_16 for letter in LETTERS}}
STANDARD = {"board": crowded(10, 400, "QRBN"), "turn": "w"}
# The kings step to and fro on the 10x10x10 board: White's between its first two cubes, Black's
# between its last two.
TO_AND_FRO = [[[0, 0, 0], [1, 0, 0]], [[9, 9, 9], [8, 9, 9]], [[1, 0, 0], [0, 0, 0]], [[8, 9, 9], [9, 9, 9]]]
KINGS = crowded(10, 0, "")


def timed(client, route: str, body: dict):
    started = time.process_time()
    answer = client.post(route, json=body)
    return answer, time.process_time() - started


def test_the_hostile_board_of_issue_36_is_refused_at_once_naming_the_limit_and_its_figure(client):
    assert len(json.dumps(HOSTILE)) > 3000
    answer, cpu = timed(client, "/api/3d/position", HOSTILE)
    body = answer.get_json()
    assert answer.status_code == 400 and body["error"] == "too_hard"
    assert f"{WORK_BUDGET:,}" in body["message"] and "402 men" in body["message"]
    assert body["says"]["params"]["most"] == {"number": WORK_BUDGET}
    assert body["says"]["params"]["work"]["number"] > WORK_BUDGET
    assert cpu < 0.5


@pytest.mark.parametrize("route", ["/api/3d/position", "/api/3d/analyze", "/api/3d/attacks", "/api/3d/game",
                                   "/api/3d/tablebase"])
def test_every_route_reading_a_board_refuses_it_alike(client, route):
    answer, cpu = timed(client, route, {**HOSTILE, "moves": []})
    assert answer.status_code == 400 and answer.get_json()["error"] == "too_hard" and cpu < 0.5


def test_the_same_board_of_standard_men_is_answered_within_a_second(client):
    answer, cpu = timed(client, "/api/3d/position", STANDARD)
    assert answer.status_code == 200 and len(answer.get_json()["pieces"]) == 402
    assert cpu < 1.0


def test_a_riders_work_grows_with_the_board():
    rider, leaper = Atom((0, 0, 1), True), Atom((0, 0, 1), False)
    assert atom_work(rider, 4) < atom_work(rider, 10)
    assert atom_work(leaper, 4) == atom_work(leaper, 10)
    assert atom_work(Atom((1, 2, 3), True), 10) < atom_work(Atom((0, 0, 1), True), 10) * 8


def test_a_game_of_many_moves_as_a_list_is_refused_before_any_is_read(client):
    answer, cpu = timed(client, "/api/3d/game", {"board": KINGS, "moves": TO_AND_FRO * 750})  # 3,000 moves
    assert answer.status_code == 400 and "more than 1000 moves" in answer.get_json()["message"]
    assert cpu < 0.5


def test_a_lists_texts_are_bounded_like_the_record(client):
    moves = ["1." * 10_000] * 3  # 60,000 characters of move numbers
    answer, cpu = timed(client, "/api/3d/game", {"board": KINGS, "moves": moves})
    assert answer.status_code == 400 and "40000" in answer.get_json()["message"].replace(",", "") and cpu < 0.5


def test_a_thousand_moves_with_custom_men_are_refused_at_once(client):
    board = crowded(10, 2, "A", black=True)  # Kings and a custom man each: White's on 1,0,0, Black's on 2,0,0
    moves = [[[0, 0, 0], [0, 1, 0]], [[9, 9, 9], [8, 9, 9]], [[0, 1, 0], [0, 0, 0]], [[8, 9, 9], [9, 9, 9]]] * 250
    answer, cpu = timed(client, "/api/3d/game", {"board": board, "pieces": {"A": RIDERS_16}, "moves": moves})
    body = answer.get_json()
    assert answer.status_code == 400 and body["error"] == "too_hard" and "1000 moves" in body["message"]
    assert cpu < 0.5


def test_the_kings_longest_game_is_refused_and_a_shorter_one_answered_within_a_second(client):
    answer = client.post("/api/3d/game", json={"board": KINGS, "moves": TO_AND_FRO * 250})
    assert answer.status_code == 400 and answer.get_json()["error"] == "too_hard"
    answer, cpu = timed(client, "/api/3d/game", {"board": KINGS, "moves": TO_AND_FRO * 40})
    assert answer.status_code == 200 and len(answer.get_json()["moves"]) == 160
    assert cpu < 1.0


@pytest.mark.parametrize("atoms", [" 011*", "011*\n", "011*, 012", "011 *", "\t012"])
def test_atoms_are_read_strictly_as_the_openapi_pattern_says(client, atoms):
    answer = client.post("/api/3d/position", json={"board": "[U#,#K],[k#,##]", "pieces": {"U": atoms}})
    assert answer.status_code == 400 and answer.get_json()["error"] == "bad_piece"


def test_atoms_written_as_the_pattern_says_are_read(client):
    answer = client.post("/api/3d/position", json={"board": "[U#,#K],[k#,##]", "pieces": {"U": "011*,012"}})
    assert answer.status_code == 200 and answer.get_json()["custom_pieces"] == {"U": "011*,012"}


def test_too_many_men_for_the_tables_are_named_by_their_letters_and_the_refusal_stays_short(client):
    eight = "001,011,111,012,112,122,013,023"
    body = {"board": crowded(6, 40, "UV", black=False), "pieces": {"U": eight, "V": eight.replace("023", "113")}}
    answer = client.post("/api/3d/tablebase", json=body)
    found = answer.get_json()
    assert answer.status_code == 404 and found["error"] == "not_in_table"
    assert "not 40: " in found["message"] and found["message"].endswith(" …")
    assert set(found["message"].split("not 40: ")[1][:-2].split()) <= {"U", "V"}
    assert len(json.dumps(found["says"])) < 400


def test_black_men_for_the_tables_are_counted_and_named_shortly(client):
    answer = client.post("/api/3d/tablebase", json={"board": crowded(6, 40, "QR"), "turn": "w"})
    found = answer.get_json()
    assert answer.status_code == 404 and "20 black men: r r r r r r r r …" in found["message"]
    assert len(json.dumps(found["says"])) < 400
