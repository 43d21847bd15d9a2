"""Solitaire chess: the six classic puzzles and the three written forms, exact counts against brute force,
the solver's move tables against the rules core, limits, hints, generated puzzles and the API."""

from __future__ import annotations

import random

import pytest

from tablebase.errors import ChessInputError
from tablebase.solitaire.board import SolitaireBoard
from tablebase.solitaire.captures import capture_count
from tablebase.solitaire.puzzles import DIFFICULTIES, generate
from tablebase.solitaire.solver import (
    Budget,
    Solver,
    SolverLimitError,
    encode,
    first_solution,
    hint,
    solve,
)

# The six classic puzzles in the three written forms, and their expected outputs (one solution each).
SEED = [
    ("...N.....R....B.",
     [[0, 0, 0, 5], [0, 0, 0, 0], [0, 3, 0, 0], [0, 0, 4, 0]],
     [[3, 3, 'N'], [1, 1, 'R'], [2, 0, 'B']],
     [[[2, 0], [1, 1]], [[1, 1], [3, 3]]]),
    (".....B..RP.....N",
     [['.', '.', '.', '.'], ['.', 'B', '.', '.'], ['R', 'P', '.', '.'], ['.', '.', '.', 'N']],
     [[1, 2, 'B'], [0, 1, 'R'], [1, 1, 'P'], [3, 0, 'N']],
     [[[3, 0], [1, 1]], [[0, 1], [1, 1]], [[1, 1], [1, 2]]]),
    (".NR.B...N..B..P.",
     [[0, 5, 3, 0], [4, 0, 0, 0], [5, 0, 0, 4], [0, 0, 6, 0]],
     [[1, 3, 'N'], [2, 3, 'R'], [0, 2, 'B'], [0, 1, 'N'], [3, 1, 'B'], [2, 0, 'P']],
     [[[2, 0], [3, 1]], [[0, 1], [1, 3]], [[0, 2], [1, 3]], [[2, 3], [1, 3]], [[3, 1], [1, 3]]]),
    ("...N...RRBB.NPP.",
     [['.', '.', '.', 'N'], ['.', '.', '.', 'R'], ['R', 'B', 'B', '.'], ['N', 'P', 'P', '.']],
     [[3, 3, 'N'], [3, 2, 'R'], [0, 1, 'R'], [1, 1, 'B'], [2, 1, 'B'], [0, 0, 'N'], [1, 0, 'P'], [2, 0, 'P']],
     [[[2, 1], [3, 2]], [[1, 1], [3, 3]], [[3, 2], [1, 0]], [[3, 3], [0, 0]], [[0, 1], [0, 0]],
      [[0, 0], [1, 0]], [[1, 0], [2, 0]]]),
    ("P....R..R.R..R..",
     [[6, 0, 0, 0], [0, 3, 0, 0], [3, 0, 3, 0], [0, 3, 0, 0]],
     [[0, 3, 'P'], [1, 2, 'R'], [0, 1, 'R'], [2, 1, 'R'], [1, 0, 'R']],
     [[[0, 3], [1, 2]], [[1, 2], [2, 1]], [[2, 1], [1, 0]], [[1, 0], [0, 1]]]),
    (".P.NK.....B...RQ",
     [['.', 'P', '.', 'N'], ['K', '.', '.', '.'], ['.', '.', 'B', '.'], ['.', '.', 'R', 'Q']],
     [[1, 3, 'P'], [3, 3, 'N'], [0, 2, 'K'], [2, 1, 'B'], [2, 0, 'R'], [3, 0, 'Q']],
     [[[3, 0], [2, 0]], [[2, 0], [2, 1]], [[3, 3], [2, 1]], [[2, 1], [1, 3]], [[0, 2], [1, 3]]]),
]


def replay(board: SolitaireBoard, moves) -> SolitaireBoard:
    """Play captures through the rules core; raises on any illegal one."""
    for move in moves:
        board = board.play(move)
    return board


def brute_force_count(board: SolitaireBoard) -> int:
    """Every capture sequence enumerated through the rules core, one by one."""
    if board.piece_count == 1:
        return 1
    return sum(brute_force_count(board.play(move)) for move in board.captures())


def random_board(rng: random.Random, n: int, pieces: int) -> SolitaireBoard:
    cells = [None] * (n * n)
    for s in rng.sample(range(n * n), pieces):
        cells[s] = rng.choice("KQRBNP")
    return SolitaireBoard(n, tuple(cells))


