"""Sizes and durations in words ("1.6 GB", "254 MB", "4 min", "1.5 h"): one table of units for
the server's messages and the page's script alike. The server writes a size with ``in_units``; a
page gets ``UNITS`` in its data (``data-units``: templates/cube_endgames.html) and writes with
the same table (static/js/shared/units.js), so no threshold is restated in JavaScript.

Each kind of quantity lists its units from the largest: the first whose ``from`` the value reaches
is used, the value divided by ``per``, written with ``places`` decimals (grouped and with the
decimal sign as the reader's language writes them) and at least ``least``.

>>> in_units(1.62e9, "bytes").text()
'1.6 GB'
>>> in_units(2.5e8, "bytes").text(), in_units(2e4, "bytes").text()
('250 MB', '1 MB')
>>> [in_units(seconds, "seconds").text() for seconds in (3, 252, 9000)]
['3 s', '4 min', '2.5 h']
"""

from __future__ import annotations

import math

from .message import Grouped, Message, N_, msg

UNITS: dict[str, tuple[dict, ...]] = {
    "bytes": (
        {"from": 1e9, "per": 1e9, "places": 1, "least": 0, "unit": N_("%(num)s GB")},
        {"from": 0, "per": 1e6, "places": 0, "least": 1, "unit": N_("%(num)s MB")},
    ),
    "seconds": (
        {"from": 5400, "per": 3600, "places": 1, "least": 0, "unit": N_("%(num)s h")},
        {"from": 90, "per": 60, "places": 0, "least": 0, "unit": N_("%(num)s min")},
        {"from": 0, "per": 1, "places": 0, "least": 1, "unit": N_("%(num)s s")},
    ),
}


def rounded(value: float, places: int) -> float:
    """``value`` to ``places`` decimals, a half rounded up (as a page's script rounds it).

    >>> rounded(2.5, 0), rounded(1.25, 1)
    (3, 1.3)
    """
    scaled = math.floor(value * 10 ** places + 0.5)
    return scaled if places == 0 else scaled / 10 ** places


def in_units(value: float, kind: str) -> Message:
    """``value`` (bytes or seconds, by ``kind``) as a message in the unit ``UNITS`` picks for it."""
    unit = next(unit for unit in UNITS[kind] if value >= unit["from"])
    amount = max(unit["least"], rounded(value / unit["per"], unit["places"]))
    return msg(unit["unit"], num=Grouped(amount, unit["places"]))
