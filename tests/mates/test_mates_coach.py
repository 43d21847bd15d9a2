"""The coach's words where a new user found them wrong, and the box of every material against a
plain flood fill written here (python-chess's attacks, the men frozen, the lone king lifted).
Every claim on a large sample: test_mates_coach_claims.py."""

from __future__ import annotations

import chess
import pytest
from tests.helpers.mates import NAMES, random_boards

from tablebase.mates.coach import kbn_coach as kbnk_coach
from tablebase.mates.coach import coach


def test_a_king_that_can_walk_out_of_the_corner_is_not_caught(tables):
    """The issue's position: the king on h6 walks to h5 and away: its box is 41 squares."""
    facts = coach("8/8/5B1k/5K2/8/8/5N2/8 w - - 0 1", tables)
    assert facts["phase"] == "mate-net" and facts["region"] == [] and facts["box_shown"] is False
    assert "caught" not in facts["advice"] and "box" not in facts["advice"]
    assert "The lone king is 2 steps from h8, the nearest corner of the bishop's colour." in facts["advice"]


def test_a_large_box_is_not_named_in_the_mating_net(tables):
    facts = kbnk_coach("k7/3BN3/8/1K6/8/8/8/8 w - - 0 1", tables)
    assert facts.phase == "mate-net" and facts.region_size == 0
    assert "box" not in facts.advice and "caught" not in facts.advice and "a8" in facts.advice


def test_a_small_box_is_named_and_caught_in_the_mating_net(tables):
    facts = kbnk_coach("1k6/8/2KN4/8/8/8/8/5B2 b - - 0 1", tables)
    assert facts.phase == "mate-net" and facts.region_size == 3
    assert "The lone king is caught in the corner a8" in facts.advice
    assert "The lone king's box: 3 squares." in facts.advice


def test_a_king_already_in_the_right_corner_is_not_herded_into_it(tables):
    facts = kbnk_coach("8/8/6N1/4K3/8/8/3B4/k7 b - - 0 1", tables)
    assert facts.phase == "drive-to-corner" and facts.target_corner == "a1"
    assert "herd" not in facts.advice.lower() and "is in a1" in facts.advice


def test_a_note_compares_the_box_before_and_after_and_the_win_gone(tables):
    krk = "8/8/4k3/8/8/8/8/R3K3 w - - 0 1"
    note = coach("8/8/4k3/8/R7/8/8/4K3 b - - 0 1", tables, before=krk)["note"]
    assert note["kind"] == "progress" and note["text"].startswith("The box shrank from 48 to 28 squares.")
    blunder = coach("8/8/4k3/4R3/8/8/8/4K3 b - - 0 1", tables, before=krk)["note"]
    assert blunder == {"kind": "setback", "text": "The win is gone: the table says draw.",
                       "words": [{"id": "The win is gone: the table says draw."}],
                       "claims": [{"claim": "win-gone"}], "box_changed": True}


def flood_box(board: chess.Board, strong: bool) -> set[str]:
    lone = board.king(not strong)
    lifted = board.copy()
    lifted.remove_piece_at(lone)
    attacked = {s for s in chess.SQUARES if lifted.is_attacked_by(strong, s)}
    taken = {s for s, p in board.piece_map().items() if p.color == strong}
    seen, frontier = {lone}, [lone]
    while frontier:
        here = frontier.pop()
        for target in chess.SquareSet(chess.BB_KING_ATTACKS[here]):
            if target not in seen and target not in attacked and target not in taken:
                seen.add(target)
                frontier.append(target)
    return {chess.square_name(s) for s in seen - attacked}


@pytest.mark.parametrize("material", [n for n in NAMES if n != "KBNK"])
def test_the_box_is_the_lone_kings_flood_fill(tables, material):
    for board in random_boards(material, 15, seed=900 + NAMES.index(material)):
        strong = next(p.color for p in board.piece_map().values() if p.piece_type != chess.KING)
        facts = coach(board.fen(), tables)
        assert set(facts["region"]) == (flood_box(board, strong) if facts["box_shown"] else set()), board.fen()
        assert facts["lone_king"] == chess.square_name(board.king(not strong))
        assert "mating_corners" not in facts
