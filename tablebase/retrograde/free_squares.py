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

from functools import cached_property

import numpy as np

from . import bits
from .space import Space


class FreeSquares:
    """Masks over a sweep's layer (the packed array with the slider's lead axis taken out), for
    the White king slices ``kings``."""

    def __init__(self, space: Space, kings: range):
        self.space, self.kings = space, kings
        self._kept: dict = {}

    @cached_property
    def _lone_free(self) -> np.ndarray:
        """Per square s: the packed row of the lone king's squares, every one but s."""
        return bits.pack(~np.eye(self.space.board.cubes, dtype=bool))

    def masks(self, man: int, lead: int, layer: int) -> tuple[np.ndarray, np.ndarray]:
        """(kings and lone king, White's other men): uint8 masks broadcasting over the layer of
        man ``man``'s coordinate ``lead`` at ``layer``, 0 where his square is taken."""
        key = (man, lead, layer)
        if key not in self._kept:
            self._kept[key] = self._made(man, lead, layer)
        return self._kept[key]

    def _made(self, man: int, lead: int, layer: int) -> tuple[np.ndarray, np.ndarray]:
        space, board = self.space, self.space.board
        n, dim, cubes = board.n, board.dim, board.cubes
        men = space.men - 1  # White's men
        ndim = 1 + dim * men  # the layer's axes: the kings, the men's (the slider's lead one out), the packed row
        squares = np.arange(cubes).reshape((n,) * dim)  # a man's squares along his axes
        local = dim - 1 - lead  # the lead coordinate's axis among the slider's
        on_layer = np.take(squares, layer, axis=local)  # the slider's squares on the layer
        first = 1 + man * dim  # where the slider's remaining axes start on the layer

        def placed(array: np.ndarray, start: int) -> np.ndarray:
            shape = [1] * ndim
            shape[start:start + array.ndim] = array.shape
            return array.reshape(shape)

        slider = placed(on_layer, first)
        kings = board.kings[np.asarray(self.kings)]
        king_free = placed(kings.reshape(-1), 0) != slider
        lone_shape = [1] * ndim  # the slider's axes, and the packed row last
        lone_shape[first:first + dim - 1] = on_layer.shape
        lone_shape[-1] = bits.row_bytes(cubes)
        lone = self._lone_free[on_layer].reshape(lone_shape)
        around = np.where(king_free, np.uint8(255), np.uint8(0)) & lone
        others = np.ones([1] * ndim, dtype=bool)
        for other in range(men):
            if other != man:
                start = 1 + other * dim - (1 if other > man else 0)
                others = others & (placed(squares, start) != slider)
        return around, np.where(others, np.uint8(255), np.uint8(0))

    def clear_taken(self, reach: np.ndarray, man: int, lead: int, layer: int) -> None:
        """``reach`` (a layer of packed flags) without the positions whose slider's square is taken."""
        around, others = self.masks(man, lead, layer)
        np.bitwise_and(reach, around, out=reach)
        if self.space.men > 2:  # White has other men
            np.bitwise_and(reach, others, out=reach)
