"""The one answer type: lichess's fields, the moves in moves (``mate_in``), best first by the sort
key, the same for the 8x8 board and the cube."""

from __future__ import annotations

import random

from tablebase.tables import NOT_WON, MoveAnswer, ProbeAnswer, Verdict


def test_verdicts_in_plies_and_in_moves():
    assert Verdict.strong_to_move(33).to_json() == {"category": "win", "dtm": 65, "mate_in": 33, "checkmate": False,
                                                    "stalemate": False, "insufficient_material": False}
    lost = Verdict.lone_to_move(32)
    assert (lost.category, lost.dtm, lost.mate_in) == ("loss", -64, 32)
    mated = Verdict.lone_to_move(0, mate=True)
    assert (mated.dtm, mated.mate_in, mated.checkmate) == (0, 0, True)
    drawn = Verdict.lone_to_move(NOT_WON, stalemate=True)
    assert (drawn.category, drawn.dtm, drawn.mate_in, drawn.stalemate) == ("draw", None, None, True)
    assert Verdict.strong_to_move(5, insufficient=True).category == "draw"
    assert Verdict.strong_to_move(7) is Verdict.strong_to_move(7)  # shared: a few hundred exist


def test_every_probe_says_moves_and_plies_alike(client):
    for path, body in (("/api/tablebase?fen=8/8/8/8/8/8/2k5/KNB5_w", None),
                       ("/api/3d/tablebase", {"board": "[###,###,###],[##k,###,###],[Q##,K##,###]", "turn": "w"})):
        answer = (client.post(path, json=body) if body else client.get(path)).get_json()
        for value in (answer, *answer["moves"]):
            dtm = value["dtm"]
            assert value["mate_in"] == (None if dtm is None else (dtm + 1) // 2 if dtm > 0 else -dtm // 2)
        keys = [(m["category"], m["dtm"]) for m in answer["moves"]]
        order = {"loss": 0, "draw": 1, "win": 2}
        assert keys == sorted(keys, key=lambda k: (order[k[0]], -(k[1] or 0)))


def test_answers_from_columns_are_the_answers_one_by_one():
    after = [Verdict.lone_to_move(3), Verdict.strong_to_move(NOT_WON, stalemate=True)]
    made = MoveAnswer.columns(("uci", "san"), (["a1a2", "b1b2"], ["Ka2", "Kb2"]), after, [True, False], [False, True],
                              ["a1a2", "b1b2"])
    assert made == [MoveAnswer((("uci", "a1a2"), ("san", "Ka2")), after[0], True, False, "a1a2"),
                    MoveAnswer((("uci", "b1b2"), ("san", "Kb2")), after[1], False, True, "b1b2")]
    assert all(type(move) is MoveAnswer for move in made)


def test_the_verdicts_order_is_the_category_then_the_quickest_mate():
    verdicts = [make(moves, **flags) for make in (Verdict.strong_to_move, Verdict.lone_to_move)
                for moves in (NOT_WON, 0, 1, 2, 30, 120) for flags in ({}, {"stalemate": True})
                if not (make is Verdict.strong_to_move and moves == 0)]
    rank = {"loss": 0, "draw": 1, "win": 2}
    assert (sorted(verdicts, key=lambda v: v.order)
            == sorted(verdicts, key=lambda v: (rank[v.category], -(v.dtm or 0))))


def test_answers_best_first_are_sorted_by_the_sort_key():
    rng = random.Random(4)
    for _ in range(50):
        count = rng.randrange(60)
        after = [rng.choice((Verdict.lone_to_move, Verdict.strong_to_move))(rng.choice((NOT_WON, 1, 2, 3, 9)))
                 for _ in range(count)]
        names = rng.sample([f"m{i}" for i in range(100)], count)
        moves = MoveAnswer.columns(("uci",), (names,), after, [False] * count, [False] * count, names)
        assert list(ProbeAnswer.of(after[0] if after else Verdict.strong_to_move(1), False, moves).moves) == sorted(
            moves, key=lambda move: move.sort_key)


def test_the_two_name_rows_are_the_rows():
    """``to_json``'s quicker rows for the 2D probes hold the same fields in the same order."""
    rng = random.Random(3)
    verdicts = [Verdict.lone_to_move(d, mate=d == 0) for d in range(0, 6)] + [
        Verdict.strong_to_move(NOT_WON, stalemate=True), Verdict.strong_to_move(4, insufficient=True),
        Verdict.strong_to_move(9)]
    moves = [MoveAnswer((("uci", f"a{i % 8 + 1}b1"), ("san", f"Q{i}")), rng.choice(verdicts), rng.random() < 0.3,
                        rng.random() < 0.2, f"a{i}") for i in range(60)]
    answer = ProbeAnswer.of(Verdict.strong_to_move(6), False, moves)
    for halfmove in (0, 5, 98, 99, 100, 120):
        clocks = answer.to_json(halfmove=halfmove)["moves"]
        plain = answer._rows(True, tuple((after, (after >= 100, False)) for after in (halfmove + 1, 0)))
        assert [list(row.items()) for row in clocks] == [list(row.items()) for row in plain]
        assert any(row["fifty_move_draw"] for row in clocks) == (halfmove >= 99)
