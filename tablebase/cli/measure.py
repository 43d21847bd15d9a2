"""What a command's step costs: wall and CPU seconds, and the peak memory of this process during
it (Linux: the peak is reset before the step through ``/proc/self/clear_refs``; elsewhere the
process's peak so far, or None)."""

from __future__ import annotations

import re
import resource
import sys
import time
from dataclasses import dataclass
from pathlib import Path

STATUS = Path("/proc/self/status")


@dataclass
class Measure:
    seconds: float = 0.0
    cpu: float = 0.0
    peak: int | None = None  # bytes

    def __enter__(self) -> Measure:
        _reset_peak()
        self._wall, self._cpu = time.perf_counter(), time.process_time()
        return self

    def __exit__(self, *exc) -> None:
        self.seconds = time.perf_counter() - self._wall
        self.cpu = time.process_time() - self._cpu
        self.peak = _peak()


def _reset_peak() -> None:
    try:
        Path("/proc/self/clear_refs").write_text("5")
    except OSError:
        pass


def _peak() -> int | None:
    try:
        found = re.search(r"VmHWM:\s+(\d+) kB", STATUS.read_text())
    except OSError:
        found = None
    if found:
        return int(found.group(1)) << 10
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return rss if sys.platform == "darwin" else rss << 10
