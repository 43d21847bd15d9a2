"""Screenshots compared with their baselines (tests/visual/baselines/*.png): a pixel differs when one
of its channels moves by more than PIXEL_THRESHOLD; a view matches while the differing pixels are at
most MAX_RATIO of the image. A failure writes the actual image and a diff (the baseline in grey, each
differing pixel red) to FAILURES and names them. ``KBN_UPDATE_SCREENSHOTS=1`` (``./dev screenshots``)
writes every baseline anew instead of comparing."""

from __future__ import annotations

import io
import os
import tempfile
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from PIL import Image

BASELINES = Path(__file__).resolve().parents[1] / "visual" / "baselines"
FAILURES = Path(tempfile.gettempdir()) / "kbn-screenshots"
PIXEL_THRESHOLD = 40  # of 255, in any of red, green, blue: above anti-aliasing's wobble, below a drawn mark
# A missing arrow head on a phone's board is some 150 pixels of a 390x844 screen (0.05%); the
# comparison allows a fifth of that.
MAX_RATIO = 0.0001


def updating() -> bool:
    return os.environ.get("KBN_UPDATE_SCREENSHOTS") == "1"


def pixels(png: bytes | Path) -> np.ndarray:
    """The image's red, green and blue as an array of shape (height, width, 3)."""
    source = io.BytesIO(png) if isinstance(png, bytes) else png
    with Image.open(source) as image:
        return np.asarray(image.convert("RGB"), dtype=np.int16)


@dataclass
class Comparison:
    name: str
    ratio: float  # the share of pixels that differ (1.0 when the sizes differ)
    size: tuple[int, int]  # the actual image's width and height
    expected_size: tuple[int, int] | None  # the baseline's; None without a baseline

    @property
    def matches(self) -> bool:
        return self.expected_size == self.size and self.ratio <= MAX_RATIO


def compare(png: bytes, name: str) -> tuple[Comparison, np.ndarray | None]:
    """The comparison of a screenshot with baseline ``name``, and the mask of the differing pixels."""
    actual = pixels(png)
    size = (actual.shape[1], actual.shape[0])
    baseline = BASELINES / f"{name}.png"
    if not baseline.exists():
        return Comparison(name, 1.0, size, None), None
    expected = pixels(baseline)
    expected_size = (expected.shape[1], expected.shape[0])
    if expected_size != size:
        return Comparison(name, 1.0, size, expected_size), None
    differs = (np.abs(actual - expected) > PIXEL_THRESHOLD).any(axis=2)
    return Comparison(name, float(differs.mean()), size, expected_size), differs


def write_failure(png: bytes, name: str, differs: np.ndarray | None) -> list[Path]:
    """The actual image and, where the sizes agree, the diff image, under FAILURES."""
    FAILURES.mkdir(parents=True, exist_ok=True)
    actual = FAILURES / f"{name}-actual.png"
    actual.write_bytes(png)
    if differs is None:
        return [actual]
    grey = pixels(BASELINES / f"{name}.png").mean(axis=2) * 0.35 + 165
    diff = np.repeat(grey[:, :, None], 3, axis=2).astype(np.uint8)
    diff[differs] = (220, 0, 0)
    path = FAILURES / f"{name}-diff.png"
    Image.fromarray(diff).save(path)
    return [actual, path]


def assert_matches_baseline(png: bytes, name: str) -> Comparison:
    """Fails unless the screenshot matches its baseline; with KBN_UPDATE_SCREENSHOTS=1 writes it."""
    if updating():
        BASELINES.mkdir(parents=True, exist_ok=True)
        (BASELINES / f"{name}.png").write_bytes(png)
    found, differs = compare(png, name)
    if found.matches:
        return found
    written = ", ".join(str(p) for p in write_failure(png, name, differs))
    if found.expected_size is None:
        raise AssertionError(f"{name}: no baseline in {BASELINES}; run ./dev screenshots (actual: {written})")
    if found.expected_size != found.size:
        raise AssertionError(f"{name}: {found.size[0]}x{found.size[1]} px against the baseline's "
                             f"{found.expected_size[0]}x{found.expected_size[1]} (actual: {written})")
    raise AssertionError(f"{name}: {found.ratio:.4%} of the pixels differ (at most {MAX_RATIO:.4%}); "
                         f"written: {written}")
