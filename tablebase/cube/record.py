"""A game on the n*n*n board as text, written and read back: the record of a 3D game (the lab's
two-player games, the endgames' played games).

A move is written with the board's cube labels: the piece's letter, the cube it leaves, ``-`` (or
``x`` for a capture), the cube it reaches, then ``+`` for check or ``#`` for checkmate:
``Qb3(I)-a3(I)+``, ``Ka3(III)xb2(II)``. A cube's label is ``file rank(level)``: file ``a + x``,
rank ``n - y``, level ``n - z`` in Roman numerals (I is the bottom board). A whole record is the
start position in two tags, then the numbered moves and the result, as in a PGN::

    [Board "k1K/3/3/3,3,3/1Q1,3,3"]
    [Turn "White"]
    1. Qb3(I)-a3(I)+ Ka3(III)-a2(III) 2. Qa3(I)-b2(II)# 1-0

A board with custom pieces adds their tag, ``[Pieces "U=011*;A=111*,012"]``.

Reading is lenient where nothing is lost: move numbers, check marks and the result are optional
(they are written anew), ``-``, ``–``, ``x``, ``×`` and ``:`` all separate the two cubes, the piece
letter may be left out, moves are separated by spaces or commas. What a move names must be on the
board and legal there, each move in turn, or the record is refused naming the move.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..core.atoms import pieces_from_texts
from ..core.cube_notation import CubePosition
from ..core.cube_work import check_game
from ..core.message import Message, N_, msg
from ..core.rules import BLACK, COLOR_NAMES, KIND_NAMES, WHITE, other
from ..errors import ChessInputError, IllegalMoveError, quoted
from ..moves.words import piece_word
from .pieces import pieces

FILES = "abcdefghij"
MAX_PLIES = 1_000  # moves of one record (each side's move counts once)
MAX_TEXT = 40_000  # characters of a record
_ROMAN = ((10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I"))
_CUBE = r"([a-j])(10|[1-9])\(([IVX]+)\)"
_MOVE = re.compile(rf"([A-Z])?{_CUBE}[-–x×:]{_CUBE}[+#]*")
_TAG = re.compile(r'\[\s*([A-Za-z]+)\s+"([^"]*)"\s*\]')
NO_PIECE = {WHITE: N_("%(move)s: it is White's move, and there is no white piece on %(cube)s"),
            BLACK: N_("%(move)s: it is Black's move, and there is no black piece on %(cube)s")}
_SKIP = re.compile(r"\d+(\.\.\.|…|\.)|1-0|0-1|1/2-1/2|½-½|\*")
RESULTS = {WHITE: "1-0", BLACK: "0-1"}
DRAWN = "1/2-1/2"


class RecordSyntaxError(ChessInputError):
    """A game record that cannot be read: its text (too long, a move written wrongly) or no start
    position named. A start board that cannot be read stays the board's fault (``bad_board``)."""

    code = "bad_record"


def roman(value: int) -> str:
    out = ""
    for amount, letters in _ROMAN:
        while value >= amount:
            out += letters
            value -= amount
    return out


def cube_label(n: int, coords) -> str:
    """``c2(I)``: the cube ``(2, n - 2, n - 1)``."""
    x, y, z = coords
    return f"{FILES[x]}{n - y}({roman(n - z)})"


def move_text(n: int, piece: str, start, end, *, capture: bool = False, check: bool = False,
              mate: bool = False) -> str:
    """``Qb3(I)-a3(I)+``: ``piece`` its kind (``Q``) or colour and kind (``wQ``), the cubes as ``(x, y, z)``."""
    mark = "#" if mate else "+" if check else ""
    return f"{piece[-1]}{cube_label(n, start)}{'x' if capture else '-'}{cube_label(n, end)}{mark}"


@dataclass(frozen=True)
class Step:
    """One move of a game and the position after it."""

    start: tuple
    end: tuple
    piece: str  # "wQ"
    notation: str
    capture: bool
    check: bool
    checkmate: bool
    stalemate: bool
    after: CubePosition
    turn: str  # to move after it

    def to_json(self) -> dict:
        return {"from": list(self.start), "to": list(self.end), "piece": self.piece, "notation": self.notation,
                "capture": self.capture, "check": self.check, "checkmate": self.checkmate,
                "stalemate": self.stalemate, "board": self.after.url_form(), "turn": self.turn,
                "pieces": pieces(self.after)}


def read_tags(text: str, board=None, turn: str | None = None, custom: tuple = ()) -> tuple[CubePosition, str, str]:
    """A whole record: its start position and first side to move from its tags (``board`` and
    ``turn`` stand for a tag it leaves out; ``custom`` the custom pieces its letters name), and the
    text of its moves."""
    _check_length(text)
    tags = {name.lower(): value for name, value in _TAG.findall(text)}
    board = tags.get("board", board)
    if "pieces" in tags:  # [Pieces "U=011*;A=111*,012"]: the custom pieces its letters name
        custom = pieces_from_texts(filter(None, tags["pieces"].split(";")))
    if board is None or board == "":
        raise RecordSyntaxError(msg(N_('the game record names no start position: begin it with [Board "..."], the '
                                      'board in its notation or its URL form')))
    return CubePosition.parse(board, custom), _color(tags.get("turn", turn or WHITE)), _TAG.sub(" ", text)


