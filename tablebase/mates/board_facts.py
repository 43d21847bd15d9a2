"""What a page shows of a 2D position, written by the server so the pages read no FEN: the side to
move, the strong side (the one holding the men, White when only kings stand: ``Holdings.strong``),
the pieces as the board component keys them (``{"e4": "wK"}``), and for each move of a probe its
squares (``from``, ``to``: the page slices no UCI) and the position after it (its FEN, with the
halfmove clock the probe gives, and its pieces). The board comes read (``parse_position`` at the
edge, or ``chess_position`` of a position the server drew): no FEN is read twice. The heat map's
key is here too: the strong side's king and men alone, the strong side to move (the map depends on
nothing else)."""

from __future__ import annotations

from ..core.fen import BoardPosition, piece_keys, placement
from ..core.geometry import square_name
from ..core.rules import BLACK, CHESS_RULES, other
from .position import classify_material

SQUARES = {square_name(s): s for s in range(64)}


def pieces(board: BoardPosition) -> dict[str, str]:
    """``{"e4": "wK", ...}``: each piece by its square's name, colour then kind."""
    return piece_keys(board.cells)


def position_facts(board: BoardPosition) -> dict:
    """``turn``, ``strong`` and ``pieces`` of a board."""
    return {"turn": board.turn, "strong": classify_material(board).strong, "pieces": pieces(board)}


def with_board_facts(board: BoardPosition, answer: dict) -> dict:
    """A probe's answer with the position's facts and, per move, its ``from`` and ``to`` squares and
    the ``fen`` and ``pieces`` after it: the move played by the rules core (``Rules.play``) on the
    board as read, the clock the probe gives; tests/mates/test_mates_board_facts.py holds every
    move's position to python-chess's.

    >>> from tablebase.core.fen import BoardPosition
    >>> board = BoardPosition.from_fen("8/8/8/8/8/8/8/KBNk4 w - - 0 1")
    >>> move = with_board_facts(board, {"moves": [{"uci": "b1c2", "halfmove_clock": 1}]})["moves"][0]
    >>> move["from"], move["to"], move["fen"]
    ('b1', 'c2', '8/8/8/8/8/8/2B5/K1Nk4 b - - 1 1')
    """
    out = {**answer, **position_facts(board)}
    keys = out["pieces"]
    occupied = {name: SQUARES[name] for name in keys}
    tail = f" {other(board.turn)} - - "
    fullmove = f" {board.fullmove + (1 if board.turn == BLACK else 0)}"
    for move in out.get("moves", []):  # each a fresh dict of this answer: filled in place
        uci = move["uci"]
        start, end = uci[:2], uci[2:4]
        after = CHESS_RULES.play(board.cells, occupied[start], SQUARES[end])
        # the pieces (few: walked rather than the 64 squares) in the order the answer has always
        # listed them, the mover last unless it took
        placed = {name: after[square] for name, square in occupied.items() if name != start and after[square] is not None}
        placed[end] = after[SQUARES[end]]
        move["from"], move["to"] = start, end
        move["pieces"] = {name: piece.color + piece.kind for name, piece in placed.items()}
        move["fen"] = placement({SQUARES[name]: piece.symbol() for name, piece in placed.items()}) + tail + \
            str(move["halfmove_clock"]) + fullmove
    return out


def heat_key(board: BoardPosition) -> dict:
    """The heat map's key of a position, ``{"fen", "strong"}``: the FEN of the strong side's king and
    men alone, that side to move, and the strong side."""
    strong = classify_material(board).strong
    kept = {s: p.symbol() for s, p in board.pieces().items() if p.color == strong}
    return {"fen": f"{placement(kept)} {strong} - - 0 1", "strong": strong}
