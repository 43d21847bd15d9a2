"""The rules the article got wrong, on hand-made positions: captures, bishop checks, defended
pieces, stalemate."""

import chess
import pytest

from tablebase.mates import probe


def moves_of(answer):
    return {m["uci"]: m for m in answer["moves"]}


def oracle_moves(fen):
    return {m.uci() for m in chess.Board(fen).legal_moves}


def test_black_takes_an_undefended_knight_out_of_check_and_draws(tables):
    fen = "8/8/8/8/3Nk3/8/8/K6B b - - 0 1"  # Bh1 checks along g2-f3; d4 is not defended
    answer = probe(tables, fen)
    take = moves_of(answer)["e4d4"]
    assert take["san"] == "Kxd4"
    assert (take["category"], take["dtm"], take["insufficient_material"]) == ("draw", None, True)
    assert answer["category"] == "draw" and answer["moves"][0]["uci"] == "e4d4"


def test_a_knight_defended_by_the_king_cannot_be_taken(tables):
    fen = "8/8/8/8/3Nk3/2K5/8/7B b - - 0 1"
    answer = probe(tables, fen)
    assert "e4d4" not in moves_of(answer)
    assert set(moves_of(answer)) == oracle_moves(fen)
    assert answer["category"] == "loss"


def test_a_knight_is_defended_by_the_bishop_through_the_square_the_king_leaves(tables):
    fen = "8/6B1/8/4k3/3N4/8/8/K7 b - - 0 1"  # Bg7 checks e5 along f6; d4 lies behind the king
    answer = probe(tables, fen)
    assert "e5d4" not in moves_of(answer)
    assert set(moves_of(answer)) == oracle_moves(fen)
    assert answer["category"] == "loss"


def test_an_undefended_bishop_can_be_taken(tables):
    fen = "8/8/8/8/8/2k5/2B5/K6N b - - 0 1"
    answer = probe(tables, fen)
    take = moves_of(answer)["c3c2"]
    assert take["san"] == "Kxc2" and take["category"] == "draw" and take["insufficient_material"]
    assert answer["category"] == "draw"


def test_the_king_cannot_step_back_along_a_bishop_check(tables):
    fen = "7N/8/8/8/3k4/8/8/B6K b - - 0 1"  # Ba1 checks d4 along b2-c3
    answer = probe(tables, fen)
    assert "d4e5" not in moves_of(answer) and "d4c3" not in moves_of(answer)
    assert set(moves_of(answer)) == oracle_moves(fen)
    assert answer["category"] == "loss"


def test_a_piece_on_the_bishop_line_shields_the_king_and_stops_the_bishop(tables):
    # The knight on f6 stands between Be5 and Kh8: no check, and the bishop cannot pass it.
    fen = "7k/8/5N2/4B3/8/8/8/K7 w - - 0 1"
    answer = probe(tables, fen)
    bishop_moves = {m["uci"] for m in answer["moves"] if m["uci"].startswith("e5")}
    assert "e5g7" not in bishop_moves and "e5h8" not in bishop_moves
    assert {m for m in oracle_moves(fen) if m.startswith("e5")} == bishop_moves


def test_stalemate_is_a_draw(tables):
    answer = probe(tables, "k7/2K5/1B6/8/8/8/8/7N b - - 0 1")
    assert (answer["category"], answer["dtm"], answer["stalemate"], answer["checkmate"]) == (
        "draw", None, True, False)
    assert answer["moves"] == []


def test_a_stalemating_move_is_shown_as_a_draw(tables):
    answer = probe(tables, "k7/2K5/8/2B5/8/8/8/7N w - - 0 1")
    stalemating = moves_of(answer)["c5b6"]
    assert (stalemating["category"], stalemating["stalemate"], stalemating["dtm"]) == ("draw", True, None)
    assert answer["category"] == "win"
    assert answer["moves"][0]["category"] == "loss"


def test_checkmate_position(tables):
    answer = probe(tables, "7k/4N3/6K1/4B3/8/8/8/8 b - - 0 1")
    assert (answer["category"], answer["dtm"], answer["checkmate"], answer["stalemate"]) == (
        "loss", 0, True, False)
    assert answer["moves"] == []


def test_mate_in_one_is_found_first_with_a_hash(tables):
    answer = probe(tables, "1B5k/4N3/6K1/8/8/8/8/8 w - - 0 1")
    assert (answer["category"], answer["dtm"]) == ("win", 1)
    best = answer["moves"][0]
    assert (best["uci"], best["san"], best["category"], best["dtm"], best["checkmate"]) == (
        "b8e5", "Be5#", "loss", 0, True)


@pytest.mark.parametrize("fen", [
    "8/8/8/8/8/2k5/8/B5NK w - - 0 1",  # Black in check with White to move
    "8/8/8/8/8/8/1k6/KB6 b - - 0 1",  # the kings touch
    "8/8/8/8/8/2k5/8/B6K w - - 0 1",  # KBK, Black in check with White to move
])
def test_side_not_to_move_in_check_is_illegal(tables, fen):
    from tablebase.errors import IllegalPositionError

    with pytest.raises(IllegalPositionError):
        probe(tables, fen)
