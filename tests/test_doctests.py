"""The examples in tablebase's docstrings run, and say what they show: the public faces of the
packages (tables, mates, cube, core: their ``__init__``) and the modules whose functions carry
examples. Each module listed must hold at least one example, so the list cannot outlive them.
The examples build the tiny tables they need (KQK, in a tenth of a second) in a temporary folder."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = [
    "tablebase.core", "tablebase.core.fen", "tablebase.core.geometry", "tablebase.core.cube_notation",
    "tablebase.core.message", "tablebase.core.units", "tablebase.marks",
    "tablebase.tables", "tablebase.tables.ids",
    "tablebase.mates", "tablebase.mates.position", "tablebase.mates.board_facts",
    "tablebase.cube", "tablebase.cube.record",
]


@pytest.mark.parametrize("name", MODULES)
def test_the_docstrings_examples_run(name):
    module = importlib.import_module(name)
    found = doctest.testmod(module, optionflags=doctest.ELLIPSIS, report=True)
    assert found.attempted > 0, f"{name} holds no example"
    assert found.failed == 0, f"{found.failed} of {found.attempted} examples of {name} fail (printed above)"
