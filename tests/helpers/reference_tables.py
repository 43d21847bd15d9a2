"""Data from ``../shared/`` beside the project (as CI lays it out): the published KBNK tables used
as test oracles (or the folder ``KBN_REFERENCE_TABLES`` names). A person who cloned only the
project has no such folder: the tests that need it skip, saying why. CI sets
``KBN_REQUIRE_SHARED=1`` (``.ci/run``), and there a missing folder fails those tests instead."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

SHARED = Path(__file__).resolve().parents[3] / "shared"


def require_shared(what: str, folder: Path, present: bool) -> Path:
    """``folder`` if ``present``; otherwise skip the test (or fail it under KBN_REQUIRE_SHARED=1)."""
    if present:
        return folder
    reason = f"{what} not found in {str(folder)!r}: put shared/ beside the project"
    if os.environ.get("KBN_REQUIRE_SHARED") == "1":
        pytest.fail(f"{reason} (KBN_REQUIRE_SHARED=1: CI must run every test)", pytrace=False)
    pytest.skip(reason)


def reference_tables() -> Path:
    folder = Path(os.environ.get("KBN_REFERENCE_TABLES") or SHARED / "reference-tables")
    present = (folder / "gaviota").is_dir() and (folder / "syzygy").is_dir()
    return require_shared("the reference tables (gaviota/, syzygy/; or set KBN_REFERENCE_TABLES)", folder, present)
