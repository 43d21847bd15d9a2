"""The coach's claims defined a second time, with python-chess alone, and its words read back:
``check_facts`` reads every sentence of a position's advice and defence, ``check_note`` every
sentence of a move's note, and each claim found is checked against its definition here (the
docstring of tablebase/mates/coach/claims.py); what is not a claim must be one of the methods'
instructions. The table's value comes from the probe (the answer the pages read)."""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field

import chess

CORNERS = (chess.A1, chess.H1, chess.A8, chess.H8)
SMALL_BOX = 12
SQ = r"([a-h][1-8])"
STEPS = r"(one step|\d+ steps)"
EDGE = r"(the [a-h]-file|the \d(?:st|nd|rd|th) rank)"
PHASE_NAMES = {
    "drive-to-edge": "Drive the king to the edge", "drive-to-corner": "Drive it to the right corner",
    "w-manoeuvre": "The W-manoeuvre", "mate-net": "The mating net", "shrink-box": "Shrink the box",
    "bring-king": "Bring the king", "waiting-move": "The waiting move", "ladder": "The ladder",
    "diagonal-barrier": "The diagonal barrier", "no-forced-mate": "No forced mate", "drawn": "Drawn",
}
ORDER = {  # each method's phases in the order the method goes through them
    "major": ["shrink-box", "bring-king", "waiting-move", "mate-net", "drawn"],
    "ladder": ["ladder", "mate-net", "drawn"],
    "bishops": ["diagonal-barrier", "drive-to-corner", "mate-net", "drawn"],
    "kbnk": ["drive-to-edge", "w-manoeuvre", "drive-to-corner", "mate-net", "drawn"],
    "no-mate": ["no-forced-mate"],
}

# What the coach may say that is no claim: the methods' instructions (names as a claim gave them).
INSTRUCTIONS = [re.compile(f"^{p}$") for p in (
    r"Take lines from the lone king's box with the (queen|rook), keeping it out of the king's reach; every move "
    r"that shrinks the box is progress\.",
    r"Bring your king toward the lone king; the (queen|rook) keeps the cut\.",
    r"Make a waiting move with the rook along its line, so that the lone king must step into the opposition, then "
    r"check on the edge\.",
    r"Face it with your king and give mate along the edge, without stalemating it\.",
    r"The more room the king keeps, the longer it lives\.", r"Keep away from the other king as long as you can\.",
    r"The mating net is closing\.",
    r"Roll the lone king to the edge: check with one piece, cut off the next line with the other, in turn; your "
    r"king is not needed\.",
    r"Take its last squares with the bishops in turn, your king close, without stalemating it\.",
    r"Put the bishops side by side: their two diagonals are a wall the lone king cannot cross\.",
    r"Bring your king and shrink the box behind the wall\.",
    r"Herd the lone king along the edge into a corner, the bishops taking squares in turn and your king close\.",
    r"Stay away from the corners as long as you can\.",
    rf"Bring your king to face it and take squares with the bishop and knight to push it to {EDGE}\.",
    rf"No mate can be forced in {SQ}: walk the lone king along the edge toward {SQ} with the knight's "
    r"W-manoeuvre, your king and bishop guarding the squares the knight leaves\.",
    r"Keep it there and bring your king and pieces close to weave the mating net\.",
    rf"Herd it along the edge into {SQ}, keeping your king close\.",
    r"Take its last squares without stalemating it; the bishop or the knight gives the mate\.",
    r"Shut the corner first: take the squares it could walk out by with your king and men, then its last squares, "
    r"without stalemating it\.",
    r"Walk out of the corner while you still can\.",
    r"The longer the king stays in the middle, the longer it lives\.",
    r"The corner of the other colour is the best refuge: the knight's W-manoeuvre is needed to get the king out\.",
    r"The mate happens in that corner: stay away from it as long as you can\.",
    r"Keep away from the corners\.",
    r"(Guard it or move it, or the king takes it|The king can take it)( and the mate is gone)?\.",
)]

