"""The lessons' positions (tablebase.mates.lessons, GET /api/kbn/lesson): each drawn position meets
its lesson's criteria, checked with python-chess and the probe; the allowance per star; the lessons
page lists every lesson with data-lesson; errors."""

from __future__ import annotations

import random

import chess
import pytest

from tablebase.mates import probe, to_fen
from tablebase.mates.lessons import KBN_LESSONS as LESSONS
from tablebase.mates.lessons import allowed_moves
from tablebase.mates.lessons import kbn_lesson_position as lesson_position

CORNERS = (chess.A1, chess.H1, chess.A8, chess.H8)


def corners_of(board: chess.Board) -> tuple[list[int], list[int]]:
    """(mating corners, wrong corners): by the colour of the bishop's square."""
    bishop = board.pieces(chess.BISHOP, chess.WHITE).pop()
    light = bool(chess.BB_LIGHT_SQUARES & chess.BB_SQUARES[bishop])
    right = [c for c in CORNERS if bool(chess.BB_LIGHT_SQUARES & chess.BB_SQUARES[c]) == light]
    return right, [c for c in CORNERS if c not in right]


def king_where_the_lesson_asks(number: int, board: chess.Board) -> bool:
    lone, strong = board.king(chess.BLACK), board.king(chess.WHITE)
    right, wrong = corners_of(board)
    if number == 1:
        return min(chess.square_distance(lone, c) for c in right) <= 2
    if number == 2:
        return min(chess.square_distance(lone, c) for c in wrong) <= 1 and chess.square_distance(lone, strong) == 2
    if number == 3:
        file, rank = chess.square_file(lone), chess.square_rank(lone)
        return min(file, 7 - file, rank, 7 - rank) >= 2
    return True


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: f"lesson-{lesson.number}")
def test_positions_meet_their_lessons_criteria(tables, lesson):
    rng = random.Random(lesson.number)
    seen = set()
    for _ in range(25):
        fen = to_fen(lesson_position(tables, lesson.number, rng))
        board = chess.Board(fen)
        assert board.is_valid() and board.turn == chess.WHITE
        value = probe(tables, fen)
        moves = (value["dtm"] + 1) // 2
        assert value["category"] == "win" and lesson.min_moves <= moves <= lesson.max_moves, (fen, moves)
        assert king_where_the_lesson_asks(lesson.number, board), fen
        seen.add(fen)
    assert len(seen) > 15  # drawn, not a fixed list


def test_the_allowance_shrinks_with_stars_to_the_fastest_mate():
    for lesson in LESSONS:
        allowances = [allowed_moves(10, lesson.slack, stars) for stars in range(4)]
        assert allowances[0] == 10 + lesson.slack and allowances[3] == 10
        assert allowances == sorted(allowances, reverse=True) and len(set(allowances)) >= 3
        assert lesson.as_dict()["slack_by_stars"] == [a - 10 for a in allowances]


def test_the_api_draws_a_position_with_its_probe_and_coach(client):
    for lesson in LESSONS:
        response = client.get("/api/kbn/lesson", query_string={"lesson": lesson.number, "seed": "7"})
        assert response.status_code == 200
        body = response.get_json()
        assert body["lesson"] == lesson.number
        assert body["coach"]["region_size"] == len(body["coach"]["region"])
        again = client.get("/api/kbn/lesson", query_string={"lesson": lesson.number, "seed": "7"}).get_json()
        assert again["fen"] == body["fen"]  # a seed gives the same draw
        assert {k: body[k] for k in ("category", "dtm", "moves")} == {
            k: client.get("/api/tablebase", query_string={"fen": body["fen"]}).get_json()[k]
            for k in ("category", "dtm", "moves")}


@pytest.mark.parametrize("query,code,quoted", [
    ({}, "bad_request", "lesson"),
    ({"lesson": "two"}, "bad_request", "two"),
    ({"lesson": "9"}, "bad_range", "9"),
    ({"lesson": "0"}, "bad_range", "0"),
])
def test_the_api_refuses_unknown_lessons(client, query, code, quoted):
    response = client.get("/api/kbn/lesson", query_string=query)
    assert response.status_code == 400
    assert response.get_json()["error"] == code and quoted in response.get_json()["message"]


def test_the_lessons_page_lists_every_lesson_in_order(client):
    html = client.get("/kbn/learn").get_data(as_text=True)
    positions = [html.index(f'data-lesson="{lesson.number}"') for lesson in LESSONS]
    assert positions == sorted(positions)
    for lesson in LESSONS:
        assert lesson.title in html
