"""Converting a table file of format version 2 (a byte per entry), or of version 3 in an older
layout (the cube's first, narrower blocks; men of one kind stored in every order) or at another
level of its codec, into the layout a build writes now, in place: ``python
-m tablebase compress``. Big tables built by hand take hours to build again and minutes to convert.

The new file is written beside the old one, then read back whole, White king slice by slice: every
entry of the engine's layout it gives must equal the old file's (each old block checked against its
CRC as it is read), or the old file is left as it was. Only then is the new file renamed over the
old one (``write_atomically``): a server serving the table meanwhile reads the old file, then the
new one (``TableFile.changed``). The build's lock is held throughout, so no build of the table
writes it meanwhile."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Callable

import numpy as np

from ..errors import TableFileError
from .blocks import codec_written, level_of
from .fileformat import FLAGS, VERSION, encode_slices
from .files import ExclusiveLock, write_atomically
from .ids import TableId
from .layout import layout_of
from .reader import TableFile


@dataclass(frozen=True)
class Converted:
    table: TableId
    before: int  # bytes
    after: int
    version: int  # the version the file held before
    converted: bool  # False: already in the current version and layout, left as it was


def compress(path, table: TableId | None = None, progress: Callable[[str, float], None] | None = None) -> Converted:
    """Convert the table file at ``path`` (holding ``table``, if given) to the current version.
    FileNotFoundError when it is missing, TableFileError when it is damaged or its entries do not
    come back equal (the file is then left as it was)."""
    path = Path(path)
    with ExclusiveLock(path):
        old = TableFile(path, table)
        try:
            before = path.stat().st_size
            if _as_built(old):
                return Converted(old.id, before, before, VERSION, False)
            kings = len(old.id.board.kings)
            size = old.id.space.size // kings

            def entries(k: int, stage: str = "compress") -> np.ndarray:
                """The old file's slice of White king square ``k`` of the region."""
                if progress:
                    progress(stage, k / kings)
                return old.read_span(k * size, (k + 1) * size)

            parts = encode_slices(old.id, entries, old.summary, old.chunk_counts())

            def check(temporary: Path) -> None:
                new = TableFile(temporary, old.id)
                try:
                    for k in range(kings):
                        if not np.array_equal(new.read_span(k * size, (k + 1) * size), entries(k, "check")):
                            raise TableFileError(f"{old.id}: the compressed file's entries differ from the old "
                                                 f"file's (White king square {k} of the region): {str(path)!r} is "
                                                 f"left as it was")
                    if new.summary != old.summary or not np.array_equal(new.chunk_counts(), old.chunk_counts()):
                        raise TableFileError(f"{old.id}: the compressed file's summary differs: {str(path)!r} is left "
                                             f"as it was")
                finally:
                    new.close()

            write_atomically(path, *parts, check=check)
            return Converted(old.id, before, path.stat().st_size, old.version, True)
        finally:
            old.close()


def _as_built(file: TableFile) -> bool:
    """Whether the file is what a build writes now: the version, layout, flags, codec and level."""
    layout, header = layout_of(file.id), file.header
    codec = codec_written()
    return (header.version, header.layout, header.flags, header.codec, header.level) == (
        VERSION, layout.order, FLAGS, codec, level_of(codec, layout))
