"""Positions of the 3D endgame tables read from the lab's boards, and written back as boards."""

from __future__ import annotations

from ...core.message import N_, Nn_, counted, msg
from ...core.rules import BLACK, WHITE, Piece, parse_color
from ...errors import IllegalPositionError, OutOfTableError
from ...retrograde.material import Material, man_kind, man_order
from ...tables import CUBE_DIM, TablePosition
from ...core.cube_notation import NO_KING, CubePosition

MAX_MEN = 3  # White's men besides the king: three-man tables are built with the command line


def from_board(position: CubePosition, turn: str) -> TablePosition:
    """White's king and one to three men against a lone black king, ``turn`` to move (whether
    a table of three men is served is the store's limits' and files' answer, not this one's)."""
    parse_color(turn)
    kings = {color: position.kings(color) for color in (WHITE, BLACK)}
    for color in (WHITE, BLACK):
        if not kings[color]:
            raise IllegalPositionError(msg(NO_KING[color]))
    black_men = [p.symbol() for p in position.cells if p is not None and p.color == BLACK and p.kind != "K"]
    kinds = custom_kinds(position)
    white_men = tuple(sorted(((kinds.get(p.kind, p.kind), s) for s, p in enumerate(position.cells)
                              if p is not None and p.color == WHITE and p.kind != "K"),
                             key=lambda man: (man_order(man[0]), man[1])))
    if black_men:
        raise OutOfTableError(counted(*Nn_("the 3D tables hold a lone black king; this board also has %(num)s black "
                                           "man: %(men)s",
                                           "the 3D tables hold a lone black king; this board also has %(num)s black "
                                           "men: %(men)s"), len(black_men), men=men_listed(black_men)))
    if len(white_men) > MAX_MEN:
        letters = [position.cells[square].kind for _, square in white_men]  # as the board names them
        raise OutOfTableError(msg(N_("the 3D tables hold one to three white men besides the king, not %(count)s: "
                                     "%(men)s"), count=len(letters), men=men_listed(letters)))
    found = TablePosition(CUBE_DIM, position.n, kings[WHITE][0], white_men, kings[BLACK][0], turn == WHITE)
    if found.kings_touch:
        raise IllegalPositionError(msg(N_("illegal position (the kings stand side by side at %(white)s and %(black)s)"),
                                       white=str(list(position.coords(found.king))),
                                       black=str(list(position.coords(found.lone)))))
    if found.strong_to_move and found.in_check:
        raise IllegalPositionError(msg(N_("illegal position (black is in check with white to move)")))
    return found


MEN_LISTED = 8  # men named in a refusal; the rest counted


def men_listed(letters) -> str:
    """Men by their letters on the board, the first ``MEN_LISTED`` of them (``Q R U U V …``; the
    message says how many): a refusal stays short however many men the board holds."""
    shown = " ".join(letters[:MEN_LISTED])
    return shown + (" …" if len(letters) > MEN_LISTED else "")


def custom_kinds(position: CubePosition) -> dict[str, str]:
    """Each custom letter's kind in the tables: its atoms' canonical text (a standard piece's letter
    where the atoms are a standard piece's)."""
    return {letter: man_kind(piece) for letter, piece in position.custom}


LETTERS = "UVWXYZACDEFGHIJLMOPST"  # a custom man's letter on a board the tables write, first free first


def letters_of(material: Material) -> dict[str, str]:
    """Each custom man's letter on the boards the tables write (``U`` for the first kind, ``V``
    for a second, ...), by its kind (its atoms' text)."""
    return {kind: LETTERS[i] for i, (kind, _) in enumerate(material.custom)}


def board_of(position: TablePosition) -> CubePosition:
    """The position as the lab holds it; a custom man under ``letters_of``'s letter, the board's
    custom pieces saying its atoms."""
    letters = letters_of(position.material)
    cells = [None] * position.n ** 3
    cells[position.king] = Piece(WHITE, "K")
    cells[position.lone] = Piece(BLACK, "K")
    for kind, square in position.men:
        cells[square] = Piece(WHITE, letters.get(kind, kind))
    custom = tuple((letters[kind], piece) for kind, piece in position.material.custom)
    return CubePosition(position.n, tuple(cells), custom)


def notation(position: TablePosition) -> str:
    return board_of(position).notation()
