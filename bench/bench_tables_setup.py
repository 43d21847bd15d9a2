"""What the benchmarks share: a folder of tables built by the project's own engine."""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tablebase.mates import KBNK  # noqa: E402
from tablebase.tables import Limits, TableStore  # noqa: E402


def kbnk_store(folder) -> TableStore:
    """A store in ``folder`` with the KBNK table (and KBK, KNK) built, builds in this process."""
    store = TableStore(Path(folder), Limits.everything(), background=False)
    store.build_now(KBNK)
    return store