CLAIMS = [(kind, re.compile(f"^{p}$")) for kind, p in (
    ("checkmate", rf"Checkmate: the lone king on {SQ} is mated\."),
    ("stalemate", rf"Stalemate: the lone king on {SQ} has no move and is not in check, so it is a draw\."),
    ("hanging", r"Careful: the (.+) stands next to the lone king with nothing guarding it\."),
    ("drawn", r"The table says draw: no mate can be forced from here\."),
    ("no-forced-mate", r"(K[QRBN]+K) cannot force mate: with correct defence the game is a draw\."),
    ("forced-here", r"(K[QRBN]+K) cannot force mate from most positions, but the table finds a forced mate here\."),
    ("box", r"The lone king's box: (\d+) squares?\."),
    ("caught", rf"The lone king is caught in the corner {SQ}: its whole box lies within two steps of it\."),
    ("held", rf"The lone king is held on {EDGE}: its whole box lies on that edge\."),
    ("loose", rf"The lone king can still walk out of the corner {SQ}: while your men stand still it can reach {SQ}, "
              rf"{STEPS} from it\."),
    ("edge-steps", rf"The lone king is (on|one step from|\d+ steps from) {EDGE}\."),
    ("middle", rf"The lone king on {SQ} is {STEPS} from the nearest edge\."),
    ("corner-in-mating", rf"The lone king is in {SQ}, a corner of the bishop's colour\."),
    ("corner-mating", rf"The lone king is {STEPS} from {SQ}, the nearest corner of the bishop's colour\."),
    ("corner-in", rf"The lone king is in the corner {SQ}\."),
    ("corner", rf"The lone king is {STEPS} from the corner {SQ}\."),
    ("wrong-corner-in", rf"The lone king is in {SQ}, a corner of the other colour, {STEPS} from {SQ}\."),
    ("wrong-corner", rf"The lone king is nearer {SQ} \({STEPS}\), a corner of the other colour, than {SQ} \({STEPS}\)\."),
    ("king-steps", rf"Your king is {STEPS} from the lone king\."),
    ("king-corner", rf"Your king is {STEPS} from {SQ}\."),
    ("knight-apart", r"The kings stand a knight's move apart\."),
    ("box-change", r"The box (shrank|grew) from (\d+) to (\d+) squares?\."),
    ("box-stays", r"The box stays at (\d+) squares?\."),
    ("escaped", rf"The lone king is no longer caught in the corner {SQ}\."),
    ("win-gone", r"The win is gone: the table says draw\."),
    ("phase-change", r"(On to the next step|Back to an earlier step): (.+)\."),
)]


def steps(text: str) -> int:
    """A distance the coach says, in king steps: never 0 (a king on the square is said to be on it)."""
    found = 1 if text == "one step" else int(text.split()[0])
    assert found > 0, f"a distance of 0 steps: {text!r}"
    return found


def sentences(text: str) -> list[str]:
    return [s for s in re.split(r"(?<=\.) ", text) if s]


def read(text: str) -> list[tuple[str, tuple]]:
    """The claims a text makes, each (kind, the groups it names); AssertionError for a sentence
    that is neither a claim nor an instruction."""
    found = []
    for sentence in sentences(text):
        for kind, pattern in CLAIMS:
            match = pattern.match(sentence)
            if match:
                found.append((kind, match.groups()))
                break
        else:
            assert any(p.match(sentence) for p in INSTRUCTIONS), f"neither a claim nor an instruction: {sentence!r}"
    return found


