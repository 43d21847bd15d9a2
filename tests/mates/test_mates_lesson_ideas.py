"""The lessons' ideas (tablebase.mates.lesson_ideas, GET /api/kbn/lesson/idea, /api/mates/lesson/idea),
every claim checked against python-chess and the probe: the line is the table's best play to mate
from a position the lesson's criteria choose; a net's free squares are the lone king's legal moves;
a box is the squares it reaches by king steps over empty squares White does not attack; the
knight's route is the knight's moves of the rest of the line; KBNK outlines the corners of the
bishop's colour; every caption's numbers are those of its position."""

from __future__ import annotations

import re

import chess
import pytest

from tablebase.mates import probe
from tablebase.mates.lessons import PATH
from tablebase.mates.lesson_ideas import lesson_idea


def free_squares(board: chess.Board) -> set[str]:
    """Where the lone king (Black) may step, as if it were to move."""
    board = board.copy(stack=False)
    board.turn = chess.BLACK
    return {chess.square_name(m.to_square) for m in board.legal_moves}


def box(board: chess.Board) -> set[str]:
    """The squares the lone king reaches by king steps over empty squares White does not attack
    (White's attacks taken with the lone king lifted off), its own included."""
    lone = board.king(chess.BLACK)
    lifted = board.copy(stack=False)
    lifted.remove_piece_at(lone)
    seen, frontier = {lone}, [lone]
    while frontier:
        for target in chess.SquareSet(chess.BB_KING_ATTACKS[frontier.pop()]):
            if target not in seen and lifted.piece_at(target) is None and not lifted.is_attacked_by(chess.WHITE, target):
                seen.add(target)
                frontier.append(target)
    return {chess.square_name(s) for s in seen}


def marked(frame: dict, mark: str) -> set[str]:
    return {square for square, marks in frame["marks"].items() if mark in marks}


def moves_to_mate(tables, fen: str) -> int:
    value = probe(tables, fen)
    return 0 if value["checkmate"] else value["mate_in"]


@pytest.mark.parametrize("lesson", PATH, ids=lambda lesson: lesson.id)
def test_every_claim_of_an_idea_is_a_fact_of_its_position(tables, lesson):
    idea = lesson_idea(tables, lesson)
    frames = idea["frames"]
    assert idea["shows"] == lesson.shows and idea["idea"] == lesson.idea and idea["id"] == lesson.id
    first = chess.Board(frames[0]["fen"])
    assert first.turn == chess.WHITE and len(first.piece_map()) == len(lesson.ending)
    assert lesson.idea_moves[0] <= idea["mate_in"] == frames[0]["mate_in"] <= lesson.idea_moves[1]
    assert lesson.accepts.__name__ == "_anywhere" or lesson.line_from or idea_stands(lesson, first)
    board = first
    for index, frame in enumerate(frames):
        assert frame["fen"] == board.fen()
        assert frame["pieces"] == {chess.square_name(s): ("w" if p.color else "b") + p.symbol().upper()
                                   for s, p in board.piece_map().items()}
        assert frame["mate_in"] == moves_to_mate(tables, frame["fen"])
        assert frame["check"] == (chess.square_name(board.king(chess.BLACK)) if board.turn == chess.BLACK and board.is_check() else None)
        nxt = frame["next"]
        if nxt is None:  # the line ends in mate
            assert board.is_checkmate() and index == len(frames) - 1
        else:
            best = probe(tables, frame["fen"])["moves"][0]
            assert nxt["uci"] == best["uci"] and nxt["san"] == best["san"]
            assert (nxt["from"], nxt["to"]) == (nxt["uci"][:2], nxt["uci"][2:4])
            assert nxt["by"] == ("men" if board.turn == chess.WHITE else "king")
            assert {"from": nxt["from"], "to": nxt["to"], "brush": "green" if nxt["by"] == "men" else "red"} in frame["arrows"]
        if index:
            assert frame["move"] == frames[index - 1]["next"]
            assert frame["caption"].startswith(f"{(index - 1) // 2 + 1}{'. ' if index % 2 else '… '}{frame['move']['san']}: ")
        check_marks(lesson, frames, index, board)
        mate = re.search(r"mate in (\d+)", frame["caption"])
        assert (int(mate.group(1)) if mate else 0) == frame["mate_in"]
        if nxt:
            board.push_uci(nxt["uci"])


def idea_stands(lesson, board: chess.Board) -> bool:
    from tablebase.mates import parse_position

    return lesson.accepts(parse_position(board.fen()).position)


