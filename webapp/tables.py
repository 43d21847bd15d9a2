"""The app's one table store, made from its config on first use and kept for the app's life (in
gunicorn, made in the master before the workers fork, so they share its open files), and the one
table lookup of every route.

Another site's page must not make the server work: a request queues a table's build only if it
names no other site (``webapp.sites.other_site``: Sec-Fetch-Site, Origin and Referer, one decision
for every route). Any other request, GET or POST, reads the tables that are built and is refused
(``CrossSiteBuild``, 403) where a table is not built, being built included: another site never
gets a 202 to wait on."""

from __future__ import annotations

import random
import sys
from pathlib import Path
from typing import Callable

from flask import Flask, g, request

from tablebase.errors import DataFileError
from tablebase.mates import KBNK, MATERIALS
from tablebase.cube.endgames import ALL_MATERIALS
from tablebase.mates.lessons import PATH_ENDINGS
from tablebase.core.cube_notation import MAX_N
from tablebase.tables import MIN_CUBE, Limits, TableFile, TableId, TableNotBuilt, TablePending, TableStore
from tablebase.retrograde import materials
from tablebase.tables.values import prepare

from .edge.lane import in_loop
from .resources import app_resource
from .sites import other_site


class ServerStore(TableStore):
    """The server's store: its builder process is started by the worker's loop, also when a heavy
    view in the lane's thread asks for a build (webapp/edge/lane.py's ``in_loop``)."""

    def _start_builder(self) -> None:
        in_loop(super()._start_builder)


def make_store(config) -> TableStore:
    limits = Limits(one_man=int(config["CUBE_MAX_N_ONE_MAN"]), two_men=int(config["CUBE_MAX_N_TWO_MEN"]),
                    custom_n=int(config["CUBE_MAX_N_CUSTOM"]), custom_tables=int(config["CUBE_MAX_CUSTOM_TABLES"]),
                    queue=int(config["BUILD_QUEUE"]), queue_per_client=int(config["BUILD_QUEUE_PER_ADDRESS"]))
    paths = {KBNK: Path(config["KBNK_TABLE"])} if config.get("KBNK_TABLE") else {}
    return ServerStore(config["TABLES"], limits, paths=paths, cache_bytes=int(config["TABLE_CACHE_BYTES"]),
                      background=bool(config["TABLE_BUILDER"]))


def store() -> TableStore:
    return app_resource("tables", make_store)


def client_address() -> str:
    """Whose share of the build queue a request's builds take: its client's address."""
    return request.remote_addr or ""


class CrossSiteBuild(ValueError):
    """A request from another site asks for a table that is not built (see the module's doc)."""

    code = "cross_site_build"


def tables() -> Callable[[TableId], TableFile]:
    """This request's table lookup, as the tools' probes take it: the open table, TablePending
    while it is built, or CrossSiteBuild where this request may not queue its build."""
    found, build = store(), may_build()

    def lookup(table: TableId) -> TableFile:
        try:
            return found.table(table, build=build, client=client_address())
        except (TableNotBuilt, TablePending) as missing:
            if build:
                raise
            raise CrossSiteBuild(
                f"the table of {missing.status.table} is not built on this server, and a table is built only on a "
                f"request from this site's own pages, not on one from {other_site()}") from None

    return lookup


def may_build() -> bool:
    """Whether this request may queue builds (decided once per request)."""
    if "may_build" not in g:
        g.may_build = other_site() is None
    return g.may_build


# The 2D tables a server builds before serving: the learning path's endings (lessons.toml; each
# builds in under a second). Every other 2D table is built on demand by the builder (a 202 until then).
AT_START = tuple(TableId.chess(ending) for ending in PATH_ENDINGS)


def prepare_or_exit(app: Flask) -> None:
    """Before serving: build the tables of ``AT_START`` (and those their captures lead to) if
    missing or damaged, open them and warm the lookups, and those of every 3D board the limits
    allow, so that the workers forked after share all of it. A table that cannot be had stops
    the server with one line."""
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
        for table in cube_tables(found.limits):  # the engine's tables of each 3D board served (tablebase.core.caches)
            prepare(table)
        found.resume()  # the builds a stopped server left queued


def stop_builder(app: Flask | None) -> None:
    """A server's stop (gunicorn.conf.py's ``on_exit``): the builder it started ends with it."""
    found = getattr(app, "extensions", {}).get("tables")
    if found is not None and found.stop_builder():
        print("stopped the table builder; its build is queued for the next start", file=sys.stderr, flush=True)


def cube_tables(limits: Limits) -> list[TableId]:
    """Every 3D table the limits allow, smaller boards first."""
    return [t for t in (TableId.cube(m, n) for n in range(MIN_CUBE, MAX_N + 1) for m in ALL_MATERIALS)
            if limits.allows(t)]



def build_page_tables(folder: Path) -> None:
    """Build, here and now, the tables the pages ask for at once: every 2D mate, and the 3D tables
    of one man on 3×3×3 and 4×4×4 and of two men on 3×3×3 (the tests', the API examples' and the
    Lighthouse bench's folder), so that no page waits for a build."""
    found = TableStore(folder, Limits.everything(), background=False)
    for table in MATERIALS:
        found.build_now(table)
    for n, count in ((3, 1), (4, 1), (3, 2)):
        for material in materials(count):
            found.build_now(TableId.cube(material, n))
