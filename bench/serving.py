"""The production server as the benches start it: a free loopback port, and the wait until its
``/healthz`` answers 200 (and, where asked, until it is ready in some other way too)."""

from __future__ import annotations

import socket
import subprocess
import time
import urllib.request
from typing import Callable


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_healthy(port: int, process: subprocess.Popen, seconds: float = 120,
                 ready: Callable[[], bool] = lambda: True) -> float:
    """Seconds until ``/healthz`` answered 200 and ``ready()`` held; exits if the server did."""
    start = time.monotonic()
    while time.monotonic() - start < seconds:
        if process.poll() is not None:
            raise SystemExit(f"the server on port {port} exited with {process.returncode}")
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=2) as answer:
                if answer.status == 200 and ready():
                    return time.monotonic() - start
        except OSError:
            pass
        time.sleep(0.2)
    raise SystemExit(f"the server on port {port} was not healthy within {seconds:.0f} s")
