"""Tests that need ../shared (the reference tables) skip with the reason for a person who cloned
only the project, and fail where CI requires every test to run (KBN_REQUIRE_SHARED=1)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow  # each test runs pytest again in a subprocess

ROOT = Path(__file__).resolve().parents[2]
ONE_TEST = "tests/mates/test_mates_kbn_api.py"


def _pytest(tmp_path, **env) -> subprocess.CompletedProcess:
    environment = {k: v for k, v in os.environ.items() if k != "KBN_REQUIRE_SHARED"}
    environment.update(KBN_REFERENCE_TABLES=str(tmp_path / "absent"), **env)
    return subprocess.run([sys.executable, "-m", "pytest", ONE_TEST, "-q", "-rs", "-k", "gaviota",
                           "-p", "no:cacheprovider"], cwd=ROOT, env=environment, capture_output=True,
                          text=True, timeout=120)


def test_without_shared_data_the_tests_that_need_it_skip_saying_why(tmp_path):
    done = _pytest(tmp_path)
    assert done.returncode == 0, done.stdout[-2000:]
    assert "skipped" in done.stdout and "failed" not in done.stdout and "error" not in done.stdout.lower()
    assert "the reference tables" in done.stdout and "put shared/ beside the project" in done.stdout


def test_ci_fails_when_they_would_skip(tmp_path):
    done = _pytest(tmp_path, KBN_REQUIRE_SHARED="1")
    assert done.returncode == 1, done.stdout[-2000:]
    assert "KBN_REQUIRE_SHARED=1" in done.stdout and "skipped" not in done.stdout
