"""The key views as a person sees them, each compared with its baseline PNG at a desk's size
(1280x800) and a phone's (390x844): the KBN trainer with its hint arrow, the learning path's first
idea, the 3D lab in each view (layers, a slice, perspective, the turned 3D view) and the 3D endgames'
player, and the KBN trainer and the first idea in Korean (their Hangul in NanumGothic). ``./dev
screenshots`` writes the baselines anew (tests/helpers/screenshots.py compares)."""

from __future__ import annotations

import shutil
import subprocess

import pytest

from tests.helpers.screenshots import assert_matches_baseline
from tests.visual.views import KOREAN, SIZES, VIEWS, screen, shoot

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("view", list(VIEWS))
def test_the_view_matches_its_baseline(browser, live_server, view, size):
    if view.endswith("-ko"):
        assert _has_font(KOREAN), (f"the Korean views draw Hangul in {KOREAN}: install Debian's fonts-nanum "
                                   "(./dev test does, with chromium, when it may)")
    with screen(browser, live_server, size) as page:
        assert_matches_baseline(shoot(page, view), f"{view}-{size}")


def _has_font(family: str) -> bool:
    """Whether fontconfig, which Chromium asks, knows ``family``."""
    listed = shutil.which("fc-list") and subprocess.run(["fc-list", f":family={family}", "family"],
                                                          capture_output=True, text=True).stdout
    return bool(listed and listed.strip())
