"""The app's settings: defaults, overridden from the environment by ``KBN_<KEY>``
(``app.config.from_prefixed_env``; gunicorn's own, such as ``KBN_BIND``, are gunicorn.conf.py's),
then by the ``config`` a caller passes to ``create_app`` (the tests). What each holds:
docs/deploying.md.

    >>> whole("CUBE_MAX_N_CUSTOM", "5", 4), whole("CUBE_MAX_N_CUSTOM", "", 4)
    (5, 4)
    >>> hosts("lab.example.org, .chess.example")
    ['lab.example.org', '.chess.example']
"""

from __future__ import annotations

import os
from pathlib import Path

from flask import Flask

from tablebase.core import caches

TABLE_CACHE_MB = 8
CACHE_BOUNDS = ("BOARD_SHAPES", "ENGINE_BOARDS", "ATTACK_SET_BYTES", "ENTRIES")  # CACHE_<name>: caches.<name>


def defaults(root: Path) -> dict:
    return dict(
        MAX_CONTENT_LENGTH=256 * 1024,
        MAX_URL_BYTES=8000,  # under the production server's own request-line limit (8190)
        # Every table's folder (KBN_TABLES), and where the KBNK table lives if not there (KBNK_TABLE,
        # its name since before the prefix; KBN_KBNK_TABLE too).
        TABLES=str(root / "data" / "tables"),
        KBNK_TABLE=os.environ.get("KBNK_TABLE") or None,
        # The largest boards the server builds 3D tables for on request: 6x6x6 (what each costs:
        # `python -m tablebase results`, docs/deploying.md). A larger table is built with the command
        # line (`python -m tablebase build KQRK --n 7`) and then served, or an operator raises these.
        CUBE_MAX_N_ONE_MAN=6,
        CUBE_MAX_N_TWO_MEN=6,
        # Custom pieces make endlessly many materials: their tables up to so large a cube, so many kept
        # (the least recently used removed to make room for a new one).
        CUBE_MAX_N_CUSTOM=4,
        CUBE_MAX_CUSTOM_TABLES=500,
        # The build queue, shared by the clients: so many builds waiting at most, so many of one
        # client address (tablebase/tables/queue.py); a request over either is answered 429.
        BUILD_QUEUE=16,
        BUILD_QUEUE_PER_ADDRESS=4,
        # The verified 3D results (python -m tablebase verify ... --record): shown where a table is not here.
        CUBE_RESULTS=str(root / "results" / "3d.json"),
        # What each process may keep in memory (tablebase/core/caches.py says what each holds and costs):
        # checked blocks of table files (in MB: TABLE_CACHE_BYTES is made of it), then the engine's tables.
        TABLE_CACHE_MB=TABLE_CACHE_MB,
        CACHE_BOARD_SHAPES=caches.DEFAULTS.board_shapes,
        CACHE_ENGINE_BOARDS=caches.DEFAULTS.engine_boards,
        CACHE_ATTACK_SET_BYTES=caches.DEFAULTS.attack_set_bytes,
        CACHE_ENTRIES=caches.DEFAULTS.entries,
        TABLE_BUILDER=True,  # builds run in a builder process; False: tables must be there
        # The host names the server answers for (KBN_ALLOWED_HOSTS, comma-separated; IP addresses need
        # none, and gunicorn.conf.py adds the names it binds): any other Host is a 400 (webapp/sites.py).
        ALLOWED_HOSTS=[],
    )


WHOLE_NUMBERS = ("CUBE_MAX_N_ONE_MAN", "CUBE_MAX_N_TWO_MEN", "CUBE_MAX_N_CUSTOM", "CUBE_MAX_CUSTOM_TABLES",
                 "BUILD_QUEUE", "BUILD_QUEUE_PER_ADDRESS", "TABLE_CACHE_MB",
                 *(f"CACHE_{name}" for name in CACHE_BOUNDS))
PATHS = ("TABLES", "KBNK_TABLE", "CUBE_RESULTS")


def whole(key: str, value, default: int) -> int:
    """A whole-number setting as the environment gives it (text, or a number read as JSON); an
    empty one is the default."""
    if value == "" or value is None:
        return default
    try:
        return int(value)
    except (TypeError, ValueError):
        raise ValueError(f"KBN_{key} must be a whole number, not {value!r}") from None


def hosts(value) -> list[str]:
    """``KBN_ALLOWED_HOSTS``: names separated by commas (or a JSON list)."""
    names = value.split(",") if isinstance(value, str) else list(value or ())
    return [str(name).strip() for name in names if str(name).strip()]


def configure(app: Flask, root: Path, config: dict | None) -> None:
    """The app's config: the defaults, the environment's ``KBN_*`` and ``config``, each over the last."""
    from .sites import DEFAULT_HOSTS

    given = defaults(root)
    app.config.from_mapping(given)
    app.config.from_prefixed_env("KBN")
    for key in WHOLE_NUMBERS:
        app.config[key] = whole(key, app.config[key], given[key])
    for key in PATHS:  # JSON would read a folder named 2024 as a number
        app.config[key] = str(app.config[key]) if app.config[key] not in (None, "") else given[key]
    app.config["ALLOWED_HOSTS"] = [*DEFAULT_HOSTS, *hosts(app.config["ALLOWED_HOSTS"])]
    app.config["TABLE_CACHE_BYTES"] = app.config["TABLE_CACHE_MB"] << 20
    if config:
        app.config.update(config)
