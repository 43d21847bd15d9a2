"""The probe of every 2D table against python-chess (legal moves, SAN, check, mate, stalemate, the
insufficient-material flag) on random boards of each material, either colour holding the men;
the values' own consistency (a move's value is one step from the best); the fifty-move fields;
best play reaching checkmate."""

from __future__ import annotations

import chess
import pytest
from tests.helpers.mates import NAMES, random_boards

from tablebase.errors import BoardSyntaxError, IllegalPositionError, OutOfTableError
from tablebase.mates import mainline, parse_position, probe

DRAWN_BY_LAW = {"KBK", "KNK"}


@pytest.mark.parametrize("material", NAMES)
def test_moves_and_flags_match_python_chess(tables, material):
    for board in random_boards(material, 12, seed=len(material) * 7 + NAMES.index(material)):
        answer = probe(tables, board.fen())
        legal = {m.uci(): m for m in board.legal_moves}
        assert {m["uci"] for m in answer["moves"]} == set(legal), board.fen()
        assert answer["check"] == board.is_check()
        assert answer["checkmate"] == board.is_checkmate() and answer["stalemate"] == board.is_stalemate()
        assert answer["insufficient_material"] == board.is_insufficient_material(), board.fen()
        for move in answer["moves"]:
            played = legal[move["uci"]]
            assert move["san"] == board.san(played)
            assert move["zeroing"] == board.is_capture(played)
            board.push(played)
            assert move["checkmate"] == board.is_checkmate() and move["stalemate"] == board.is_stalemate()
            assert move["insufficient_material"] == board.is_insufficient_material()
            board.pop()


@pytest.mark.parametrize("material", NAMES)
def test_value_is_one_step_from_the_best_move(tables, material):
    """A won position's dtm is the best move's, one ply further; a lost one's the slowest reply's."""
    for board in random_boards(material, 20, seed=500 + NAMES.index(material)):
        answer = probe(tables, board.fen())
        if answer["category"] == "draw" or not answer["moves"]:
            continue
        best = answer["moves"][0]
        if answer["category"] == "win":
            assert best["category"] == "loss" and answer["dtm"] == -best["dtm"] + 1
        else:
            assert all(m["category"] == "win" for m in answer["moves"])
            assert answer["dtm"] == -(best["dtm"] + 1)


@pytest.mark.parametrize("fen, flags", [
    ("8/8/4k3/8/8/8/8/1B1BK3 w - - 0 1", (True, "draw")),  # bishops of one colour: drawn by law
    ("8/8/4k3/8/8/8/8/1BB1K3 w - - 0 1", (False, "win")),
    ("8/8/4k3/8/8/8/8/NN2K3 w - - 0 1", (False, "draw")),  # KNNK: a mate exists, none is forced
    ("8/8/4K3/8/8/8/8/nn2k3 b - - 0 1", (False, "draw")),
    ("8/8/4k3/8/8/8/8/4K1N1 w - - 0 1", (True, "draw")),
])
def test_insufficient_material_as_python_chess_says(tables, fen, flags):
    answer = probe(tables, fen)
    assert (answer["insufficient_material"], answer["category"]) == flags
    assert answer["insufficient_material"] == chess.Board(fen).is_insufficient_material()


def test_black_holding_the_men_mirrors_white(tables):
    white = probe(tables, "8/8/8/3k4/8/8/8/R3K3 w - - 0 1")
    black = probe(tables, "r3k3/8/8/8/3K4/8/8/8 b - - 0 1")
    assert (white["category"], white["dtm"]) == (black["category"], black["dtm"]) == ("win", white["dtm"])
    assert [m["dtm"] for m in white["moves"]] == [m["dtm"] for m in black["moves"]]


def test_fifty_move_fields_follow_the_halfmove_clock(tables):
    fresh = probe(tables, "8/8/8/3k4/8/8/8/R3K3 w - - 0 1")
    assert (fresh["halfmove_clock"], fresh["fifty_move_draw"], fresh["fifty_move_plies_left"]) == (0, False, 100)
    assert all(m["halfmove_clock"] == 1 and not m["fifty_move_draw"] for m in fresh["moves"])
    late = probe(tables, "8/8/8/3k4/8/8/8/R3K3 w - - 99 80")
    assert late["fifty_move_plies_left"] == 1 and not late["fifty_move_draw"]
    assert all(m["halfmove_clock"] == 100 and m["fifty_move_draw"] for m in late["moves"])
    # the dtm stays the table's (lichess's fields are kept); the fifty-move fields say the rest
    assert late["dtm"] == fresh["dtm"] and late["category"] == "win"
    done = probe(tables, "8/8/8/3k4/8/8/8/R3K3 b - - 100 80")
    assert done["fifty_move_draw"] and done["fifty_move_plies_left"] == 0