def check_marks(lesson, frames: list, index: int, board: chess.Board) -> None:
    frame = frames[index]
    caption = frame["caption"]
    if lesson.shows == "net":
        lone = board.king(chess.BLACK)
        around = {chess.square_name(s) for s in chess.SquareSet(chess.BB_KING_ATTACKS[lone])}
        free = free_squares(board)
        assert marked(frame, "free") == free and marked(frame, "taken") == around - free
        if board.is_checkmate():
            assert "checkmate" in caption
        else:
            count = len(free)
            assert (f"{count} free square" in caption) if count else ("no free square" in caption)
    elif lesson.shows == "box":
        squares = box(board)
        assert marked(frame, "box") == squares
        if frame["mate_in"] and board.turn == chess.BLACK:
            before = len(marked(frames[index - 1], "box"))
            word = "shrinks" if len(squares) < before else "grows" if len(squares) > before else "stays"
            assert f"the box {word}" in caption and f"{len(squares)} square" in caption
            if word != "stays":
                assert f"from {before} to {len(squares)}" in caption
        elif frame["mate_in"]:
            assert f"the king's box: {len(squares)} square" in caption.lower()
    else:
        route = [f["next"] for f in frames[index:] if f["next"] and f["next"]["by"] == "men"
                 and f["pieces"].get(f["next"]["from"]) == "wN"]
        blue = [(a["from"], a["to"]) for a in frame["arrows"] if a["brush"] == "blue"]
        assert blue == [(m["from"], m["to"]) for m in route][:len(blue)] and len(blue) == min(6, len(route))
        lone = board.king(chess.BLACK)
        on_edge = chess.square_file(lone) in (0, 7) or chess.square_rank(lone) in (0, 7)
        assert board.is_checkmate() or ("on the edge" if on_edge else "off the edge") in caption
    if lesson.ending == "KBNK":
        bishop = board.pieces(chess.BISHOP, chess.WHITE).pop()
        light = bool(chess.BB_LIGHT_SQUARES & chess.BB_SQUARES[bishop])
        corners = {chess.square_name(c) for c in (chess.A1, chess.H1, chess.A8, chess.H8)
                   if bool(chess.BB_LIGHT_SQUARES & chess.BB_SQUARES[c]) == light}
        assert marked(frame, "corner") == corners
    else:
        assert not marked(frame, "corner")


def test_the_idea_is_the_same_each_time_and_served_by_both_pages(client):
    first = client.get("/api/kbn/lesson/idea", query_string={"lesson": 5})
    assert first.status_code == 200
    body = first.get_json()
    assert body["lesson"] == 5 and body["id"] == "kbn-w-whole"
    assert body["frames"][0]["fen"] == "6k1/5N2/5K2/5B2/8/8/8/8 w - - 0 1"  # the first set position, as set
    assert client.get("/api/kbn/lesson/idea", query_string={"lesson": 5}).get_json() == body
    on_path = client.get("/api/mates/lesson/idea", query_string={"lesson": 11}).get_json()
    assert on_path == {**body, "lesson": 11}
    assert client.get("/api/mates/lesson/idea", query_string={"lesson": 14}).status_code == 400
    assert client.get("/api/kbn/lesson/idea").status_code == 400


@pytest.mark.parametrize("material", ["KQK", "KRK", "KBBK", "KBNK", "KQRK", "KRNK", "KNNK"])
def test_a_nets_count_is_its_marks_and_the_lone_kings_legal_moves(material):
    """On random positions (either side to move, either colour with the men): the net's count of
    free squares is the number of squares it marks free, and those are the squares python-chess lets
    the lone king move to (a capture of a man nothing guards among them), as if it were its turn."""
    from tablebase.mates import parse_position
    from tablebase.mates.lesson_ideas import net
    from tests.helpers.mates import random_boards

    captures = 0
    for board in random_boards(material, 300, seed=71):
        strong = next(p.color for p in board.piece_map().values() if p.piece_type != chess.KING)
        lone = board.copy(stack=False)
        lone.turn = not strong
        if lone.was_into_check():  # the side with the men in check: never the lone king's turn
            continue
        legal = {chess.square_name(m.to_square) for m in lone.legal_moves}
        marks, count = net(parse_position(board.fen()).position)
        around = {chess.square_name(s) for s in chess.SquareSet(chess.BB_KING_ATTACKS[board.king(not strong)])}
        assert set(marks) == around, board.fen()
        assert count == len([s for s, mark in marks.items() if mark == "free"]) == len(legal), board.fen()
        assert {s for s, mark in marks.items() if mark == "free"} == legal, board.fen()
        captures += any(board.piece_at(chess.parse_square(s)) for s in legal)
    assert captures > 0 or material in ("KNNK",)
