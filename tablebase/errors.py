"""Errors raised on bad input. Each subclasses ValueError and quotes what was wrong."""


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
