"""Pure chess logic: board geometry, the one move-rules core, the KBNK tablebase.

Nothing in this package imports Flask; the web layer only parses, calls and serializes.
"""