@dataclass
class View:
    """A position as the definitions read it."""

    board: chess.Board
    strong: bool
    won: bool

    def __post_init__(self):
        board, strong = self.board, self.strong
        self.lone, self.king = board.king(not strong), board.king(strong)
        self.men = {s: p.piece_type for s, p in board.piece_map().items() if p.color == strong and p.piece_type != chess.KING}
        lifted = board.copy(stack=False)
        lifted.remove_piece_at(self.lone)
        self.attacked = lambda s: lifted.is_attacked_by(strong, s)  # noqa: E731
        seen, frontier = {self.lone}, [self.lone]
        while frontier:
            for target in chess.SquareSet(chess.BB_KING_ATTACKS[frontier.pop()]):
                if target not in seen and target not in self.men and target != self.king and not self.attacked(target):
                    seen.add(target)
                    frontier.append(target)
        if self.attacked(self.lone):
            seen.discard(self.lone)
        self.box = seen
        self.end = None
        if board.turn != strong and not any(board.legal_moves):
            self.end = "checkmate" if board.is_check() else "stalemate"
        self.method = method_of(sorted(self.men.values()), [is_light(s) for s, t in self.men.items() if t == chess.BISHOP])
        self.caught = next((c for c in CORNERS if self.box and all(dist(s, c) <= 2 for s in self.box)), None)
        self.held = {name for name, on in EDGE_LINES.items() if on(self.lone) and all(on(s) for s in self.box)}
        self.bishop_light = next((is_light(s) for s, t in self.men.items() if t == chess.BISHOP), None)
        self.phases = phases(self)
        shows = {"major": True, "ladder": True, "bishops": True, "kbnk": self.caught is not None, "no-mate": False}
        self.shown = self.end is None and self.won and self.method != "no-mate" and shows[self.method]

    def hanging(self) -> set[tuple[int, int]]:
        """Men next to the lone king that nothing guards: those the lone king could take."""
        near = chess.SquareSet(chess.BB_KING_ATTACKS[self.lone])
        if self.board.turn != self.strong:  # the lone king to move: its legal captures
            return {(m.to_square, self.men[m.to_square]) for m in self.board.legal_moves if m.to_square in self.men}
        return {(s, t) for s, t in self.men.items() if s in near and not self.attacked_without(s)}

    def attacked_without(self, square: int) -> bool:
        board = self.board.copy(stack=False)
        board.remove_piece_at(self.lone)
        return board.is_attacked_by(self.strong, square)


def is_light(square: int) -> bool:
    return bool(chess.BB_LIGHT_SQUARES & chess.BB_SQUARES[square])


def dist(a: int, b: int) -> int:
    return chess.square_distance(a, b)


EDGE_LINES = {"the a-file": lambda s: chess.square_file(s) == 0, "the h-file": lambda s: chess.square_file(s) == 7,
              "the 1st rank": lambda s: chess.square_rank(s) == 0, "the 8th rank": lambda s: chess.square_rank(s) == 7}


def edge_steps(square: int, edge: str) -> int:
    if edge.endswith("file"):
        return abs(chess.square_file(square) - "abcdefgh".index(edge[4]))
    return abs(chess.square_rank(square) - (int(edge[4]) - 1))


def edge_distance(square: int) -> int:
    return min(edge_steps(square, e) for e in EDGE_LINES)


def method_of(kinds: list[int], bishops: list[bool]) -> str:
    if kinds in ([], [chess.BISHOP], [chess.KNIGHT], [chess.KNIGHT, chess.KNIGHT]) or \
            (kinds == [chess.BISHOP, chess.BISHOP] and len(set(bishops)) == 1):
        return "no-mate"
    heavy = sum(k in (chess.QUEEN, chess.ROOK) for k in kinds)
    return "ladder" if heavy >= 2 else "major" if heavy == 1 else "bishops" if kinds == [chess.BISHOP] * 2 else "kbnk"


def phases(v: View) -> set[str]:
    """The phases the method's rules allow (a set: where two corners are as near, either may be the one)."""
    if v.method == "no-mate":
        return {"no-forced-mate"}
    if not v.won:
        return {"drawn"}
    lone, king = v.lone, v.king
    if v.method == "major":
        near, held = dist(king, lone) <= 2, bool(v.held)
        if held and near:
            apart = sorted((abs(chess.square_file(king) - chess.square_file(lone)),
                            abs(chess.square_rank(king) - chess.square_rank(lone)))) == [1, 2]
            rook_alone = list(v.men.values()) == [chess.ROOK]
            return {"waiting-move" if rook_alone and apart and v.board.turn == v.strong else "mate-net"}
        if (held or edge_distance(lone) == 0 or len(v.box) <= SMALL_BOX) and not near:
            return {"bring-king"}
        return {"shrink-box"}
    if v.method == "ladder":
        return {"mate-net" if v.held else "ladder"}
    if v.method == "bishops":
        if min(dist(lone, c) for c in CORNERS) <= 1 and dist(king, lone) <= 2:
            return {"mate-net"}
        return {"drive-to-corner" if edge_distance(lone) == 0 or len(v.box) <= SMALL_BOX else "diagonal-barrier"}
    found = set()
    mating = [c for c in CORNERS if is_light(c) == v.bishop_light]
    other = [c for c in CORNERS if c not in mating]
    for right in [c for c in mating if dist(lone, c) == min(dist(lone, m) for m in mating)]:
        to_right, to_wrong = dist(lone, right), min(dist(lone, c) for c in other)
        if to_right <= 2 and to_right < dist(king, right) <= 3:
            found.add("mate-net")
        elif edge_distance(lone) >= 2:
            found.add("drive-to-edge")
        elif to_wrong < to_right:
            found.add("w-manoeuvre")
        else:
            found.add("drive-to-corner")
    return found