def _color(value) -> str:
    names = {"w": WHITE, "white": WHITE, "b": BLACK, "black": BLACK}
    found = names.get(value.strip().lower()) if isinstance(value, str) else None
    if found is None:
        raise ChessInputError(msg(N_("the side to move must be White or Black (w or b), not %(given)s"),
                                  given=quoted(value)))
    return found


def _check_length(text) -> None:
    if not isinstance(text, str):
        raise RecordSyntaxError(msg(N_("a game record must be text, not %(given)s"), given=quoted(text)))
    if len(text) > MAX_TEXT:
        raise RecordSyntaxError(msg(N_("a game record of %(size)s characters is longer than the %(most)s read"),
                                   size=len(text), most=MAX_TEXT))


def read_moves(position: CubePosition, moves) -> list[tuple]:
    """``(start, end, letter or None, as written)`` for each move of a text or a list (of texts,
    or of ``[from, to]`` cube pairs) on ``position``'s board; whether each is legal is ``replay``'s.
    Both forms are bounded alike before any move is read: at most ``MAX_TEXT`` characters of text (a
    list's texts together) and ``MAX_PLIES`` moves."""
    n = position.n
    if isinstance(moves, str):
        _check_length(moves)
        moves = [token for token in re.split(r"[\s,]+", moves) if token]
    elif isinstance(moves, list):
        _check_list(moves)
    else:
        raise RecordSyntaxError(msg(N_("the moves must be a text or a list, not %(given)s"), given=quoted(moves)))
    found = []
    for item in moves:
        if isinstance(item, list) and len(item) == 2:
            start, end = (position.coords(position.cube(cube)) for cube in item)
            found.append((start, end, None, f"{cube_label(n, start)}-{cube_label(n, end)}"))
            continue
        if not isinstance(item, str):
            raise RecordSyntaxError(msg(N_("a move must be text like Qb3(I)-a3(I) or a pair of cubes, not %(given)s"),
                                       given=quoted(item)))
        found.extend(_moves_of(n, item.strip(), len(found)))
        _check_plies(len(found))
    return found


def _moves_of(n: int, token: str, before: int) -> list[tuple]:
    """The moves written in one token (``1.Qb3(I)-a3(I)+``: a number, then a move), read from
    left to right without copying the rest of the token at each step."""
    found, at = [], 0
    while at < len(token):
        move = _MOVE.match(token, at)
        if move:
            kind, f1, r1, l1, f2, r2, l2 = move.groups()
            found.append((_cube(n, f1, r1, l1, move.group()), _cube(n, f2, r2, l2, move.group()), kind, move.group()))
        elif not (move := _SKIP.match(token, at)):
            raise RecordSyntaxError(msg(N_("cannot read %(given)s after move %(count)s: a move is written like "
                                          "Qb3(I)-a3(I), the piece, a cube, - or x, a cube"),
                                       given=quoted(token[at:]), count=before + len(found)))
        at = move.end()
        while at < len(token) and token[at].isspace():
            at += 1
        _check_plies(before + len(found))
    return found


def _check_list(moves: list) -> None:
    """A list of moves: at most ``MAX_PLIES`` of them, and at most ``MAX_TEXT`` characters of text."""
    _check_plies(len(moves))
    _check_length("".join(item for item in moves if isinstance(item, str)))


def _check_plies(count: int) -> None:
    if count > MAX_PLIES:
        raise RecordSyntaxError(msg(N_("a game record of more than %(most)s moves is longer than the ones read"),
                                   most=MAX_PLIES))


def _named(piece) -> Message:
    """'white rook'; a custom piece by its letter: 'white U'."""
    if piece.kind in KIND_NAMES:
        return piece_word(piece.color, piece.kind)
    return msg(N_("white %(piece)s") if piece.color == WHITE else N_("black %(piece)s"), piece=piece.kind)


def _cube(n: int, file: str, rank: str, level: str, move: str) -> tuple[int, int, int]:
    x, y = FILES.index(file), n - int(rank)
    z = next((n - value for value in range(1, n + 1) if roman(value) == level), None)
    if z is None or x >= n or not 0 <= y < n:
        raise IllegalMoveError(msg(N_("%(move)s: %(cube)s is not a cube of the %(n)s×%(n)s×%(n)s board (files "
                                      "a–%(file)s, ranks 1–%(n)s, levels I–%(level)s)"), move=move,
                                   cube=f"{file}{rank}({level})", n=n, file=FILES[n - 1], level=roman(n)))
    return x, y, z


