"""The probe API: lichess conventions on both sides, either colour holding the pieces, the
drawn endings after a capture, move order, errors; mainline and random positions."""

import random

import chess
import numpy as np
import pytest
from tests.helpers.kbnk import board_fen, random_legal

from tablebase.errors import BoardSyntaxError, IllegalPositionError, OutOfTableError
from tablebase.mates import KBNK, PositionRangeError, mainline, probe, random_position, to_fen
from tablebase.mates.expansion import DRAW

FIELDS = {"category", "dtm", "mate_in", "checkmate", "stalemate", "insufficient_material", "check", "moves",
          "halfmove_clock", "fifty_move_draw", "fifty_move_plies_left", "fifty_move_count",
          "fifty_move_moves_left", "fifty_move_draws_first"}
MOVE_FIELDS = {"uci", "san", "category", "dtm", "mate_in", "checkmate", "stalemate", "insufficient_material",
               "check", "zeroing", "halfmove_clock", "fifty_move_draw"}
LONGEST = "8/8/8/8/8/8/2k5/KNB5 w - - 0 1"


def mirrored(fen: str) -> str:
    """Colours swapped and ranks flipped: the same position for the other side."""
    return chess.Board(fen).mirror().fen()


def mirror_uci(uci: str) -> str:
    return uci[0] + str(9 - int(uci[1])) + uci[2] + str(9 - int(uci[3]))


def test_white_to_move_win_in_plies(tables):
    answer = probe(tables, LONGEST)
    assert set(answer) == FIELDS
    assert (answer["category"], answer["dtm"]) == ("win", 65)
    assert not (answer["checkmate"] or answer["stalemate"] or answer["insufficient_material"])
    for move in answer["moves"]:
        assert set(move) == MOVE_FIELDS
    winning = [m for m in answer["moves"] if m["category"] == "loss"]
    assert winning[0]["dtm"] == -64
    assert all(m["dtm"] <= 0 and m["dtm"] % 2 == 0 for m in winning)


def test_black_to_move_loss_in_plies(tables):
    # Black's best reply in the longest line leaves White a mate in 32: Black was mated in 33.
    line = mainline(tables, LONGEST)
    after_first = chess.Board(LONGEST)
    after_first.push_uci(line[0]["uci"])
    answer = probe(tables, after_first.fen())
    assert (answer["category"], answer["dtm"]) == ("loss", -64)
    assert answer["moves"][0]["category"] == "win"
    assert answer["moves"][0]["dtm"] == 63  # most stubborn first
    assert [m["dtm"] for m in answer["moves"]] == sorted((m["dtm"] for m in answer["moves"]), reverse=True)


def test_black_to_move_mated_in_33_is_minus_66(tables, kbnk_full):
    wk, wb, wn, bk = np.argwhere(kbnk_full.btm == 33)[0]
    answer = probe(tables, board_fen(wk, wb, wn, bk, False))
    assert (answer["category"], answer["dtm"]) == ("loss", -66)


@pytest.mark.parametrize("fen", [LONGEST, "8/8/8/8/3Nk3/8/8/K6B b - - 0 1",
                                 "k7/2K5/8/2B5/8/8/8/7N w - - 0 1", "8/8/2k5/8/8/8/3K4/1N6 w - - 0 1"])
def test_black_holding_the_pieces_gives_the_mirrored_answer(tables, fen):
    white, black = probe(tables, fen), probe(tables, mirrored(fen))
    strip = lambda a: {k: v for k, v in a.items() if k != "moves"}
    assert strip(white) == strip(black)
    assert sorted((mirror_uci(m["uci"]), m["category"], m["dtm"]) for m in black["moves"]) == sorted(
        (m["uci"], m["category"], m["dtm"]) for m in white["moves"])
    assert [(m["category"], m["dtm"]) for m in black["moves"]] == [
        (m["category"], m["dtm"]) for m in white["moves"]]


@pytest.mark.parametrize("fen", [
    "8/8/8/8/8/8/2k5/KN6 w - - 0 1", "8/8/8/8/8/8/2k5/K1B5 b - - 0 1", "8/8/8/8/8/8/2k5/K7 w - - 0 1",
    "8/8/8/8/8/8/2K5/kn6 b - - 0 1", "kb6/8/1K6/8/8/8/8/8 w - - 0 1",
])
def test_kbk_knk_kk_are_draws_by_insufficient_material(tables, fen):
    answer = probe(tables, fen)
    assert (answer["category"], answer["dtm"], answer["insufficient_material"]) == ("draw", None, True)
    assert {m["uci"] for m in answer["moves"]} == {m.uci() for m in chess.Board(fen).legal_moves}
    assert all(m["category"] == "draw" and m["insufficient_material"] for m in answer["moves"])


def test_lone_king_stalemated_in_kbk(tables):
    answer = probe(tables, "k7/2K5/1B6/8/8/8/8/8 b - - 0 1")
    assert answer["stalemate"] and answer["insufficient_material"] and answer["moves"] == []


def test_capture_leaves_kbk(tables):
    answer = probe(tables, "8/8/8/8/8/8/1k6/1N1K1B2 b - - 0 1")
    take = next(m for m in answer["moves"] if m["uci"] == "b2b1")
    assert take["san"] == "Kxb1" and take["insufficient_material"] and take["category"] == "draw"


def test_underscores_stand_for_spaces(tables):
    assert probe(tables, LONGEST.replace(" ", "_")) == probe(tables, LONGEST)


