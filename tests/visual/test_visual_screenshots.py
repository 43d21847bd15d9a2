"""The key views as a person sees them, each compared with its baseline PNG at a desk's size
(1280x800) and a phone's (390x844): the KBN trainer with its hint arrow, the learning path's first
idea, the 3D lab in each view (layers, a slice, perspective, the turned 3D view) and the 3D endgames'
player. ``./dev screenshots`` writes the baselines anew (tests/helpers/screenshots.py compares)."""

from __future__ import annotations

import pytest

from tests.helpers.screenshots import assert_matches_baseline
from tests.visual.views import SIZES, VIEWS, screen, shoot

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("view", list(VIEWS))
def test_the_view_matches_its_baseline(browser, live_server, view, size):
    with screen(browser, live_server, size) as page:
        assert_matches_baseline(shoot(page, view), f"{view}-{size}")
