"""The Flask app: a thin HTTP layer that parses input, calls into ``tablebase`` and serializes."""

from __future__ import annotations

from pathlib import Path

from flask import Flask

import os

from tablebase.core import caches

from .pages import tool_urls
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
        # The largest boards the server builds 3D tables for on demand, chosen for 2 cores and 8 GB
        # (docs/deploying.md): a one-man table takes at most 130 MB and 3 CPU s (10x10x10), a
        # two-man one on 7x7x7 about 2 GB and 3 CPU min (measured: results/3d.json; 8x8x8: 5.3 GB,
        # up to 14 min: not on demand).
        CUBE_MAX_N_ONE_MAN=int(os.environ.get("KBN_CUBE_MAX_N_ONE_MAN") or 10),
        CUBE_MAX_N_TWO_MEN=int(os.environ.get("KBN_CUBE_MAX_N_TWO_MEN") or 7),
        # Custom pieces make endlessly many materials: their tables up to so large a cube, so many in all.
        CUBE_MAX_N_CUSTOM=int(os.environ.get("KBN_CUBE_MAX_N_CUSTOM") or 4),
        CUBE_MAX_CUSTOM_TABLES=int(os.environ.get("KBN_CUBE_MAX_CUSTOM_TABLES") or 500),
        # A request for "every missing table" (the endgames page's visit) builds those of at most so
        # many entries (every 6x6x6 table, about 15 CPU s each); a larger one is built when asked by name.
        CUBE_BULK_BUILD_MAX_ENTRIES=int(os.environ.get("KBN_CUBE_BULK_BUILD_MAX_ENTRIES") or 200_000_000),
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
        JSON_SORT_KEYS=False,
    )
    if config:
        app.config.update(config)
    caches.configure(**{name.lower(): int(app.config[f"CACHE_{name}"]) for name in CACHE_BOUNDS})
    if app.config["TABLES"] == str(ROOT / "data" / "tables"):
        (ROOT / "data" / "tables").mkdir(parents=True, exist_ok=True)  # the default, made as flaskr makes its instance folder
    app.json.sort_keys = False

    from . import cors, errors, headers, i18n, jsonio, time_limit
    from .blueprints import BLUEPRINTS, TOOLS

    time_limit.register(app)  # first: the clock starts before any other work of the request
    i18n.register(app, ROOT)
    errors.register(app)
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
