"""Hard and expert puzzles come from a pool made ahead of time (``python -m
tablebase.solitaire.pool``): each is re-solved here under the server's budget, and the route
answers them without ever running the generator or the solver."""

from __future__ import annotations

import pytest

from tablebase.solitaire import pool, puzzles, solver
from tablebase.solitaire.board import SolitaireBoard
from tablebase.solitaire.puzzles import DIFFICULTIES
from tablebase.solitaire.solver import solve


@pytest.mark.parametrize("difficulty", pool.POOLED)
def test_every_pooled_puzzle_has_its_difficulty(difficulty):
    level = DIFFICULTIES[difficulty]
    entries = pool.entries(difficulty)
    assert len(entries) == pool.PER_DIFFICULTY == len({board for board, _ in entries})
    pieces = set()
    for text, count in entries:
        board = SolitaireBoard.parse(text)
        assert board.n == level.n and board.to_string() == text
        assert level.min_pieces <= board.piece_count <= level.max_pieces
        pieces.add(board.piece_count)
        assert solve(board, limit=0).count == count, text  # the server's budget counts it
        assert 0 < count <= level.max_solutions, text
    assert pieces == set(range(level.min_pieces, level.max_pieces + 1))


@pytest.mark.parametrize("difficulty", [pytest.param(name, marks=pytest.mark.slow) if name == "expert" else name
                                        for name in pool.POOLED])
def test_the_pool_is_what_its_command_makes(difficulty):
    assert pool.make(difficulty, 2) == list(pool.entries(difficulty)[:2])


@pytest.fixture
def no_generator(monkeypatch):
    def refuse(*args, **kwargs):
        raise AssertionError("generated on request")

    monkeypatch.setattr(puzzles, "generate", refuse)
    monkeypatch.setattr(pool, "generate", refuse)
    monkeypatch.setattr(puzzles, "backward_board", refuse)
    monkeypatch.setattr(puzzles, "Solver", refuse)
    monkeypatch.setattr(solver, "Solver", refuse)


@pytest.mark.parametrize("difficulty", pool.POOLED)
def test_the_route_takes_pooled_puzzles_without_generating(client, no_generator, difficulty):
    entries = dict(pool.entries(difficulty))
    size = len(entries)
    for query in ("", "&seed=0", "&seed=5", f"&seed={size + 5}"):
        r = client.get(f"/api/solitaire/puzzle?difficulty={difficulty}{query}")
        assert r.status_code == 200, r.get_data(as_text=True)
        body = r.get_json()
        assert entries[body["board"]] == body["solutions"] and body["difficulty"] == difficulty
        assert body["pieces"] == SolitaireBoard.parse(body["board"]).piece_count
        assert body["n"] == DIFFICULTIES[difficulty].n
    same = {client.get(f"/api/solitaire/puzzle?difficulty={difficulty}&seed={s}").get_json()["board"]
            for s in (5, size + 5, 2 * size + 5)}
    assert len(same) == 1
    seeds = {client.get(f"/api/solitaire/puzzle?difficulty={difficulty}&seed={s}").get_json()["board"]
             for s in range(10)}
    assert len(seeds) == 10


def test_the_route_still_generates_the_cheap_difficulties(client):
    first = client.get("/api/solitaire/puzzle?difficulty=medium&seed=3").get_json()
    assert first == client.get("/api/solitaire/puzzle?difficulty=medium&seed=3").get_json()
    assert first["board"] not in dict(pool.entries("hard"))
    assert client.get("/api/solitaire/puzzle?difficulty=nightmare").get_json()["error"] == "bad_difficulty"
