"""The 3D computer opponent (tablebase.cube.engine): its moves legal on thousands of random boards
with custom pieces (held against the rules core and against a move generator written apart), the
mates in one and two it finds on five-man boards, and its exact answers where a table holds the
position (the session's small 3D tables)."""

from __future__ import annotations

import random
import time

import numpy as np
import pytest

from tablebase.core.atoms import parse_pieces
from tablebase.core.cube_notation import CubePosition
from tablebase.cube.endgames import board_of, probe, won_position
from tablebase.cube.engine import NoTable, computer_move
from tablebase.cube.engine.board import SearchBoard
from tablebase.cube.engine.mate import forced_mate
from tablebase.cube.engine.table import swapped
from tablebase.cube.lab import game_problem_messages as game_problems
from tablebase.errors import IllegalPositionError
from tablebase.retrograde import Material
from tablebase.tables import TableId
from tests.helpers.cube_moves_apart import Moves, from_cells, played

CUSTOM = {"U": "011*", "V": "012", "W": "111*,013", "X": "002*,112"}
LETTERS = "QRBN" + "".join(CUSTOM)


def board_text(n: int, men: dict[int, str]) -> str:
    return ",".join("[" + ",".join("".join(men.get(x + y * n + z * n * n, "#") for x in range(n)) for y in range(n))
                    + "]" for z in range(n))


def random_position(rng: random.Random, n: int, men: int, turn: str = "w") -> CubePosition:
    """Both kings and ``men`` men of either colour, any letter, where a game can start."""
    custom = parse_pieces(CUSTOM)
    while True:
        cubes = rng.sample(range(n ** 3), men + 2)
        letters = ["K", "k"] + [rng.choice(LETTERS) if rng.random() < 0.5 else rng.choice(LETTERS).lower()
                                for _ in range(men)]
        position = CubePosition.parse(board_text(n, dict(zip(cubes, letters))), custom)
        if not game_problems(position, turn):
            return position


def engine_moves(position: CubePosition, turn: str) -> set:
    return set(SearchBoard(position, turn).legal_moves())


def core_moves(position: CubePosition, turn: str) -> set:
    cells = position.cells
    return {(s, t) for s, p in enumerate(cells) if p is not None and p.color == turn
            for t in position.rules.legal_targets(cells, s)}


@pytest.mark.slow
def test_the_engine_moves_are_the_rules_core_moves_and_a_generator_apart():
    rng = random.Random(38)
    for _ in range(1000):
        n, turn = rng.randint(3, 5), rng.choice("wb")
        position = random_position(rng, n, rng.randint(0, 5), turn)
        found = engine_moves(position, turn)
        assert found == core_moves(position, turn), position.notation()
        assert found == Moves(n, CUSTOM).legal(from_cells(position.cells), turn == "w"), position.notation()


def test_the_computer_plays_a_legal_move_and_says_it(monkeypatch):
    rng = random.Random(7)
    for _ in range(300):
        n, turn = rng.randint(3, 6), rng.choice("wb")
        position = random_position(rng, n, rng.randint(1, 6), turn)
        legal = core_moves(position, turn)
        answer = computer_move(position, turn, 1, started=time.monotonic() - 0.09)  # a hundredth of a second
        if not legal:
            assert answer["move"] is None and answer["outcome"] in ("checkmate", "stalemate")
            continue
        move = (position.cube(answer["move"]["from"]), position.cube(answer["move"]["to"]))
        assert move in legal, (position.notation(), answer)
        assert answer["source"] == "search" and answer["notation"][0] == position.cells[move[0]].kind


def five_men(rng: random.Random, n: int) -> tuple[CubePosition, dict]:
    """White's king and two men against Black's king and a man (White to move)."""
    while True:
        cubes = rng.sample(range(n ** 3), 5)
        letters = ["K", "k", rng.choice("QRU"), rng.choice(LETTERS), rng.choice(LETTERS).lower()]
        position = CubePosition.parse(board_text(n, dict(zip(cubes, letters))), parse_pieces(CUSTOM))
        if not game_problems(position, "w"):
            return position, from_cells(position.cells)


def test_every_mate_in_one_is_found_on_five_man_boards():
    rng, apart, found = random.Random(1), Moves(4, CUSTOM), 0
    while found < 12:
        position, board = five_men(rng, 4)
        if not apart.mates_in_one(board, True):
            continue
        answer = computer_move(position, "w", 2)
        move = (position.cube(answer["move"]["from"]), position.cube(answer["move"]["to"]))
        assert apart.mated(played(board, move), False), position.notation()
        assert answer["score"] == {"mate": 1} and answer["notation"].endswith("#")
        found += 1


def mate_in_two_positions(rng: random.Random, n: int, count: int) -> list[tuple[CubePosition, dict]]:
    """Five-man boards with a mate in two and none in one, as the generator apart says."""
    apart, found = Moves(n, CUSTOM), []
    while len(found) < count:
        position, board = five_men(rng, n)
        if apart.mates_in_one(board, True):
            continue
        mate = forced_mate(SearchBoard(position, "w"), lambda: None)  # the quick way to find candidates
        if mate is not None and apart.forces_mate(board, True, mate[0], 2):
            found.append((position, board))
    return found