@dataclass(frozen=True)
class ReadGame:
    """A game as read, before any move is played: its start, the side to move first and its moves
    (``read_moves``' tuples), its work weighed when read (``read_game``)."""

    start: CubePosition
    turn: str
    moves: tuple


def read_game(start: CubePosition, turn: str, moves) -> ReadGame:
    """``moves`` (a record's text or a list) read on ``start``'s board, and the game's work weighed
    from its men and its count of moves (``cube_work.check_game``: no move is generated), so that a
    game past the budget is refused before any of it is played.

    >>> start = CubePosition.parse("[K##,###,###],[###,###,###],[###,###,##k]")
    >>> read_game(start, WHITE, "1. Ka3(III)-b3(III)").moves
    (((0, 0, 0), (1, 0, 0), 'K', 'Ka3(III)-b3(III)'),)
    """
    read = read_moves(start, moves)
    check_game(start.work(), len(read))
    return ReadGame(start, turn, tuple(read))


def replay(position: CubePosition, turn: str, moves) -> list[Step]:
    """The game from ``position`` with ``turn`` to move, each move checked by the rules and written
    anew: ``moves`` a record's text or a list (move texts, or ``[from, to]`` cube pairs)."""
    return replay_read(read_game(position, turn, moves))


def replay_read(game: ReadGame) -> list[Step]:
    """``replay`` of a game ``read_game`` has read and weighed."""
    position, turn, read = game.start, game.turn, game.moves
    n, rules = position.n, position.rules
    cells, mover, steps = list(position.cells), turn, []
    for ply, (start, end, letter, written) in enumerate(read):
        where = f"{number(ply, turn)} {written}"
        if steps and (steps[-1].checkmate or steps[-1].stalemate):
            raise IllegalMoveError(msg(N_("%(move)s: the game is already over, checkmate") if steps[-1].checkmate
                                       else N_("%(move)s: the game is already over, stalemate"), move=where))
        origin, target = rules.geometry.square(start), rules.geometry.square(end)
        piece = cells[origin]
        if piece is None or piece.color != mover:
            raise IllegalMoveError(msg(NO_PIECE[mover], move=where, cube=cube_label(n, start)))
        if letter and letter != piece.kind:
            raise IllegalMoveError(msg(N_("%(move)s: the piece on %(cube)s is a %(piece)s"), move=where,
                                       cube=cube_label(n, start), piece=_named(piece)))
        if target not in rules.pseudo_targets(cells, origin) or not rules.leaves_king_safe(
                cells, origin, target, rules.king_square(cells, mover)):
            raise IllegalMoveError(msg(N_("%(move)s: the %(piece)s on %(cube)s cannot go to %(to)s"), move=where,
                                       piece=_named(piece), cube=cube_label(n, start),
                                       to=cube_label(n, end)))
        capture = cells[target] is not None
        cells = rules.play(cells, origin, target)
        mover = other(mover)
        status = rules.status(cells, mover)
        code = piece.color + piece.kind
        steps.append(Step(tuple(start), tuple(end), code,
                          move_text(n, code, start, end, capture=capture, check=status["check"],
                                    mate=status["checkmate"]),
                          capture, status["check"], status["checkmate"], status["stalemate"],
                          CubePosition(n, tuple(cells), position.custom), mover))
    return steps


def number(ply: int, first: str) -> str:
    """``1.`` before White's first move, ``1...`` before Black's."""
    ply += first == BLACK
    return f"{ply // 2 + 1}{'.' if ply % 2 == 0 else '...'}"


def result(steps: list[Step]) -> str | None:
    """1-0, 0-1 or 1/2-1/2 once the game is over."""
    last = steps[-1] if steps else None
    if last and last.checkmate:
        return RESULTS[other(last.turn)]
    return DRAWN if last and last.stalemate else None


def write(position: CubePosition, turn: str, steps: list[Step]) -> str:
    """The whole record: the tags of the start, the numbered moves and the result."""
    words = []
    for ply, step in enumerate(steps):
        if ply == 0 or step.turn == BLACK:  # White's move, or the first move: its number
            words.append(number(ply, turn))
        words.append(step.notation)
    words += [result(steps)] if result(steps) else []
    tags = f'[Board "{position.url_form()}"]\n[Turn "{COLOR_NAMES[turn].capitalize()}"]\n'
    if position.custom:
        tags += f'[Pieces "{";".join(f"{letter}={piece.text}" for letter, piece in position.custom)}"]\n'
    return tags + " ".join(words)


def url_form(steps: list[Step]) -> str:
    """The moves for a URL query: ``Qb3(I)-a3(I),Ka3(III)-a2(III)`` (no check marks, nothing to escape)."""
    return ",".join(step.notation.rstrip("+#") for step in steps)
