"""Text into numbers (``tablebase.core.numbers``): ASCII digits only, the length weighed against the
bounds before ``int()`` or ``float()`` reads it, and a message that names the field and quotes the
text shortened. ``int()`` alone takes '٣', ' 1' and '1_0', and raises a plain ValueError (a 500 on
the web) past 4,300 digits."""

import pytest

from tablebase.core.fen import BoardPosition
from tablebase.core.numbers import real_number, whole_number
from tablebase.core.cube_notation import CubePosition
from tablebase.errors import BoardSyntaxError, ChessInputError

HUGE = "9" * 100_000


class FieldError(ChessInputError):
    pass


@pytest.mark.parametrize("text, low, high, expected", [
    ("0", 0, 10, 0), ("10", 0, 10, 10), ("007", 0, 10, 7), ("0" * 100_000 + "7", 0, 10, 7),
    ("-5", -9, 9, -5), ("-5", None, None, -5), ("123456789012345678", None, None, 123456789012345678),
])
def test_whole_numbers_are_read(text, low, high, expected):
    assert whole_number(text, "field 'x'", low, high) == expected


@pytest.mark.parametrize("text, low, high, said", [
    ("٣", None, None, "digits 0-9"), ("1²", None, None, "digits 0-9"), (" 1", None, None, "digits 0-9"),
    ("1_0", None, None, "digits 0-9"), ("+1", None, None, "digits 0-9"), ("", None, None, "digits 0-9"),
    ("-", None, None, "digits 0-9"), ("1.0", None, None, "digits 0-9"), (3, None, None, "digits 0-9"),
    ("11", 0, 10, "from 0 to 10"), ("-1", 0, 10, "from 0 to 10"), (HUGE, 0, 10, "from 0 to 10"),
    (HUGE, None, None, "at most 18 digits"), ("-" + HUGE, None, None, "at most 18 digits"),
    ("1" + "0" * 18, 0, None, "from 0 up"),
])
def test_other_texts_are_refused_naming_the_field_and_quoting_the_text(text, low, high, said):
    with pytest.raises(FieldError) as refused:
        whole_number(text, "field 'x'", low, high, error=FieldError)
    message = str(refused.value)
    assert message.startswith("field 'x' must be a whole number") and said in message
    assert repr(text)[:20] in message and len(message) < 200


def test_a_refusal_may_say_what_is_beyond_in_its_own_words():
    with pytest.raises(ChessInputError, match=r"^a run is longer than any row: '11'$"):
        whole_number("11", "a run", 0, 10, beyond="is longer than any row")


@pytest.mark.parametrize("text, expected", [("1.5", 1.5), ("-0.5e-3", -0.0005), ("1E5", 100000.0), ("7", 7.0)])
def test_real_numbers_are_read(text, expected):
    assert real_number(text, "field 'x'") == expected


@pytest.mark.parametrize("text", [HUGE, "0." + "0" * 100_000 + "1", "1e400", "-1e400", "nan", "inf", "1,5", "١.٥"])
def test_other_real_numbers_are_refused(text):
    with pytest.raises(FieldError, match="^field 'x' must be a finite number") as refused:
        real_number(text, "field 'x'", error=FieldError)
    assert len(str(refused.value)) < 200


@pytest.mark.parametrize("clocks, name", [(HUGE + " 1", "halfmove clock"), ("0 " + HUGE, "fullmove number"),
                                          ("10001 1", "halfmove clock"), ("-1 1", "halfmove clock"),
                                          ("0 ٣", "fullmove number")])
def test_a_fen_clock_of_any_length_is_refused_naming_it(clocks, name):
    with pytest.raises(BoardSyntaxError) as refused:
        BoardPosition.from_fen("8/8/8/8/8/8/2k5/KNB5 w - - " + clocks)
    message = str(refused.value)
    assert message.startswith(f"invalid fen: its {name} must be a whole number") and len(message) < 200


def test_fen_clocks_with_leading_zeros_are_read_however_many():
    position = BoardPosition.from_fen("8/8/8/8/8/8/2k5/KNB5 w - - " + "0" * 5000 + "12 007")
    assert (position.halfmove, position.fullmove) == (12, 7)


def test_a_3d_run_of_empty_cubes_of_any_length_is_refused_naming_it():
    with pytest.raises(BoardSyntaxError, match=r"^a run of empty cubes is longer than any row \(at most 10\): '99"):
        CubePosition.parse("3,n2,1rr/1b1,3,3/3,3," + "9" * 5000)  # past int()'s 4,300 digits
    with pytest.raises(BoardSyntaxError, match=r"has 100021 characters"):  # longer than any board's text
        CubePosition.parse("3,n2,1rr/1b1,3,3/3,3," + HUGE)
    assert CubePosition.parse("3,n2,1rr/1b1,3,3/3,3," + "0" * 5000 + "3").n == 3


def test_the_3d_commands_read_their_sizes_the_same_way():
    from tablebase.cli.choice import sizes as _sizes

    assert (_sizes("3-5"), _sizes("04")) == ([3, 4, 5], [4])
    for text, said in [("9" * 5000, "a board size must lie between 3 and 10: '9999"), ("3-٣", "digits 0-9: '٣'"),
                       ("3-", "digits 0-9: ''"), ("5-3", "from the smaller to the larger")]:
        with pytest.raises(ChessInputError, match=said):
            _sizes(text)
