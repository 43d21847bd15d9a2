"""What a 3D table's numbers mean, in a few sentences: whether White can mate at all, from where,
and where the lone king stands in the won positions. Worded from the summary alone, so a new
table is explained the moment it is built."""

from __future__ import annotations

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


def _moves(count: int) -> str:
    return f"{count} move" if count == 1 else f"{count} moves"


def _steps(count: int) -> str:
    return f"{count} step" if count == 1 else f"{count} steps"


def _pieces(material: Material) -> str:
    return "+".join(("K",) + tuple(material.pieces))


def _outcome(material: Material, n: int, facts: TableSummary) -> str:
    side = f"{n}×{n}×{n}"
    if facts.won == 0:
        if facts.checkmates == 0:
            return (f"No checkmate position exists: {_pieces(material)} cannot mate the lone king anywhere on "
                    f"{side}, so White wins no position.")
        return (f"{facts.checkmates:,} checkmate positions exist, but White can force none of them: from every "
                f"position the lone king stays out of the net.")
    if facts.won == facts.positions:
        return f"White wins from every position, in at most {_moves(facts.longest)}."
    return (f"White wins {share(facts.won, facts.positions)} of the positions ({facts.won:,} of "
            f"{facts.positions:,}); the longest mate takes {_moves(facts.longest)}.")


def _faces(facts: TableSummary) -> str | None:
    rows = facts.by_face_distance
    if rows is None or facts.won == 0 or facts.won == facts.positions:
        return None
    face = rows[0]
    if face.positions == facts.positions:
        return None  # the lone king stands on a face in every position (3x3x3): nothing to tell apart
    if face.won == facts.won:
        return (f"White wins only with the lone king on a face of the cube ({share(face.won, face.positions)} "
                f"of those positions): with the king anywhere off the faces, no position is won.")
    deepest = max(r.distance for r in rows if r.won)
    return (f"The wins are not confined to the faces: {share(face.won, facts.won)} of them have the lone king "
            f"on a face, where {share(face.positions, facts.positions)} of all positions have it, and some have "
            f"it {_steps(deepest)} inside.")


def _mates(facts: TableSummary) -> str | None:
    if facts.won == 0 or facts.checkmates == 0:
        return None
    return f"The table counts {facts.checkmates:,} checkmate positions (Black to move)."


def explain(material: Material, n: int, facts: TableSummary) -> list[str]:
    """The sentences the endgames page shows beside a table's numbers."""
    return [s for s in (_outcome(material, n, facts), _faces(facts), _mates(facts)) if s]
