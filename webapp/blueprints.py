"""Every tool's blueprint, and the tools the start page and the menu list, in that order."""

from flask_babel import lazy_gettext as _l

from tablebase.core.cube_notation import MAX_N, MIN_N
from tablebase.solitaire.board import MAX_SIDE, MIN_SIDE

from .api_docs import blueprint as api_docs
from .cube import blueprint as cube
from .cube_endgames import blueprint as endgames
from .health import blueprint as health
from .home import blueprint as home
from .mates import blueprint as mates
from .moves import blueprint as moves
from .solitaire import blueprint as solitaire

BLUEPRINTS = [home, health, mates, cube, endgames, moves, solitaire, api_docs]

TOOLS = [
    ("mates.index", _l("Every basic mate"),
     _l("King and queen, rook, two bishops, bishop and knight, and every other king-and-one-or-two-men "
        "ending against a lone king: a trainer for each, with the tablebase's most stubborn defence and a coach.")),
    ("mates.kbn", _l("KBN mate trainer"),
     _l("Learn the bishop-and-knight mate lesson by lesson, then practise it against the tablebase's "
        "most stubborn defence: the distance to mate after every reply, a coach who explains each "
        "move in the method's terms, hints, a heat map and an editor for any position.")),
    ("cube.page", _l("3D piece lab"),
     _l("Place pieces on an n×n×n board (%(smallest)s to %(largest)s), turn it in 3D to see each piece's moves as "
        "lines through space, learn whether the side to move is in check, mated or stalemated, and play it out.",
        smallest=MIN_N, largest=MAX_N)),
    ("endgames.page", _l("3D endgames"),
     _l("Which material forces mate on which n×n×n board: exact tables for the king and one or two "
        "of Q R B N against a lone king, and play any of those mates against the table.")),
    ("moves.page", _l("2D move checker"),
     _l("Set up any position, drag a piece and learn whether the move is legal, and why: blocked "
        "paths, pins, checks; legal destinations, pinned and checking pieces are marked.")),
    ("solitaire.page", _l("Solitaire chess"),
     _l("Capture until one piece is left, on boards from %(smallest)s to %(largest)s: puzzles by difficulty, "
        "hints, the exact number of solutions, and an editor for your own.",
        smallest=f"{MIN_SIDE}×{MIN_SIDE}", largest=f"{MAX_SIDE}×{MAX_SIDE}")),
]
