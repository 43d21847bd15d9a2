"""The app's one table store, made from its config on first use and kept for the app's life (in
gunicorn, made in the master before the workers fork, so they share its open files)."""

from __future__ import annotations

import sys
from pathlib import Path

from flask import Flask

from tablebase.errors import DataFileError
from tablebase.kbnk import KBNK
from tablebase.tables import Limits, TableStore

from .resources import app_resource


def make_store(config) -> TableStore:
    limits = Limits(one_man=int(config["CUBE_MAX_N_ONE_MAN"]), two_men=int(config["CUBE_MAX_N_TWO_MEN"]))
    paths = {KBNK: Path(config["KBNK_TABLE"])} if config.get("KBNK_TABLE") else {}
    return TableStore(config["TABLES"], limits, paths=paths, cache_bytes=int(config["TABLE_CACHE_BYTES"]),
                      background=bool(config["TABLE_BUILDER"]))


def store() -> TableStore:
    return app_resource("tables", make_store)


def tables():
    """The store's ``table`` lookup, as the tools' probes take it."""
    return store().table


def prepare_or_exit(app: Flask) -> None:
    """Before serving: build the KBNK table (and those its captures lead to) if missing or
    damaged, open it and warm its lookups, so that the workers forked after share all of it.
    A table that cannot be had stops the server with one line."""
    with app.app_context():
        found = store()
        try:
            found.build_now(KBNK, check=True)
        except DataFileError as error:
            print(f"error: {error}", file=sys.stderr, flush=True)
            raise SystemExit(1) from None
        from tablebase.kbnk import probe

        probe(found.table, "8/8/8/8/8/8/8/KBNk4 w - - 0 1")  # the evaluator's tables, made once

