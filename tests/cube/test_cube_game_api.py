"""POST /api/3d/game: the lab's two-player game record, written by the server (piece, from-cube,
to-cube in the board's labels, x for a capture, + and #) and read back from its text, its URL form
or a list of cube pairs; every move checked by the rules, a refused one named by its number."""

from __future__ import annotations

import pytest

from tests.helpers.cube import board_text

from tablebase.cube.record import cube_label, read_tags, replay, write
from tablebase.core.cube_notation import CubePosition

# White: Kc3(III), Qb3(I); Black: Ka3(III). 1. Qa3(I)+ Ka2(III) 2. Qb2(II)#.
MATE_IN_TWO = "[k#K,###,###],[###,###,###],[#Q#,###,###]"
PAIRS = [[[1, 0, 2], [0, 0, 2]], [[0, 0, 0], [0, 1, 0]], [[0, 0, 2], [1, 1, 1]]]
RECORD = '[Board "k1K,3,3/3,3,3/1Q1,3,3"]\n[Turn "White"]\n1. Qb3(I)-a3(I)+ Ka3(III)-a2(III) 2. Qa3(I)-b2(II)# 1-0'


def game(client, **body):
    answer = client.post("/api/3d/game", json=body)
    return answer.status_code, answer.get_json()


def test_cube_labels_are_the_boards():
    assert cube_label(3, (2, 1, 2)) == "c2(I)"
    assert cube_label(10, (0, 0, 0)) == "a10(X)"
    assert cube_label(10, (9, 9, 9)) == "j1(I)"
    assert cube_label(4, (1, 2, 0)) == "b2(IV)"


def test_moves_as_cube_pairs_are_written_with_checks_mate_and_the_result(client):
    status, answer = game(client, board=MATE_IN_TWO, moves=PAIRS)
    assert status == 200
    assert [m["notation"] for m in answer["moves"]] == ["Qb3(I)-a3(I)+", "Ka3(III)-a2(III)", "Qa3(I)-b2(II)#"]
    assert answer["record"] == RECORD
    assert answer["url"] == "Qb3(I)-a3(I),Ka3(III)-a2(III),Qa3(I)-b2(II)"
    assert answer["result"] == "1-0"
    assert [m["turn"] for m in answer["moves"]] == ["b", "w", "b"]
    assert answer["moves"][-1]["pieces"] == {"2,0,0": "wK", "0,1,0": "bK", "1,1,1": "wQ"}
    assert answer["moves"][-1]["checkmate"] is True
    assert answer["board"] == "k1K,3,3/3,3,3/1Q1,3,3" and answer["turn"] == "w"


@pytest.mark.parametrize("moves", [
    RECORD,  # as saved
    "Qb3(I)-a3(I) Ka3(III)-a2(III) Qa3(I)-b2(II)",  # no numbers, no marks
    "Qb3(I)-a3(I),Ka3(III)-a2(III),Qa3(I)-b2(II)",  # the URL form
    "1.Qb3(I)–a3(I)+ 1...Ka3(III)–a2(III) 2.a3(I)-b2(II)#",  # dashes, numbers glued on, a letter left out
    ["Qb3(I)-a3(I)+", "Ka3(III)-a2(III)", "Qa3(I)-b2(II)#"],
])
def test_every_written_form_reads_back_to_the_same_game(client, moves):
    board = None if isinstance(moves, str) and moves.startswith("[Board") else MATE_IN_TWO
    status, answer = game(client, **({"board": board} if board else {}), moves=moves)
    assert status == 200, answer
    assert answer["record"] == RECORD


def test_a_capture_is_written_with_x_and_black_may_begin(client):
    # Black to move: the black rook on a3(III) takes the white queen on a3(I), checking the king on a1(I).
    board = "[r##,###,##k],[###,###,###],[Q##,###,K##]"
    status, answer = game(client, board=board, turn="b", moves=[[[0, 0, 0], [0, 0, 2]]])
    assert status == 200, answer
    assert answer["moves"][0]["notation"] == "Ra3(III)xa3(I)+"
    assert answer["moves"][0]["capture"] is True
    assert answer["record"].endswith('[Turn "Black"]\n1... Ra3(III)xa3(I)+')
    again = game(client, moves=answer["record"])[1]
    assert again["moves"] == answer["moves"] and again["turn"] == "b"


@pytest.mark.parametrize("moves, words", [
    ("Qb3(I)-c1(I)", "1. Qb3(I)-c1(I): the white queen on b3(I) cannot go to c1(I)"),
    ("Qb3(I)-a3(I) Qa3(I)-a1(I)", "1... Qa3(I)-a1(I): it is Black's move, and there is no black piece on a3(I)"),
    ("Rb3(I)-a3(I)", "the piece on b3(I) is a white queen"),
    ("Qb3(IV)-a3(I)", "b3(IV) is not a cube of the 3×3×3 board"),
    ("Qb3(I)-a3(I) hello", "cannot read 'hello' after move 1"),
    (RECORD.replace(" 1-0", " Kb3(III)-b2(III)"), "the game is already over, checkmate"),
])
def test_a_refused_move_is_named(client, moves, words):
    status, answer = game(client, board=MATE_IN_TWO, moves=moves)
    assert status == 400
    assert words in answer["message"]


def test_no_game_from_a_position_that_cannot_start_one(client):
    status, answer = game(client, board="[###,###,###],[###,#K#,###],[###,###,###]", moves=[])
    assert status == 400
    assert "no game can start from this position: there is no black king on the board" in answer["message"]
    status, answer = game(client, moves="Qb3(I)-a3(I)")
    assert status == 400 and "[Board" in answer["message"]


@pytest.mark.parametrize("body, code, words", [
    ({"board": MATE_IN_TWO, "moves": "1. Qz9(I)-a3(I)"}, "bad_record", "cannot read 'Qz9(I)-a3(I)' after move 0"),
    # On a board no game can start from, an unreadable record is still the record's fault, said first.
    ({"board": "[###,###,###],[###,#K#,###],[###,###,###]", "moves": "garbage"}, "bad_record", "cannot read 'garbage'"),
    ({"moves": "Qb3(I)-a3(I)"}, "bad_record", "the game record names no start position"),
    ({"moves": "x" * 40_001}, "bad_record", "a game record of 40001 characters is longer than the 40000 read"),
    ({"board": MATE_IN_TWO, "moves": [7]}, "bad_record", "a move must be text like Qb3(I)-a3(I)"),
    # The record's start board that cannot be read is the board's fault; a readable record on a board
    # no game can start from, the position's.
    ({"moves": '[Board "k1K"] 1. Qb3(I)-a3(I)'}, "bad_board", "not a board: 'k1K' has 1 layer"),
    ({"board": "[###,###,###],[###,#K#,###],[###,###,###]", "moves": "Kb2(II)-a2(II)"}, "illegal_position",
     "no black king"),
])
def test_a_record_that_cannot_be_read_is_the_record_s_fault(client, body, code, words):
    status, answer = game(client, **body)
    assert status == 400, answer
    assert answer["error"] == code
    assert words in answer["message"]


def test_the_record_module_reads_what_it_writes_at_n_10():
    start = CubePosition.parse(board_text(10, {(0, 0, 0): "K", (4, 6, 2): "k", (9, 9, 9): "Q"}))
    steps = replay(start, "w", [[[9, 9, 9], [9, 0, 9]]])
    assert steps[0].notation == "Qj1(I)-j10(I)"
    text = write(start, "w", steps)
    position, turn, moves = read_tags(text)
    assert [s.notation for s in replay(position, turn, moves)] == ["Qj1(I)-j10(I)"]
