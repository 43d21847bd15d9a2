"""`./dev serve` started three times at once on a checkout without a virtualenv: one installs, the
others wait for it and install nothing. A stand-in `python3` (first on PATH) makes a virtualenv
whose python logs each pip run with its start and end, and whose gunicorn exits at once."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

FAKE_PYTHON = r"""#!/usr/bin/env bash
if [ "$1" = -m ] && [ "$2" = venv ]; then
  mkdir -p "$3/bin"
  cp "$0" "$3/bin/python"
  printf '#!/bin/sh\nexit 0\n' >"$3/bin/gunicorn"
  chmod +x "$3/bin/python" "$3/bin/gunicorn"
  exit 0
fi
if [ "$1" = -m ] && [ "$2" = pip ]; then
  echo "start $$ $*" >>"$PIP_LOG"
  sleep 0.5
  echo "end $$" >>"$PIP_LOG"
fi
"""


def test_three_serves_at_once_install_into_one_venv_one_at_a_time(tmp_path):
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    (bin_dir / "python3").write_text(FAKE_PYTHON)
    (bin_dir / "python3").chmod(0o755)
    log = tmp_path / "pip.log"
    env = {**os.environ, "PATH": f"{bin_dir}:{os.environ['PATH']}", "VENV": str(tmp_path / "venv"),
           "PIP_LOG": str(log)}
    serves = [subprocess.Popen([str(ROOT / "dev"), "serve", "0"], env=env, stdout=subprocess.PIPE,
                               stderr=subprocess.STDOUT) for _ in range(3)]
    for serve in serves:
        output, _ = serve.communicate(timeout=60)
        assert serve.returncode == 0, output
    lines = log.read_text().splitlines()
    installs = [line for line in lines if " install -q --require-hashes " in line]
    assert len(installs) == 1, lines
    running = 0
    for line in lines:  # no pip run starts while another runs
        running += 1 if line.startswith("start") else -1
        assert running in (0, 1), lines
