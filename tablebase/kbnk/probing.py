"""Probing a KBNK-family position the way the lichess tablebase API answers, through the table
service's one evaluator and answer type; the moves are named here, on the real board (UCI, SAN)."""

from __future__ import annotations

from ..core.rules import BLACK, WHITE, Move, Piece
from ..core.san import SanWriter
from ..retrograde import Material
from ..tables import LONE, MoveAnswer, MoveValue, ProbeAnswer, TableId, TablePosition, analyse
from ..tables.values import Tables
from .position import parse_position

MAX_LINE_PLIES = 200
KBNK = TableId.chess("KBNK")


def insufficient(material: Material) -> bool:
    """KBK, KNK and KK: no mate can happen, the game is drawn by law (lichess's flag)."""
    return material.pieces in ((), ("B",), ("N",))


def _cells(position: TablePosition) -> list:
    strong, weak = (WHITE, BLACK) if not position.flip else (BLACK, WHITE)
    cells = [None] * 64
    cells[position.real(position.king)] = Piece(strong, "K")
    cells[position.real(position.lone)] = Piece(weak, "K")
    for kind, square in position.men:
        cells[position.real(square)] = Piece(strong, kind)
    return cells


def answer(tables: Tables, position: TablePosition) -> tuple[ProbeAnswer, dict[str, MoveValue]]:
    """The probe's answer, and each move's value before naming (by UCI)."""
    verdict, check, values = analyse(tables, position, insufficient)
    san = SanWriter(_cells(position))
    moves, by_uci = [], {}
    for value in values:
        move = Move(position.real(value.start), position.real(value.end))
        text = san.san(move, check=value.check, mate=value.verdict.checkmate)
        uci = move.uci()
        moves.append(MoveAnswer((("uci", uci), ("san", text)), value.verdict, value.check, value.capture, (uci,)))
        by_uci[uci] = value
    return ProbeAnswer.of(verdict, check, moves), by_uci


def _play(position: TablePosition, move: MoveValue) -> TablePosition:
    return position.play_lone(move.end) if move.man == LONE else position.play_strong(move.man, move.end)


def probe(tables: Tables, fen: str) -> dict:
    """The lichess-style answer for a KBNK, KBK, KNK or KK position (either side holding the
    pieces). Raises ValueError subclasses for malformed FEN, illegal positions, other material."""
    _, position = parse_position(fen)
    return probe_position(tables, position.table_position())


def probe_position(tables: Tables, position: TablePosition) -> dict:
    """``probe`` of a position already read (a legal one)."""
    return answer(tables, position)[0].to_json()


def mainline(tables: Tables, fen: str) -> list[dict]:
    """Best play to mate: the winner mates fastest, the loser resists longest, ties broken by
    UCI. Each ply is ``{uci, san, dtm}`` with dtm after the move (plies, lichess signs). Empty
    for draws and for a position already mated."""
    _, start = parse_position(fen)
    position = start.table_position()
    line = []
    while len(line) < MAX_LINE_PLIES:
        found, by_uci = answer(tables, position)
        if found.verdict.category == "draw" or not found.moves:
            break
        best = found.moves[0]
        uci = best.name("uci")
        line.append({"uci": uci, "san": best.name("san"), "dtm": best.verdict.dtm})
        position = _play(position, by_uci[uci])
    return line
