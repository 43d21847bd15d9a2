"""The markers of the catalogue's messages (``pybabel extract`` finds their calls: docs/translations.md),
in a module of their own that imports nothing, so that every module of the package, the errors
included, can mark its words. ``tablebase.core.message`` makes the messages."""

from __future__ import annotations


def N_(text: str) -> str:
    """Marks ``text`` as a message of the catalogue; returns it unchanged.

    >>> N_("the table folder is missing")
    'the table folder is missing'
    """
    return text


def Nn_(singular: str, plural: str) -> tuple[str, str]:
    """Marks a counted message (its singular and plural); returns them unchanged."""
    return singular, plural
