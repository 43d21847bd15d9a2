"""Everything the 3D lab page shows about one position, in one answer: the side to move's status,
its pieces by cube ("x,y,z": "wK", so no page reads the notation itself), what is wrong with the
position for a game (a missing king, the side not to move in check), the
cubes each colour attacks and every piece's legal destinations."""

from __future__ import annotations

from ..core.message import Message, N_, msg
from ..core.rules import BLACK, WHITE, other
from ..core.cube_notation import CubePosition
from .pieces import custom_texts, pieces

TURNS = (WHITE, BLACK)


def kings_touch(position: CubePosition) -> bool:
    white, black = position.kings(WHITE), position.kings(BLACK)
    return bool(white and black) and max(
        abs(a - b) for a, b in zip(position.coords(white[0]), position.coords(black[0]))) == 1


NO_KING = {WHITE: N_("there is no white king on the board"), BLACK: N_("there is no black king on the board")}
IN_CHECK = {WHITE: N_("the white king is in check but it is Black's turn"),  # by the king waiting
            BLACK: N_("the black king is in check but it is White's turn")}


def game_problem_messages(position: CubePosition, turn: str = WHITE) -> list[Message]:
    """Why no game can start here with ``turn`` to move (none: it can), as messages."""
    kings = {color: position.kings(color) for color in TURNS}
    problems = [msg(NO_KING[color]) for color in TURNS if not kings[color]]
    touching = kings_touch(position)
    if touching:
        problems.append(msg(N_("the kings touch: they stand on neighbouring cubes")))
    waiting = other(turn)
    if kings[waiting] and not touching and position.rules.is_attacked(position.cells, kings[waiting][0], turn):
        problems.append(msg(IN_CHECK[waiting]))
    return problems


def position_report(position: CubePosition, turn: str = WHITE) -> dict:
    rules, cells = position.rules, position.cells
    kings = {color: position.kings(color) for color in TURNS}
    coords = position.coords
    touching = kings_touch(position)
    problems = game_problem_messages(position, turn)
    status = (position.analyze(turn) if kings[turn]
              else {"check": False, "checkmate": False, "stalemate": False, "checkers": []})
    return {
        "n": position.n,
        "turn": turn,
        "url": position.url_form(),
        "pieces": pieces(position),
        "custom_pieces": custom_texts(position),
        "kings": {color: list(coords(kings[color][0])) if kings[color] else None for color in TURNS},
        "kings_touch": touching,
        "problems": [problem.text() for problem in problems],
        "problems_words": [problem.as_json() for problem in problems],
        "check": status["check"],
        "checkmate": status["checkmate"],
        "stalemate": status["stalemate"],
        "checkers": status["checkers"],
        "attacks": {color: position.attacked_by(color) for color in TURNS},
        "moves": [{"from": list(coords(cube)), "to": [list(coords(t)) for t in rules.legal_targets(cells, cube)]}
                  for cube, piece in enumerate(cells) if piece is not None],
    }
