"""Every tool's blueprint, and the tools the start page and the menu list, in that order."""

from .cube_lab import blueprint as cube_lab
from .home import blueprint as home

BLUEPRINTS = [home, cube_lab]

TOOLS = [
    ("cube_lab.page", "3D piece lab",
     "Place pieces on an n×n×n board (2 to 10), see where each can move, and whether White is "
     "in check, checkmated or stalemated."),
]
