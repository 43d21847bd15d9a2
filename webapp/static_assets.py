"""Static files under a content-hash prefix (``/static/<hash>/js/board.js``), cached for a year.

The prefix changes whenever any static file does, and an ES module's relative imports resolve
inside the same prefix, so a browser never mixes old and new modules and never has to revalidate.
"""

from __future__ import annotations

import hashlib
import posixpath
import re
from pathlib import Path, PurePosixPath

ONE_YEAR = 365 * 24 * 3600


def content_version(folder: Path) -> str:
    digest = hashlib.sha1()
    for path in sorted(p for p in folder.rglob("*") if p.is_file()):
        digest.update(path.relative_to(folder).as_posix().encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()[:12]


# ``import x from "./a.js"``, ``export {x} from "./a.js"``, and ``import "./a.js"`` (run for its effect)
_IMPORT = re.compile(r"""^\s*(?:(?:import|export)\b[^;]*?\bfrom\s*|import\s*)["'](\.\.?/[^"']+)["']""", re.M)


def module_imports(folder: Path, entry: str) -> list[str]:
    """Every module that ``entry`` (a path under ``folder``) imports, directly or not, so a page
    can preload them all at once instead of discovering them one import level at a time."""
    found: list[str] = []
    pending = [entry]
    while pending:
        path = PurePosixPath(pending.pop())
        for relative in _IMPORT.findall((folder / path).read_text(encoding="utf-8")):
            target = posixpath.normpath(str(path.parent / relative))
            if target not in found and target != entry:
                found.append(target)
                pending.append(target)
    return sorted(found)
