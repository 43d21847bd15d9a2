"""The lessons' positions (tablebase.mates.lessons, GET /api/kbn/lesson): each drawn position meets
its lesson's criteria, checked with python-chess and the probe (the set positions' lessons: on the
table's best line from a set position, turned by a symmetry of the board); a position asked by FEN
(a shared link, a review) and the ones refused; the allowance per star; the lessons page lists every
lesson with data-lesson; errors."""

from __future__ import annotations

import random

import chess
import pytest
from markupsafe import escape

from tablebase.mates import mainline, probe, to_fen
from tablebase.mates.lessons import KBN_LESSONS as LESSONS
from tablebase.mates.lessons import PATH, STANDS, allowed_moves
from tablebase.mates.lessons import kbn_lesson_position as lesson_position

for _lesson in LESSONS:  # the name of the test lessons.toml gives where the lone king stands
    object.__setattr__(_lesson, "stands_name", next(name for name, test in STANDS.items() if test is _lesson.accepts))

CORNERS = (chess.A1, chess.H1, chess.A8, chess.H8)


def corners_of(board: chess.Board) -> tuple[list[int], list[int]]:
    """(mating corners, wrong corners): by the colour of the bishop's square."""
    bishop = board.pieces(chess.BISHOP, chess.WHITE).pop()
    light = bool(chess.BB_LIGHT_SQUARES & chess.BB_SQUARES[bishop])
    right = [c for c in CORNERS if bool(chess.BB_LIGHT_SQUARES & chess.BB_SQUARES[c]) == light]
    return right, [c for c in CORNERS if c not in right]


def king_where_the_lesson_asks(lesson, board: chess.Board) -> bool:
    lone = board.king(chess.BLACK)
    right, _ = corners_of(board)
    if lesson.stands_name == "by_right_corner":
        return min(chess.square_distance(lone, c) for c in right) <= 2
    if lesson.stands_name == "in_the_middle":
        file, rank = chess.square_file(lone), chess.square_rank(lone)
        return min(file, 7 - file, rank, 7 - rank) >= 2
    return True


def symmetric_fens(fen: str) -> set[str]:
    """The board's eight symmetries of a position without pawns (python-chess's transforms)."""
    board = chess.Board(fen)
    found = set()
    for turned in (board, board.transform(chess.flip_vertical), board.transform(chess.flip_horizontal),
                   board.transform(chess.flip_diagonal)):
        for again in (turned, turned.transform(chess.flip_vertical), turned.transform(chess.flip_horizontal),
                      turned.transform(chess.flip_anti_diagonal)):
            found.add(again.board_fen())
    return found


def best_line_boards(tables, fen: str) -> set[str]:
    """Every White-to-move board of the table's best line from ``fen`` (the mainline), each as
    its eight symmetries."""
    board = chess.Board(fen)
    found = set()
    for ply in [None, *mainline(tables, fen)]:
        if ply:
            board.push_uci(ply["uci"])
        if board.turn == chess.WHITE:
            found |= symmetric_fens(board.fen())
    return found


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
        assert king_where_the_lesson_asks(lesson, board), fen
        if lesson.line_from:
            assert board.board_fen() in set().union(*(best_line_boards(tables, start) for start in lesson.line_from))
        seen.add(fen)
    assert len(seen) > 15  # drawn, not a fixed list


def test_the_kbn_path_grows_gently_and_keeps_its_lessons_ids():
    """The method's lessons: the net, the right corner, the W from set positions of growing length,
    the drive to the edge, the whole mate; each id once, the old numbers of each page each once."""
    assert [lesson.id for lesson in LESSONS] == ["kbn-net", "kbn-corner", "kbn-w-last", "kbn-w-edge", "kbn-w-whole",
                                                 "kbn-drive", "kbn-whole"]
    w = [lesson for lesson in LESSONS if lesson.line_from]
    assert [lesson.min_moves for lesson in w] == sorted(lesson.min_moves for lesson in w)
    assert all(a.max_moves < b.min_moves for a, b in zip(w, w[1:]))
    for page, lessons in (("kbn", LESSONS), ("path", PATH)):
        former = [dict(lesson.formerly)[page] for lesson in lessons if page in dict(lesson.formerly)]
        assert sorted(former) == list(range(1, len(former) + 1))
    assert len({lesson.id for lesson in PATH}) == len(PATH)


def test_a_position_asked_by_fen_is_answered_as_it_stands(client, tables):
    fen = to_fen(lesson_position(tables, 3, random.Random(5)))
    body = client.get("/api/kbn/lesson", query_string={"lesson": 3, "fen": fen}).get_json()
    assert body["fen"] == fen and body["lesson"] == 3 and body["category"] == "win"
    path = client.get("/api/mates/lesson", query_string={"lesson": 1, "fen": "8/8/8/8/1Q2K3/8/8/2k5 w - - 0 1"})
    assert path.status_code == 200 and path.get_json()["ending"] == "KQK"


@pytest.mark.parametrize("fen, why", [
    ("8/8/8/8/1Q2K3/8/8/2k5 w - - 0 1", "not KBNK"),
    ("2k5/8/2BK2N1/8/8/8/8/8 b - - 0 1", "must be to move"),
    ("2K5/8/2bk2n1/8/8/8/8/8 b - - 0 1", "must be White"),
    ("8/8/8/8/8/3k4/2NB4/7K w - - 0 1", "not a win"),  # the king forks the bishop and the knight
])
def test_a_position_asked_by_fen_must_be_a_won_one_of_the_lessons_ending(client, fen, why):
    assert probe  # the probe says "not a win" for the last (the king takes the bishop or is stalemated)
    response = client.get("/api/kbn/lesson", query_string={"lesson": 1, "fen": fen})
    assert response.status_code == 400
    body = response.get_json()
    assert body["error"] == "bad_lesson_position" and why in body["message"] and fen in body["message"]


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
    ({"lesson": "8"}, "bad_range", "8"),
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
        assert str(escape(lesson.title)) in html
