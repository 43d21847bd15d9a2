"""Where the table file lives: ``$KBNK_TABLE``, else ``<project root>/data/kbnk.bin``."""

from __future__ import annotations

import os
from pathlib import Path

PROJECT_ROOT = Path(__file__).resolve().parents[2]
DEFAULT_TABLE = PROJECT_ROOT / "data" / "kbnk.bin"


def table_path() -> Path:
    return Path(os.environ.get("KBNK_TABLE") or DEFAULT_TABLE)
