"""Table files as builds wrote them before men of one kind were stored in one order (flags
``FILLED`` only, no codec level kept): what ``compress`` converts and readers still read."""

from __future__ import annotations

import numpy as np

from tablebase.tables import TableId
from tablebase.tables.blocks import compress_table
from tablebase.tables.fileformat import EXTRA, FILLED, VERSION, _parts, chunk_counts
from tablebase.tables.layout import Layout, layout_of


def written_before_the_flag(path, table: TableId, entries: np.ndarray, summary):
    """A file as builds wrote it before the flag: every order of the men stored, flags FILLED."""
    layout = Layout(table, layout_of(table).order)
    layout.alike = ()  # every order cared for
    size = table.space.size // len(table.board.kings)
    crcs, offsets, payload, codec = compress_table(layout, lambda k: entries[k * size:(k + 1) * size])
    extra = EXTRA.pack(codec, layout.order, FILLED, 0, int(offsets[-1]))  # no level kept then
    parts = _parts(table, summary, chunk_counts(entries, summary.longest), [crcs, offsets], payload, VERSION,
                   extra, 1, layout.block_entries)
    path.write_bytes(b"".join(bytes(part) for part in parts))
    return path
