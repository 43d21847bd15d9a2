"""What an app makes once and keeps: its table store (every table, built on demand)."""

from __future__ import annotations

import threading
from typing import Callable

from flask import current_app

_lock = threading.Lock()


def app_resource(key: str, make: Callable[[dict], object]):
    """``current_app.extensions[key]``, made from the app's config on first use by one thread
    (the others wait for it) and kept for the app's life."""
    found = current_app.extensions.get(key)
    if found is None:
        with _lock:
            found = current_app.extensions.get(key)
            if found is None:
                found = current_app.extensions[key] = make(current_app.config)
    return found
