"""A 3D position's pieces as the pages key them (``{"x,y,z": "wK"}``, so no page reads the
notation), and each move of a probe answer with the pieces after it (the page plays the server's
position instead of moving pieces itself)."""

from __future__ import annotations

from ..core.cube_notation import CubePosition


def cube_key(cube) -> str:
    return ",".join(map(str, cube))


def pieces(position: CubePosition) -> dict[str, str]:
    coords = position.coords
    return {cube_key(coords(cube)): piece.color + piece.kind
            for cube, piece in enumerate(position.cells) if piece is not None}


def custom_texts(position: CubePosition) -> dict[str, str]:
    """The position's custom pieces, each letter's atoms in their canonical text: ``{"U": "011*"}``."""
    return {letter: piece.text for letter, piece in position.custom}


def with_pieces_after(position: CubePosition, answer: dict) -> dict:
    """``answer`` (a 3D probe of ``position``) with each move's ``pieces`` after it: the mover on its
    cube, whatever stood there taken."""
    before = pieces(position)
    moves = []
    for move in answer["moves"]:
        start, end = cube_key(move["from"]), cube_key(move["to"])
        after = {key: code for key, code in before.items() if key not in (start, end)}
        after[end] = before[start]
        moves.append({**move, "pieces": after})
    return {**answer, "moves": moves}
