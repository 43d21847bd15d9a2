"""The Flask app: a thin HTTP layer that parses input, calls into ``tablebase`` and serializes."""

from __future__ import annotations

from pathlib import Path

from flask import Flask

from tablebase.core import caches

from .pages import tool_urls
from .settings import CACHE_BOUNDS, TABLE_CACHE_MB, configure  # noqa: F401  (TABLE_CACHE_MB: the default, for its readers)
from .static_assets import ONE_YEAR, content_version, module_imports

ROOT = Path(__file__).resolve().parent.parent


def create_app(config: dict | None = None) -> Flask:
    static = ROOT / "static"
    app = Flask(
        __name__,
        static_folder=str(static),
        static_url_path=f"/static/{content_version(static)}",
        template_folder=str(ROOT / "templates"),
    )
    app.config["SEND_FILE_MAX_AGE_DEFAULT"] = ONE_YEAR
    configure(app, ROOT, config)  # the defaults, the environment's KBN_* settings, then config (webapp/settings.py)
    caches.configure(**{name.lower(): int(app.config[f"CACHE_{name}"]) for name in CACHE_BOUNDS})
    if app.config["TABLES"] == str(ROOT / "data" / "tables"):
        (ROOT / "data" / "tables").mkdir(parents=True, exist_ok=True)  # the default, made as flaskr makes its instance folder
    app.json.sort_keys = False

    from . import compression, cors, errors, headers, i18n, jsonio, sites
    from .edge import time_limit
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
