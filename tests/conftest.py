"""Shared fixtures: the session's tables, the Flask app and client, a live server on loopback, real
Chromium, and the 3D tests' brute-force solver. Helpers that are not fixtures are in tests/helpers/."""

from __future__ import annotations

import os
import shutil
import threading

import pytest
from werkzeug.serving import make_server

from tests.helpers.cube_bruteforce import BruteForce
from webapp import create_app

CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


@pytest.fixture(scope="session")
def tables_folder(tmp_path_factory):
    """One folder of tables for the session, built by the project's own engine: every 2D table
    (KQK ... KNNK, about 7 s) and the small 3D tables the apps serve, so that their answers come at once."""
    from webapp.tables import build_page_tables

    folder = tmp_path_factory.mktemp("tables")
    build_page_tables(folder)
    return folder


@pytest.fixture(scope="session")
def table_store(tables_folder):
    """A store on the session's tables (no builder: tests that build use a folder of their own)."""
    from tablebase.tables import Limits, TableStore

    return TableStore(tables_folder, Limits(one_man=4, two_men=3), background=False)


@pytest.fixture(scope="session")
def tables(table_store):
    """The store's table lookup, as the tools' probes take it."""
    return table_store.table


@pytest.fixture(scope="session")
def kbnk_table_path(table_store):
    from tablebase.mates import KBNK

    return table_store.path(KBNK)


@pytest.fixture(scope="session")
def kbnk_full(tables):
    """Both sides' values for all 64^4 placements (the export layout)."""
    from tablebase.mates.expansion import expand

    return expand(tables)


@pytest.fixture(scope="session")
def cube_store(table_store):
    """The session's store: the small 3D tables are built."""
    return table_store


@pytest.fixture(scope="session")
def brute_force():
    """The independent solver, per board size, sharing its solved materials across tests."""
    solvers = {}

    def solver(n: int) -> BruteForce:
        if n not in solvers:
            solvers[n] = BruteForce(n)
        return solvers[n]

    return solver


@pytest.fixture()
def fresh_tables(tables_folder, tmp_path):
    """A table folder of the test's own holding the session's KBNK, KBK and KNK: any other table
    is built on demand there, changing no other test's answers."""
    folder = tmp_path / "tables"
    folder.mkdir()
    for name in ("KBNK-8x8.tbl", "KBK-8x8.tbl", "KNK-8x8.tbl"):
        shutil.copy(tables_folder / name, folder / name)
    return folder


@pytest.fixture(scope="session")
def app_config(tables_folder) -> dict:
    """Config for every app the tests build; fixtures in other conftests may add keys."""
    return {"TESTING": True, "TABLES": str(tables_folder), "CUBE_MAX_N_ONE_MAN": 4, "CUBE_MAX_N_TWO_MEN": 3,
            "CUBE_RESULTS": ""}  # no results file: the tables alone (tests/cube/test_cube_results*.py use one)


@pytest.fixture(scope="session")
def app(app_config):
    return create_app(app_config)


@pytest.fixture()
def client(app):
    return app.test_client()


@pytest.fixture(scope="session")
def live_server(app):
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_port}"
    server.shutdown()


def chromium_executable() -> str | None:
    """Debian's Chromium (or the one PLAYWRIGHT_CHROMIUM_EXECUTABLE names); None lets Playwright use
    its own download, which only a developer's machine with internet has."""
    return (
        os.environ.get("PLAYWRIGHT_CHROMIUM_EXECUTABLE")
        or shutil.which("chromium")
        or shutil.which("chromium-browser")
    )


@pytest.fixture(scope="session")
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium_executable(), args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture()
def page(browser, live_server):
    # bypass_csp: Playwright's own helpers (wait_for_function with an expression) evaluate strings,
    # which the site's Content-Security-Policy forbids; tests/app checks the policy without it.
    context = browser.new_context(viewport={"width": 1280, "height": 900}, base_url=live_server,
                                  bypass_csp=True)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    yield page
    context.close()
    assert not errors, f"JavaScript errors on the page: {errors}"
