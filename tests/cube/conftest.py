"""Fixtures of the 3D endgame tests: small tables built once per session, and the brute force."""

from __future__ import annotations

import pytest
from cube_bruteforce import BruteForce


@pytest.fixture(scope="session")
def cube_store(tmp_path_factory):
    """A store of 3D tables in a fresh folder (tables are built on first use)."""
    from tablebase.cube.endgames import Limits, TableStore

    return TableStore(tmp_path_factory.mktemp("cube_tables"), Limits(one_man=4, two_men=3))


@pytest.fixture(scope="session")
def brute_force():
    """The independent solver, per board size, sharing its solved materials across tests."""
    solvers = {}

    def solver(n: int) -> BruteForce:
        if n not in solvers:
            solvers[n] = BruteForce(n)
        return solvers[n]

    return solver