@pytest.mark.parametrize("text, numbers_or_chars, coordinates, expected", SEED)
def test_seed_puzzles(text, numbers_or_chars, coordinates, expected):
    board = SolitaireBoard.parse(text)
    assert SolitaireBoard.parse(numbers_or_chars) == board
    assert SolitaireBoard.parse(coordinates) == board
    assert SolitaireBoard.parse(" ".join(text)) == board  # separators are ignored
    result = solve(board)
    assert result.solvable and result.count >= 1
    assert result.count == brute_force_count(board)
    for moves in result.solutions:
        assert replay(board, moves).piece_count == 1
    assert len(set(result.solutions)) == len(result.solutions) == min(result.count, 100)
    if text == ".NR.B...N..B..P.":
        # This answer ends with the pawn taking two squares diagonally: refused.
        with pytest.raises(ChessInputError):
            replay(board, expected)
    else:
        assert replay(board, expected).piece_count == 1
        assert tuple(tuple(map(tuple, m)) for m in expected) in {
            tuple(m) for m in solve(board, limit=10_000).solutions}


def test_unique_seed_solutions():
    assert solve(SolitaireBoard.parse("...N.....R....B.")).count == 1
    assert solve(SolitaireBoard.parse(".....B..RP.....N")).count == 1


@pytest.mark.slow
def test_counts_match_brute_force_on_small_boards():
    rng = random.Random(7)
    checked = solvable = 0
    for n in (3, 4, 5, 6, 8):
        for _ in range(25):
            board = random_board(rng, n, rng.randint(2, 7 if n <= 4 else 6))
            expected = brute_force_count(board)
            assert solve(board, limit=0).count == expected, board.to_string()
            checked += 1
            solvable += expected > 0
    assert checked == 125 and solvable >= 30


def test_solver_captures_match_the_rules_core():
    rng = random.Random(11)
    for n in range(3, 9):
        solver = Solver(n)
        for _ in range(40):
            board = random_board(rng, n, rng.randint(2, n * n))
            mine = [(board.xy(s), board.xy(t)) for s, t, _, _ in solver.captures(*encode(board))]
            assert mine == board.captures()
            assert capture_count(solver.tables, *encode(board)) == len(mine)


def test_solutions_are_capped_and_valid():
    board = SolitaireBoard.parse(".NR.B...N..B..P.")
    result = solve(board, limit=7)
    assert result.count == 204 and len(result.solutions) == 7
    everything = solve(board, limit=1000).solutions
    assert len(set(everything)) == 204
    for moves in everything:
        assert replay(board, moves).piece_count == 1


def test_unsolvable_board():
    board = SolitaireBoard.parse("N..............N")
    result = solve(board)
    assert (result.solvable, result.count, result.solutions) == (False, 0, ())
    assert first_solution(board) is None and hint(board) is None


def test_large_count_is_exact_without_enumerating():
    # Eight pieces that keep meeting: too many sequences to enumerate quickly, counted exactly.
    board = SolitaireBoard.parse("QQQQQQQQQ......." )
    total = solve(board, limit=0).count
    assert total > 10_000
    # Exact: the sum over the first captures of the counts after each.
    assert total == sum(solve(board.play(m), limit=0).count for m in board.captures())


def test_larger_boards_up_to_8x8():
    board = SolitaireBoard.parse("R" + "." * 62 + "R")
    assert solve(board).count == 0
    board = SolitaireBoard.parse([[0, 0, "R"], [7, 0, "R"], [7, 7, "Q"]], n=8)
    assert board.n == 8
    assert solve(board).count == brute_force_count(board) > 0


def test_limit_error_instead_of_hanging():
    rng = random.Random(3)
    board = random_board(rng, 6, 20)
    with pytest.raises(SolverLimitError) as info:
        Solver(6, Budget(steps=2000)).count(*encode(board))
    assert "too big" in str(info.value)


def test_hint_leads_to_a_solution():
    board = SolitaireBoard.parse("...N...RRBB.NPP.")
    while board.piece_count > 1:
        move = hint(board)
        assert move in board.captures()
        board = board.play(move)
        assert board.piece_count == 1 or solve(board, limit=0).solvable


def test_first_solution_is_a_solution():
    for text, *_ in SEED:
        board = SolitaireBoard.parse(text)
        assert replay(board, first_solution(board)).piece_count == 1


@pytest.mark.parametrize("difficulty", [pytest.param(name, marks=pytest.mark.slow) if name == "expert" else name
                                        for name in DIFFICULTIES])
def test_generated_puzzles_are_solvable_and_sized(difficulty):
    level = DIFFICULTIES[difficulty]
    puzzle = generate(difficulty, seed=5)
    board = SolitaireBoard.parse(puzzle["board"])
    assert board.n == level.n
    assert level.min_pieces <= board.piece_count <= level.max_pieces
    assert puzzle["solutions"] == solve(board, limit=0).count > 0


@pytest.mark.parametrize("board, n", [
    ("........", None),  # 8 squares: not a square board
    ("." * 81, None),  # 9x9
    ("XXXX" * 4, None),
    ("..7." * 4, None),
    ([[0, 0, 7, 0]] * 4, None),
    ([[0, 0, 0], [0, 0]], None),
    ([[4, 0, "R"]], 4),
    ([[1, 1, "R"], [1, 1, "B"]], None),
    ([[1, 1, "Z"]], None),
    ([[1, 1, "R"]], 9),
    (42, None),
    ([[True, 0, 0]] * 3, None),
])
def test_malformed_boards_are_refused(board, n):
    with pytest.raises(ChessInputError):
        SolitaireBoard.parse(board, n)


