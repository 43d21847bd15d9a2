"""What a page shows of a 2D position, written by the server so the pages read no FEN: the side to
move, the strong side (the one holding the men, White when only kings stand: ``Holdings.strong``),
the pieces as the board component keys them (``{"e4": "wK"}``), and for each move of a probe its
squares (``from``, ``to``: the page slices no UCI) and the position after it (its FEN, with the
halfmove clock the probe gives, and its pieces). The heat map's
key is here too: the strong side's king and men alone, the strong side to move (the map depends on
nothing else)."""

from __future__ import annotations

from ..core.fen import BoardPosition, piece_keys, placement
from ..core.geometry import square_name
from ..core.rules import BLACK, WHITE
from .position import classify_material

SQUARES = {square_name(s): s for s in range(64)}


def pieces(board: BoardPosition) -> dict[str, str]:
    """``{"e4": "wK", ...}``: each piece by its square's name, colour then kind."""
    return piece_keys(board.cells)


def position_facts(board: BoardPosition) -> dict:
    """``turn``, ``strong`` and ``pieces`` of a board."""
    return {"turn": board.turn, "strong": classify_material(board).strong, "pieces": pieces(board)}


def with_board_facts(fen: str, answer: dict) -> dict:
    """A probe's answer with the position's facts and, per move, its ``from`` and ``to`` squares and
    the ``fen`` and ``pieces`` after it. These endings have no pawns, so a move is the piece going
    to its square (no promotion nor en passant), worked on the few pieces rather than the 64
    squares; tests/mates/test_mates_board_facts.py holds every move's position to python-chess's."""
    board = BoardPosition.from_fen(fen)
    out = {**answer, **position_facts(board)}
    symbols = {s: p.symbol() for s, p in board.pieces().items()}
    keys = out["pieces"]
    turn = BLACK if board.turn == WHITE else WHITE
    tail = f" {turn} - - "
    fullmove = f" {board.fullmove + (1 if board.turn == BLACK else 0)}"
    for move in out.get("moves", []):  # each a fresh dict of this answer: filled in place
        uci = move["uci"]
        start, end = uci[:2], uci[2:4]
        moved = dict(symbols)
        moved[SQUARES[end]] = moved.pop(SQUARES[start])
        after_keys = dict(keys)
        after_keys[end] = after_keys.pop(start)
        move["from"], move["to"], move["pieces"] = start, end, after_keys
        move["fen"] = placement(moved) + tail + str(move["halfmove_clock"]) + fullmove
    return out


def heat_key(fen: str) -> dict:
    """The heat map's key of a position, ``{"fen", "strong"}``: the FEN of the strong side's king and
    men alone, that side to move, and the strong side."""
    board = BoardPosition.from_fen(fen)
    strong = classify_material(board).strong
    kept = {s: p.symbol() for s, p in board.pieces().items() if p.color == strong}
    return {"fen": f"{placement(kept)} {strong} - - 0 1", "strong": strong}
