"""The coach's sentences that every method shares, from facts already worked out (no chess here):
the game's end, a man left next to the lone king unguarded, the mate on the edge, and the
counting and naming words."""

from __future__ import annotations

MEN = {"Q": "queen", "R": "rook", "B": "bishop", "N": "knight"}
ORDINALS = {1: "1st", 2: "2nd", 3: "3rd"}
EDGE_MATE = ("The lone king is held on the edge: face it with your king and give mate along the edge, "
             "without stalemating it.")


def squares(count: int) -> str:
    """"1 square", "12 squares"."""
    return f"{count} square{'' if count == 1 else 's'}"


def box_size(count: int) -> str:
    """The box's size as the advice of the queen's, the rook's and the bishops' methods ends."""
    return f" (the box: {squares(count)})"


def edge_name(edge: tuple[str, int]) -> str:
    """``("file", 0)``: "the a-file"; ``("rank", 7)``: "the 8th rank"."""
    axis, index = edge
    if axis == "file":
        return f"the {'abcdefgh'[index]}-file"
    rank = index + 1
    return f"the {ORDINALS.get(rank, f'{rank}th')} rank"


def game_over(ending: str, lone_king: str) -> str:
    """The lone king, to move, has no move: ``ending`` "checkmate" or "stalemate"."""
    if ending == "checkmate":
        return f"Checkmate: the lone king on {lone_king} is mated."
    return f"Stalemate: the lone king on {lone_king} has no move and is not in check, so it is a draw."


def careful(hanging: list[tuple[str, str]], consequence: str = "") -> str:
    """The warning for men (kind, square's name) next to the lone king with nothing guarding them;
    ``consequence`` ends the sentence after "or the king takes it"."""
    men = " and ".join(f"{MEN[kind]} on {square}" for kind, square in hanging)
    return (f"Careful: the {men} stands next to the lone king with nothing guarding it. "
            f"Guard it or move it, or the king takes it{consequence}.")
