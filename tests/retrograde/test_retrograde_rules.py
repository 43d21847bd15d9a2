"""The NumPy paths of the 3D tables against the rules core (``cube_rules``, ``CubePosition``):
attacks, legality, White's moves, the lone king's replies, and the checkmates and stalemates the
probe reports."""

from __future__ import annotations

import numpy as np
import pytest

from tablebase.core.rules import BLACK, WHITE, Piece, cube_rules
from tablebase.cube.endgames import probe
from tablebase.tables import TableId, TablePosition, lone_to_move
from tablebase.retrograde import Material, Space, cube_board
from tablebase.retrograde.attacks import attacked
from tablebase.retrograde.masks import attacks, legal

MATERIALS = ["KQK", "KRNK", "KBNK", "KQBK", "KRRK"]


def cells_of(n, king, men, lone, kinds):
    cells = [None] * n ** 3
    cells[king] = Piece(WHITE, "K")
    for kind, square in zip(kinds, men):
        cells[square] = Piece(WHITE, kind)
    if lone is not None:
        cells[lone] = Piece(BLACK, "K")
    return cells


def random_placements(n, men, count, seed):
    """Distinct squares for the White king, the men and the lone king."""
    rng = np.random.default_rng(seed)
    return [rng.choice(n ** 3, size=men + 2, replace=False).tolist() for _ in range(count)]


@pytest.mark.parametrize("n", [3, 4])
@pytest.mark.parametrize("name", MATERIALS)
def test_attacks_match_the_core(n, name):
    kinds = Material.parse(name).pieces
    board, rules = cube_board(n), cube_rules(n)
    for king, *men in random_placements(n, len(kinds) - 1, 150, seed=n):
        cells = cells_of(n, king, men, None, kinds)  # the lone king lifted off
        found = attacked(board, kinds, [king, *men], np.arange(n ** 3))
        expected = [rules.is_attacked(cells, s, WHITE) for s in range(n ** 3)]
        assert found.tolist() == expected


@pytest.mark.parametrize("name", ["KQK", "KRNK", "KBBK"])
def test_the_engines_attack_and_legality_arrays_match_the_core(name):
    n = 3
    space = Space(cube_board(n), Material.parse(name))
    kinds, rules = space.material.pieces, cube_rules(n)
    hit, ok = attacks(space).reshape(-1), legal(space).reshape(-1)
    rng = np.random.default_rng(7)
    for entry in rng.integers(space.size, size=3000).tolist():
        king, men, lone = space.squares([entry])
        king, men, lone = int(king[0]), [int(m[0]) for m in men], int(lone[0])
        squares = [king, *men, lone]
        distinct = len(set(squares)) == len(squares)
        apart = lone not in cube_board(n).steps("K")[king] and lone != king
        assert ok[entry] == (distinct and apart)
        if distinct:
            assert hit[entry] == rules.is_attacked(cells_of(n, king, men, None, kinds), lone, WHITE)


def legal_placements(n, kinds, count, seed):
    board = cube_board(n)
    found = []
    for king, *men, lone in random_placements(n, len(kinds), count * 3, seed):
        if board.touching[king, lone]:
            continue
        found.append((king, men, lone))
        if len(found) == count:
            break
    return found


@pytest.mark.parametrize("n", [3, 4])
@pytest.mark.parametrize("name", MATERIALS)
def test_white_moves_and_lone_king_replies_match_the_core(n, name, cube_store):
    material = Material.parse(name)
    kinds, rules = material.pieces, cube_rules(n)
    tables = cube_store.table
    for king, men, lone in legal_placements(n, kinds, 60, seed=11 * n):
        cells = cells_of(n, king, men, lone, kinds)
        position = TablePosition(3, n, king, tuple(zip(kinds, men)), lone, True)
        mine = sorted((start, end) for _, start, end in position.strong_moves())
        core = sorted((s, t) for s in [king, *men] for t in rules.legal_targets(cells, s))
        assert mine == core
        if n == 3:
            replies = lone_to_move(tables, TableId.cube(material, n), [king], [[m] for m in men], [lone])
            assert sorted(replies.targets[0][replies.legal[0]].tolist()) == sorted(rules.legal_targets(cells, lone))
            status = rules.status(cells, BLACK)
            assert bool(replies.mate[0]) == status["checkmate"]
            assert bool(replies.stalemate[0]) == status["stalemate"]


@pytest.mark.parametrize("name", ["KQK", "KRRK", "KRNK", "KQNK"])
def test_probe_flags_every_mate_and_stalemate_as_the_core_does(name, cube_store):
    """Every White move of sampled positions: checkmate and stalemate after it, as the core says."""
    n, material = 3, Material.parse(name)
    kinds, rules = material.pieces, cube_rules(n)
    tables = cube_store.table
    seen = {"mate": 0, "stalemate": 0}
    for king, men, lone in legal_placements(n, kinds, 120, seed=5):
        cells = cells_of(n, king, men, lone, kinds)
        if rules.is_attacked(cells, lone, WHITE):
            continue  # not a legal White-to-move position
        answer = probe(tables, TablePosition(3, n, king, tuple(zip(kinds, men)), lone, True))
        for move in answer["moves"]:
            start, end = (cube_board(n).geometry.square(move[k]) for k in ("from", "to"))
            after = list(cells)
            after[end], after[start] = after[start], None
            status = rules.status(after, BLACK)
            assert move["checkmate"] == status["checkmate"]
            assert move["stalemate"] == status["stalemate"]
            seen["mate"] += status["checkmate"]
            seen["stalemate"] += status["stalemate"]
    assert seen["mate"] > 0 and seen["stalemate"] > 0
