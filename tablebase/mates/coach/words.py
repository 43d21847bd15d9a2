"""The coach's sentences: each claim (``claims.Claim``) worded from what it names and nothing else
(``say``), the methods' instructions (what to do: no facts of the position but the names a claim
gave), and the phases' names. No chess here."""

from __future__ import annotations

MEN = {"Q": "queen", "R": "rook", "B": "bishop", "N": "knight"}
PHASE_NAMES = {
    "drive-to-edge": "Drive the king to the edge",
    "drive-to-corner": "Drive it to the right corner",
    "w-manoeuvre": "The W-manoeuvre",
    "mate-net": "The mating net",
    "shrink-box": "Shrink the box",
    "bring-king": "Bring the king",
    "waiting-move": "The waiting move",
    "ladder": "The ladder",
    "diagonal-barrier": "The diagonal barrier",
    "no-forced-mate": "No forced mate",
    "drawn": "Drawn",
}
EDGE_MATE = "Face it with your king and give mate along the edge, without stalemating it."


def squares(count: int) -> str:
    """"1 square", "12 squares"."""
    return f"{count} square{'' if count == 1 else 's'}"


def steps(count: int) -> str:
    return "one step" if count == 1 else f"{count} steps"


def _corner_steps(f: dict) -> str:
    if f["mating"]:
        if f["steps"] == 0:
            return f"The lone king is in {f['corner']}, a corner of the bishop's colour."
        return f"The lone king is {steps(f['steps'])} from {f['corner']}, the nearest corner of the bishop's colour."
    if f["steps"] == 0:
        return f"The lone king is in the corner {f['corner']}."
    return f"The lone king is {steps(f['steps'])} from the corner {f['corner']}."


def _edge_steps(f: dict) -> str:
    if f["steps"] == 0:
        return f"The lone king is on {f['edge']}."
    return f"The lone king is {steps(f['steps'])} from {f['edge']}."


def _box_change(f: dict) -> str:
    was, now = f["was"], f["now"]
    if now < was:
        return f"The box shrank from {was} to {squares(now)}."
    if now > was:
        return f"The box grew from {was} to {squares(now)}."
    return f"The box stays at {squares(now)}."


def _phase_change(f: dict) -> str:
    named = PHASE_NAMES[f["now"]].lower()
    return f"On to the next step: {named}." if f["forward"] else f"Back to an earlier step: {named}."


def _hanging(f: dict) -> str:
    men = " and ".join(f"{MEN[kind]} on {square}" for kind, square in f["men"])
    return f"Careful: the {men} stands next to the lone king with nothing guarding it."


SAY = {
    "checkmate": lambda f: f"Checkmate: the lone king on {f['king']} is mated.",
    "stalemate": lambda f: f"Stalemate: the lone king on {f['king']} has no move and is not in check, so it is a draw.",
    "hanging": _hanging,
    "drawn": lambda f: "The table says draw: no mate can be forced from here.",
    "no-forced-mate": lambda f: f"{f['material']} cannot force mate: with correct defence the game is a draw.",
    "forced-here": lambda f: (f"{f['material']} cannot force mate from most positions, but the table finds a "
                              f"forced mate here."),
    "box": lambda f: f"The lone king's box: {squares(f['size'])}.",
    "box-now": lambda f: f"The lone king's box: {squares(f['size'])}.",
    "caught": lambda f: f"The lone king is caught in the corner {f['corner']}: its whole box lies within two steps of it.",
    "held": lambda f: f"The lone king is held on {f['edge']}: its whole box lies on that edge.",
    "edge-steps": _edge_steps,
    "middle": lambda f: f"The lone king on {f['king']} is {steps(f['steps'])} from the nearest edge.",
    "corner-steps": _corner_steps,
    "wrong-corner": lambda f: (f"The lone king is nearer {f['corner']} ({steps(f['steps'])}), a corner of the other "
                               f"colour, than {f['right']} ({steps(f['right_steps'])})."),
    "king-steps": lambda f: f"Your king is {steps(f['steps'])} from the lone king.",
    "king-corner": lambda f: f"Your king is {steps(f['steps'])} from {f['corner']}.",
    "knight-apart": lambda f: "The kings stand a knight's move apart.",
    "box-change": _box_change,
    "escaped": lambda f: f"The lone king is no longer caught in the corner {f['corner']}.",
    "win-gone": lambda f: "The win is gone: the table says draw.",
    "phase-change": _phase_change,
}


def say(claim) -> str:
    """The sentence of one claim."""
    return SAY[claim.kind](claim.facts)


def text(parts) -> str:
    """Claims and instructions (plain strings) as one paragraph."""
    return " ".join(part if isinstance(part, str) else say(part) for part in parts)
