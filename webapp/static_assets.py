"""Static files under a content-hash prefix (``/static/<hash>/js/board.js``), cached for a year.

The prefix changes whenever any static file does, and an ES module's relative imports resolve
inside the same prefix, so a browser never mixes old and new modules and never has to revalidate.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

ONE_YEAR = 365 * 24 * 3600


def content_version(folder: Path) -> str:
    digest = hashlib.sha1()
    for path in sorted(p for p in folder.rglob("*") if p.is_file()):
        digest.update(path.relative_to(folder).as_posix().encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()[:12]
