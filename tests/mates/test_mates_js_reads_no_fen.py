"""Issue 17: no chess notation, moves or "which side is strong" in the pages' JavaScript; the
server says (tablebase/mates/board_facts.py, tablebase/cube/pieces.py). A grep over static/js for
what was removed."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

JS = Path(__file__).resolve().parents[2] / "static" / "js"


def uses(name: str) -> list[str]:
    """The JavaScript files naming ``name`` as a word."""
    pattern = re.compile(rf"\b{re.escape(name)}\b")
    return sorted(str(p.relative_to(JS)) for p in JS.rglob("*.js") if pattern.search(p.read_text()))


@pytest.mark.parametrize("name", ["strongSide", "heatKey", "movedPosition", "parseFen"])
def test_no_javascript_decides_which_side_is_strong_or_moves_a_piece(name):
    assert uses(name) == []


def test_the_trainers_game_takes_its_positions_from_the_server():
    game = (JS / "mates" / "fen_game.js").read_text()
    assert "parseFen" not in game and "formatFen" not in game and "movedPosition" not in game
    assert "move.fen" in game and "probe.strong" in game


def test_the_js_finds_what_it_greps_for():
    assert uses("createFenGame")  # the grep sees the modules
