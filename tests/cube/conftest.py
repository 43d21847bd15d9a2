"""Fixtures of the 3D endgame tests: small tables built once per session, and the brute force."""

from __future__ import annotations

import pytest
from cube_bruteforce import BruteForce


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
