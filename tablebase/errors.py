"""Errors raised on bad input. Each subclasses ValueError and quotes what was wrong."""

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
    """Input that cannot be understood or is not allowed."""

    code = "bad_input"


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
    fault of the installation, never of the user's input."""

    code = "data_file"
