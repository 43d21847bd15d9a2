"""Moves as array shifts: a man's step by a vector is a shift of the array along that man's axes."""

from __future__ import annotations

import numpy as np


def spans(shape, moves: dict[int, int]) -> tuple[tuple, tuple]:
    """Index tuples (to, frm) with ``frm = to + delta`` along each moved axis, inside the array."""
    to, frm = [slice(None)] * len(shape), [slice(None)] * len(shape)
    for axis, delta in moves.items():
        size = shape[axis]
        if delta >= 0:
            to[axis], frm[axis] = slice(0, size - delta), slice(delta, size)
        else:
            to[axis], frm[axis] = slice(-delta, size), slice(0, size + delta)
    return tuple(to), tuple(frm)


def or_shifted(out: np.ndarray, source: np.ndarray, moves: dict[int, int]) -> None:
    """``out[x] |= source[x + delta]`` wherever ``x + delta`` is inside the array."""
    to, frm = spans(source.shape, moves)
    np.bitwise_or(out[to], source[frm], out=out[to])


def shift_into(out: np.ndarray, source: np.ndarray, moves: dict[int, int]) -> None:
    """``out[x] = source[x + delta]``, False where ``x + delta`` is off the array."""
    if not moves:
        np.copyto(out, source)
        return
    to, frm = spans(source.shape, moves)
    out[...] = False
    out[to] = source[frm]


class KingSteps:
    """The lone king's steps on arrays whose last axis is its square (of an n^dim board): a step
    along a coordinate is a shift of that axis by the coordinate's stride, with the squares whose
    step leaves the board masked off (so rows never leak into one another)."""

    def __init__(self, n: int, dim: int):
        self.n, self.dim = n, dim
        square = np.arange(n ** dim)
        self.strides = tuple(n ** k for k in range(dim))
        coords = [square // stride % n for stride in self.strides]
        self.keep = {(k, +1): coords[k] < n - 1 for k in range(dim)}
        self.keep.update({(k, -1): coords[k] > 0 for k in range(dim)})
        # Up to 64 squares: a row of the array fits one word, bit s for square s.
        self.words = n ** dim <= 64
        if self.words:
            self.word_keep = {key: np.uint64(_word_mask(mask)) for key, mask in self.keep.items()}

    def _or_step(self, out, source, k, sign, scratch):
        stride, size = self.strides[k], source.shape[-1]
        keep = self.keep[(k, sign)]
        if sign > 0:  # out[s] |= source[s + stride] where s can step up
            part = scratch[:, :size - stride]
            np.bitwise_and(source[:, stride:], keep[:size - stride], out=part)
            np.bitwise_or(out[:, :size - stride], part, out=out[:, :size - stride])
        else:
            part = scratch[:, stride:]
            np.bitwise_and(source[:, :size - stride], keep[stride:], out=part)
            np.bitwise_or(out[:, stride:], part, out=out[:, stride:])

    def neighbours(self, source: np.ndarray) -> np.ndarray:
        """``out[.., s]``: ``source[.., s + v]`` for some king step ``v`` (not 0). Built one
        coordinate at a time: steps moving along it from the box of the coordinates before it.
        The result is a buffer of this object, overwritten by the next call."""
        flat = source.reshape(-1, source.shape[-1])
        if self.words:
            return self._word_neighbours(flat).reshape(source.shape)
        out, scratch, box, grown = self._buffers(flat.shape)
        out[...] = False
        np.copyto(box, flat)
        for k in range(self.dim):
            for sign in (1, -1):
                self._or_step(out, box, k, sign, scratch)
            if k < self.dim - 1:
                np.copyto(grown, box)
                for sign in (1, -1):
                    self._or_step(grown, box, k, sign, scratch)
                box, grown = grown, box
        return out.reshape(source.shape)

    def _word_neighbours(self, flat: np.ndarray) -> np.ndarray:
        size = flat.shape[-1]
        packed = np.zeros((flat.shape[0], 8), dtype=np.uint8)
        packed[:, :(size + 7) // 8] = np.packbits(flat, axis=-1, bitorder="little")
        box = packed.view("<u8")[:, 0]
        out = np.zeros_like(box)
        for k, stride in enumerate(self.strides):
            shift = np.uint64(stride)
            up = (box >> shift) & self.word_keep[(k, +1)]
            down = (box << shift) & self.word_keep[(k, -1)]
            out |= up
            out |= down
            if k < self.dim - 1:
                box = box | up | down
        found = np.unpackbits(out.view(np.uint8).reshape(-1, 8), axis=-1, count=size, bitorder="little")
        return found.view(bool)

    def packed_neighbours(self, packed: np.ndarray) -> np.ndarray:
        """``neighbours`` on packed flags (``bits``: ``[..., row bytes]``), worked on the rows as
        words of 64 squares (a step is a shift of the row's bits across its words): never
        unpacked. A new array shaped like ``packed``."""
        width = packed.shape[-1]
        words = (width + 7) // 8
        flat = packed.reshape(-1, width)
        padded = np.zeros((flat.shape[0], words * 8), dtype=np.uint8)
        padded[:, :width] = flat
        box = padded.view("<u8")
        out = np.zeros_like(box)
        masks = self._word_masks(words)
        for k, stride in enumerate(self.strides):
            up = _shifted(box, stride, masks[(k, +1)])  # bit s: square s + stride, where s can step up
            down = _shifted(box, -stride, masks[(k, -1)])
            out |= up
            out |= down
            if k < self.dim - 1:
                box = box | up | down
        return np.ascontiguousarray(out.view(np.uint8)[:, :width]).reshape(packed.shape)

    def _word_masks(self, words: int) -> dict:
        kept = getattr(self, "_masks", None)
        if kept is None:
            self._masks = kept = {key: np.frombuffer(np.packbits(np.concatenate(
                [mask, np.zeros(words * 64 - mask.size, dtype=bool)]), bitorder="little").tobytes(), dtype="<u8")
                for key, mask in self.keep.items()}
        return kept

    def _buffers(self, shape):
        """Four buffers of ``shape``: views of ones kept for the most rows asked so far."""
        rows, size = shape
        kept = getattr(self, "_arrays", None)
        if kept is None or kept[0].shape[1] != size or kept[0].shape[0] < rows:
            self._arrays = kept = [np.empty(shape, dtype=bool) for _ in range(4)]
        return [array[:rows] for array in kept]


def _shifted(rows: np.ndarray, by: int, mask: np.ndarray) -> np.ndarray:
    """Rows of words (bit ``i % 64`` of word ``i // 64`` for square ``i``): bit ``i`` of the result
    is bit ``i + by`` of the row (0 off the row), and-ed with ``mask`` (a row of words)."""
    words = rows.shape[-1]
    whole, part = divmod(abs(by), 64)
    out = np.zeros_like(rows)
    for w in range(words):
        source = w + whole if by > 0 else w - whole
        if not 0 <= source < words:
            continue
        if by > 0:
            found = rows[:, source] >> np.uint64(part)
            if part and source + 1 < words:
                found |= rows[:, source + 1] << np.uint64(64 - part)
        else:
            found = rows[:, source] << np.uint64(part)
            if part and source - 1 >= 0:
                found |= rows[:, source - 1] >> np.uint64(64 - part)
        np.bitwise_and(found, mask[w], out=out[:, w])
    return out


def _word_mask(mask: np.ndarray) -> int:
    return sum(1 << i for i, keep in enumerate(mask.tolist()) if keep)
