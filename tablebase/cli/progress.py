"""The progress of ``build``: a bar redrawn on one line on a terminal; plain lines otherwise."""

from __future__ import annotations

import sys
from typing import TextIO


class ProgressBar:
    WIDTH = 30

    def __init__(self, stream: TextIO | None = None):
        self.stream = stream if stream is not None else sys.stderr
        self.interactive = hasattr(self.stream, "isatty") and self.stream.isatty()
        self._drawn = False

    def __call__(self, stage: str, fraction: float) -> None:
        fraction = min(max(fraction, 0.0), 1.0)
        if self.interactive:
            filled = round(self.WIDTH * fraction)
            bar = "#" * filled + "-" * (self.WIDTH - filled)
            self.stream.write(f"\r[{bar}] {fraction:6.1%} {stage:<16}")
            self._drawn = True
        else:
            self.stream.write(f"{stage}: {fraction:.1%} of legal positions won\n")
        self.stream.flush()

    def close(self) -> None:
        if self._drawn:
            self.stream.write("\n")
            self.stream.flush()
            self._drawn = False