@dataclass
class Checked:
    positions: int = 0
    notes: int = 0
    claims: Counter = field(default_factory=Counter)


def won_of(board: chess.Board, value: dict, strong: bool) -> bool:
    return value["category"] == ("win" if board.turn == strong else "loss")


def strong_of(board: chess.Board) -> bool:
    return next(p.color for p in board.piece_map().values() if p.piece_type != chess.KING)


def check_claim(v: View, kind: str, g: tuple) -> None:
    """One claim of a position against its definition."""
    name = chess.square_name
    if kind in ("checkmate", "stalemate"):
        assert v.end == kind and g[0] == name(v.lone)
    elif kind == "hanging":
        said = {tuple(part.split(" on ")) for part in g[0].split(" and ")}
        men = {(chess.piece_name(t), name(s)) for s, t in v.hanging()}
        assert said == men and said
    elif kind == "drawn":
        assert not v.won and v.method != "no-mate"
    elif kind in ("no-forced-mate", "forced-here"):
        assert v.method == "no-mate" and v.won == (kind == "forced-here")
    elif kind == "box":
        assert v.shown and int(g[0]) == len(v.box)
    elif kind == "caught":
        assert v.caught is not None and g[0] == name(v.caught)
    elif kind == "held":
        assert g[0] in v.held
    elif kind == "loose":  # a square of the box farther than two steps from the corner, the farthest
        corner, square = chess.parse_square(g[0]), chess.parse_square(g[1])
        assert v.caught is None and square in v.box
        assert dist(square, corner) == steps(g[2]) == max(dist(s, corner) for s in v.box) > 2
    elif kind == "edge-steps":
        said = 0 if g[0] == "on" else steps(g[0].removesuffix(" from"))
        assert edge_steps(v.lone, g[1]) == said
    elif kind == "middle":
        assert g[0] == name(v.lone) and edge_distance(v.lone) == steps(g[1]) >= 2
    elif kind in ("corner-in-mating", "corner-mating"):
        n, corner = (0, g[0]) if kind == "corner-in-mating" else (steps(g[0]), g[1])
        square = chess.parse_square(corner)
        mating = [c for c in CORNERS if is_light(c) == v.bishop_light]
        assert square in mating and dist(v.lone, square) == n == min(dist(v.lone, c) for c in mating)
    elif kind in ("corner-in", "corner"):
        n, corner = (0, g[0]) if kind == "corner-in" else (steps(g[0]), g[1])
        assert dist(v.lone, chess.parse_square(corner)) == n == min(dist(v.lone, c) for c in CORNERS)
    elif kind in ("wrong-corner", "wrong-corner-in"):
        if kind == "wrong-corner-in":  # in the wrong corner itself: no distance to it said
            wrong, to_wrong, right, to_right = chess.parse_square(g[0]), 0, chess.parse_square(g[2]), steps(g[1])
        else:
            wrong, to_wrong, right, to_right = chess.parse_square(g[0]), steps(g[1]), chess.parse_square(g[2]), steps(g[3])
        mating = [c for c in CORNERS if is_light(c) == v.bishop_light]
        assert right in mating and wrong not in mating
        assert dist(v.lone, wrong) == to_wrong == min(dist(v.lone, c) for c in CORNERS if c not in mating)
        assert dist(v.lone, right) == to_right == min(dist(v.lone, c) for c in mating)
        assert to_wrong < to_right
    elif kind == "king-steps":
        assert dist(v.king, v.lone) == steps(g[0])
    elif kind == "king-corner":
        assert dist(v.king, chess.parse_square(g[1])) == steps(g[0])
    elif kind == "knight-apart":
        assert chess.BB_SQUARES[v.king] & chess.BB_KNIGHT_ATTACKS[v.lone]
    else:
        raise AssertionError(f"a claim of a move in a position's words: {kind}")


