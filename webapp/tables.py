"""The app's one table store, made from its config on first use and kept for the app's life (in
gunicorn, made in the master before the workers fork, so they share its open files)."""

from __future__ import annotations

import random
import sys
from pathlib import Path

from flask import Flask

from tablebase.errors import DataFileError
from tablebase.kbnk import KBNK
from tablebase.tables import Limits, TableId, TableStore

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


# The 2D tables a server builds before serving (the learning path's endings; each builds in under
# a second): every other 2D table is built on demand by the builder (a 202 until then).
AT_START = (KBNK, TableId.chess("KQK"), TableId.chess("KRK"), TableId.chess("KBBK"))


def prepare_or_exit(app: Flask) -> None:
    """Before serving: build the tables of ``AT_START`` (and those their captures lead to) if
    missing or damaged, open them and warm the lookups, so that the workers forked after share
    all of it. A table that cannot be had stops the server with one line."""
    with app.app_context():
        found = store()
        try:
            for table in AT_START:
                found.build_now(table, check=True)
        except DataFileError as error:
            print(f"error: {error}", file=sys.stderr, flush=True)
            raise SystemExit(1) from None
        from tablebase.mates import probe, probe_position, random_position

        probe(found.table, "8/8/8/8/8/8/8/KBNk4 w - - 0 1")  # the evaluator's tables, made once
        for table in AT_START:  # and each material's attack tables
            probe_position(found.table, random_position(found.table, table, 1, 255, rng=random.Random(0)))

