"""Probing a position the way the lichess tablebase API answers: the value for the side to move
and every legal move with the value after it, best first, DTM in plies."""

from __future__ import annotations

from ..core.rules import BLACK, WHITE, Move, Piece
from ..core.san import SanWriter
from .position import KbnkPosition, parse_position
from .table import KbnkTable
from .values import black_to_move, white_to_move

_CATEGORY_ORDER = {"loss": 0, "draw": 1, "win": 2}
MAX_LINE_PLIES = 200


def verdict(dtm_moves: int, white_to_move_now: bool, *, mate=False, stalemate=False,
             insufficient=False) -> dict:
    """Category and DTM in plies for the side to move, from a DTM in White moves (-1 = draw)."""
    if insufficient or dtm_moves < 0:
        category, dtm = "draw", None
    elif white_to_move_now:
        category, dtm = "win", 2 * dtm_moves - 1
    else:
        category, dtm = "loss", -2 * dtm_moves
    return {"category": category, "dtm": dtm, "checkmate": bool(mate), "stalemate": bool(stalemate),
            "insufficient_material": bool(insufficient)}


def _move_order(entry: dict) -> tuple:
    """Best first for the mover: opponent lost (quickest mate first), draws, opponent won
    (longest first); ties by UCI so the order is deterministic."""
    dtm = entry["dtm"] or 0
    return (_CATEGORY_ORDER[entry["category"]], -dtm if entry["category"] != "draw" else 0, entry["uci"])


def _cells(position: KbnkPosition) -> list:
    strong, weak = (WHITE, BLACK) if not position.flip else (BLACK, WHITE)
    cells = [None] * 64
    cells[position.wk ^ position.flip] = Piece(strong, "K")
    cells[position.bk ^ position.flip] = Piece(weak, "K")
    if position.wb is not None:
        cells[position.wb ^ position.flip] = Piece(strong, "B")
    if position.wn is not None:
        cells[position.wn ^ position.flip] = Piece(strong, "N")
    return cells


def _successor_verdicts(table: KbnkTable, position: KbnkPosition, moves) -> list[tuple[dict, bool]]:
    """(verdict after the move, check after the move) for each move."""
    if position.full_material and position.white_to_move:
        wk, wb, wn = position.wk, position.wb, position.wn
        kings = [t if s == wk else wk for s, t in moves]
        bishops = [t if s == wb else wb for s, t in moves]
        knights = [t if s == wn else wn for s, t in moves]
        values = black_to_move(table, kings, bishops, knights, position.bk)
        return [(verdict(dtm, False, mate=mate, stalemate=stalemate), check) for dtm, mate, stalemate, check
                in zip(values.dtm.tolist(), values.mate.tolist(), values.stalemate.tolist(), values.check.tolist())]
    after = [position.play(s, t) for s, t in moves]
    if not position.full_material:
        return [insufficient_verdict(p) for p in after]
    verdicts = [None if p.full_material else insufficient_verdict(p) for p in after]  # captures
    kept = [i for i, p in enumerate(after) if p.full_material]
    if kept:
        dtms = white_to_move(table, [after[i].wk for i in kept], [after[i].wb for i in kept],
                             [after[i].wn for i in kept], [after[i].bk for i in kept])
        for i, dtm in zip(kept, dtms.tolist()):
            verdicts[i] = (verdict(dtm, True, stalemate=dtm < 0 and not after[i].moves()), False)
    return verdicts


def insufficient_verdict(position: KbnkPosition) -> tuple[dict, bool]:
    """(verdict, check) for KBK, KNK, KK: drawn whatever happens."""
    check = not position.white_to_move and position.black_in_check()
    stuck = not position.moves()
    value = verdict(-1, position.white_to_move, mate=check and stuck, stalemate=stuck and not check,
                       insufficient=True)
    return value, check


def _analyse(table: KbnkTable, position: KbnkPosition) -> tuple[dict, list]:
    moves = position.moves()
    if not position.full_material:
        top, _ = insufficient_verdict(position)
    elif position.white_to_move:
        dtm = int(white_to_move(table, position.wk, position.wb, position.wn, position.bk))
        top = verdict(dtm, True, stalemate=not moves)
    else:
        value = black_to_move(table, [position.wk], [position.wb], [position.wn], position.bk)
        top = verdict(int(value.dtm[0]), False, mate=value.mate[0], stalemate=value.stalemate[0])
    top["check"] = not position.white_to_move and position.black_in_check()
    cells = _cells(position)
    san = SanWriter(cells)
    entries = []
    for (start, end), (value, check) in zip(moves, _successor_verdicts(table, position, moves)):
        move = Move(start ^ position.flip, end ^ position.flip)
        text = san.san(move, check=check, mate=value["checkmate"])
        facts = {"check": check, "zeroing": cells[move.to_square] is not None}  # lichess: a capture
        entries.append(({"uci": move.uci(), "san": text, **value, **facts}, (start, end)))
    entries.sort(key=lambda pair: _move_order(pair[0]))
    top["moves"] = [entry for entry, _ in entries]
    return top, [squares for _, squares in entries]


def probe(table: KbnkTable, fen: str) -> dict:
    """The lichess-style answer for a KBNK, KBK, KNK or KK position (either side holding the
    pieces). Raises ValueError subclasses for malformed FEN, illegal positions, other material."""
    _, position = parse_position(fen)
    return probe_position(table, position)


def probe_position(table: KbnkTable, position: KbnkPosition) -> dict:
    """``probe`` of a position already read (a legal one)."""
    top, _ = _analyse(table, position)
    return top


def mainline(table: KbnkTable, fen: str) -> list[dict]:
    """Best play to mate: the winner mates fastest, the loser resists longest, ties broken by
    UCI. Each ply is ``{uci, san, dtm}`` with dtm after the move (plies, lichess signs). Empty
    for draws and for a position already mated."""
    _, position = parse_position(fen)
    line = []
    while len(line) < MAX_LINE_PLIES:
        top, squares = _analyse(table, position)
        if top["category"] == "draw" or not top["moves"]:
            break
        best = top["moves"][0]
        line.append({"uci": best["uci"], "san": best["san"], "dtm": best["dtm"]})
        position = position.play(*squares[0])
    return line