def check_facts(board: chess.Board, facts, value: dict, checked: Checked) -> View:
    """A position's facts: the box shaded, the phase, and every claim of the advice and the defence."""
    strong = strong_of(board)
    v = View(board, strong, won_of(board, value, strong))
    where = (board.fen(), facts.advice)
    assert facts.won == v.won, where
    assert facts.phase in v.phases, (where, facts.phase, v.phases)
    assert set(facts.region) == ({chess.square_name(s) for s in v.box} if v.shown else set()), where
    for text, structured in ((facts.advice, facts.claims), (facts.defence, facts.defence_claims)):
        found = read(text)
        assert len(found) == len(structured), (where, text)
        for kind, groups in found:
            try:
                check_claim(v, kind, groups)
            except AssertionError as error:
                raise AssertionError(f"{kind} {groups} is false in {board.fen()}: {text}") from error
            checked.claims[kind] += 1
    checked.positions += 1
    return v


def check_note(was: View, now: View, note: dict, last_note: dict | None, checked: Checked) -> None:
    """A move's note, from the position ``was`` to ``now`` (as ``check_facts`` read them): each
    claim against them; the box's change told whenever the box is shown on both sides; the figures
    chained from the note before."""
    found = read(note["text"])
    assert len(found) == len(note["claims"]), note
    where = (was.board.fen(), now.board.fen(), note["text"])
    for kind, g in found:
        if kind in ("checkmate", "stalemate"):
            assert now.end == kind and g[0] == chess.square_name(now.lone), where
        elif kind == "win-gone":
            assert was.won and not now.won, where
        elif kind == "box-change":
            assert was.shown and now.shown and (int(g[1]), int(g[2])) == (len(was.box), len(now.box)), where
            assert (g[0] == "shrank") == (int(g[2]) < int(g[1])) and int(g[1]) != int(g[2]), where
        elif kind == "box-stays":
            assert was.shown and now.shown and int(g[0]) == len(was.box) == len(now.box), where
        elif kind == "box":
            assert now.shown and not was.shown and int(g[0]) == len(now.box), where
        elif kind == "caught":
            assert now.shown and now.caught is not None and g[0] == chess.square_name(now.caught), where
        elif kind == "escaped":
            assert was.shown and g[0] == chess.square_name(was.caught), where
            assert not (now.shown and now.caught == was.caught), where
        elif kind == "phase-change":
            assert was.method == now.method, where
            after_phase = next(p for p in now.phases if PHASE_NAMES[p].lower() == g[1])
            order = ORDER[was.method]
            assert any(p != after_phase and (order.index(after_phase) > order.index(p)) == (g[0] == "On to the next step")
                       for p in was.phases), where
        else:
            raise AssertionError(f"a position's claim in a move's note: {kind} {where}")
        checked.claims[f"note:{kind}"] += 1
    kinds = {k for k, _ in found}
    if now.end is None and was.won and now.won and was.shown and now.shown:
        assert kinds & {"box-change", "box-stays"}, where  # every change of the box shown is told
    if was.won and not now.won and now.end is None:
        assert "win-gone" in kinds, where
    figures = [int(x) for k, g in read(last_note["text"]) for x in g[-1:] if k in ("box-change", "box-stays", "box")] \
        if last_note else []
    start = [int(g[1]) if k == "box-change" else int(g[0]) for k, g in found if k in ("box-change", "box-stays")]
    if figures and start:
        assert start[0] == figures[-1], (last_note["text"], note["text"])  # the figures chain
    checked.notes += 1
