"""Where a table's wins are: won White-to-move positions by the lone king's distance to the
nearest face of the cube (0: on a face), counted on the whole board like the summary's counts.
A build records them in the table's summary; this reads them off the entries instead, for a file
written before they were recorded (and as a check of the build's count). Read one span of whole
lone-king rows at a time, so memory does not grow with the table."""

from __future__ import annotations

import numpy as np

from ...tables import TableFile

SPAN = 1 << 24  # entries read at once


def wins_by_face(table: TableFile) -> list[int]:
    """``found[d]``: won White-to-move positions whose lone king stands d steps from the nearest face."""
    space = table.id.space
    board = space.board
    kings = len(board.kings)
    per_king = space.size // kings
    step = max(1, SPAN // board.cubes) * board.cubes  # whole rows of the lone king's axis
    counts = np.zeros((kings, board.cubes), dtype=np.int64)  # per lone king square
    for k in range(kings):
        for start in range(k * per_king, (k + 1) * per_king, step):
            rows = table.read_span(start, min(start + step, (k + 1) * per_king)).reshape(-1, board.cubes)
            counts[k] += np.count_nonzero(rows, axis=0)
    pairs = space.material.like_orderings
    return [int(c) // pairs for c in board.by_face_distance(counts)]
