"""A command the benchmarks need from Debian (wrk, nginx): found on the PATH (or in /usr/sbin), or
installed with apt-get when running as root, or a one-line exit saying how to install it."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys

SEARCH = f"{os.environ.get('PATH', '')}:/usr/sbin:/sbin"


def ensure(command: str, package: str) -> str:
    found = shutil.which(command, path=SEARCH)
    if found:
        return found
    if os.geteuid() != 0 or not shutil.which("apt-get"):
        sys.exit(f"{command} is missing: install it (Debian: apt-get install {package}) and run again")
    print(f"installing Debian's {package}...", flush=True)
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    subprocess.run(["apt-get", "update", "-qq"], check=True, env=env)
    subprocess.run(["apt-get", "install", "-y", "-qq", package], check=True, env=env, stdout=subprocess.DEVNULL)
    return shutil.which(command, path=SEARCH) or sys.exit(f"{command} did not install")
