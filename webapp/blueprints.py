"""Every tool's blueprint, and the tools the start page and the menu list, in that order."""

from .cube_lab import blueprint as cube_lab
from .home import blueprint as home
from .kbn_trainer import blueprint as kbn_trainer
from .move_checker import blueprint as move_checker
from .solitaire_game import blueprint as solitaire_game

BLUEPRINTS = [home, kbn_trainer, cube_lab, move_checker, solitaire_game]

TOOLS = [
    ("kbn_trainer.page", "KBN mate trainer",
     "Practise the bishop-and-knight mate against the tablebase's most stubborn defence, with the "
     "distance to mate after every reply, hints, a heat map of the lone king's safest squares, "
     "and an editor for any position."),
    ("cube_lab.page", "3D piece lab",
     "Place pieces on an n×n×n board (2 to 10), see where each can move, and whether White is "
     "in check, checkmated or stalemated."),
    ("move_checker.page", "2D move checker",
     "Set up any position, drag a piece and learn whether the move is legal, and why: blocked "
     "paths, pins, checks; legal destinations, pinned and checking pieces are marked."),
    ("solitaire_game.page", "Solitaire chess",
     "Capture until one piece is left, on boards from 3×3 to 8×8: puzzles by difficulty, hints, "
     "the exact number of solutions, and an editor for your own."),
]
