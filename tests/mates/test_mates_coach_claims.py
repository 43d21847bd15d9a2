"""Every claim the coach makes, read back from its words and checked against the claim's definition
written here a second time with python-chess (the box as a flood fill, the corners and edges by
king steps, checkmate and stalemate, the men the lone king could take) and the table's value from
the probe: on random legal positions of the 14 materials (either side to move, either colour
holding the men) and on the notes of moves along best play and after random moves (the box's
figures chained from one note to the next). The slow test checks 100,000 positions and more; the
fast one a sample of each material."""

from __future__ import annotations

import random
import time

import chess
import pytest
from tests.helpers.coach_oracle import Checked, check_facts, check_note
from tests.helpers.mates import NAMES, random_boards

from tablebase.mates import parse_position, probe
from tablebase.mates.coach import coach_note, coach_position


def _value(tables, board: chess.Board) -> dict:
    return probe(tables, board.fen())


def sample(tables, material: str, positions: int, line_positions: int, plies: int, seed: int) -> Checked:
    """Checks ``positions`` random positions, then lines of at most ``plies`` plies (best play and
    random moves mixed) from random starts, each position of them and each move's note, until
    ``line_positions`` moves are checked; returns what was checked."""
    checked = Checked()
    for board in random_boards(material, positions, seed):
        check_facts(board, coach_position(parse_position(board.fen()).position, tables), _value(tables, board), checked)
    rng = random.Random(seed + 1)
    starts = iter(random_boards(material, line_positions, seed + 2))
    while checked.notes < line_positions:
        board = next(starts)
        view, value, last_note = None, None, None
        for ply in range(plies):
            legal = list(board.legal_moves)
            if not legal or checked.notes >= line_positions:
                break
            if view is None:
                value = _value(tables, board)
                view = check_facts(board, coach_position(parse_position(board.fen()).position, tables), value, checked)
            best = value["moves"] and (ply % 2 == 0 or rng.random() < 0.7)
            move = chess.Move.from_uci(value["moves"][0]["uci"]) if best else rng.choice(legal)
            after_board = board.copy(stack=False)
            after_board.push(move)
            if len(after_board.piece_map()) == 2:  # the lone king took the last man: no coach
                break
            after = parse_position(after_board.fen()).position
            after_value = _value(tables, after_board)
            after_view = check_facts(after_board, coach_position(after, tables), after_value, checked)
            note = coach_note(parse_position(board.fen()).position, after, tables)
            check_note(view, after_view, note, last_note, checked)
            board, view, value, last_note = after_board, after_view, after_value, note
    return checked


@pytest.mark.parametrize("material", NAMES)
def test_every_claim_holds_on_a_sample_of_each_material(tables, material):
    checked = sample(tables, material, positions=150, line_positions=100, plies=10, seed=31 + NAMES.index(material))
    assert checked.positions >= 250 and checked.notes == 100
    assert checked.claims


@pytest.mark.slow
@pytest.mark.parametrize("material", NAMES)
def test_every_claim_holds_on_100000_positions(tables, material):
    """Over 7,200 positions of each material (over 100,800 in all): 4,800 drawn at random and 2,400
    moves along lines of up to 20 plies (each line's start checked too), every claim of each
    position and of each move's note checked."""
    start = time.perf_counter()
    checked = sample(tables, material, positions=4800, line_positions=2400, plies=20, seed=1000 + NAMES.index(material))
    assert checked.positions > 7200 and checked.notes == 2400, (checked.positions, checked.notes)
    print(f"{material}: {checked.positions} positions, {checked.notes} notes, {sum(checked.claims.values())} claims "
          f"({dict(sorted(checked.claims.items()))}) in {time.perf_counter() - start:.1f} s")


def corner_boards(material: str, count: int, seed: int) -> list[chess.Board]:
    """``count`` random legal boards of ``material`` with the lone king in a corner (each corner in
    turn), either side to move, either colour holding the men."""
    rng = random.Random(seed)
    kinds = [chess.Piece.from_symbol(k).piece_type for k in material[1:-1]]
    corners = (chess.A1, chess.H1, chess.A8, chess.H8)
    found = []
    while len(found) < count:
        strong = rng.choice((chess.WHITE, chess.BLACK))
        lone = corners[len(found) % 4]
        squares = rng.sample([s for s in chess.SQUARES if s != lone], len(kinds) + 1)
        board = chess.Board(None)
        board.set_piece_at(lone, chess.Piece(chess.KING, not strong))
        board.set_piece_at(squares[0], chess.Piece(chess.KING, strong))
        for square, kind in zip(squares[1:], kinds):
            board.set_piece_at(square, chess.Piece(kind, strong))
        board.turn = rng.choice((chess.WHITE, chess.BLACK))
        if board.is_valid():
            found.append(board)
    return found


@pytest.mark.parametrize("material", NAMES)
def test_a_king_in_a_corner_is_never_said_to_be_0_steps_from_it(tables, material):
    """With the lone king in a corner, every distance the coach says is checked against the one
    computed here (the oracle refuses "0 steps"), the king in the wrong corner of KBNK included."""
    checked = Checked()
    for board in corner_boards(material, 200, seed=500 + NAMES.index(material)):
        facts = coach_position(parse_position(board.fen()).position, tables)
        assert "0 steps" not in facts.advice + facts.defence, (board.fen(), facts.advice)
        check_facts(board, facts, _value(tables, board), checked)
    assert checked.positions == 200
    if material == "KBNK":  # the lone king in the wrong corner is told so, with the right corner's distance
        assert checked.claims["wrong-corner-in"] >= 5, checked.claims
