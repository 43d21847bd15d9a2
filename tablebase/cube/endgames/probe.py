"""Probing a 3D endgame position the way ``/api/tablebase`` answers: the value for the side to
move and every legal move with the value after it, best first, DTM in plies (lichess's signs)."""

from __future__ import annotations

import numpy as np

from .position import EndgamePosition
from .values import Tables, black_to_move, white_moves, white_to_move

_CATEGORY_ORDER = {"loss": 0, "draw": 1, "win": 2}


def _white_verdict(moves: int, *, stalemate=False) -> dict:
    """White to move, ``moves`` to mate (0: not won)."""
    if moves > 0:
        return {"category": "win", "dtm": 2 * moves - 1, "checkmate": False, "stalemate": False}
    return {"category": "draw", "dtm": None, "checkmate": False, "stalemate": bool(stalemate)}


def _black_verdict(moves: int, *, mate=False, stalemate=False) -> dict:
    """Black to move, White needing ``moves`` more (-1: drawn)."""
    if moves >= 0:
        return {"category": "loss", "dtm": -2 * moves, "checkmate": bool(mate), "stalemate": False}
    return {"category": "draw", "dtm": None, "checkmate": False, "stalemate": bool(stalemate)}


def _order(entry: dict) -> tuple:
    """Best first for the mover: the opponent lost (quickest mate first), draws, the opponent
    winning (longest first); ties by the cubes, so the order is fixed."""
    dtm = entry["dtm"] or 0
    return (_CATEGORY_ORDER[entry["category"]], -dtm if entry["category"] != "draw" else 0,
            entry["from"], entry["to"])


def _after_white(tables: Tables, position: EndgamePosition) -> list[dict]:
    moves = white_moves(position)
    if not moves:
        return []
    kings = np.array([t if man < 0 else position.king for man, _, t in moves])
    men = [np.array([t if man == i else s for man, _, t in moves]) for i, s in enumerate(position.squares)]
    lone = np.full(len(moves), position.lone)
    replies = black_to_move(tables, position.n, position.material, kings, men, lone)
    return [{**_black_verdict(int(d), mate=m, stalemate=s), "check": c} for d, m, s, c in
            zip(replies.dtm.tolist(), replies.mate.tolist(), replies.stalemate.tolist(), replies.check.tolist())]


def probe(tables: Tables, position: EndgamePosition) -> dict:
    """The value of the position for the side to move, and each legal move with its value."""
    board = position.board()
    coords = board.coords
    material = position.material
    entries = []
    if position.white_to_move:
        moves = white_moves(position)
        top = _white_verdict(int(white_to_move(tables, material, position.king, position.squares, position.lone)),
                             stalemate=not moves)
        for (man, start, end), verdict in zip(moves, _after_white(tables, position)):
            piece = "wK" if man < 0 else "w" + position.men[man][0]
            entries.append({"from": list(coords(start)), "to": list(coords(end)), "piece": piece, **verdict})
    else:
        replies = black_to_move(tables, position.n, material, [position.king], [[s] for s in position.squares],
                                [position.lone])
        top = _black_verdict(int(replies.dtm[0]), mate=replies.mate[0], stalemate=replies.stalemate[0])
        for target, legal, value in zip(replies.targets[0].tolist(), replies.legal[0].tolist(), replies.values[0].tolist()):
            if not legal:
                continue
            after = _after_capture(position, target)
            stuck = value == 0 and not white_moves(after)
            entries.append({"from": list(coords(position.lone)), "to": list(coords(target)), "piece": "bK",
                            **_white_verdict(value, stalemate=stuck)})
    entries.sort(key=_order)
    return {"n": position.n, "material": material.name, "turn": "w" if position.white_to_move else "b",
            **top, "moves": entries}


def _after_capture(position: EndgamePosition, target: int) -> EndgamePosition:
    """The position after the lone king steps to ``target`` (taking a man there, if any)."""
    men = tuple(m for m in position.men if m[1] != target)
    return EndgamePosition(position.n, position.king, men, target, True)
