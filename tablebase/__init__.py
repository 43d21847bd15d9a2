"""Pure chess logic, NumPy and the standard library only: the board geometry and the one move-rules
core (``core``), one retrograde engine (``retrograde``) and one table service (``tables``) for every
endgame table it builds itself, the basic mates on the 8x8 board (``mates``: KQK ... KNNK, KBNK
among them), the 3D lab and its tables on the n*n*n cube (``cube``), the 2D move checker
(``moves``), solitaire chess (``solitaire``), and the command line (``cli``: ``python -m tablebase``).

Nothing in this package imports Flask; the web layer only parses, calls and serializes. Bad input
raises the errors of ``errors`` (each a ValueError quoting what was wrong), which the web layer
maps to its answers.
"""
