"""Helpers shared by the tests (fixtures are in tests/conftest.py): browser gestures and pages,
random boards drawn with python-chess, oracles written apart from the engine (the KBNK verifier,
the 3D brute force), folders and apps of tables, and the shared reference tables."""
