"""Drawing a won entry of a table by its mate length, uniformly over the entries in range, while
reading one chunk of the file (the chunk counts say which chunk holds the drawn rank)."""

from __future__ import annotations

import numpy as np

from .fileformat import CHUNK
from .reader import TableFile


def draw(rng, n: int) -> int:
    """A number below ``n`` from a ``random.Random`` or a ``numpy.random.Generator``."""
    return int(rng.integers(n)) if hasattr(rng, "integers") else rng.randrange(n)


def won_entry(table: TableFile, rng, low: int, high: int) -> int | None:
    """An entry whose mate takes ``low`` to ``high`` moves (None when there is none)."""
    longest = table.summary.longest
    low, high = max(low, 1), min(high, longest)
    if low > high:
        return None
    per_chunk = table.chunk_counts()[:, low:high + 1].sum(axis=1, dtype=np.int64)
    ends = np.cumsum(per_chunk)
    if not ends.size or ends[-1] == 0:
        return None
    rank = draw(rng, int(ends[-1]))
    chunk = int(np.searchsorted(ends, rank, side="right"))
    rank -= int(ends[chunk - 1]) if chunk else 0
    entries = table.chunk(chunk)
    hits = np.flatnonzero((entries >= low) & (entries <= high))
    return chunk * CHUNK + int(hits[rank])
