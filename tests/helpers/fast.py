"""The fast loop's lighter share of the checks that repeat one question many times
(``./dev test --fast`` sets ``KBN_FAST_TESTS=1``; docs/testing.md). The whole suite, and CI, ask
every time: the property tests try their full count of examples, the API corpus is replayed whole.

>>> examples(60) if not FAST else 60
60
>>> len(every_few(list(range(10)))) == (10 if not FAST else 3)
True
"""

from __future__ import annotations

import os

FAST = os.environ.get("KBN_FAST_TESTS") == "1"
EXAMPLES_SHARE = 4  # the fast loop tries a quarter of a property test's examples
REPLAY_STRIDE = 4  # and replays every fourth request of a recorded corpus


def examples(full: int) -> int:
    """A property test's count of examples: ``full`` in the whole suite, a quarter (at least 10) in the fast loop."""
    return max(10, full // EXAMPLES_SHARE) if FAST else full


def every_few(items: list) -> list:
    """All the items in the whole suite; in the fast loop every fourth, the first included."""
    return items[::REPLAY_STRIDE] if FAST else items