def test_a_mate_on_the_hundredth_ply_is_not_a_fifty_move_draw(tables):
    answer = probe(tables, "3k4/7R/3K4/8/8/8/8/8 w - - 99 90")  # Rh8 mates
    mates = [m for m in answer["moves"] if m["checkmate"]]
    assert [m["san"] for m in mates] == ["Rh8#"] and not mates[0]["fifty_move_draw"]
    assert all(m["fifty_move_draw"] for m in answer["moves"] if not m["checkmate"])


def test_a_capture_resets_the_clock(tables):
    answer = probe(tables, "8/8/8/8/8/2k5/1R6/4K3 b - - 60 70")
    take = next(m for m in answer["moves"] if m["uci"] == "c3b2")
    assert take["zeroing"] and take["halfmove_clock"] == 0 and take["insufficient_material"]


def test_the_clocks_are_read_and_kept():
    read = parse_position("8/8/8/3k4/8/8/8/R3K3 w - - 37 50")
    assert (read.halfmove, read.board.fullmove) == (37, 50)
    assert read.board.fen() == "8/8/8/3k4/8/8/8/R3K3 w - - 37 50"
    for bad in ("8/8/8/3k4/8/8/8/R3K3 w - - x 50", "8/8/8/3k4/8/8/8/R3K3 w - - -1 5",
                "8/8/8/3k4/8/8/8/R3K3 w - - 12 y"):
        with pytest.raises(BoardSyntaxError, match="invalid fen"):
            parse_position(bad)


@pytest.mark.parametrize("fen, error", [
    ("8/8/8/3k4/8/8/P7/R3K3 w - - 0 1", OutOfTableError),  # a pawn
    ("8/8/8/3k4/8/8/8/RRR1K3 w - - 0 1", OutOfTableError),  # three men
    ("8/8/8/3k4/8/8/8/Rr2K3 w - - 0 1", OutOfTableError),  # a man on each side
    ("8/8/8/3k4/8/8/8/R3K2K w - - 0 1", IllegalPositionError),
    ("8/8/8/8/8/8/8/R2kK3 w - - 0 1", IllegalPositionError),
])
def test_outside_the_tables(tables, fen, error):
    with pytest.raises(error) as caught:
        probe(tables, fen)
    assert repr(fen) in str(caught.value)
    if error is OutOfTableError:
        assert "a king and up to two of q r b n against a lone king" in str(caught.value).lower()


@pytest.mark.parametrize("fen", ["8/8/8/3k4/8/8/8/R3K3 w - - 0 1", "8/8/8/3k4/8/8/8/Q3K3 w - - 0 1",
                                 "8/8/8/3k4/8/8/8/2B1KB2 w - - 0 1", "3K4/8/8/8/8/8/8/2b1kb2 b - - 0 1",
                                 "8/8/8/3k4/8/8/8/R1N1K3 w - - 0 1"])
def test_best_play_reaches_checkmate(tables, fen):
    board = chess.Board(fen)
    line = mainline(tables, fen)
    assert len(line) == probe(tables, fen)["dtm"]
    for ply in line:
        board.push_uci(ply["uci"])
    assert board.is_checkmate()


@pytest.mark.parametrize("fen, count, left, first", [
    ("8/8/8/4k3/8/8/8/R3K3 w - - 0 1", 0, 50, False),  # KRK mates in 14 from here
    ("8/8/8/4k3/8/8/8/R3K3 w - - 94 60", 47, 3, True),  # 6 plies left: 27 needed
    ("8/8/8/R3k3/8/8/8/4K3 b - - 95 60", 48, 2, True),  # the lone king to move: half the clock rounded up
    ("3k4/7R/3K4/8/8/8/8/8 w - - 97 60", 48, 2, False),  # mate in 1 with 3 plies left
])
def test_the_fifty_move_count_is_the_servers(tables, fen, count, left, first):
    answer = probe(tables, fen)
    assert (answer["fifty_move_count"], answer["fifty_move_moves_left"], answer["fifty_move_draws_first"]) == (
        count, left, first)
    assert answer["fifty_move_count"] + answer["fifty_move_moves_left"] == 50


def test_the_command_line_probes_any_2d_table_building_it(tmp_path, monkeypatch, capsys):
    from tablebase.cli import main

    monkeypatch.setenv("KBN_TABLES", str(tmp_path))
    monkeypatch.delenv("KBNK_TABLE", raising=False)
    assert main(["probe", "8/8/8/4k3/8/8/8/R3K3 w - - 0 1"]) == 0
    out = capsys.readouterr().out
    assert "white to move: win dtm +27" in out and "Ra5+" in out
    assert (tmp_path / "KRK-8x8.tbl").is_file()
