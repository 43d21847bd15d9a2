"""Every cache's bound comes from the app's config (tablebase/core/caches.py says what each costs) and
holds under requests of every kind, without changing an answer. The memory figures themselves are
printed by bench/bench_memory.py, not asserted here."""

from __future__ import annotations

import random
from dataclasses import asdict

import numpy as np
import pytest

from tablebase.core import caches
from tablebase.core.geometry import geometry
from tablebase.core.rules import cube_rules
from tablebase.core.cube_notation import MAX_N, MIN_N
from tablebase.mates import MATERIALS
from tablebase.retrograde import cube_board
from tablebase.retrograde.attacks import _HOLDERS
from tablebase.tables.position import _table
from webapp import TABLE_CACHE_MB, create_app
from webapp.tables import store

WINNING = [t.material.name for t in MATERIALS if t.material.name not in ("KBK", "KNK")]
CUBE_TABLES = [(n, name) for n in (3, 4) for name in ("KQK", "KRK", "KBK", "KNK")] + [(3, "KQRK"), (3, "KRNK")]


@pytest.fixture(autouse=True)
def default_bounds():
    yield
    caches.configure(**asdict(caches.DEFAULTS))


def _app(app_config, **bounds):
    return create_app({**app_config, **bounds})


def _notation(n: int, placed: dict[int, str]) -> str:
    cells = [placed.get(square, "#") for square in range(n ** 3)]
    return ",".join("[" + ",".join("".join(cells[z * n * n + y * n:z * n * n + y * n + n]) for y in range(n)) + "]"
                    for z in range(n))


def _lab_board(rng: random.Random, n: int) -> str:
    squares = rng.sample(range(n ** 3), min(n ** 3, 6))
    return _notation(n, {s: "Kk"[i] if i < 2 else rng.choice("QRBNqrbn") for i, s in enumerate(squares)})


def _lab_answers(client, boards: list[str]) -> list:
    answers = []
    for board in boards:
        response = client.post("/api/3d/position", json={"board": board, "turn": "w"})
        assert response.status_code == 200
        answers.append(response.get_json())
        assert len(caches.BOARD_SHAPES.shapes()) <= caches.bounds().board_shapes
    return answers


def test_the_defaults_are_readable_and_the_config_reaches_the_engine(app_config, monkeypatch):
    for name in ("KBN_TABLE_CACHE_MB", "KBN_CACHE_BOARD_SHAPES", "KBN_CACHE_ENGINE_BOARDS"):
        monkeypatch.delenv(name, raising=False)
    assert caches.DEFAULTS.board_shapes >= 1 and caches.DEFAULTS.engine_boards >= MAX_N - 2
    app = create_app(app_config)
    assert app.config["TABLE_CACHE_BYTES"] == TABLE_CACHE_MB << 20
    assert app.config["CACHE_BOARD_SHAPES"] == caches.DEFAULTS.board_shapes
    monkeypatch.setenv("KBN_TABLE_CACHE_MB", "3")
    monkeypatch.setenv("KBN_CACHE_BOARD_SHAPES", "2")
    app = _app(app_config, CACHE_ENTRIES=7, CACHE_ATTACK_SET_BYTES=1 << 20)
    assert app.config["TABLE_CACHE_BYTES"] == 3 << 20
    assert caches.bounds() == caches.Bounds(board_shapes=2, engine_boards=caches.DEFAULTS.engine_boards,
                                            attack_set_bytes=1 << 20, entries=7)
    with pytest.raises(ValueError, match="board_shapes"):
        caches.configure(board_shapes=0)
    with pytest.raises(ValueError, match="no cache named"):
        caches.configure(rays=5)


def test_lab_requests_of_every_n_keep_the_tables_of_at_most_so_many_shapes(app_config):
    """After a lab position of every n from 2 to 10 the tables of at most two shapes are kept (the
    others are empty), and every answer is the one given when all nine are kept."""
    rng = random.Random(24)
    boards = [_lab_board(rng, n) for n in range(MIN_N, MAX_N + 1) for _ in range(3)]
    boards += boards[::-1]
    everything = _lab_answers(_app(app_config, CACHE_BOARD_SHAPES=9).test_client(), boards)
    assert len(caches.BOARD_SHAPES.shapes()) == 9
    bounded = _lab_answers(_app(app_config, CACHE_BOARD_SHAPES=2).test_client(), boards)
    assert bounded == everything
    kept = caches.BOARD_SHAPES.shapes()
    assert len(kept) == 2
    for n in range(MIN_N, MAX_N + 1):
        holds = bool(cube_rules(n)._cache or geometry(n, n, n)._rays or geometry(n, n, n)._leaps)
        assert holds == ((n, n, n) in kept), n


