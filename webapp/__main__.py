"""``python -m webapp [--host H] [--port P]``: build the KBNK table if it is missing, then serve."""

from __future__ import annotations

import argparse

from tablebase.kbnk import ensure_table

from . import create_app


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m webapp", description=__doc__)
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=5000)
    parser.add_argument("--debug", action="store_true", help="Flask's debug mode (never in production)")
    args = parser.parse_args()
    app = create_app({"DEBUG": args.debug})
    ensure_table(app.config["KBNK_TABLE"], announce=lambda reason: print(reason, flush=True))
    print(f"serving on http://{args.host}:{args.port}/")
    app.run(host=args.host, port=args.port, debug=args.debug, threaded=True)


if __name__ == "__main__":
    main()