@pytest.mark.slow
@pytest.mark.parametrize("n, count", [(4, 6), (5, 2)])
def test_level_three_never_misses_a_mate_in_two(n, count):
    apart = Moves(n, CUSTOM)
    for position, board in mate_in_two_positions(random.Random(n), n, count):
        for level in (3, 4):
            answer = computer_move(position, "w", level)
            move = (position.cube(answer["move"]["from"]), position.cube(answer["move"]["to"]))
            assert answer["score"] == {"mate": 2}, (position.notation(), answer)
            assert apart.forces_mate(board, True, move, 2), position.notation()


@pytest.mark.slow
def test_the_mate_search_misses_nothing_on_small_boards():
    """Every five-man 3×3×3 board where the generator apart finds a mate in two or one (and some
    where it finds none): the mate search says the same, and level 3 plays the mate."""
    rng, apart, seen = random.Random(5), Moves(3, CUSTOM), {True: 0, False: 0}
    while min(seen.values()) < 8:
        position, board = five_men(rng, 3)
        if not apart.legal(board, True):
            continue
        exists = apart.mates_in_one(board, True) or apart.mate_in_two_exists(board, True)
        assert (forced_mate(SearchBoard(position, "w"), lambda: None) is not None) == exists, position.notation()
        if exists:
            answer = computer_move(position, "w", 3)
            assert 0 < answer["score"]["mate"] <= 2, (position.notation(), answer)
        seen[exists] += 1


def no_build(store):
    """The routes' lookup: a table whose file is here, else NoTable."""
    def lookup(table: TableId):
        found = store.opened(table)
        if found is None:
            raise NoTable(str(table))
        return found
    return lookup


@pytest.mark.parametrize("material, n", [("KQK", 4), ("KQK", 3), ("KQRK", 3)])
def test_the_table_answers_exactly_for_either_colour(cube_store, material, n):
    lookup = no_build(cube_store)
    table = lookup(TableId.cube(Material.parse(material, dim=3), n))
    rng = np.random.default_rng(3)
    for _ in range(5):
        setup = won_position(table, rng)
        position = board_of(setup)
        expected = probe(lookup, setup)
        answer = computer_move(position, "w", 1, tables=lookup)
        best = expected["moves"][0]
        assert answer["source"] == "table" and answer["score"] == {"mate": expected["mate_in"]}
        assert (answer["move"]["from"], answer["move"]["to"]) == (list(best["from"]), list(best["to"]))
        assert answer["notation"] == best["notation"]
        black = computer_move(swapped(position), "b", 1, tables=lookup)  # Black the stronger side: the same
        assert (black["move"], black["score"], black["source"]) == (answer["move"], answer["score"], "table")
        after = CubePosition.parse(played_board(position, answer["move"]))
        defence = computer_move(after, "b", 1, tables=lookup)  # the lone king: the longest defence
        if expected["mate_in"] == 1:
            assert defence["move"] is None and defence["outcome"] == "checkmate"
        else:
            assert defence["source"] == "table" and defence["score"] == {"mate": -(expected["mate_in"] - 1)}


def played_board(position: CubePosition, move: dict) -> str:
    men = from_cells(position.cells)
    return board_text(position.n, played(men, (position.cube(move["from"]), position.cube(move["to"]))))


def test_a_material_without_a_table_is_searched_and_never_built(cube_store):
    lookup = no_build(cube_store)
    position = CubePosition.parse(board_text(4, {0: "k", 63: "K", 42: "Q", 21: "R"}))
    table = TableId.cube(Material.parse("KQRK", dim=3), 4)
    assert cube_store.opened(table) is None
    answer = computer_move(position, "w", 1, tables=lookup)
    assert answer["source"] == "search" and answer["move"] is not None
    assert cube_store.opened(table) is None and cube_store.status(table).state not in ("queued", "building")


def test_a_position_no_game_starts_from_is_refused():
    with pytest.raises(IllegalPositionError, match="there is no black king"):
        computer_move(CubePosition.parse(board_text(3, {0: "K", 26: "Q"})), "w")
    with pytest.raises(IllegalPositionError, match="kings touch"):
        computer_move(CubePosition.parse(board_text(3, {0: "K", 1: "k"})), "w")


def test_checkmate_and_stalemate_have_no_move():
    mated = CubePosition.parse("[###,#K#,###],[###,###,###],[k##,###,#Q#]")
    board = SearchBoard(mated, "w")
    move = forced_mate(board, lambda: None)[0]
    taken = board.make(move)
    answer = computer_move(CubePosition(3, tuple(board.cells)), "b", 1)
    board.unmake(move, taken)
    assert answer["move"] is None and answer["outcome"] == "checkmate" and answer["score"] == {"mate": 0}


def snapshot(board: SearchBoard) -> tuple:
    """Everything the board keeps, copied (the board changes its own in place)."""
    return (board.hash, dict(board.material), dict(board.placed), dict(board.kings),
            {color: frozenset(cubes) for color, cubes in board.men.items()}, board.turn, tuple(board.cells))


@pytest.mark.slow
def test_moves_made_and_taken_back_keep_the_board_as_if_built_anew():
    rng = random.Random(11)
    for _ in range(150):
        n = rng.randint(3, 6)
        position = random_position(rng, n, rng.randint(1, 6), "w")
        board = SearchBoard(position, "w")
        start, played = snapshot(board), []
        for _ in range(6):
            moves = board.legal_moves()
            if not moves:
                break
            move = rng.choice(moves)
            played.append((move, board.make(move)))
            anew = SearchBoard(CubePosition(n, tuple(board.cells), position.custom), board.turn)
            assert snapshot(board) == snapshot(anew), position.notation()
        for move, taken in reversed(played):
            board.unmake(move, taken)
        assert snapshot(board) == start
