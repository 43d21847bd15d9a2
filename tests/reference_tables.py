"""Where the published KBNK tables used as test oracles live: ``../shared/reference-tables`` beside
the project (as CI lays it out), or the folder ``KBN_REFERENCE_TABLES`` names."""

from __future__ import annotations

import os
from pathlib import Path


def reference_tables() -> Path:
    folder = Path(os.environ.get("KBN_REFERENCE_TABLES")
                  or Path(__file__).resolve().parents[2] / "shared" / "reference-tables")
    if not (folder / "gaviota").is_dir() or not (folder / "syzygy").is_dir():
        raise FileNotFoundError(
            f"the reference tables (gaviota/, syzygy/) are not in {str(folder)!r}: put shared/ beside "
            f"the project or set KBN_REFERENCE_TABLES")
    return folder
