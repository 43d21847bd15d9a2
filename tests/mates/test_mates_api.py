"""The 2D tablebase API for every basic mate: /api/tablebase, /standard and the mainlines answer
each material with KBNK's fields; random positions per material and range; the coach per material;
404s naming the limits."""

from __future__ import annotations

import chess
import pytest
from tests.helpers.mates import NAMES, PAGE_FIELDS, lichess_fields, random_boards

from tablebase import mates

FIELDS = {"category", "dtm", "mate_in", "checkmate", "stalemate", "insufficient_material", "check", "moves",
          "halfmove_clock", "fifty_move_draw", "fifty_move_plies_left", "fifty_move_count",
          "fifty_move_moves_left", "fifty_move_draws_first"}


def get(client, path: str, **params):
    response = client.get(path, query_string=params)
    assert response.is_json, response.data[:200]
    return response.status_code, response.get_json()


@pytest.mark.parametrize("material", NAMES)
@pytest.mark.parametrize("path", ["/api/tablebase", "/standard"])
def test_every_material_answers_with_kbnks_fields(client, tables, material, path):
    for board in random_boards(material, 3, seed=NAMES.index(material)):
        status, body = get(client, path, fen=board.fen())
        assert status == 200, body
        assert set(body) == FIELDS | PAGE_FIELDS
        assert lichess_fields(body) == mates.probe(tables, board.fen())


@pytest.mark.parametrize("path", ["/api/tablebase/mainline", "/standard/mainline"])
def test_mainline_of_krk_mates(client, path):
    fen = "8/8/8/4k3/8/8/8/R3K3 w - - 0 1"
    status, body = get(client, path, fen=fen)
    assert status == 200 and body["fen"] == fen
    board = chess.Board(fen)
    for ply in body["mainline"]:
        board.push_uci(ply["uci"])
    assert board.is_checkmate() and len(body["mainline"]) == 2 * 16 - 1 - 4


@pytest.mark.parametrize("fen, what", [
    ("8/8/8/3k4/8/8/P7/R3K3 w - - 0 1", "a pawn"),
    ("8/8/8/3k4/8/8/8/RRB1K3 w - - 0 1", "three men"),
    ("8/8/8/3k4/8/8/8/Rn2K3 w - - 0 1", "a man on each side"),
])
def test_outside_every_table_is_a_404_naming_the_limits(client, fen, what):
    status, body = get(client, "/api/tablebase", fen=fen)
    assert status == 404 and body["error"] == "not_in_table", what
    assert "up to two of q r b n" in body["message"].lower()


@pytest.mark.parametrize("material, low, high", [("KQK", 1, 10), ("KRK", 1, 16), ("KRK", 16, 16),
                                                 ("KBBK", 10, 19), ("KQRK", 2, 3), ("KRNK", 12, 16)])
def test_random_positions_per_material(client, tables, material, low, high):
    for seed in range(4):
        status, body = get(client, "/api/tablebase/random", material=material, min=low, max=high, seed=str(seed))
        assert status == 200, body
        board = chess.Board(body["fen"])
        assert board.is_valid() and board.turn == chess.WHITE
        pieces = "".join(sorted(p.symbol() for p in board.piece_map().values()))
        assert pieces == "".join(sorted(material[:-1] + "k"))
        assert body["category"] == "win" and low <= body["mate_in"] <= high
        assert {k: v for k, v in lichess_fields(body).items() if k in FIELDS} == mates.probe(tables, body["fen"])


