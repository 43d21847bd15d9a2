"""The one chess core every tool shares: boards of any shape (``geometry``), pieces as leaps and
rides (``atoms``), the rules of play (``rules``: 2D chess, the 3D variant and solitaire differ only
in geometry and three flags), the notations (``fen``, ``uci``, ``san``, ``cube_notation``), the
sentences the pages translate (``message``), sizes and durations in words (``units``) and text
read into bounded numbers (``numbers``).

Public API, by module::

    fen.BoardPosition.from_fen(text) -> BoardPosition      # .cells, .turn, .halfmove, .fen()
    geometry.square_name(square), geometry.parse_square(name)
    rules.CHESS_RULES.legal_targets(cells, square)          # also checkers, status, play
    rules.cube_rules(n), rules.solitaire_rules(n)
    uci.Move.from_uci(text), san.move_san(cells, move)
    cube_notation.CubePosition.parse(board_text)             # the 3D board, analysed
    message.msg(id, **params).text()                         # a sentence, English or translated
    numbers.whole_number(text, name, low, high)

A board read from FEN, a piece's legal squares on it, and a move named in SAN:

>>> from tablebase.core.fen import BoardPosition
>>> from tablebase.core.geometry import parse_square, square_name
>>> from tablebase.core.rules import CHESS_RULES
>>> from tablebase.core.san import move_san
>>> from tablebase.core.uci import Move
>>> board = BoardPosition.from_fen("8/8/8/8/8/8/8/KBNk4 w - - 0 1")
>>> [square_name(square) for square in CHESS_RULES.legal_targets(board.cells, parse_square("c1"))]
['a2', 'b3', 'd3', 'e2']
>>> move_san(board.cells, Move.from_uci("c1e2"))
'Ne2'
>>> CHESS_RULES.status(board.cells, "b")["check"]
False

The 3D board, written as the board text (a list of levels, each a list of rows):

>>> from tablebase.core.cube_notation import CubePosition
>>> mated = CubePosition.parse("[###,n##,#rr],[#b#,###,###],[###,###,bRK]")
>>> mated.n, mated.analyze("w")["checkmate"]
(3, True)

Text read into a bounded number, the error quoting what was given:

>>> from tablebase.core.numbers import whole_number
>>> whole_number("7", "n", 2, 10)
7
>>> whole_number("11", "n", 2, 10)
Traceback (most recent call last):
...
tablebase.errors.ChessInputError: n must be a whole number from 2 to 10: '11'
"""