def _cube_probes(client, count: int = 4) -> list:
    """Probes of legal positions of small 3D tables, the last of n = 3."""
    rng = random.Random(7)
    answers = []
    for n, name in CUBE_TABLES:
        while len(answers) % count or not answers or answers[-1]["material"] != name or answers[-1]["n"] != n:
            squares = rng.sample(range(n ** 3), len(name))
            board = _notation(n, dict(zip(squares, ["K", *name[1:-1], "k"])))
            response = client.post("/api/3d/tablebase", json={"board": board, "turn": rng.choice("wb")})
            if response.status_code == 200:
                answers.append(response.get_json())
            assert len(caches.ENGINE_BOARDS.shapes()) <= caches.bounds().engine_boards
    return answers


def test_3d_probes_keep_the_engine_tables_of_at_most_so_many_boards(app_config):
    everything = _cube_probes(_app(app_config).test_client())
    bounded = _cube_probes(_app(app_config, CACHE_ENGINE_BOARDS=1).test_client())
    assert bounded == everything
    assert caches.ENGINE_BOARDS.shapes() == [(3, 3, 3)]  # the last probed
    assert cube_board(3)._cache and not cube_board(4)._cache
    assert "image" not in vars(cube_board(4)) and "touching" not in vars(cube_board(4))


def _kept_set_bytes() -> int:
    return sum(sets.nbytes for board in list(_HOLDERS) for key, sets in board._cache.items()
               if type(key) is tuple and key[0] == "attack sets" and sets is not None)


def _mate_probes(client, seed: int, names=WINNING) -> list:
    """Probes of a random position of each material named, each from the table's own sampler."""
    answers = []
    for name in names:
        fen = client.get(f"/api/tablebase/random?material={name}&seed={seed}").get_json()["fen"]
        response = client.get("/api/tablebase", query_string={"fen": fen})
        assert response.status_code == 200
        answers.append(response.get_json())
        assert _kept_set_bytes() <= caches.bounds().attack_set_bytes
    return answers


def test_attack_sets_are_kept_within_their_bytes_and_computed_past_them(app_config):
    from tablebase.retrograde import chess_board

    chess_board().clear_tables()  # the sets made by earlier tests
    bound, names = 5 << 20, ["KQK", "KRK", "KQRK", "KBNK", "KRRK"]  # two sets of two men fit (2 MB each)
    bounded = _mate_probes(_app(app_config, CACHE_ATTACK_SET_BYTES=bound).test_client(), 3, names)
    assert 4 << 20 <= _kept_set_bytes() <= bound
    chess_board().clear_tables()
    everything = _mate_probes(_app(app_config, CACHE_ATTACK_SET_BYTES=64 << 20).test_client(), 3, names)
    assert everything == bounded and _kept_set_bytes() > bound


def test_small_caches_hold_at_most_their_entries(app_config):
    client = _app(app_config, CACHE_ENTRIES=3).test_client()
    _mate_probes(client, seed=5)
    assert _table.cache_info().maxsize == 3 and _table.cache_info().currsize <= 3


def test_the_block_cache_never_holds_more_than_its_bytes(app_config, monkeypatch):
    limit = 256 << 10  # 64 pages of a block of 4096 entries, the fewest it takes
    app = _app(app_config, TABLE_CACHE_BYTES=limit)
    with app.app_context():
        cache = store().cache
    taken = []
    take = cache.take
    monkeypatch.setattr(cache, "take", lambda slot_map, block, pages=1: taken.append(block) or take(slot_map, block, pages))
    answers = _mate_probes(app.test_client(), seed=11)
    assert len(taken) > cache.slots  # more blocks were read than it holds: some were let go
    assert cache.arena.nbytes <= limit
    assert _mate_probes(app.test_client(), seed=11) == answers


def test_tables_made_at_start_up_are_those_of_the_boards_served(app_config):
    from webapp.tables import cube_tables

    app = _app(app_config)
    with app.app_context():
        tables = cube_tables(store().limits)
    assert {(t.n, len(t.material.pieces)) for t in tables} == {(3, 1), (4, 1), (3, 2)}
    assert len(tables) == 4 + 4 + 10 and np.all(np.diff([t.n for t in tables]) >= 0)