# --- HTTP ------------------------------------------------------------------------------------


def test_solve_api(client):
    r = client.post("/api/solitaire/solve", json={"board": ".NR.B...N..B..P.", "limit": 3})
    assert r.status_code == 200
    body = r.get_json()
    assert body["solvable"] is True and body["count"] == 204 and len(body["solutions"]) == 3
    board = SolitaireBoard.parse(".NR.B...N..B..P.")
    for moves in body["solutions"]:
        assert replay(board, moves).piece_count == 1
    r = client.post("/api/solitaire/solve", json={"board": [[1, 2, "B"], [0, 1, "R"], [1, 1, "P"], [3, 0, "N"]]})
    assert r.get_json()["solutions"] == [[[[3, 0], [1, 1]], [[0, 1], [1, 1]], [[1, 1], [1, 2]]]]


@pytest.mark.parametrize("body, code", [
    ({"board": "...N............"}, "too_few_pieces"),
    ({"board": "................"}, "too_few_pieces"),
    ({"board": "...N...."}, "bad_board"),
    ({"board": ".....B..RP.....N", "limit": -1}, "bad_request"),
    ({"board": ".....B..RP.....N", "limit": "all"}, "bad_request"),
    ({"board": 5}, "bad_request"),
    ({}, "bad_request"),
])
def test_solve_api_refuses_bad_input(client, body, code):
    r = client.post("/api/solitaire/solve", json=body)
    assert r.status_code == 400
    assert r.get_json()["error"] == code and r.get_json()["message"]


def test_solve_api_limit_error_is_a_400(client, monkeypatch):
    import tablebase.solitaire.solver as solver

    monkeypatch.setattr(solver, "BUDGET", Budget(steps=100))
    r = client.post("/api/solitaire/solve", json={"board": "QRBNQRBNQRBN...."})
    assert r.status_code == 400 and r.get_json()["error"] == "too_hard"


def test_state_api_plays_only_captures(client):
    r = client.post("/api/solitaire/state", json={"board": ".....B..RP.....N", "move": [[3, 0], [1, 1]]})
    assert r.status_code == 200
    body = r.get_json()
    assert body["board"] == ".....B..RN......" and body["status"] == "playing"
    assert [[0, 1], [1, 1]] in body["captures"]
    refused = client.post("/api/solitaire/state", json={"board": ".....B..RP.....N", "move": [[0, 1], [0, 0]]})
    assert refused.status_code == 400 and refused.get_json()["error"] == "illegal_move"
    solved = client.post("/api/solitaire/state", json={"board": ".....R.........."}).get_json()
    assert solved["status"] == "solved"
    stuck = client.post("/api/solitaire/state", json={"board": "N..............N"}).get_json()
    assert stuck["status"] == "stuck" and stuck["captures"] == []


def test_state_api_lists_every_piece_by_coordinates(client):
    """The page reads no board string: the server answers the pieces as [x, y, kind]."""
    body = client.post("/api/solitaire/state", json={"board": ".....B..RP.....N"}).get_json()
    assert sorted(body["coordinates"]) == [[0, 1, "R"], [1, 1, "P"], [1, 2, "B"], [3, 0, "N"]]
    five = client.post("/api/solitaire/state", json={"board": "K" + "." * 24}).get_json()
    assert five["n"] == 5 and five["coordinates"] == [[0, 4, "K"]]


def test_hint_and_puzzle_api(client):
    r = client.post("/api/solitaire/hint", json={"board": ".....B..RP.....N"}).get_json()
    assert r["move"] == [[3, 0], [1, 1]]
    r = client.post("/api/solitaire/hint", json={"board": "N..............N"}).get_json()
    assert r["move"] is None and r["message"] == "no solution from here"
    puzzle = client.get("/api/solitaire/puzzle?difficulty=medium&seed=1").get_json()
    assert 5 <= puzzle["pieces"] <= 6 and puzzle["solutions"] > 0
    assert client.get("/api/solitaire/puzzle?difficulty=impossible").status_code == 400


def test_solitaire_page_renders_with_board(client):
    html = client.get("/solitaire?board=.....B..RP.....N").get_data(as_text=True)
    assert 'id="solitaire-app"' in html and ".....B..RP.....N" in html


def test_the_page_offers_exactly_the_board_sizes_the_solver_takes(client):
    import json
    import re

    from tablebase.solitaire.board import MAX_SIDE, MIN_SIDE

    html = client.get("/solitaire").get_data(as_text=True)
    sizes = [int(n) for n in re.findall(r'<option value="(\d+)">\d+×\d+</option>', html)]
    assert sizes == list(range(MIN_SIDE, MAX_SIDE + 1))
    assert json.loads(re.search(r"data-sizes='([^']*)'", html).group(1)) == {"min": MIN_SIDE, "max": MAX_SIDE}
