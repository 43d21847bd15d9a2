"""The Flask app: a thin HTTP layer that parses input, calls into ``tablebase`` and serializes."""

from __future__ import annotations

from pathlib import Path

from flask import Flask

import os

from tablebase.core import caches

from .pages import tool_urls
from .sites import configured_hosts
from .static_assets import ONE_YEAR, content_version, module_imports

ROOT = Path(__file__).resolve().parent.parent
TABLE_CACHE_MB = 8
CACHE_BOUNDS = ("BOARD_SHAPES", "ENGINE_BOARDS", "ATTACK_SET_BYTES", "ENTRIES")  # CACHE_<name>: caches.<name>


def create_app(config: dict | None = None) -> Flask:
    static = ROOT / "static"
    app = Flask(
        __name__,
        static_folder=str(static),
        static_url_path=f"/static/{content_version(static)}",
        template_folder=str(ROOT / "templates"),
    )
    app.config.from_mapping(
        SEND_FILE_MAX_AGE_DEFAULT=ONE_YEAR,
        MAX_CONTENT_LENGTH=256 * 1024,
        MAX_URL_BYTES=8000,  # under the production server's own request-line limit (8190)
        # Every table's folder (KBN_TABLES overrides), and where the KBNK table lives if not there.
        TABLES=os.environ.get("KBN_TABLES") or str(ROOT / "data" / "tables"),
        KBNK_TABLE=os.environ.get("KBNK_TABLE") or None,
        # The largest boards the server builds 3D tables for on request: 6x6x6 (what each costs:
        # `python -m tablebase results`, docs/deploying.md). A larger table is built with the command
        # line (`python -m tablebase build KQRK --n 7`) and then served, or an operator raises these.
        CUBE_MAX_N_ONE_MAN=int(os.environ.get("KBN_CUBE_MAX_N_ONE_MAN") or 6),
        CUBE_MAX_N_TWO_MEN=int(os.environ.get("KBN_CUBE_MAX_N_TWO_MEN") or 6),
        # Custom pieces make endlessly many materials: their tables up to so large a cube, so many kept
        # (the least recently used removed to make room for a new one).
        CUBE_MAX_N_CUSTOM=int(os.environ.get("KBN_CUBE_MAX_N_CUSTOM") or 4),
        CUBE_MAX_CUSTOM_TABLES=int(os.environ.get("KBN_CUBE_MAX_CUSTOM_TABLES") or 500),
        # The build queue, shared by the clients: so many builds waiting at most, so many of one
        # client address (tablebase/tables/queue.py); a request over either is answered 429.
        BUILD_QUEUE=int(os.environ.get("KBN_BUILD_QUEUE") or 16),
        BUILD_QUEUE_PER_ADDRESS=int(os.environ.get("KBN_BUILD_QUEUE_PER_ADDRESS") or 4),
        # The verified 3D results (python -m tablebase verify ... --record): shown where a table is not here.
        CUBE_RESULTS=os.environ.get("KBN_CUBE_RESULTS") or str(ROOT / "results" / "3d.json"),
        # What each process may keep in memory (tablebase/core/caches.py says what each holds and costs):
        # checked blocks of table files, then the engine's tables.
        TABLE_CACHE_BYTES=int(os.environ.get("KBN_TABLE_CACHE_MB") or TABLE_CACHE_MB) << 20,
        CACHE_BOARD_SHAPES=int(os.environ.get("KBN_CACHE_BOARD_SHAPES") or caches.DEFAULTS.board_shapes),
        CACHE_ENGINE_BOARDS=int(os.environ.get("KBN_CACHE_ENGINE_BOARDS") or caches.DEFAULTS.engine_boards),
        CACHE_ATTACK_SET_BYTES=caches.DEFAULTS.attack_set_bytes,
        CACHE_ENTRIES=caches.DEFAULTS.entries,
        TABLE_BUILDER=True,  # builds run in a builder process; False: tables must be there
        # The host names the server answers for (KBN_ALLOWED_HOSTS, comma-separated; IP addresses need
        # none, and gunicorn.conf.py adds the names it binds): any other Host is a 400 (webapp/sites.py).
        ALLOWED_HOSTS=configured_hosts(),
        JSON_SORT_KEYS=False,
    )
    if config:
        app.config.update(config)
    caches.configure(**{name.lower(): int(app.config[f"CACHE_{name}"]) for name in CACHE_BOUNDS})
    if app.config["TABLES"] == str(ROOT / "data" / "tables"):
        (ROOT / "data" / "tables").mkdir(parents=True, exist_ok=True)  # the default, made as flaskr makes its instance folder
    app.json.sort_keys = False

    from . import compression, cors, errors, headers, i18n, jsonio, sites, time_limit
    from .blueprints import BLUEPRINTS, TOOLS

    compression.register(app)  # first: its after_request runs last, on the answer as the others leave it
    time_limit.register(app)  # the first before_request: the clock starts before any other work of the request
    i18n.register(app, ROOT)
    errors.register(app)
    sites.register(app)  # first of the before_request checks: the Host, then another site's POST
    headers.register(app)
    cors.register(app)
    jsonio.register(app)
    app.add_template_global(tool_urls)
    for blueprint in BLUEPRINTS:
        app.register_blueprint(blueprint)

    preloads: dict[str, list[str]] = {}

    @app.template_global()
    def module_preloads(entry: str) -> list[str]:
        if entry not in preloads or app.debug:
            preloads[entry] = module_imports(static, entry)
        return preloads[entry]

    @app.context_processor
    def site_menu():
        return {"tools": lambda: TOOLS, "nav_links": lambda: [(e, label) for e, label, _ in TOOLS]}

    return app
