"""Errors raised on bad input. Each subclasses ValueError and quotes what was wrong."""

from __future__ import annotations

from .marks import N_

QUOTE_LIMIT = 80


def quoted(value, limit: int = QUOTE_LIMIT) -> str:
    """``repr(value)``, shortened when long to its start and the size of the whole, so that a
    message quoting a 60 KB input stays one readable line."""
    text = repr(value)
    if len(text) <= limit:
        return text
    if isinstance(value, (list, tuple, dict)):
        size = f"{len(value)} items"
    else:
        size = f"{len(value) if isinstance(value, str) else len(text)} characters"
    return f"{text[:limit]}… ({size})"


class ChessInputError(ValueError):
    """Input that cannot be understood or is not allowed. Raised with a ``Message`` (a page shows
    it in its language: ``says``) or, where no page can meet it, with plain English text
    (``says`` is None); ``str()`` is the English text either way."""

    code = "bad_input"

    def __init__(self, message="", *args):
        # A Message (tablebase/core/message.py, not imported: core imports this module) or text.
        self.says = None if isinstance(message, str) else message
        super().__init__(message if self.says is None else self.says.text(), *args)


def said(error: Exception):
    """An error's message, for a message that quotes it: its ``Message`` where it has one."""
    return getattr(error, "says", None) or str(error)


class BoardSyntaxError(ChessInputError):
    code = "bad_board"


class IllegalPositionError(ChessInputError):
    code = "illegal_position"


class IllegalMoveError(ChessInputError):
    code = "illegal_move"


class OutOfTableError(ChessInputError):
    """A legal position that the table does not cover (other material)."""

    code = "not_in_table"


class TooMuchWorkError(ChessInputError):
    """Input whose answer needs more work than the fixed budget allows; the message says what is
    too big and what the budget is."""

    code = "too_hard"


class DataFileError(ValueError):
    """A data file the program relies on is missing its content, damaged or unreadable: the
    fault of the installation, never of the user's input. The message names the file (for the
    log); ``public`` says the problem without naming anything on the server, as words the client's
    page translates: a message of the catalogue, or a ``Message`` (tablebase/core/message.py, not
    imported: core imports this module) where it has values."""

    code = "server_data_damaged"
    public = N_("the server's tablebase data is damaged")

    def __init__(self, message: str, public=None):
        super().__init__(message)
        if public is not None:
            self.public = public


class TableFileError(DataFileError):
    """A table file that is unreadable, cut short, corrupted, or of another format or table.
    ``ours`` tells whether it is a table file at all (it starts with the format's magic bytes, or
    a prefix of them): only such a file may be rebuilt in its place."""

    public = N_("a tablebase file of the server is damaged; it is being rebuilt")

    def __init__(self, message: str, ours: bool = True, public=None):
        super().__init__(message, public)
        self.ours = ours


class TableStorageError(DataFileError):
    """The table folder cannot hold the tables: missing, read-only, full, or a folder or a file of
    something else where a table file should be."""

    code = "table_storage"
    public = N_("the server cannot store its tables")


class TableBuildError(DataFileError):
    """A table's build failed; the message says why."""

    code = "table_build_failed"
    public = N_("the server could not build a table")
