"""Probing a 3D endgame position the way ``/api/tablebase`` answers, through the table service's
one evaluator and answer type; moves are named by their cubes ``from`` and ``to``, the piece, and
the record's notation (``Qc2(I)-c5(IV)+``, ``cube.record``)."""

from __future__ import annotations

from ...tables import LONE, MoveAnswer, ProbeAnswer, TablePosition, analyse
from ...tables.values import Tables
from ..record import move_text


def answer(tables: Tables, position: TablePosition, letters: dict | None = None) -> ProbeAnswer:
    """``letters``: the board's letter of each custom man's kind (its atoms' text)."""
    verdict, check, values = analyse(tables, position)
    coords = position.board.geometry.coords  # tuples: JSON writes them as arrays
    letters = letters or {}
    pieces = {LONE: "bK", -1: "wK", **{i: "w" + letters.get(kind, kind) for i, (kind, _) in enumerate(position.men)}}
    starts, ends = list(map(coords, values.starts)), list(map(coords, values.ends))
    kinds = [pieces[man] for man in values.men]
    texts = [move_text(position.n, kind, start, end, capture=capture, check=check, mate=verdict.checkmate)
             for kind, start, end, capture, check, verdict
             in zip(kinds, starts, ends, values.captures, values.checks, values.verdicts)]
    moves = MoveAnswer.columns(("from", "to", "piece", "notation"), (starts, ends, kinds, texts),
                               values.verdicts, values.checks, values.captures, list(zip(starts, ends)))
    return ProbeAnswer.of(verdict, check, moves)


def probe(tables: Tables, position: TablePosition, letters: dict | None = None) -> dict:
    """The value of the position for the side to move, and each legal move with its value
    (``letters``: a custom man's letter on the board, by its kind)."""
    return {"n": position.n, "material": position.material.name, "turn": "w" if position.strong_to_move else "b",
            **answer(tables, position, letters).to_json(zeroing=False)}
