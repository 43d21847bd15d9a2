"""Where a slider taken back may pass: its square free of the White king, of White's other men and
of the lone king. ``WhiteUnmoves`` sweeps a slider's line one layer of its first moving coordinate
at a time; on the layer's positions these masks clear those whose slider stands on another man's
square, so the engine keeps no whole-size array of legal positions for it (issue 39: a three-man
5x5x5 build within 4 GB).

Along one sweep only the slider moves, and the sweep starts from lost positions, which are legal:
every other condition of a legal position (the other men apart, the kings apart) holds wherever
the sweep reaches, so the slider's own square is all that blocks it.
"""

from __future__ import annotations

import numpy as np

from .space import Space


class FreeSquares:
    """Over a sweep's layer (the packed array with the slider's lead axis taken out), for the White
    king slices ``kings``: the few blocks of positions whose slider stands on another man's square
    or the White king's are cleared, and the slider's bit in the lone king's row, by index (a
    slider's square on the layer at a time), never by a mask as large as the layer."""

    def __init__(self, space: Space, kings: range):
        self.space, self.kings = space, kings
        self._kept: dict = {}

    def clear_taken(self, reach: np.ndarray, man: int, lead: int, layer: int) -> None:
        """``reach`` (a layer of packed flags) without the positions whose slider's square is taken."""
        key = (man, lead, layer)
        if key not in self._kept:
            self._kept[key] = self._made(man, lead, layer)
        taken, bits_off = self._kept[key]
        for index in taken:
            reach[index] = 0
        for index, keep in bits_off:
            part = reach[index]
            np.bitwise_and(part, keep, out=part)

    def _made(self, man: int, lead: int, layer: int) -> tuple[list, list]:
        """(indices of the blocks to clear, (index, byte mask) of the lone king's bits to clear)."""
        space, board = self.space, self.space.board
        n, dim, cubes = board.n, board.dim, board.cubes
        men = space.men - 1  # White's men
        ndim = 2 + dim * men - 1  # the layer's axes: the kings, the men's (the slider's lead one out), the packed row
        squares = np.arange(cubes).reshape((n,) * dim)  # a man's squares along his axes
        on_layer = np.take(squares, layer, axis=dim - 1 - lead)  # the slider's squares on the layer
        first = 1 + man * dim  # where the slider's remaining axes start on the layer
        kings = board.kings[np.asarray(self.kings)].tolist()
        taken, bits_off = [], []
        for at in np.ndindex(on_layer.shape):
            square = int(on_layer[at])

            def index(**fixed) -> tuple:
                found = [slice(None)] * ndim
                found[first:first + dim - 1] = at
                for axis, value in fixed.items():
                    found[int(axis[1:])] = value
                return tuple(found)

            for other in range(men):  # another man on the slider's square
                if other != man:
                    start = 1 + other * dim - (1 if other > man else 0)
                    spot = np.unravel_index(square, (n,) * dim)
                    taken.append(index(**{f"a{start + k}": int(spot[k]) for k in range(dim)}))
            for k, king in enumerate(kings):  # the White king on it
                if king == square:
                    taken.append(index(a0=k))
            byte, bit = divmod(square, 8)  # the lone king on it
            bits_off.append((index(**{f"a{ndim - 1}": byte}), np.uint8(255 ^ (1 << bit))))
        return taken, bits_off
