"""What a 3D table's numbers mean, in a few sentences: whether White can mate at all, from where,
and where the lone king stands in the won positions. Worded from the summary alone, so a new
table is explained the moment it is built; each sentence a message (tablebase/core/message.py) the
pages translate (``explain_words``)."""

from __future__ import annotations

from ...core.message import Grouped, Message, N_, Nn_, counted, msg
from ...retrograde import Material
from ...tables.summary import TableSummary


def share(part: int, whole: int) -> str:
    """A share as the README writes it: one decimal, two significant digits below 1%."""
    if part == 0:
        return "0%"
    if part == whole:
        return "100%"
    value = 100 * part / whole
    if value < 1:
        value = float(f"{value:.2g}")  # two significant digits (0.9983 is 1.0)
    digits = 1 if value >= 1 else 1 - int(f"{value:e}".split("e")[1])
    text = f"{value:.{digits}f}%"
    return ">99.9%" if text == "100.0%" else text


def _moves(count: int) -> Message:
    return counted(*Nn_("%(num)s move", "%(num)s moves"), count)


def _steps(count: int) -> Message:
    return counted(*Nn_("%(num)s step", "%(num)s steps"), count)


def _pieces(material: Material) -> str:
    return "+".join(("K",) + tuple(material.pieces))


def _outcome(material: Material, n: int, facts: TableSummary) -> Message:
    side = f"{n}×{n}×{n}"
    if facts.won == 0:
        if facts.checkmates == 0:
            return msg(N_("No checkmate position exists: %(pieces)s cannot mate the lone king anywhere on %(side)s, "
                          "so White wins no position."), pieces=_pieces(material), side=side)
        return msg(N_("%(count)s checkmate positions exist, but White can force none of them: from every position "
                      "the lone king stays out of the net."), count=Grouped(facts.checkmates))
    if facts.won == facts.positions:
        return msg(N_("White wins from every position, in at most %(moves)s."), moves=_moves(facts.longest))
    return msg(N_("White wins %(share)s of the positions (%(won)s of %(positions)s); the longest mate takes "
                  "%(moves)s."), share=share(facts.won, facts.positions), won=Grouped(facts.won),
               positions=Grouped(facts.positions), moves=_moves(facts.longest))


def _faces(facts: TableSummary) -> Message | None:
    rows = facts.by_face_distance
    if rows is None or facts.won == 0 or facts.won == facts.positions:
        return None
    face = rows[0]
    if face.positions == facts.positions:
        return None  # the lone king stands on a face in every position (3x3x3): nothing to tell apart
    if face.won == facts.won:
        return msg(N_("White wins only with the lone king on a face of the cube (%(share)s of those positions): "
                      "with the king anywhere off the faces, no position is won."), share=share(face.won, face.positions))
    deepest = max(r.distance for r in rows if r.won)
    return msg(N_("The wins are not confined to the faces: %(share)s of them have the lone king on a face, where "
                  "%(all)s of all positions have it, and some have it %(steps)s inside."),
               share=share(face.won, facts.won), all=share(face.positions, facts.positions), steps=_steps(deepest))


def _mates(facts: TableSummary) -> Message | None:
    if facts.won == 0 or facts.checkmates == 0:
        return None
    return msg(N_("The table counts %(count)s checkmate positions (Black to move)."), count=Grouped(facts.checkmates))


def _sentences(material: Material, n: int, facts: TableSummary) -> list[Message]:
    return [s for s in (_outcome(material, n, facts), _faces(facts), _mates(facts)) if s]


def explain(material: Material, n: int, facts: TableSummary) -> list[str]:
    """The sentences the endgames page shows beside a table's numbers."""
    return [s.text() for s in _sentences(material, n, facts)]


def explain_words(material: Material, n: int, facts: TableSummary) -> list[dict]:
    """The same sentences as messages, for the pages to translate."""
    return [s.as_json() for s in _sentences(material, n, facts)]