def test_random_default_is_kbnk_and_bishop_colour_applies(client):
    status, body = get(client, "/api/tablebase/random", seed="1")
    assert status == 200 and sorted(chess.Board(body["fen"]).piece_map()[s].symbol()
                                    for s in chess.Board(body["fen"]).piece_map()) == sorted("KBNk")
    for colour in ("light", "dark"):
        status, body = get(client, "/api/tablebase/random", material="KRBK", bishop=colour, seed="2")
        board = chess.Board(body["fen"])
        square = next(iter(board.pieces(chess.BISHOP, chess.WHITE)))
        assert status == 200 and (square % 8 + square // 8) % 2 == (colour == "light")


@pytest.mark.parametrize("params, status", [
    ({"material": "KRK", "min": 17}, 400),  # past the longest mate (16)
    ({"material": "KNNK"}, 400),  # KNNK wins only mates in 1 (the lone king walked into them)
    ({"material": "KRK", "bishop": "light"}, 400),
    ({"material": "KQRBK"}, 404),
    ({"material": "KXK"}, 400),
])
def test_random_refusals(client, params, status):
    params = {"min": 2, **params}
    got, body = get(client, "/api/tablebase/random", **params)
    assert got == status, body


def test_random_knnk_finds_its_mates_in_one(client):
    status, body = get(client, "/api/tablebase/random", material="KNNK", min=1, max=1, seed="3")
    assert status == 200 and body["mate_in"] == 1


@pytest.mark.parametrize("fen, phase", [
    ("8/8/4k3/8/8/8/8/R3K3 w - - 0 1", "shrink-box"),
    ("3k4/7R/8/8/8/8/8/4K3 w - - 0 1", "bring-king"),
    ("3k4/7R/2K5/8/8/8/8/8 w - - 0 1", "waiting-move"),
    ("3k4/7R/3K4/8/8/8/8/8 b - - 0 1", "mate-net"),
    ("8/8/4k3/8/8/8/8/Q3K3 w - - 0 1", "shrink-box"),
    ("8/8/4k3/8/8/8/8/QR2K3 w - - 0 1", "ladder"),
    ("8/8/4k3/8/8/8/8/2BBK3 w - - 0 1", "diagonal-barrier"),
    ("7k/8/8/8/8/8/8/2BBK3 w - - 0 1", "drive-to-corner"),
    ("k7/2K5/8/8/8/8/8/1BB5 w - - 0 1", "mate-net"),
    ("8/8/4k3/8/8/8/8/1B1BK3 w - - 0 1", "no-forced-mate"),
    ("8/8/4k3/8/8/8/8/NN2K3 w - - 0 1", "no-forced-mate"),
    ("8/8/4k3/8/8/8/8/BN2K3 w - - 0 1", "drive-to-edge"),
])
def test_coach_phase_per_material(client, fen, phase):
    status, body = get(client, "/api/coach", fen=fen)
    assert status == 200, body
    assert body["phase"] == phase and body["fen"] == fen
    assert body["region_size"] == len(body["region"]) and (body["lone_king"] in body["region"]) == body["box_shown"]
    assert body["box_shown"] == (phase not in ("no-forced-mate", "drive-to-edge"))  # no box: no mate, KBNK's drive
    assert ("mating_corners" in body) == (body["material"] == "KBNK")  # only where the bishop decides


def test_coach_box_shrinks_when_the_rook_cuts(client):
    wide = get(client, "/api/coach", fen="8/8/4k3/8/8/8/8/R3K3 w - - 0 1")[1]
    cut = get(client, "/api/coach", fen="8/8/4k3/8/R7/8/8/4K3 b - - 0 1")[1]
    assert cut["region_size"] < wide["region_size"]
    assert all(int(square[1]) >= 5 for square in cut["region"])  # the rook on the 4th rank holds it above


def test_kbn_coach_alias_stays_kbnks(client):
    fen = "8/8/4k3/8/8/8/8/BN2K3 w - - 0 1"
    alias = get(client, "/api/kbn/coach", fen=fen)[1]
    general = get(client, "/api/coach", fen=fen)[1]
    assert alias["mating_corners"] == general["mating_corners"] == ["a1", "h8"]
    assert {k: v for k, v in general.items() if k != "material"} == alias
    assert get(client, "/api/kbn/coach", fen="8/8/4k3/8/8/8/8/R3K3 w - - 0 1")[0] == 404


def test_heatmap_of_krk(client):
    status, body = get(client, "/api/tablebase/heatmap", fen="8/8/8/8/8/8/8/R3K3 w - - 0 1")
    assert status == 200
    squares = body["squares"]
    assert squares["e2"]["category"] == "illegal" and squares["a1"]["category"] == "illegal"
    assert squares["b1"]["category"] == "draw"  # next to the unguarded rook: the king takes it
    assert squares["e8"]["category"] == "loss"


@pytest.mark.parametrize("number", range(1, 14))
def test_path_lessons_draw_their_endings_positions(client, tables, number):
    from tablebase.mates.coach import CORNERS, chebyshev, edge_distance
    from tablebase.mates.lessons import path_lesson

    lesson = path_lesson(number)
    for seed in range(3):
        status, body = get(client, "/api/mates/lesson", lesson=number, seed=str(seed))
        assert status == 200, body
        assert body["ending"] == lesson.ending and body["lesson"] == number
        read = mates.parse_position(body["fen"]).position
        assert read.material.name == lesson.ending and read.strong_to_move
        assert lesson.min_moves <= body["mate_in"] <= lesson.max_moves
        if lesson.king == "on the edge of the board":
            assert edge_distance(read.lone) == 0
        if lesson.king == "on or next to a corner":
            assert min(chebyshev(read.lone, c) for c in CORNERS) <= 1
        assert body["coach"]["phase"] and body["coach"]["region_size"] == len(body["coach"]["region"])


def test_path_lesson_refusals(client):
    assert get(client, "/api/mates/lesson", lesson=14)[0] == 400
    assert get(client, "/api/mates/lesson")[0] == 400


@pytest.mark.parametrize("path, status", [("/mates", 200), ("/mates/KRK", 200), ("/mates/KNNK", 200),
                                          ("/mates/learn", 200), ("/kbn", 200), ("/mates/KXK", 404),
                                          ("/mates/KK", 404), ("/mates/KQRBK", 404), ("/mates/krk", 404)])
def test_pages_of_the_endings(client, path, status):
    response = client.get(path)
    assert response.status_code == status
    if status == 404:
        assert "no such ending" in response.get_data(as_text=True)


def test_the_trainer_page_carries_its_ending(client):
    import html
    import json
    import re

    text = client.get("/mates/KRBK").get_data(as_text=True)
    material = json.loads(html.unescape(re.search(r"data-material='([^']*)'", text).group(1)))
    assert (material["name"], material["longest"], material["bishop"], material["url"]) == ("KRBK", 16, True, "/mates/KRBK")
    assert material["levels"][-1][1] == 16 and 'id="trainer-bishop"' in text
    assert 'id="trainer-bishop"' not in client.get("/mates/KQK").get_data(as_text=True)


def test_the_list_of_endings_builds_nothing(tmp_path):
    """/mates reads the tables that are there; a trainer page queues its own table's build (202)."""
    from webapp import create_app

    from tablebase.mates import MATERIALS
    from tablebase.tables import Limits, TableStore

    TableStore(tmp_path, Limits(), background=False).build_now(MATERIALS[1])  # KRK
    app = create_app({"TESTING": True, "TABLES": str(tmp_path), "CUBE_MAX_N_ONE_MAN": 4, "CUBE_MAX_N_TWO_MEN": 3,
                      "TABLE_BUILDER": False})
    text = app.test_client().get("/mates").get_data(as_text=True)
    assert "Mate in at most 16 moves" in text and "built on the first visit" in text
    assert sorted(p.name for p in tmp_path.glob("*.tbl")) == ["KRK-8x8.tbl"]
    assert not list(tmp_path.glob(".builds/*.json"))  # no build record: nothing queued
    app.test_client().get("/mates/KQK")
    assert [p.name for p in tmp_path.glob(".builds/*.json")] == ["KQK-8x8.tbl.json"]  # the trainer queues its own


def test_the_server_builds_the_learning_paths_tables_before_serving(tmp_path):
    from webapp import create_app
    from webapp.tables import prepare_or_exit

    app = create_app({"TESTING": True, "TABLES": str(tmp_path), "CUBE_MAX_N_ONE_MAN": 4, "CUBE_MAX_N_TWO_MEN": 3,
                      "TABLE_BUILDER": False})
    prepare_or_exit(app)
    built = sorted(p.name.split("-")[0] for p in tmp_path.glob("*.tbl"))
    assert built == ["KBBK", "KBK", "KBNK", "KNK", "KQK", "KRK"]  # with the tables their captures lead to
    status, body = get(app.test_client(), "/api/tablebase/random", material="KBBK", min=19, max=19, seed="1")
    assert status == 200 and body["mate_in"] == 19
