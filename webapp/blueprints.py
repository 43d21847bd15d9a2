"""Every tool's blueprint, and the tools the start page and the menu list, in that order."""

from .cube import blueprint as cube
from .health import blueprint as health
from .home import blueprint as home
from .kbnk import blueprint as kbnk
from .moves import blueprint as moves
from .solitaire import blueprint as solitaire

BLUEPRINTS = [home, health, kbnk, cube, moves, solitaire]

TOOLS = [
    ("kbnk.page", "KBN mate trainer",
     "Practise the bishop-and-knight mate against the tablebase's most stubborn defence, with the "
     "distance to mate after every reply, hints, a heat map of the lone king's safest squares, "
     "and an editor for any position."),
    ("cube.page", "3D piece lab",
     "Place pieces on an n×n×n board (2 to 10), see where each can move, and whether White is "
     "in check, checkmated or stalemated."),
    ("cube.endgames_page", "3D endgames",
     "Which material forces mate on which n×n×n board: exact tables for the king and one or two "
     "of Q R B N against a lone king, and play any of those mates against the table."),
    ("moves.page", "2D move checker",
     "Set up any position, drag a piece and learn whether the move is legal, and why: blocked "
     "paths, pins, checks; legal destinations, pinned and checking pieces are marked."),
    ("solitaire.page", "Solitaire chess",
     "Capture until one piece is left, on boards from 3×3 to 8×8: puzzles by difficulty, hints, "
     "the exact number of solutions, and an editor for your own."),
]
