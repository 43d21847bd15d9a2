"""Issues 17 and 30: no chess notation read, no moves made and no "which side is strong" decided
in the pages' JavaScript; the server says (tablebase/mates/board_facts.py, tablebase/cube/pieces.py,
webapp/solitaire.py). A grep over static/js for what was removed."""

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


# Issue 30: no board notation is read in JavaScript either; the server reads every board (the 3D
# lab's through POST /api/3d/position, solitaire's through POST /api/solitaire/state) and the
# pages only write notation for a board the user built.
@pytest.mark.parametrize("name", ["parseBoard", "checkBoard", "keyToCube", "xyOf", "isLight"])
def test_no_javascript_reads_a_board_in_notation(name):
    assert uses(name) == []


def test_no_javascript_takes_a_fen_apart():
    split = re.compile(r"\bfen\b[^;\n]*\.(split|match|matchAll|replace)\(", re.IGNORECASE)
    assert sorted(str(p.relative_to(JS)) for p in JS.rglob("*.js") if split.search(p.read_text())) == []


def test_the_pages_have_the_server_read_their_boards():
    lab = (JS / "cube" / "page.js").read_text()
    solitaire = (JS / "solitaire" / "page.js").read_text()
    assert "readBoard(" in lab and "formatBoard(" in lab  # the server reads, the page writes
    assert "coordinates" in solitaire and "boardString(" in solitaire


# Issue 30: the move checker's boxes (the piece list, the piece question) go to the server as typed
# (pieces_text, move_text: read by tablebase/moves/forms.py); the page takes no text apart.
def test_the_move_checker_sends_the_text_as_typed():
    checker = (JS / "moves" / "page.js").read_text()
    assert "JSON.parse" not in checker
    reading = re.compile(r"\.(split|match|matchAll|replace|replaceAll|startsWith|endsWith|search|test|exec)\("
                         r"|\bRegExp\b|\beval\(")
    assert reading.findall(checker) == []
    assert re.search(r"pieces_text:\s*ui\.list\.value", checker)
    assert re.search(r"move_text:\s*ui\.question\.value", checker)
