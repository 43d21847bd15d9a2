"""``python -m webapp [--host H] [--port P] [--dev]``: the development server (Werkzeug), with
Flask's reloader and debugger under ``--dev``. Production runs gunicorn: see gunicorn.conf.py."""

from __future__ import annotations

import argparse
import os

from . import create_app
from .serving import DevRequestHandler
from .sites import allow_bound_names
from .tables import prepare_or_exit


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m webapp", description=__doc__)
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=5000)
    parser.add_argument("--dev", action="store_true", help="reload on code changes, debugger on errors (never in production)")
    args = parser.parse_args()
    app = create_app({"DEBUG": args.dev})
    allow_bound_names(app, [args.host])
    prepare_or_exit(app)
    if not os.environ.get("WERKZEUG_RUN_MAIN"):  # the reloader's parent and child both run this
        print(f"development server on http://{args.host}:{args.port}/", flush=True)
    app.run(host=args.host, port=args.port, debug=args.dev, use_reloader=args.dev, threaded=True,
            request_handler=DevRequestHandler)


if __name__ == "__main__":
    main()
