"""What a page shows of a 2D position, written by the server so the pages read no FEN: the side to
move, the strong side (the one holding the men, White when only kings stand: ``Holdings.strong``),
the pieces as the board component keys them (``{"e4": "wK"}``), and for each move of a probe its
squares (``from``, ``to``: the page slices no UCI) and the position after it (its FEN, with the
halfmove clock the probe gives, and its pieces). The heat map's
key is here too: the strong side's king and men alone, the strong side to move (the map depends on
nothing else)."""

from __future__ import annotations

from dataclasses import replace

from ..core.fen import BoardPosition, piece_keys, placement
from ..core.geometry import parse_square
from ..core.rules import BLACK, WHITE
from .position import classify_material


def pieces(board: BoardPosition) -> dict[str, str]:
    """``{"e4": "wK", ...}``: each piece by its square's name, colour then kind."""
    return piece_keys(board.cells)


def position_facts(board: BoardPosition) -> dict:
    """``turn``, ``strong`` and ``pieces`` of a board."""
    return {"turn": board.turn, "strong": classify_material(board).strong, "pieces": pieces(board)}


def after(board: BoardPosition, uci: str, halfmove: int) -> BoardPosition:
    """The board once ``uci`` is played (a legal move the probe listed; no castling, en passant or
    promotion in these endings), with the halfmove clock the probe gave for it."""
    start, end = parse_square(uci[:2]), parse_square(uci[2:4])
    cells = list(board.cells)
    cells[end], cells[start] = cells[start], None
    turn = BLACK if board.turn == WHITE else WHITE
    fullmove = board.fullmove + (1 if board.turn == BLACK else 0)
    return replace(board, cells=tuple(cells), turn=turn, halfmove=halfmove, fullmove=fullmove)


def with_board_facts(fen: str, answer: dict) -> dict:
    """A probe's answer with the position's facts and, per move, its ``from`` and ``to`` squares and
    the ``fen`` and ``pieces`` after it."""
    board = BoardPosition.from_fen(fen)
    out = {**answer, **position_facts(board)}
    moves = []
    for move in answer.get("moves", []):
        next_board = after(board, move["uci"], move["halfmove_clock"])
        moves.append({**move, "from": move["uci"][:2], "to": move["uci"][2:4], "fen": next_board.fen(),
                      "pieces": pieces(next_board)})
    out["moves"] = moves
    return out


def heat_key(fen: str) -> dict:
    """The heat map's key of a position, ``{"fen", "strong"}``: the FEN of the strong side's king and
    men alone, that side to move, and the strong side."""
    board = BoardPosition.from_fen(fen)
    strong = classify_material(board).strong
    kept = {s: p.symbol() for s, p in board.pieces().items() if p.color == strong}
    return {"fen": f"{placement(kept)} {strong} - - 0 1", "strong": strong}