@pytest.mark.parametrize("fen, error", [
    ("", BoardSyntaxError), ("not a fen", BoardSyntaxError), ("8/8/8 w", BoardSyntaxError),
    ("8/8/8/8/8/8/2k5/KNB5 x - - 0 1", BoardSyntaxError),
    ("8/8/8/8/8/8/8/KNB5 w - - 0 1", IllegalPositionError),  # no Black king
    ("8/8/8/8/8/8/1k6/KNB5 w - - 0 1", IllegalPositionError),  # kings touch
    ("8/8/8/8/8/8/3k4/KNB5 w - - 0 1", IllegalPositionError),  # side not to move in check
    ("8/8/8/8/8/8/2k5/KQBN4 w - - 0 1", OutOfTableError),  # three men
    ("8/8/8/8/8/8/2k5/KBBB4 w - - 0 1", OutOfTableError),
    ("8/8/8/8/8/8/2kn4/KB6 w - - 0 1", OutOfTableError),  # KB vs KN
    ("8/8/8/8/8/P7/2k5/KNB5 w - - 0 1", OutOfTableError),
])
def test_errors_are_value_errors_quoting_the_input(tables, fen, error):
    with pytest.raises(error) as caught:
        probe(tables, fen)
    assert isinstance(caught.value, ValueError)
    assert repr(fen) in str(caught.value)
    assert str(caught.value) == str(caught.value).lower() or repr(fen) in str(caught.value)


def test_moves_are_ordered_best_first(tables):
    for seed in range(20):
        fen = to_fen(random_position(tables, KBNK, 1, 33, rng=random.Random(seed)))
        for answer in (probe(tables, fen),):
            rank = {"loss": 0, "draw": 1, "win": 2}
            keys = [(rank[m["category"]], -(m["dtm"] or 0)) for m in answer["moves"]]
            assert keys == sorted(keys)


def test_probe_values_match_the_expanded_tables(tables, kbnk_full):
    for side, white in (("wtm", True), ("btm", False)):
        for wk, wb, wn, bk in random_legal(kbnk_full, side, 300, seed=5 if white else 6):
            value = int(kbnk_full.side(side)[wk, wb, wn, bk])
            answer = probe(tables, board_fen(wk, wb, wn, bk, white))
            if value == DRAW:
                assert answer["category"] == "draw" and answer["dtm"] is None
            elif white:
                assert (answer["category"], answer["dtm"]) == ("win", 2 * value - 1)
            else:
                assert (answer["category"], answer["dtm"]) == ("loss", -2 * value)


def test_mainline_of_the_longest_position_mates_in_65_plies(tables):
    line = mainline(tables, LONGEST)
    assert len(line) == 65
    assert all(set(ply) == {"uci", "san", "dtm"} for ply in line)
    assert [ply["dtm"] for ply in line] == [-64 + i if i % 2 == 0 else 64 - i for i in range(65)]
    board = chess.Board(LONGEST)
    for ply in line:
        move = chess.Move.from_uci(ply["uci"])
        assert move in board.legal_moves and board.san(move) == ply["san"]
        board.push(move)
    assert board.is_checkmate() and line[-1]["san"].endswith("#")
    assert mainline(tables, LONGEST) == line  # deterministic


def test_mainline_of_draws_and_mates_is_empty(tables):
    assert mainline(tables, "8/8/8/8/3Nk3/8/8/K6B b - - 0 1") == []
    assert mainline(tables, "7k/4N3/6K1/4B3/8/8/8/8 b - - 0 1") == []
    assert mainline(tables, "8/8/8/8/8/8/2k5/KN6 w - - 0 1") == []


def test_mainline_from_black_to_move(tables):
    fen = "8/8/8/8/3Nk3/2K5/8/7B b - - 0 1"
    line = mainline(tables, fen)
    assert len(line) == -probe(tables, fen)["dtm"]


@pytest.mark.parametrize("low, high, bishop", [(1, 1, None), (10, 12, "light"), (33, 33, "dark"), (30, 99, None)])
def test_random_position_is_in_range(tables, low, high, bishop):
    rng = random.Random(7)
    for _ in range(10):
        fen = to_fen(random_position(tables, KBNK, low, high, bishop=bishop, rng=rng))
        board = chess.Board(fen)
        assert board.turn == chess.WHITE and board.is_valid()
        answer = probe(tables, fen)
        assert answer["category"] == "win" and low <= (answer["dtm"] + 1) // 2 <= high
        square = board.pieces(chess.BISHOP, chess.WHITE).pop()
        light = (chess.square_file(square) + chess.square_rank(square)) % 2 == 1
        if bishop:
            assert light == (bishop == "light")


def test_random_position_accepts_a_numpy_generator_and_varies(tables):
    rng = np.random.default_rng(3)
    fens = {to_fen(random_position(tables, KBNK, 20, 25, rng=rng)) for _ in range(20)}
    assert len(fens) > 15


@pytest.mark.parametrize("low, high, bishop", [(0, 3, None), (5, 4, None), (34, 40, None),
                                               (1, 3, "green"), ("1", 3, None), (True, 3, None)])
def test_random_position_rejects_bad_ranges(tables, low, high, bishop):
    with pytest.raises(PositionRangeError) as caught:
        random_position(tables, KBNK, low, high, bishop=bishop, rng=random.Random(1))
    assert isinstance(caught.value, ValueError)
