"""The coach's sentences: each claim (``claims.Claim``) worded from what it names and nothing else
(``say``), the methods' instructions (what to do: no facts of the position but the names a claim
gave), and the phases' names. Each is a message (``message.Message``): its English text is what
the API answers, its id and values what the pages translate. No chess here."""

from __future__ import annotations

from ...core.message import Joined, Message, N_, Nn_, counted, msg

MEN = {"Q": N_("queen"), "R": N_("rook"), "B": N_("bishop"), "N": N_("knight")}
PHASE_NAMES = {
    "drive-to-edge": N_("Drive the king to the edge"),
    "drive-to-corner": N_("Drive it to the right corner"),
    "w-manoeuvre": N_("The W-manoeuvre"),
    "mate-net": N_("The mating net"),
    "shrink-box": N_("Shrink the box"),
    "bring-king": N_("Bring the king"),
    "waiting-move": N_("The waiting move"),
    "ladder": N_("The ladder"),
    "diagonal-barrier": N_("The diagonal barrier"),
    "no-forced-mate": N_("No forced mate"),
    "drawn": N_("Drawn"),
}
EDGE_MATE = N_("Face it with your king and give mate along the edge, without stalemating it.")


def squares(count: int) -> Message:
    """"1 square", "12 squares"."""
    return counted(*Nn_("%(num)s square", "%(num)s squares"), count)


def steps(count: int) -> Message:
    return counted(*Nn_("one step", "%(num)s steps"), count)


def _corner_steps(f: dict) -> Message:
    if f["mating"]:
        if f["steps"] == 0:
            return msg(N_("The lone king is in %(corner)s, a corner of the bishop's colour."), corner=f["corner"])
        return msg(N_("The lone king is %(steps)s from %(corner)s, the nearest corner of the bishop's colour."),
                   steps=steps(f["steps"]), corner=f["corner"])
    if f["steps"] == 0:
        return msg(N_("The lone king is in the corner %(corner)s."), corner=f["corner"])
    return msg(N_("The lone king is %(steps)s from the corner %(corner)s."), steps=steps(f["steps"]), corner=f["corner"])


def _edge_steps(f: dict) -> Message:
    if f["steps"] == 0:
        return msg(N_("The lone king is on %(edge)s."), edge=msg(f["edge"]))
    return msg(N_("The lone king is %(steps)s from %(edge)s."), steps=steps(f["steps"]), edge=msg(f["edge"]))


def _wrong_corner(f: dict) -> Message:
    if f["steps"] == 0:
        return msg(N_("The lone king is in %(corner)s, a corner of the other colour, %(right_steps)s from %(right)s."),
                   corner=f["corner"], right=f["right"], right_steps=steps(f["right_steps"]))
    return msg(N_("The lone king is nearer %(corner)s (%(steps)s), a corner of the other colour, than %(right)s "
                  "(%(right_steps)s)."), corner=f["corner"], steps=steps(f["steps"]), right=f["right"],
               right_steps=steps(f["right_steps"]))


def _box_change(f: dict) -> Message:
    was, now = f["was"], f["now"]
    if now < was:
        return msg(N_("The box shrank from %(was)s to %(now)s."), was=was, now=squares(now))
    if now > was:
        return msg(N_("The box grew from %(was)s to %(now)s."), was=was, now=squares(now))
    return msg(N_("The box stays at %(now)s."), now=squares(now))


def _phase_change(f: dict) -> Message:
    named = Message(PHASE_NAMES[f["now"]], lower=True)
    if f["forward"]:
        return msg(N_("On to the next step: %(phase)s."), phase=named)
    return msg(N_("Back to an earlier step: %(phase)s."), phase=named)


def _hanging(f: dict) -> Message:
    men = Joined(tuple(msg(N_("%(piece)s on %(square)s"), piece=msg(MEN[kind]), square=square)
                       for kind, square in f["men"]))
    return msg(N_("Careful: the %(men)s stands next to the lone king with nothing guarding it."), men=men)


SAY = {
    "checkmate": lambda f: msg(N_("Checkmate: the lone king on %(king)s is mated."), king=f["king"]),
    "stalemate": lambda f: msg(N_("Stalemate: the lone king on %(king)s has no move and is not in check, so it is a "
                                  "draw."), king=f["king"]),
    "hanging": _hanging,
    "drawn": lambda f: msg(N_("The table says draw: no mate can be forced from here.")),
    "no-forced-mate": lambda f: msg(N_("%(material)s cannot force mate: with correct defence the game is a draw."),
                                    material=f["material"]),
    "forced-here": lambda f: msg(N_("%(material)s cannot force mate from most positions, but the table finds a "
                                    "forced mate here."), material=f["material"]),
    "box": lambda f: msg(N_("The lone king's box: %(size)s."), size=squares(f["size"])),
    "box-now": lambda f: msg(N_("The lone king's box: %(size)s."), size=squares(f["size"])),
    "caught": lambda f: msg(N_("The lone king is caught in the corner %(corner)s: its whole box lies within two "
                               "steps of it."), corner=f["corner"]),
    "loose": lambda f: msg(N_("The lone king can still walk out of the corner %(corner)s: while your men stand still "
                              "it can reach %(square)s, %(steps)s from it."), corner=f["corner"], square=f["square"],
                           steps=steps(f["steps"])),
    "held": lambda f: msg(N_("The lone king is held on %(edge)s: its whole box lies on that edge."), edge=msg(f["edge"])),
    "edge-steps": _edge_steps,
    "middle": lambda f: msg(N_("The lone king on %(king)s is %(steps)s from the nearest edge."), king=f["king"],
                            steps=steps(f["steps"])),
    "corner-steps": _corner_steps,
    "wrong-corner": _wrong_corner,
    "king-steps": lambda f: msg(N_("Your king is %(steps)s from the lone king."), steps=steps(f["steps"])),
    "king-corner": lambda f: msg(N_("Your king is %(steps)s from %(corner)s."), steps=steps(f["steps"]),
                                 corner=f["corner"]),
    "knight-apart": lambda f: msg(N_("The kings stand a knight's move apart.")),
    "box-change": _box_change,
    "escaped": lambda f: msg(N_("The lone king is no longer caught in the corner %(corner)s."), corner=f["corner"]),
    "win-gone": lambda f: msg(N_("The win is gone: the table says draw.")),
    "phase-change": _phase_change,
}


def message(part) -> Message:
    """A claim's message, or an instruction's (a plain string is a message without values)."""
    if isinstance(part, Message):
        return part
    if isinstance(part, str):
        return Message(part)
    return SAY[part.kind](part.facts)


def say(claim) -> str:
    """The sentence of one claim."""
    return message(claim).text()


def text(parts) -> str:
    """Claims and instructions (plain strings or messages) as one paragraph."""
    return " ".join(message(part).text() for part in parts)


def words(parts) -> list[dict]:
    """The same paragraph as messages, for the pages to translate."""
    return [message(part).as_json() for part in parts]
